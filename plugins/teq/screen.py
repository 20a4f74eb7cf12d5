"""Show: Tiny Epic Quest's full screen in ``rulecraft play``: the map, the quest row, the magic track and
the dice, every player's heroes and tracks, the prompt and the log as panes that stay in place.

:class:`Panes` holds what the panes show (the latest view of the person's seat, Q33: the quest deck only
as its size; the current prompt's lines; the narrated events) and lays them out at a size: compact from
80x24 (each region a short code, one line per player), bigger from 110x34 (wider regions with goblin
damage, each player's heroes, items and legendary tracks). It never sees a game: the shared full-screen
terminal (``rulecraft.cli.fullscreen``) hands it states and narration. :func:`map_lines`,
:func:`status_lines` and :func:`player_lines` are the pieces the plain board (``Board.screen``) shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.layout import Layout
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from rulecraft.plugins.teq import model as M
from rulecraft.plugins.teq.picture import FACE_LETTERS, FACE_WORDS, feature_tag, phase_words
from rulecraft.plugins.teq.words import item_name, plural, quest_words
from rulecraft.runtime.panes import Lines, PanesBase

if TYPE_CHECKING:
    from rulecraft.plugins.teq.picture import Board

SMALLEST = (80, 23)   # the panes need this much (the input line is the 24th row)
WIDE, TALL = 110, 34  # from this size the wide map and every player's heroes fit
SMALL_REGION, BIG_REGION = 4, 7
FEATURE_STYLES = {M.CASTLE: "bold", M.TEMPLE: "yellow", M.OBELISK: "magenta", M.GROTTO: "cyan",
                  M.PORTAL: "red"}
CARD_SHADES = ("on grey11", "on grey19")
KNOWN_COLOURS = frozenset({"red", "blue", "yellow", "green", "magenta", "cyan", "white"})


def colour_style(colour: str) -> str:
    return f"bold {colour}" if colour in KNOWN_COLOURS else "bold"


def map_width(board: Board, state: Mapping[str, Any], wide: bool) -> int:
    region = BIG_REGION if wide else SMALL_REGION
    return 3 + len(board.places(state).xs) * (2 * region + 2)


def map_lines(board: Board, state: Mapping[str, Any], wide: bool) -> list[Text]:
    """The map, two rows per map card: its regions' codes (``≈`` between them: a river runs through the
    card; ``═`` after it: a road joins it to the card on its right), then the heroes in each region; in
    colour, cards are shaded alternately."""
    places, width = board.places(state), BIG_REGION if wide else SMALL_REGION
    if not places.cards:
        return [Text("The map is being laid out…")]
    colours, letters = board.colours, board.letters
    here: dict[str, dict[int, list[int]]] = {}
    for player in state["players"]:
        for index, hero in enumerate(player["heroes"]):
            here.setdefault(hero["region"], {}).setdefault(player["seat"], []).append(index + 1)
    out = [Text("   " + "".join(f"{chr(97 + i):^{2 * width + 2}}" for i in range(len(places.xs))), "dim")]
    for row, y in enumerate(places.ys, 1):
        tags, heroes = Text(f"{row:>2} ", "dim"), Text("   ")
        for x in places.xs:
            card_id = places.cards.get((x, y))
            if card_id is None:
                tags.append(" " * (2 * width + 2))
                heroes.append(" " * (2 * width + 2))
                continue
            card = board.cards[card_id]
            starts = len(tags), len(heroes)
            for side, region in zip(M.SIDES, card.regions, strict=True):
                rid = f"{card_id}:{side}"
                portal = state["portals"].get(rid)
                tag = feature_tag(region, portal, colours, letters)
                if wide and portal is not None and portal.get("damage"):
                    side_up = M.ACTIVE if portal["active"] else M.PASSIVE
                    tag += f" {portal['damage']}/{board.ruleset.goblins.health(side_up)}"
                style = FEATURE_STYLES[region.feature]
                if region.feature == M.CASTLE and region.owner:
                    style = colour_style(region.owner)
                elif portal is not None and portal.get("active") and portal.get("goblin") is not None:
                    style = "bold red"
                tags.append(f"{tag[:width]:<{width}}", style)
                line = Text()
                for seat, numbers in sorted(here.get(rid, {}).items()):
                    line.append(letters[seat] + "".join(map(str, numbers)), colour_style(colours[seat]))
                    if wide:
                        line.append(" ")
                line.truncate(width, overflow="ellipsis")
                line.pad_right(width - len(line))
                heroes.append_text(line)
                if side == M.LEFT:
                    tags.append("≈" if card.river else "│", "blue" if card.river else "dim")
                    heroes.append("≈" if card.river else "│", "blue" if card.river else "dim")
            shade = CARD_SHADES[(x + y) % 2]      # in colour, neighbouring cards tell apart
            tags.stylize(shade, starts[0], len(tags))
            heroes.stylize(shade, starts[1], len(heroes))
            right = places.cards.get((x + 1, y))
            road = card.road and right is not None and board.cards[right].road
            tags.append("═" if road else " ", "yellow")
            heroes.append(" ")
        out += [tags, heroes]
    return out


def vp_of(ruleset: M.Ruleset, player: Mapping[str, Any]) -> int:
    """A player's VP now (Q29): its ladders and 4 per found legendary item (Q26)."""
    ladders = ruleset.scoring.ladders
    return (ladders[M.SPELLS].score(player["spell"]) + ladders[M.QUESTS].score(len(player["quests"]))
            + ladders[M.GOBLINS].score(player["goblins"])
            + ruleset.scoring.legendary_vp * len(player["found"]))


def magic_line(board: Board, state: Mapping[str, Any]) -> str:
    """The magic track with the token's space marked: ``magic 0 [1] 2 3``."""
    track = board.ruleset.magic.track
    spaces = " ".join(f"[bold reverse]\\[{level}][/]" if i == state["magic"] else str(level)
                      for i, level in enumerate(track))
    side = " (solo)" if state["side"] == M.SOLO else ""
    return f"magic {spaces}{side}"


def dice_line(board: Board, state: Mapping[str, Any], you: int | None, wide: bool) -> str:
    dice = state.get("dice")
    if not dice:
        return "[dim]dice: none rolled yet[/]" if state.get("phase") == "night" else \
            "[dim]dice: at night[/]"
    faces = (", ".join(FACE_WORDS[f] for f in dice["faces"]) if wide else
             " ".join(FACE_LETTERS[f] for f in dice["faces"]))
    return f"dice ({escape(board.who(dice['player'], you))}): [bold]{faces}[/]"


def status_lines(board: Board, state: Mapping[str, Any], wide: bool, you: int | None = None,
                 whole: bool = False) -> list[Text]:
    """The round and phase, the movement cards left, the magic track, the dice, the quest row (each quest
    cut to one row, or ``whole``: with its position or temple and its reward)."""
    ruleset = board.ruleset
    token = escape(board.who(state["token"], you))
    if wide:
        lines = [f"[bold]{escape(phase_words(state))}[/]: token {token}"
                 + (" (quest side)" if state.get("token_q") else "")]
    else:
        lines = [f"[bold]R{state['round']}/{ruleset.rules.rounds} {escape(state['phase'])}[/], token {token}"]
    if len(state["players"]) == 1:       # solo plays for a target (Q31)
        goal = ruleset.rules.solo_target_vp
        lines[0] = lines[0].split(", token")[0].split(": token")[0] + \
            (f": target {goal} VP" if wide else f", goal {goal}VP")
    if state.get("phase") == "day":
        names = {card.id: card.name for card in ruleset.movement}
        lines.append("cards: " + " ".join(escape(names.get(c, c)) for c in state["faceup"]))
    lines += [magic_line(board, state), dice_line(board, state, you, wide)]
    deck = state["deck"] if isinstance(state["deck"], int) else len(state["deck"])   # a watcher's snapshot
    lines.append(f"quest row (deck {deck}):" if wide else f"quests (deck {deck}):")
    for slot, quest in enumerate(state["row"], 1):
        said = "[dim]empty[/]" if quest is None else \
            escape(quest_words(ruleset, quest) if whole else ruleset.quests[quest].name)
        lines.append(f" q{slot} {said}")
    return [one_row(line, not whole and not (wide and line.startswith("dice"))) for line in lines]


def one_row(markup: str, cut: bool = True) -> Text:
    """A line of markup that keeps to one row, cut with an ellipsis (``cut``), or wraps."""
    text = Text.from_markup(markup)
    if cut:
        text.no_wrap, text.overflow = True, "ellipsis"
    return text


def player_lines(board: Board, state: Mapping[str, Any], you: int | None, wide: bool) -> list[str]:
    """Each player: health and power with their maxima (Q24), spell level, quests, goblins, VP; wide also
    each hero's place and items (Q25), the legendary tracks (Q26) and the items waiting."""
    ruleset, out = board.ruleset, []
    places = board.places(state)
    for p in state["players"]:
        seat = p["seat"]
        style = colour_style(board.colours[seat])
        name = "you" if seat == you else board.colours[seat]
        flags = " [red]exhausted[/]" if p["exhausted"] else " resting" if p["resting"] else ""
        if not wide:
            out.append(f"[{style}]{board.letters[seat]}[/] {escape(name)[:4]:<4} h{p['health']}/"
                       f"{p['max_health']} p{p['power']}/{p['max_power']} s{p['spell']} "
                       f"{vp_of(ruleset, p)}VP{flags}")
            continue
        out.append(f"[{style}]{board.letters[seat]} {escape(name)}[/]: health {p['health']}/"
                   f"{p['max_health']}, power {p['power']}/{p['max_power']}, spell level {p['spell']}, "
                   f"{plural(len(p['quests']), 'quest')}, {plural(p['goblins'], 'goblin')}, "
                   f"[bold]{vp_of(ruleset, p)} VP[/]{flags}")
        heroes = []
        for index, hero in enumerate(p["heroes"]):
            where = places.region(hero["region"]) if places.cards else "?"
            region = board.region(hero["region"])
            if region.feature == M.TEMPLE and region.temple is not None:
                where += f" space {hero['step']}/{region.temple.last}"
            items = ", ".join(escape(item_name(ruleset, i)) for i in hero["items"])
            heroes.append(f"{board.hero(seat, index)} {where}" + (f" ({items})" if items else ""))
        legendary = ", ".join(
            f"{escape(item.name)} found" if item.id in p["found"] else
            f"{escape(item.name)} {p['legendary'].get(item.id, 0)}/{item.spaces - 1}"
            for item in ruleset.legendaries.values())
        waiting = ", ".join(escape(item_name(ruleset, i)) for i in p["waiting"])
        out.append("   " + "; ".join([*heroes, legendary]) + (f"; waiting: {waiting}" if waiting else ""))
    return out


def legend_lines(board: Board, wide: bool) -> list[str]:
    """What the map's codes mean (compact: where to find them)."""
    if not wide:
        return ["[dim]? help: the map's codes; m: the map in words[/]"]
    hero = f"{board.letters[0]}1 {escape(board.colours[0])}'s hero 1" if board.colours else ""
    return ["[dim]C castle, T temple, O3 obelisk of spell 3, G grotto, P portal: g goblin, G active goblin; "
            f"² heroes of at most 2 players; {hero}; ≈ river, ═ road[/]",
            "[dim]dice: x damage, p power, m magic, t torch, s scroll, a attack; h health, p power, "
            "s spell level[/]"]


class Panes(PanesBase):
    """What the full screen shows, and how it is laid out at a size."""

    def __init__(self, board: Board, seat: int) -> None:
        super().__init__()
        self.board, self.seat = board, seat

    def layout(self, width: int, height: int) -> Layout:
        """The panes for a ``width`` x ``height`` area (the input line is the row below it)."""
        root = Layout()
        if width < SMALLEST[0] or height < SMALLEST[1]:
            warning = Text(f"The board needs an 80x24 terminal (this one is {width}x{height + 1}); "
                           f"enlarge it, or play with --plain.", "bold yellow")
            root.split_column(Layout(warning, size=2), Layout(self._prompt()))
            return root
        if self.help is not None:
            root.split_column(Layout(self._header(), size=1), Layout(self.help_pane()))
            return root
        wide = width >= WIDE and height >= TALL
        state = self.state
        if state is None or not state.get("map"):
            root.split_column(Layout(self._header(), size=1),
                              Layout(Panel(Text("Setting up the game…"), title="map"), size=3),
                              Layout(name="bottom"))
            root["bottom"].split_row(Layout(self._prompt(), ratio=3), Layout(self._log(), ratio=2))
            return root
        board = self.board
        map_height = len(board.places(state).ys) * 2 + 1 + 2
        parts = [Layout(self._header(), size=1), Layout(name="top", size=map_height)]
        if wide:
            players = 2 * len(state["players"]) + 2
            parts.append(Layout(Panel(Lines(player_lines(board, state, self.seat, True), last=False,
                                            squeeze=True), title="players", title_align="left"),
                                size=players))
        parts.append(Layout(name="bottom"))
        root.split_column(*parts)
        side: list[Any] = [*status_lines(board, state, wide, self.seat)]
        if not wide:
            side += player_lines(board, state, self.seat, False)
        side += legend_lines(board, wide)
        root["top"].split_row(
            Layout(Panel(Lines(map_lines(board, state, wide), last=False), title="map", title_align="left",
                         padding=(0, 0)), size=map_width(board, state, wide) + 2),
            Layout(Panel(Lines(side, last=False, squeeze=True), title="round", title_align="left",
                         padding=(0, 0) if not wide else (0, 1))))
        root["bottom"].split_row(Layout(self._prompt(), ratio=3 if wide else 2),
                                 Layout(self._log(), ratio=2 if wide else 1))
        return root

    def _header(self) -> Text:
        state = self.state
        if state is None or not state.get("round"):
            return Text.from_markup("[bold]rulecraft play[/]  Tiny Epic Quest  setup   "
                                    "[dim]? help  q quit[/]")
        board = self.board
        header = Text.from_markup(f"[bold]Round {state['round']} of {board.ruleset.rules.rounds}, "
                                  f"{escape(state['phase'])}[/]: you are {escape(board.colours[self.seat])}"
                                  f" ({board.letters[self.seat]})")
        header.append("   ? help  m map  l log  u take back  q quit", "dim")
        return header

    def _prompt(self) -> Panel:
        lines = self.program or ["[dim]The other players are moving…[/]"]
        return Panel(Lines(lines, squeeze=True), title=escape(self.title), title_align="left")

    def _log(self) -> Panel:
        return Panel(Lines(self.log), title="log", title_align="left")
