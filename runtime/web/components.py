"""Show: escaped HTML and SVG builders every web board shares: a grid, cards, tracks, a hand, dice, and the
server's log and decision panels.

Everything a builder returns is :class:`Markup`, HTML already escaped; everything else handed to a builder
(a ``str``, a number) is text and is escaped on the way in. So a board built only from these builders (and
``Markup`` of its own making from them) cannot carry markup out of a game's state into the page: a card
named ``<script>`` shows as those letters. A clickable part carries ``data-target="ID"``; the page's script
answers the option whose target (``WebBoard.targets``) is that id, so the ids are the protocol between a
board and the decision it answers.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from string import ascii_lowercase

_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*\Z")   # a tag or attribute name (SVG: viewBox), checked


class Markup(str):
    """HTML these builders made (escaped already): passed on as it is, where any other text is escaped."""

    __slots__ = ()


CONTROLS: dict[int, None] = dict.fromkeys(c for c in [*range(32), 127] if chr(c) not in "\t\n\r")


def esc(value: object) -> Markup:
    """``value`` as HTML: Markup as it is, anything else as escaped text (quotes too, for attributes), its
    control characters (which XML forbids; a pack's text may hold one) dropped, tabs and newlines kept."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value).translate(CONTROLS), quote=True))


def join(parts: Iterable[object], separator: str = "") -> Markup:
    """The parts one after another, each escaped unless Markup."""
    return Markup(separator.join(esc(part) for part in parts))


def tag(name: str, /, *content: object, **attributes: object) -> Markup:
    """``<name attributes>content</name>``. An attribute's name is its keyword with ``_`` as ``-`` and a
    trailing ``_`` dropped (``class_``, ``data_target``); a value None or False leaves it out, True writes
    it bare; every value is escaped. ``name`` and the keywords are code's, never data's (checked)."""
    if not _NAME.match(name):
        raise ValueError(f"not a tag name: {name!r}")
    written = []
    for key, value in attributes.items():
        attribute = key.rstrip("_").replace("_", "-")
        if not _NAME.match(attribute):
            raise ValueError(f"not an attribute name: {attribute!r}")
        if value is None or value is False:
            continue
        written.append(f" {attribute}" if value is True else f' {attribute}="{esc(value)}"')
    return Markup(f"<{name}{''.join(written)}>{join(content)}</{name}>")


def cell_names(columns: int, rows: int) -> list[list[str]]:
    """Cell names ``a1``.. for a grid of ``columns`` x ``rows``, top row first: columns are letters from
    ``a`` left to right, rows numbers from 1 at the bottom (``cell_names(2, 2)`` is ``[[a2, b2], [a1, b1]]``).
    A game whose cells are named otherwise hands :func:`grid` its own names."""
    if not 0 < columns <= len(ascii_lowercase):
        raise ValueError(f"a grid has 1-{len(ascii_lowercase)} columns, not {columns}")
    return [[f"{ascii_lowercase[x]}{y}" for x in range(columns)] for y in range(rows, 0, -1)]


def grid(rows: Sequence[Sequence[str]], cells: Mapping[str, object] | None = None, *,
         classes: Mapping[str, str] | None = None, caption: object = "", label: bool = True) -> Markup:
    """A board of square cells, one row after another (top first).

    ``rows``: each cell's name, row by row (:func:`cell_names`, or the game's own); a name is the cell's
    ``data-target`` id, so a decision's option on that cell is answered by clicking it. ``cells``: what a
    cell holds, by name (text, or Markup such as a :func:`piece`); ``classes``: extra CSS classes a cell
    gets, by name (``"zone"``, ``"blocked"``); ``caption``: a heading over the grid; ``label``: write each
    cell's name in its corner."""
    cells, classes = cells or {}, classes or {}
    width = max((len(row) for row in rows), default=0)
    out = []
    for row in rows:
        for name in row:
            corner = tag("span", name, class_="cell-name") if label else ""
            out.append(tag("div", corner, cells.get(name, ""), class_=f"cell {classes.get(name, '')}".strip(),
                           data_target=name, title=name, tabindex="-1"))
    body = tag("div", *out, class_="grid", style=f"--columns: {width}")
    return tag("figure", tag("figcaption", caption), body, class_="board-grid") if caption else body


def piece(text: object, *, owner: int | None = None, kind: str = "", title: object = None) -> Markup:
    """A token on a cell: short ``text`` (a unit's code, a number), coloured by ``owner``'s seat (CSS
    ``seat-N``) and ``kind`` (a CSS class); ``title`` is its tooltip."""
    seat = f" seat-{owner}" if owner is not None else ""
    return tag("span", text, class_=f"piece{seat} {kind}".strip(), title=title)


def card(title: object, text: object = "", *, target: str | None = None, kind: str = "",
         owner: int | None = None, footer: object = "", selected: bool = False) -> Markup:
    """A card: its ``title``, its generated rules ``text`` (each line of a str a paragraph; Markup as it is)
    and a ``footer`` (cost, stats); ``target`` makes it clickable (its ``data-target`` id); ``kind`` a CSS
    class (``weapon``, ``quest``), ``owner`` its seat's colour; ``selected`` marks it picked."""
    if isinstance(text, Markup):
        body: object = text
    else:
        body = join(tag("p", line) for line in str(text).splitlines() if line.strip())
    seat = f" seat-{owner}" if owner is not None else ""
    return tag("article", tag("h4", title), tag("div", body, class_="card-text"),
               tag("footer", footer) if footer != "" else "",
               class_=f"card{seat} {kind}{' selected' if selected else ''}".strip(), data_target=target,
               tabindex="-1" if target else None)


def hand(cards: Sequence[object], *, label: object = "Your hand", hidden: int = 0) -> Markup:
    """A row of cards (:func:`card` Markup) under ``label``; ``hidden``: that many face-down cards (an
    opponent's hand: only its size shows)."""
    backs = [tag("div", "?", class_="card back", title="a face-down card") for _ in range(hidden)]
    return tag("section", tag("h3", label), tag("div", *cards, *backs, class_="cards"), class_="hand")


def track(label: object, value: int, most: int, *, owner: int | None = None, target: str | None = None,
          note: object = "") -> Markup:
    """A score or resource track: ``label``, ``value`` out of ``most`` as a filled bar and as numbers, and
    a ``note`` after them; ``owner`` colours it, ``target`` makes it clickable."""
    share = 0 if most <= 0 else max(0, min(100, round(100 * value / most)))
    seat = f" seat-{owner}" if owner is not None else ""
    bar = tag("div", tag("div", class_="fill", style=f"width: {share}%"), class_="bar", role="meter",
              aria_valuemin="0", aria_valuemax=str(most), aria_valuenow=str(value))
    return tag("div", tag("span", label, class_="track-label"), bar,
               tag("span", f"{value} / {most}", class_="track-value"),
               tag("span", note, class_="track-note") if note != "" else "",
               class_=f"track{seat}", data_target=target, tabindex="-1" if target else None)


_PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (3, 1), (1, 3), (3, 3)],
         5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)], 6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}


def die(face: object, *, size: int = 48, target: str | None = None, title: object = None) -> Markup:
    """A die showing ``face`` as inline SVG: pips for 1-6, the face's text for anything else (a symbol, a
    number above 6); ``target`` makes it clickable."""
    parts: list[object] = [Markup('<rect x="2" y="2" width="44" height="44" rx="8" class="die-face"/>')]
    if isinstance(face, int) and face in _PIPS:
        parts += [Markup(f'<circle cx="{12 * x}" cy="{12 * y}" r="4.5" class="pip"/>')
                  for x, y in _PIPS[face]]
    else:
        parts.append(tag("text", face, x="24", y="31", text_anchor="middle", class_="die-text"))
    return tag("svg", tag("title", title if title is not None else f"a die showing {face}"), *parts,
               viewBox="0 0 48 48", width=str(size), height=str(size), class_="die", data_target=target,
               role="img")


def facts(rows: Mapping[str, object], *, caption: object = "") -> Markup:
    """A definition list: each key and its value as text (lists and mappings written out briefly)."""
    items = []
    for key, value in rows.items():
        items += [tag("dt", key), tag("dd", value if isinstance(value, Markup) else brief(value))]
    listed = tag("dl", *items, class_="facts")
    return tag("section", tag("h3", caption), listed) if caption else listed


def brief(value: object) -> str:
    """A value of a state in a line: lists comma-separated, mappings as ``key value`` pairs, - for none."""
    if isinstance(value, list | tuple):
        return ", ".join(brief(item) for item in value) or "-"
    if isinstance(value, dict):
        return "; ".join(f"{key} {brief(item)}" for key, item in value.items()) or "-"
    return "-" if value is None else str(value)


# --- the server's panels (every table has them, whatever the game) -------------------------------------
def log_panel(lines: Sequence[str], *, most: int = 200) -> Markup:
    """The game's log as the seat may see it (plain text lines, newest last), its last ``most`` lines."""
    shown = lines[-most:] if most else lines
    return tag("ol", *(tag("li", line) for line in shown), class_="log", aria_live="polite",
               start=str(len(lines) - len(shown) + 1))


def decision_panel(prompt: object, options: Sequence[object], targets: Sequence[str | None], *,
                   pick: int = 1, rules: object = "", undo_refusal: str | None = None,
                   can_undo: bool = True, warnings: Sequence[str | None] = ()) -> Markup:
    """What the seat asked is shown: the ``prompt``, one button per option (its label; key 1-9 or the
    option's number and Enter answers it; ``targets[i]`` names the board element that answers option
    ``i`` too), how many options to pick (``pick`` above 1: in order, then Answer), the ``rules`` behind
    the decision one click away, and the undo button, disabled with ``undo_refusal``'s words when refused
    (``can_undo`` False: no button, a seat with nothing to take back is told so by the refusal).
    ``warnings[i]``, when given, says why option ``i`` is legal but likely pointless: it shows under the
    option (class ``warned``), and the page asks before sending it (the message's ``warnings``)."""
    buttons = []
    for index, label in enumerate(options):
        warning = warnings[index] if index < len(warnings) else None
        button = tag("button", tag("kbd", str(index + 1)), " ", label, type="button",
                     class_="option warned" if warning else "option", data_option=str(index),
                     data_target=targets[index] if index < len(targets) else None)
        said = tag("span", "⚠ ", warning, class_="warning") if warning else ""
        buttons.append(tag("li", button, said))
    many = tag("p", f"Pick {pick}, in order, then Answer.", class_="pick-hint") if pick > 1 else ""
    send = tag("button", "Answer", type="button", class_="send", disabled=True) if pick > 1 else ""
    return tag("section", tag("h2", prompt, class_="prompt"), many, tag("ol", *buttons, class_="options"),
               send, rules_panel(rules), undo_button(undo_refusal) if can_undo else "",
               class_="decision", data_pick=str(pick))


def rules_panel(rules: object) -> Markup:
    """The rules behind a decision, folded (one click opens them); nothing when there are none."""
    if rules in ("", None):
        return Markup("")
    return tag("details", tag("summary", "Rules for this decision"), tag("div", rules, class_="rules-text"),
               class_="rules")


def undo_button(refusal: str | None) -> Markup:
    """Undo (key u): enabled when the session allows it, else disabled with the session's reason shown."""
    button = tag("button", "Undo (u)", type="button", class_="undo", disabled=refusal is not None,
                 title=refusal)
    return tag("div", button, tag("span", refusal, class_="undo-why") if refusal else "", class_="undo-row")
