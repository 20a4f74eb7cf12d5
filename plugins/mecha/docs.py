"""Generate: what Mecha Game brings to the rules site (the module its ``docs_pages`` member names).

Its hand-written site (``SITE``: the rulebook in our words, under ``plugins/mecha/site/``), the schema of
its rule scenarios, the rulebook's value markers (``{{ rules.deck_size }}``) and the reference pages
generated from the stack: the rule parameters, one page per card type (towers, mechas, commands: stats,
keywords, the ability's generated English under its effect source, which starter decks hold it), the
keywords (what each does, from the card schemas, and which cards have it) and the starter decks. The
card text is the one the printed cards carry (``cardtext``); every designed value carries the M22
dagger.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulecraft.compiler.docgen import markdown, values
from rulecraft.compiler.docgen.markdown import code, designed_mark, esc, rule_values, with_source
from rulecraft.compiler.docgen.reference import ReferenceStyle
from rulecraft.compiler.docgen.rulings import link
from rulecraft.compiler.docgen.values import UnknownValue
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.validate import load_schema
from rulecraft.plugins.mecha.cardtext import WINDOW_NAMES, ability_text, keyword_line, provide
from rulecraft.plugins.mecha.game import GAME
from rulecraft.plugins.mecha.model import CARD_KINDS
from rulecraft.plugins.mecha.scenarios import SCHEMA as SCENARIO_SCHEMA
from rulecraft.plugins.wiring import stack_words

SITE = "rulecraft.plugins.mecha.site"
DAGGER = designed_mark("M22")
LEGEND = (f"Values marked {DAGGER} are **designed**: the rule text has no card list, so the pack designed "
          f"them (rulings {link('M21')} and {link('M22')}); a dagger after a name alone "
          "marks a card designed as a whole. If a printed card says otherwise, change the YAML: this page, "
          "the printed cards and the engine follow.")
ABILITY_NOTE = ("Ability text is **generated** from the effect the engine plays; under it, in `code` style, "
                "is that effect's source in the pack (the effect DSL).")
# a wholly designed card (`designed: true`) has one dagger, after its name
STYLE = ReferenceStyle(GAME.kinds, GAME.rulings, DAGGER, LEGEND, ABILITY_NOTE, ability_text, whole="name")
fields, mark, cell = STYLE.fields, STYLE.mark, STYLE.cell


def keywords_cell(kind: str, data: dict[str, Any]) -> str:
    """A card's keywords, each a link to its entry on the keyword page."""
    links = [f"[{esc(keyword_line([instance]))}](keywords.md#{name})"
             for instance in data.get("keywords", ()) for name in instance]
    return (", ".join(links) + mark(data, "keywords")) if links else "—"


def in_decks(stack: Stack, card: str) -> str:
    """How many copies of ``card`` each starter deck holds."""
    held = [f"{esc(d.data.get('name', d.id))} {d.data['cards'][card]}"
            for d in stack.of_kind("decks") if d.data.get("cards", {}).get(card)]
    return ", ".join(held) or "—"


def _card_name(entity: Entity) -> str:
    return f"**{esc(entity.data.get('name', entity.id))}**{mark(entity.data, 'name')}"


def card_page(stack: Stack, kind: str, title: str, intro: str,
              columns: list[tuple[str, Callable[[Entity], str]]]) -> str:
    """One card type's page: a row per card of the stack with ``columns`` (header, how to show it)."""
    entities = stack.of_kind(kind)
    header = [title.rstrip("s").lower(), *(name for name, _ in columns), "in the starter decks"]
    rows = [[_card_name(e), *(show(e) for _, show in columns), in_decks(stack, e.id)] for e in entities]
    lines = STYLE.head(title, intro)
    lines += with_source(stack, header, rows, entities) if entities else [f"This stack has no {kind}.", ""]
    return "\n".join(lines) + "\n"


def towers_page(stack: Stack) -> str:
    words = stack_words(stack)
    return card_page(stack, "towers", "Towers", load_schema(GAME.kinds["towers"])["description"], [
        ("durability", lambda e: cell(e.data, "durability")),
        ("Provide", lambda e: f"{provide(e.data)}u{mark(e.data, 'keywords')}"),
        ("keywords", lambda e: keywords_cell("towers", {**e.data, "keywords": [
            i for i in e.data.get("keywords", ()) if "provide" not in i]})),
        ("time counters", lambda e: cell(e.data, "time")),
        ("ability", lambda e: STYLE.ability("towers", e.data, words))])


def mechas_page(stack: Stack) -> str:
    words = stack_words(stack)
    return card_page(stack, "mechas", "Mechas", load_schema(GAME.kinds["mechas"])["description"], [
        ("cost", lambda e: cell(e.data, "cost")), ("power", lambda e: cell(e.data, "power")),
        ("durability", lambda e: cell(e.data, "durability")),
        ("keywords", lambda e: keywords_cell("mechas", e.data)),
        ("time counters", lambda e: cell(e.data, "time")),
        ("ability", lambda e: STYLE.ability("mechas", e.data, words))])


def commands_page(stack: Stack) -> str:
    words = stack_words(stack)
    return card_page(stack, "commands", "Commands", load_schema(GAME.kinds["commands"])["description"], [
        ("played in", lambda e: esc(", ".join(WINDOW_NAMES[w] for w in e.data.get("windows", ())))),
        ("effect", lambda e: STYLE.ability("commands", e.data, words))])


def keyword_meanings() -> dict[str, tuple[str, bool]]:
    """Each keyword: (what it does, from the first card schema that has it; whether it has a number), in
    the schemas' order (M16's)."""
    found: dict[str, tuple[str, bool]] = {}
    for kind in CARD_KINDS:
        for option in fields(kind).get("keywords", {}).get("items", {}).get("oneOf", ()):
            (name, spec), = option["properties"].items()
            found.setdefault(name, (spec["description"], spec.get("type") == "integer"))
    return found


def keyword_title(name: str, numbered: bool) -> str:
    return name.title() + (" Xu" if name == "provide" else " X" if numbered else "")


def keywords_page(stack: Stack) -> str:
    lines = ["# Keywords", "",
             f"Keywords are card data, not text ({link('M16')}): a card lists one instance per "
             "keyword, and the engine, the printed cards and these pages read the same list. Instances "
             "of a keyword with a number add up; Pierce, Flight and Reach are there or not. What each does "
             "comes from the card schemas; under it, every card of this stack that has it.", ""]
    cards = [(kind, e) for kind in CARD_KINDS for e in stack.of_kind(kind)]
    for name, (meaning, numbered) in keyword_meanings().items():
        lines += [f"## {keyword_title(name, numbered)} {{ #{name} }}", "", STYLE.linked(esc(meaning)), ""]
        having = []
        for kind, entity in cards:
            instances = [i for i in entity.data.get("keywords", ()) if name in i]
            if instances:
                having.append(f"[{esc(entity.data.get('name', entity.id))}]({kind}.md) "
                              f"({esc(keyword_line(instances))})")
        lines += ["Cards with it: " + (", ".join(having) if having else "none in this stack") + ".", ""]
    return "\n".join(lines) + "\n"


def decks_page(stack: Stack) -> str:
    rules = rule_values(stack)
    kinds = {e.id: (kind, e.data.get("name", e.id)) for kind in CARD_KINDS for e in stack.of_kind(kind)}
    lines = ["# Starter decks", "",
             f"The decks each seat plays by default ({link('M21')}). A legal deck holds exactly "
             f"{cell(rules, 'deck_size')} cards, at most {cell(rules, 'max_copies')} of a name, Radio Tower "
             f"exempt ({link('M3')}); `rulecraft check` reports one that breaks a rule.", "",
             LEGEND, ""]
    for deck in stack.of_kind("decks"):
        data = deck.data
        counts = data.get("cards", {})
        lines += [f"## {esc(data.get('name', deck.id))}{mark(data, 'cards')}", "",
                  f"Seat {esc(data.get('seat', '—')).upper()}, {sum(counts.values())} cards."
                  + (f" {esc(data['notes'])}" if data.get("notes") else ""), ""]
        rows = [[f"[{esc(kinds[cid][1])}]({kinds[cid][0]}.md)" if cid in kinds else code(cid),
                 esc(CARD_KINDS.get(kinds.get(cid, ("", ""))[0], "") or "—"), str(n)]
                for cid, n in counts.items() if n]     # 0 copies: a patch took the card out
        lines += markdown.table(["card", "type", "copies"], rows)
    return "\n".join(lines) + "\n"


def reference_pages(stack: Stack) -> dict[str, str]:
    """Every generated reference page of a Mecha Game stack (site path -> Markdown)."""
    return {"reference/rules.md": STYLE.rules_page(stack),
            "reference/towers.md": towers_page(stack), "reference/mechas.md": mechas_page(stack),
            "reference/commands.md": commands_page(stack), "reference/keywords.md": keywords_page(stack),
            "reference/decks.md": decks_page(stack)}


def fill(page: str, stack: Stack) -> str:
    """``page`` with every ``{{ rules.x }}`` marker replaced by that rule parameter of ``stack``."""
    return values.fill(page, {"rules": rule_values(stack)}, DAGGER)


__all__ = ["SCENARIO_SCHEMA", "SITE", "UnknownValue", "fill", "reference_pages"]
