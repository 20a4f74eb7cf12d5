"""Cross-check: what Mecha Game content means together, beyond what its schemas can say.

The game's stack checks (``CHECKS``, run in order after the entities validate): a name is one card only
(M24), decks name known cards and follow M3 (exactly ``deck_size`` cards, at most ``max_copies`` of a
name, the ``unlimited`` cards exempt; a deck's error is located at the layer that last changed that deck),
each seat has one starter deck (M21), and the engine can play every card's ability (the core's effect
stage compiles them with the game's words, whose verbs refuse a target where it cannot be: a command is
never in play, M2; only `when attacked` has an attacker, M9), no tower raising its own power (M14).
Each problem is a located diagnostic at the field that causes it, with did-you-mean for misspelt ids.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.effects.pack import stack_vocabulary
from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.validate import did_you_mean
from rulecraft.plugins.mecha.build import Unplayable, abilities, compile_ability
from rulecraft.plugins.mecha.errorcodes import DUPLICATE_NAME
from rulecraft.plugins.mecha.model import CARD_KINDS, Rules
from rulecraft.plugins.wiring import STACK_PLUGINS

SEATS = ("a", "b")


def _cards(stack: Stack) -> dict[str, Entity]:
    return {e.id: e for kind in CARD_KINDS for e in stack.of_kind(kind)}


def _rule(stack: Stack, name: str) -> Any:
    rules = stack.rules
    default = getattr(Rules(), name)
    return rules.data.get(name, default) if rules is not None else default


KeySpans = dict[tuple[str, int, Any], Any]


def _key_spans(stack: Stack) -> KeySpans:
    """Every mapping key's span, by (file, line, key): built once per check, so locating N misspelt ids
    is one pass over the files, not one per id (25,000 unknown cards took 20-28 CPU s)."""
    return {(document.path, span.line, key_path[-1]): span
            for pack in stack.packs for document in pack.documents
            for key_path, span in document.key_spans.items() if key_path}


def _at_key(spans: KeySpans, entity: Entity, path: tuple[Any, ...], code: Any, message: str,
            hint: str | None) -> Diagnostic:
    """A diagnostic at the mapping key ``path`` ends with (a misspelt card id), found in the document
    that set the value; at the value when the key's place is unknown."""
    origin = entity.locate(path)
    span = spans.get((origin.file, origin.line, path[-1]))
    if span is not None:
        return Diagnostic.spanning(code, message, origin.file, (span.line, span.column),
                                   (span.end_line, span.end_column), hint)
    return entity.diagnostic(code, message, path, hint=hint)


def check_card_ids(stack: Stack) -> list[Diagnostic]:
    """A deck names cards by id across towers, mechas and commands: an id must be one card only."""
    seen: dict[str, Entity] = {}
    out = []
    for kind in CARD_KINDS:
        for entity in stack.of_kind(kind):
            first = seen.setdefault(entity.id, entity)
            if first is not entity:
                where = first.locate(("id",))
                out.append(entity.diagnostic(
                    codes.DUPLICATE_ID, f"card id '{entity.id}' is both a {first.kind[:-1]} and a "
                    f"{kind[:-1]}; decks could not tell them apart", ("id",),
                    hint=f"the {first.kind[:-1]} is at {where.file}:{where.line}:{where.column}"))
    return out


def check_card_names(stack: Stack) -> list[Diagnostic]:
    """M24: a name is a card's identity for the deck rules, so no two cards share one: the second is
    ``duplicate-name`` at its name, and the first at its own, each naming the other's place."""
    first_of: dict[str, Entity] = {}
    out = []
    for entity in _cards(stack).values():
        name = entity.data.get("name")
        if name is None:
            continue
        first = first_of.setdefault(name, entity)
        if first is entity:
            continue
        here, there = entity.locate(("name",)), first.locate(("name",))
        message = f"cards '{first.id}' and '{entity.id}' are both named '{name}'; a name is one card (M24)"
        for card, other in ((entity, there), (first, here)):
            hint = f"the other is at {other.file}:{other.line}:{other.column}; rename one"
            out.append(card.diagnostic(DUPLICATE_NAME, message, ("name",), hint=hint))
    return out


def check_unlimited(stack: Stack) -> list[Diagnostic]:
    """The cards exempt from the copy limit (M3: Radio Tower) exist; ``unlimited`` holds names (M24)."""
    rules = stack.rules
    if rules is None:
        return []
    names = {e.data.get("name") for e in _cards(stack).values()}
    return [rules.diagnostic(codes.UNKNOWN_REFERENCE, f"`unlimited` names '{name}', which is no card's name",
                             ("unlimited", i), hint=did_you_mean(name, sorted(n for n in names if n)))
            for i, name in enumerate(rules.data.get("unlimited", ())) if name not in names]


def check_decks(stack: Stack) -> list[Diagnostic]:
    """M3: every deck has exactly ``deck_size`` known cards, at most ``max_copies`` of a name (the
    ``unlimited`` cards exempt); M21: one starter deck per seat."""
    known = _cards(stack)
    size, most = _rule(stack, "deck_size"), _rule(stack, "max_copies")
    unlimited = set(_rule(stack, "unlimited"))
    out: list[Diagnostic] = []
    seats: dict[str, Entity] = {}
    spans: KeySpans | None = None
    for deck in stack.of_kind("decks"):
        cards: dict[str, int] = deck.data.get("cards", {})
        for cid in cards:
            if cid not in known:
                spans = _key_spans(stack) if spans is None else spans
                out.append(_at_key(spans, deck, ("cards", cid), codes.UNKNOWN_REFERENCE,
                                   f"deck '{deck.id}' names '{cid}', which is no tower, mecha or command",
                                   did_you_mean(cid, known)))
        total = sum(cards.values())
        if total != size:
            out.append(_deck_problem(stack, deck, list(cards), ("cards",),
                                     f"deck '{deck.id}' has {total} cards; a deck has exactly {size} (M3)",
                                     f"{'remove' if total > size else 'add'} {abs(total - size)}"))
        by_name: Counter[str] = Counter()
        ids_of: dict[str, list[str]] = {}
        for cid, n in cards.items():
            name = known[cid].data.get("name", cid) if cid in known else None
            if name is not None and name not in unlimited and n:
                by_name[name] += n
                ids_of.setdefault(name, []).append(cid)
        for name, n in by_name.items():
            if n > most:      # M24: copies are counted by name, whatever the ids
                out.append(_deck_problem(stack, deck, ids_of[name], ("cards", ids_of[name][0]),
                                         f"deck '{deck.id}' holds {n} cards "
                                         f"named '{name}'; at most {most} of a name (M3, M24)",
                                         f"only {', '.join(sorted(unlimited)) or 'no card'} may exceed "
                                         f"{most}"))
        seat = deck.data.get("seat")
        if seat in seats:
            out.append(deck.diagnostic(codes.COUNT_MISMATCH, f"decks '{seats[seat].id}' and '{deck.id}' are "
                                       f"both seat {seat}'s starter deck", ("seat",)))
        elif seat is not None:
            seats[seat] = deck
    missing = [s for s in SEATS if s not in seats]
    if missing and stack.rules is not None:
        out.append(stack.rules.diagnostic(
            codes.MISSING_CONTENT, f"no starter deck for seat {' or '.join(missing)}: the game needs one "
            f"per seat (M21)", ("id",), hint="give a deck `seat: a` or `seat: b`"))
    return out


def _deck_problem(stack: Stack, deck: Entity, ids: list[str], at: JsonPath, message: str,
                  hint: str) -> Diagnostic:
    """A deck's count problem at ``at`` in the deck's own file, or, when a later pack changed the counts
    of ``ids``, at the last of them that pack wrote (the change that broke the deck, in the modder's
    patch)."""
    rank = {pack.id: index for index, pack in enumerate(stack.packs)}

    def written(path: JsonPath) -> tuple[int, int, int]:
        origin = deck.locate(path)
        return rank.get(origin.pack, -1), origin.line, origin.column

    path = max([at, *[("cards", cid) for cid in ids]], key=written)
    if deck.locate(path).pack != deck.locate(at).pack:
        defined = deck.locate(())
        hint = (f"{hint}; this is the deck's last change ({path[-1]}: {deck.data['cards'][path[-1]]}); the "
                f"deck is defined at {defined.file}:{defined.line}:{defined.column}")
        at = path
    return deck.diagnostic(codes.COUNT_MISMATCH, message, at, hint=hint)


def check_effects(stack: Stack) -> list[Diagnostic]:
    """What the engine can play of each card's ability, beyond the DSL's own check (the core's effect
    stage, after this one, reports syntax, unknown words and drifted text): no `if`, `you may` or payment.
    A tower raising its own power (M14) is the DSL's own error: `add N power` is only for mechas. The
    abilities compile with the words the stack runs with (the game's and its plugins'), as the effect stage
    and the builder compile them; a plugin that cannot be loaded is reported at its manifest entry."""
    vocabulary, problems = stack_vocabulary(stack, STACK_PLUGINS)
    if vocabulary is None:
        return problems
    out: list[Diagnostic] = []
    for kind in CARD_KINDS:
        for entity in stack.of_kind(kind):
            source = entity.data.get("ability")
            compiled = compile_ability(source, kind, vocabulary) if isinstance(source, str) else None
            if compiled is None or not compiled.ok:
                continue
            try:
                abilities(compiled)
            except Unplayable as exc:
                out.append(entity.diagnostic(codes.EFFECT_ARGUMENTS, f"{kind[:-1]} '{entity.id}': {exc}",
                                             ("ability",)))
    return out


CHECKS = [check_card_ids, check_card_names, check_unlimited, check_decks, check_effects]
