"""Completion: inside an effect string, the game's DSL words valid at the cursor (its place in the grammar,
``expected.place``: a trigger where a trigger goes, a verb where a step starts, the rest of a verb after
its first words, what fills a slot; only what the entity kind and the ability's trigger allow); ids where
an id is expected (a patch's, replace's or remove's ``id``, ``extends``, a manifest's ``depends``, and a
key among keys naming entities, as a deck's cards)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from lsprotocol import types

from rulecraft.compiler.effects.vocabulary import ARTICLES, NUMBER, Trigger, Verb, Vocabulary
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.lsp.expected import Place

SLOT = re.compile(r"\{(\w+)\}")
CHANGES = frozenset({"patch", "replace", "remove"})


def _allowed(kinds: frozenset[str] | None, entity_kind: str | None) -> bool:
    return kinds is None or entity_kind is None or entity_kind in kinds


def _times(triggers: frozenset[str] | None, trigger: Trigger | None) -> bool:
    return trigger is None or triggers is None or trigger.id in triggers


def _snippet(words: list[str]) -> str:
    """Pattern words with their ``{slot}`` placeholders as snippet tab stops."""
    count, out = 0, []
    for word in words:
        found = SLOT.fullmatch(word)
        if found:
            count += 1
            word = f"${{{count}:{found.group(1)}}}"
        out.append(word)
    return " ".join(out)


def _rest(verb: Verb, typed: tuple[str | None, ...]) -> list[str] | None:
    """The pattern words of ``verb`` after the command ``typed`` so far (its head and arguments, articles
    left out as the checker leaves them out), or ``None`` when what is typed is not that verb's start."""
    words, raw = verb.words, verb.pattern.split()
    meant = tuple(t for t in typed if t not in ARTICLES)
    if not meant or meant[0] != verb.head or len(meant) > len(words):
        return None
    if any(not token.startswith("{") and item != token for item, token in zip(meant, words, strict=False)):
        return None
    if len(meant) == len(words):
        return []
    meaning = [i for i, word in enumerate(raw) if word not in ARTICLES]
    # "... to |an enemy unit": the pattern's article comes too, unless one was typed
    start = meaning[len(meant)] if typed[-1] in ARTICLES else meaning[len(meant) - 1] + 1
    return raw[start:]


class EffectWords:
    """The completion items an effect string takes at a place (``expected.Place``): the game's words
    (and its plugins'), only those its entity kind and its trigger allow."""

    def __init__(self, vocabulary: Vocabulary, entity_kind: str | None) -> None:
        self.vocabulary, self.entity_kind = vocabulary, entity_kind

    def at(self, place: Place, edit: Callable[[int], types.Range]) -> list[types.CompletionItem]:
        """``edit(length)`` is the range of the ``length`` characters before the cursor (what an item
        replaces)."""
        if place.trigger is not None:
            return self.triggers(place, edit)
        trigger = self.vocabulary.phrases.get(place.under or "")
        items: list[types.CompletionItem] = []
        if place.step:
            items += self.verbs(trigger, edit(len(place.partial)))
        elif place.command and not place.open:
            items += self.continuations(place.command, trigger, edit(len(place.partial)))
        elif place.paying and self.vocabulary.payment is not None:
            items += self.names(trigger, self.vocabulary.payment.kind)
        elif "WORD" in place.accepts:
            compared = self.vocabulary.attributes.get(place.compared or "")
            items += self.names(trigger, NUMBER if place.open else compared.type if compared else None)
        items += [types.CompletionItem(word, kind=types.CompletionItemKind.Keyword)
                  for word in place.keywords]
        return items

    def triggers(self, place: Place, edit: Callable[[int], types.Range]) -> list[types.CompletionItem]:
        """The trigger phrases (and aliases) starting with the words typed, each replacing them."""
        assert place.trigger is not None
        typed = " ".join([*place.trigger, place.partial])
        where = edit(place.trigger_length)
        return [types.CompletionItem(phrase, kind=types.CompletionItemKind.Event, detail=t.text,
                                     filter_text=phrase, text_edit=types.TextEdit(where, phrase))
                for phrase, t in self.vocabulary.phrases.items()
                if _allowed(t.kinds, self.entity_kind) and phrase.startswith(typed)]

    def verbs(self, trigger: Trigger | None, where: types.Range) -> list[types.CompletionItem]:
        return [self._verb(verb, verb.pattern.split(), where) for verb in self.vocabulary.verbs.values()
                if _allowed(verb.kinds, self.entity_kind) and _times(verb.triggers, trigger)]

    def continuations(self, typed: tuple[str | None, ...], trigger: Trigger | None,
                      where: types.Range) -> list[types.CompletionItem]:
        """After a verb's first words: the rest of each verb they begin; where the next word is a slot,
        what fills it (the attributes, or the words of its kind)."""
        items: dict[str, types.CompletionItem] = {}
        for verb in self.vocabulary.verbs.values():
            rest = _rest(verb, typed)
            if not rest or not (_allowed(verb.kinds, self.entity_kind) and _times(verb.triggers, trigger)):
                continue
            slot = SLOT.fullmatch(rest[0])
            if slot is None:
                item = self._verb(verb, rest, where)
                items.setdefault(item.label, item)
                continue
            kind = next(s.type for s in verb.slots if s.name == slot.group(1))
            for item in self.names(trigger, kind):
                items.setdefault(item.label, item)
        return list(items.values())

    def names(self, trigger: Trigger | None, kind: str | None) -> list[types.CompletionItem]:
        """What an expression may name: the attributes (of ``kind`` when given) readable here, and the
        words of the value kinds (of ``kind`` only, when it is one)."""
        items = [types.CompletionItem(a.name, kind=types.CompletionItemKind.Property, detail=a.description)
                 for a in self.vocabulary.attributes.values()
                 if _allowed(a.kinds, self.entity_kind) and _times(a.triggers, trigger)
                 and kind in (None, a.type)]
        items += [types.CompletionItem(word, kind=types.CompletionItemKind.EnumMember, detail=k.description)
                  for k in self.vocabulary.kinds.values() if kind in (None, k.name) for word in k.values]
        return items

    @staticmethod
    def _verb(verb: Verb, words: list[str], where: types.Range) -> types.CompletionItem:
        label = " ".join(words)
        return types.CompletionItem(label, kind=types.CompletionItemKind.Function, detail=verb.description,
                                    filter_text=label, insert_text_format=types.InsertTextFormat.Snippet,
                                    text_edit=types.TextEdit(where, _snippet(words)))


def entity_ids(stack: Stack, kind: str | None) -> list[types.CompletionItem]:
    """The ids of the stack's entities of ``kind`` (every kind when unknown), each with its pack."""
    kinds = [kind] if kind is not None else stack.kinds()
    return [types.CompletionItem(e.id, kind=types.CompletionItemKind.Reference,
                                 detail=f"{e.kind} from {e.locate().pack}")
            for k in kinds for e in stack.of_kind(k)]


def keyed_ids(stack: Stack, siblings: list[str]) -> list[types.CompletionItem]:
    """For a key among keys that name entities (a deck's cards), the ids of the kinds those keys name."""
    kinds = {entity.kind for key in siblings for entity in stack.find(key)}
    return [item for kind in sorted(kinds) for item in entity_ids(stack, kind)]


def pack_ids(ids: Iterable[str]) -> list[types.CompletionItem]:
    return [types.CompletionItem(pack, kind=types.CompletionItemKind.Module) for pack in sorted(ids)]
