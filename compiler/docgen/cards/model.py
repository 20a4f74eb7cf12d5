"""Generate: print-and-play cards as plain data, for any game, ready for layout.

A game's card templates (its ``card_templates`` member, a :class:`CardTemplates`) turn a resolved stack
into one :class:`Card` per physical card (copies included): a front :class:`Face` and a back, either the
other face of a two-sided card or the :class:`Back` its pile shares. An item that is not a card (a player
mat, a token) gives its own :class:`Size`: the sheet lays it out on pages of its own. A face names its
*family*, so the
layout never depends on an entity id. A designed value is listed in ``Face.designed``; the sheet marks
each card once and names them in a footnote. Each face knows the entity and field its body text came
from, so a text that does not fit is reported at the author's own line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rulecraft.compiler.loader import JsonPath
from rulecraft.compiler.resolve import Entity, Stack

if TYPE_CHECKING:   # fpdf2 is the docs extra: the CLI reads this model without it
    from fpdf import FPDF

    from rulecraft.compiler.docgen.cards.icons import Colour, Icons
    from rulecraft.compiler.docgen.cards.layout import Box, FaceLayout

GREY = "#55606e"
WHOLLY_DESIGNED = ("all",)   # Face.designed of an entity marked `designed: true`


@dataclass(frozen=True, slots=True)
class Stat:
    """A value printed in a chip: an icon (a name of the game's icon table), the value, its label."""

    label: str
    value: str
    icon: str = ""
    designed: bool = False


class Art(Protocol):
    """A face's art panel that draws itself (a game's own pictures: a move diagram, a track)."""

    def draw(self, pdf: FPDF, box: Box, colour: Colour, layout: FaceLayout) -> None: ...


@dataclass(frozen=True, slots=True)
class Emblem:
    """The art panel every game has: one or more icons, drawn large."""

    icons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Face:
    """One printed side: family, a band over the title, price icons, art, stat chips, body text."""

    family: str
    band: str
    title: str
    stats: tuple[Stat, ...] = ()
    text: str = ""
    colour: str = GREY
    art: Emblem | Art | None = None
    cost: tuple[Stat, ...] = ()
    designed: tuple[str, ...] = ()   # what on this face is designed, in words
    entity: Entity | None = None
    text_path: JsonPath = ()
    title_path: JsonPath = ()
    caption: str = ""                # a line under the art

    @property
    def footnote(self) -> str:
        """The one line under the designed-value marker; empty when nothing on the face is designed."""
        if not self.designed:
            return ""
        if self.designed == WHOLLY_DESIGNED:
            return "designed card: no rule text gives it"
        return "designed: " + ", ".join(self.designed)


@dataclass(frozen=True, slots=True)
class Back:
    """The back every card of a family (or pile) shares."""

    label: str
    title: str
    colour: str
    icon: str


@dataclass(frozen=True, slots=True)
class Size:
    """An item's own cut size in millimetres, for what is not a card of the sheet's size (``--card``): a
    player mat, a board, a token. Items of one size share their pages, grid and crop marks."""

    name: str       # what the item is, in the print summary: "player mat", "token"
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Card:
    """One physical item: its front, what is printed behind it, and its own size (None: a card of the
    sheet's size)."""

    front: Face
    back: Face | Back
    size: Size | None = None


@dataclass(frozen=True, slots=True)
class CardTemplates:
    """What a game gives ``rulecraft print`` (its ``card_templates`` member): the cards of a stack, in print
    order, and the icon table its faces and backs name."""

    cards: Callable[[Stack], list[Card]]
    icons: Icons


def faces(printed: list[Card]) -> list[Face]:
    """Every face of ``printed`` with text on it: fronts, and the backs that are faces."""
    return [face for card in printed for face in (card.front, card.back) if isinstance(face, Face)]


