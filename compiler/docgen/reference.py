"""Generate: what every game's card and rules reference pages share, once: a game's reference style.

A game's docs module (its ``docs_pages``) makes one :class:`ReferenceStyle` of its definition, the ruling
that says a value is designed (its dagger and the legend that explains it), the note under ability text
and the function that writes an ability in English, and builds its pages with it: the fields of a kind's
schema, a table cell with its dagger, an ability cell (the English, then the effect source in small
code), a page's head, the ruling ids of its intro linked to the rulings page (which pack an entry came
from is ``markdown.from_pack``). So Tiny Epic Mechs' pages and Mecha Game's say the same things the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulecraft.compiler.docgen import markdown, rulings
from rulecraft.compiler.docgen.markdown import WIDE, code, designed, esc
from rulecraft.compiler.resolve import Stack
from rulecraft.compiler.validate import load_schema

AbilityText = Callable[..., str]   # (kind, entity data, *words) -> the ability in English


@dataclass(frozen=True, slots=True)
class ReferenceStyle:
    """The reference pages' conventions of one game."""

    kinds: Mapping[str, str]        # the game's content kinds -> schema resources (``GameDefinition.kinds``)
    rulings: Sequence[str]          # the game's ruling letters (``GameDefinition.rulings``), linked in intros
    dagger: str                     # the mark of a designed value (``markdown.designed_mark(ruling)``)
    legend: str                     # what the dagger means, under each page's title
    ability_note: str               # how ability text is made, on pages that show abilities
    ability_text: AbilityText
    whole: str | None = None        # where a wholly designed entity (`designed: true`) has its one dagger;
                                    # None: every field of it has one

    def fields(self, kind: str) -> dict[str, dict[str, Any]]:
        """The ``definitions.fields.properties`` of a kind's schema: each field's type and description."""
        return load_schema(self.kinds[kind])["definitions"]["fields"]["properties"]

    def mark(self, data: dict[str, Any], field: str) -> str:
        """The dagger of a designed ``field`` of ``data``, else nothing."""
        if self.whole is not None and data.get("designed") is True:
            return self.dagger if field == self.whole else ""
        return self.dagger if designed(data, field) else ""

    def cell(self, data: dict[str, Any], field: str, show: Callable[[Any], str] = esc) -> str:
        """One field for a table: formatted, its dagger when designed, a dash when absent."""
        if field not in data:
            return "—"
        return show(data[field]) + self.mark(data, field)

    def ability(self, kind: str, data: dict[str, Any], *words: Any) -> str:
        """The ability of ``data`` in English (the game's ``ability_text``, given ``words``: the stack's
        DSL vocabulary where the game's text needs it), its dagger, then its effect source in small code."""
        if not isinstance(data.get("ability"), str):
            return "—"
        return (f"{esc(self.ability_text(kind, data, *words))}{self.mark(data, 'ability')}"
                f"<br><small>{code(data['ability'])}</small>")

    def linked(self, text: str) -> str:
        """``text`` with the game's ruling ids linked to the rulings page."""
        return rulings.linked(text, self.rulings)

    def head(self, title: str, intro: str, *, wide: bool = True, abilities: bool = True) -> list[str]:
        """A reference page's first lines: its title, ``intro`` (ruling ids linked), the legend and, for a
        page that shows abilities, the ability note; ``wide`` pages give their tables the whole width."""
        lines = [*(WIDE if wide else []), f"# {title}", "", self.linked(intro), "", self.legend, ""]
        return [*lines, self.ability_note, ""] if abilities else lines

    def rules_page(self, stack: Stack) -> str:
        """The stack's rule parameters (``markdown.rules_page``) with this game's dagger and legend."""
        return markdown.rules_page(stack, self.fields("rules"), self.dagger, self.legend)

