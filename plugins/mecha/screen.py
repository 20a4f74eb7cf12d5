"""Show: Mecha Game's full screen in ``rulecraft play``: the grid, both players, your hand in words, the
prompt and the log as panes that stay in place, with a help pane.

:class:`Panes` holds what the panes show (the latest view of the person's seat, M18: the opponent's hand as
a count; the current prompt's lines; the narrated events) and lays them out at a size: compact from 80x24
(a grid of two-letter codes, one line per card in hand), the big grid from 110x34 (each unit's name and
counters in its cell, every card's whole text). It never sees a game: the shared full-screen terminal
(``rulecraft.cli.fullscreen``) hands it states and narration.
"""

from __future__ import annotations

from typing import Any

from rich.layout import Layout
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from rulecraft.plugins.mecha.model import MECHA, TOWER
from rulecraft.plugins.mecha.picture import SEAT_NAMES, Board, card_codes
from rulecraft.plugins.mecha.words import card_words, keyword_names, plural
from rulecraft.runtime.panes import Lines, PanesBase

SMALLEST = (80, 23)   # the panes need this much (the input line is the 24th row)
WIDE, TALL = 110, 34  # from this size the big grid and the whole card texts fit
SEAT_STYLES = ("green", "red")
SMALL_CELL, BIG_CELL = 5, 10
PROMPT_ROWS = 12      # the prompt and the log keep at least this many rows (wide)


class Panes(PanesBase):
    """What the full screen shows, and how it is laid out at a size."""

    def __init__(self, board: Board, seat: int) -> None:
        super().__init__()
        self.board, self.seat = board, seat
        self.cards, self.rules = board.ruleset.cards, board.ruleset.rules
        self.codes = card_codes(board.ruleset)

    # --- the layout ----------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> Layout:
        """The panes for a ``width`` x ``height`` area (the input line is the row below it)."""
        root = Layout()
        if width < SMALLEST[0] or height < SMALLEST[1]:
            warning = Text(f"The board needs an 80x24 terminal (this one is {width}x{height + 1}); "
                           f"enlarge it, or play with --plain.", "bold yellow")
            root.split_column(Layout(warning, size=2), Layout(self._prompt()))
            return root
        wide = width >= WIDE and height >= TALL
        if self.help is not None:      # the help pane takes the screen below the header until an answer
            root.split_column(Layout(self._header(), size=1),
                              Layout(self.help_pane()))
            return root
        rows = self.rules.rows
        board_height = (rows * 2 + 1 if wide else rows + 1) + 2
        board_width = 4 + self.rules.cols * (BIG_CELL if wide else SMALL_CELL) + 2
        hand = self._hand_lines(wide)
        if wide:      # every card whole, as far as the prompt keeps its rows
            inner = width - 4
            rows_needed = sum(-(-len(Text.from_markup(str(line)).plain) // inner) for line in hand)
            hand_height = max(3, min(rows_needed, height - 1 - board_height - PROMPT_ROWS)) + 2
        else:
            hand_height = min(len(hand), 6) + 2
        parts = [Layout(self._header(), name="header", size=1)]
        if wide:
            parts += [Layout(name="top", size=board_height), Layout(self._hand(hand, wide), size=hand_height)]
        else:
            parts += [Layout(name="top", size=max(board_height, hand_height)),
                      Layout(Lines(self._players(wide), last=False), name="players", size=2)]
        parts.append(Layout(name="bottom"))
        root.split_column(*parts)
        side = Panel(Lines(self._players(wide) + self._units(), last=False), title="players and units",
                     title_align="left") if wide else self._hand(hand, wide)
        root["top"].split_row(Layout(self._board(wide), size=board_width), Layout(side))
        root["bottom"].split_row(Layout(self._prompt(), ratio=3), Layout(self._log(), ratio=2))
        return root

    def _header(self) -> Text:
        state = self.state
        if state is None or not state["turn"]:
            return Text.from_markup("[bold]rulecraft play[/]  Mecha Game  setup   [dim]? help  q quit[/]")
        who = "you" if state["active"] == self.seat else f"seat {SEAT_NAMES[state['active']]}"
        header = Text.from_markup(f"[bold]Turn {state['turn']}[/]: {who} to play ({state['phase']} phase)")
        header.append("   ? help  c cards  l log  u take back  q quit", "dim")
        return header

    def _board(self, wide: bool) -> Panel:
        state = self.state
        if state is None:
            return Panel(Text("Setting up the game…"), title="board")
        cols, rows, width = self.rules.cols, self.rules.rows, BIG_CELL if wide else SMALL_CELL
        letters = [chr(97 + c) for c in range(cols)]
        out = Text("    " + "".join(f"{x:^{width}}" for x in letters) + "\n")
        for row in range(rows, 0, -1):
            zone = 1 if row == rows else 0 if row == 1 else None
            lines = [Text(f" {row:>2} "), Text("    ")] if wide else [Text(f" {row:>2} ")]
            for x in letters:
                unit = state["units"].get(f"{x}{row}")
                for line, part in zip(lines, self._cell(unit, wide, width), strict=True):
                    line.append_text(part)
            for line in lines:
                if zone is not None:
                    line.stylize("on grey11" if zone == self.seat else "on grey15")
                out.append_text(line)
                out.append("\n")
        mine = "bottom" if self.seat == 0 else "top"
        title = f"board (your entry zone: the {mine} row)" if wide else f"board (you: {mine} row)"
        return Panel(out, title=title, title_align="left", padding=(0, 0))

    def _cell(self, unit: dict[str, Any] | None, wide: bool, width: int) -> list[Text]:
        """A cell's lines: ``LAb2`` (code, owner, durability) compact; the name, then the counters, wide."""
        if unit is None:
            return [Text(f"{'·':^{width}}", "dim")] * (2 if wide else 1)
        card, style = self.cards[unit["card"]], SEAT_STYLES[unit["owner"]]
        owner = SEAT_NAMES[unit["owner"]]
        if not wide:
            return [Text(f"{self.codes[card.id]}{owner}{unit['durability']}".center(width), style)]
        counters = f"d{unit['durability']}"
        if unit["armour"]:
            counters += f" a{unit['armour']}"
        if unit["time"]:
            counters += f" t{unit['time']}"
        boost = unit["modifiers"].get("power", 0)
        if boost:
            counters += f" {boost:+d}p"
        name = f"{self.codes[card.id]} {card.name}"[:width - 1]
        return [Text(f"{name:<{width - 1}} ", f"bold {style}"), Text(f"{owner} {counters}"[:width - 1]
                                                                     .ljust(width), style)]

    def _players(self, wide: bool) -> list[str]:
        state = self.state
        if state is None:
            return []
        out = []
        for p in state["players"]:
            seat = p["seat"]
            name = f"[{SEAT_STYLES[seat]}]you (seat {SEAT_NAMES[seat]})[/]" if seat == self.seat else \
                f"[{SEAT_STYLES[seat]}]seat {SEAT_NAMES[seat]}[/]"
            hand = p["hand"] if isinstance(p["hand"], int) else len(p["hand"])
            deck = p["deck"] if isinstance(p["deck"], int) else len(p["deck"])
            free = p["bandwidth"] - p["population"]
            out.append(f"{name}: bandwidth {p['bandwidth']} ({free} free), hand {hand}, deck {deck}, "
                       f"damage {len(p['damage'])}/{self.rules.damage_limit}, discard {len(p['discard'])}")
        return out

    def _units(self) -> list[str]:
        """Wide: each unit with its counters and keywords (M16, M17)."""
        state = self.state
        if state is None:
            return []
        out = ["[dim]d durability, a armour, t time, p power this turn[/]"]
        for cell in sorted(state["units"], key=lambda c: (-int(c[1:]), c[0])):
            unit = state["units"][cell]
            card = self.cards[unit["card"]]
            parts = [f"power {card.power + unit['modifiers'].get('power', 0)}"] if card.type == MECHA else []
            parts.append(f"durability {unit['durability']}")
            parts += [f"{plural(unit[k], k)}" for k in ("armour", "time") if unit[k]]
            parts += keyword_names(card.keywords)
            used = [w for w in ("moved", "attacked") if unit[w]]
            if used:
                parts.append(" and ".join(used))
            out.append(f"[{SEAT_STYLES[unit['owner']]}]{cell} {escape(card.name)}[/]: {', '.join(parts)}")
        return out

    def _hand_lines(self, wide: bool) -> list[Any]:
        state = self.state
        if state is None:
            return []
        hand = state["players"][self.seat]["hand"]
        if not hand:
            return ["[dim]no cards in hand[/]"]
        if wide:
            return [f"[bold]{self.codes[c]}[/] {escape(card_words(self.cards[c]))}" for c in hand]
        out = []
        for c in hand:     # one row per card, cut to the pane (c shows them whole)
            line = Text.from_markup(f"[bold]{self.codes[c]}[/] {escape(self._short(c))}")
            line.no_wrap, line.overflow = True, "ellipsis"
            out.append(line)
        return out

    def _short(self, card_id: str) -> str:
        """A card in a compact hand: ``Skyhawk 3/2/2 Speed 2, Flight`` (cost/power/durability)."""
        card = self.cards[card_id]
        keywords = ", ".join(keyword_names(card.keywords))
        if card.type == MECHA:
            stats = f"{card.cost}/{card.power}/{card.durability}"
        elif card.type == TOWER:
            stats = f"+{card.keywords.provide} bw, d{card.durability}"
        else:
            return f"{card.name} (command; {'/'.join(card.windows)} window)"
        time = f", {card.time} time" if card.time else ""
        return f"{card.name} {stats}{' ' + keywords if keywords else ''}{time}"

    def _hand(self, lines: list[Any], wide: bool) -> Panel:
        n = len((self.state or {}).get("players", [{}] * (self.seat + 1))[self.seat].get("hand", ()))
        title = f"your hand: {plural(n, 'card')} (c shows each in full)" if wide else \
            "your hand: cost/power/durability"
        return Panel(Lines(lines, last=False, squeeze=True), title=title, title_align="left")

    def _prompt(self) -> Panel:
        lines = self.program or ["[dim]The other player is moving…[/]"]
        return Panel(Lines(lines, squeeze=True), title=escape(self.title), title_align="left")

    def _log(self) -> Panel:
        return Panel(Lines(self.log), title="log", title_align="left")
