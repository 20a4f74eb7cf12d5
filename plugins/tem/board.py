"""Show: the terminal picture of a game (arena grid, players, hand, market) and the narration of its events.

Everything is drawn from a *state* dict: a player's view (``runtime.views.view_for``, T16: no other
player's secret in it) when a person plays, or the full snapshot when a whole log is watched. Enemy Mines
show as ``mine ?`` because their numbers are secret; the view decides, this module only draws it.
Cells are labelled like a map: columns A, B, C... west to east, rows 1, 2, 3... north to south.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from rulecraft.plugins.tem.model import BASE_ZONE, MECH, MECH_ZONE, POWER_ARMOR, Ruleset
from rulecraft.plugins.tem.reasons import ICONS, STATUS, Reasons, label
from rulecraft.runtime.outcomes import WIN, of_seat

STYLES = {"red": "bold red", "blue": "bold blue", "green": "bold green", "yellow": "bold yellow"}
SMALL_CELL = 8      # columns of a cell in the small arena: "B1⚡$ m2" (⚡ is two columns wide)
SHORT_STATUS = {"pilot": "P", POWER_ARMOR: "PA", MECH: "MM"}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←", "NE": "↗", "SE": "↘", "SW": "↙", "NW": "↖"}
ACTIONS = {"collect": "Collect", "purchase": "Purchase", "power-up": "Power Up", "deploy-mine": "Deploy Mine",
           "deploy-turret": "Deploy Turret"}


def style(colour: str) -> str:
    return STYLES.get(colour, "bold")


def card_name(ruleset: Ruleset, card_id: str) -> str:
    """A program card as players call it: its action, or its jump."""
    card = _card(ruleset, card_id)
    if card is None:
        return card_id
    move = card.movement.replace("-", " ").title()
    if card.action:
        name = ACTIONS.get(card.action, card.action)
        return name if card.movement == "step" else f"{name} ({move})"
    return move


SHORT = {"Collect": "Col", "Purchase": "Buy", "Power Up": "Pow", "Deploy Mine": "Mine",
         "Deploy Turret": "Tur", "Double Jump": "2Jmp", "Diagonal Jump": "Diag"}


def short_card(ruleset: Ruleset, card_id: str) -> str:
    """A card in four letters or so, for the players table."""
    name = card_name(ruleset, card_id)
    return SHORT.get(name, name)


def _card(ruleset: Ruleset, card_id: str):
    for cards in ruleset.program_cards.values():
        for card in cards:
            if card.id == card_id:
                return card
    return None


def weapon_text(ruleset: Ruleset, wid: str, cost: bool = False) -> str:
    w = ruleset.weapons.get(wid)
    if w is None:
        return wid
    power = f"/{w.power_damage}" if w.power_damage is not None else ""
    text = f"{w.name} ({w.type} {w.damage}{power}"
    if cost:
        text += ", " + price(w.cost)
        if w.vp:
            text += f", {w.vp} VP"
    return text + ")"


def price(cost: Any) -> str:
    return " ".join(f"{n}{ICONS.get(r, r)}" for r, n in cost.items()) or "free"


def abilities_text(thing: Any) -> str:
    return " ".join(a.text for group in getattr(thing, "abilities", {}).values() for a in group)


class Picture:
    """Draws one game's state; knows the ruleset and the arena's size."""

    def __init__(self, ruleset: Ruleset, colours: list[str], agents: list[str] | None = None) -> None:
        self.ruleset = ruleset
        arena = ruleset.arena_for(len(colours))
        self.rows, self.cols = arena.rows, arena.cols
        self.colours = list(colours)
        self.agents = list(agents or [])     # who plays each seat (the log header's names), shown by colour
        self.reasons = Reasons(ruleset, self.cols)
        self.scoring: dict[int, list[tuple[str, str]]] = {}   # the zones still to score, per seat

    def reveal_words(self, event: dict, seat: int) -> str | None:
        """What an answer would show before it is confirmed (never what it shows): a Mine's number (T8),
        the row refilled from the deck (T12), a draw of chance."""
        kind = event["e"]
        if kind == "mine":
            return "Moving there sets off a Mine and reveals its number"
        if kind == "purchase":
            return "Buying an advanced weapon refills the row from the deck"
        if kind in ("chance", "basic-weapons"):
            return "This leaves something to chance and shows you the result"
        return None

    def who(self, seat: int | None, you: int | None = None) -> str:
        if seat is None:
            return "nobody"
        colour = self.colours[seat] if seat < len(self.colours) else f"seat {seat}"
        name = colour.capitalize() + (" (you)" if seat == you else "")
        return f"[{style(colour)}]{name}[/]"

    # --- the arena -------------------------------------------------------------------------------
    def arena(self, state: dict) -> Table:
        grid = Table(show_lines=True, padding=(0, 0), header_style="bold")
        grid.add_column("", justify="right", width=2)
        for c in range(self.cols):
            grid.add_column(chr(ord("A") + c), justify="center", width=13)
        for r in range(self.rows):
            grid.add_row(str(r + 1), *(self._cell(state, r * self.cols + c) for c in range(self.cols)))
        return grid

    def _cell(self, state: dict, cell: int) -> Text:
        name = f"r{cell // self.cols}c{cell % self.cols}"
        zid = state["zones"].get(name)
        if zid is None:
            return Text("")
        zone = self.ruleset.zones[zid]
        icons = "".join(ICONS.get(r, r) for r in zone.resources)
        lines = Text()
        if zone.kind == BASE_ZONE:
            lines.append("BASE ", style(zone.colour or ""))
            lines.append(f"{zone.value}{icons}")
        elif zone.kind == MECH_ZONE:
            lines.append("MECH ZONE ", "bold magenta")
            lines.append(f"{zone.value}{icons}")
        else:
            lines.append(f"{zone.value} {icons}", "bold" if zone.value >= 3 else "")
        token = state["tokens"].get(name)
        lines.append("\n")
        if token is not None:
            owner = state["players"][token["owner"]]["colour"]
            text = "turret" if token["kind"] == "turret" else \
                f"mine {token['number'] if token['number'] is not None else '?'}"
            lines.append(text, style(owner))
        mech = state["mech"]
        lines.append("\n")
        here = [p for p in state["players"] if p["pos"] == cell]
        if mech["cell"] == name and mech["controller"] is None:
            lines.append("MIGHTY MECH" + ("\n" if here else ""), "bold magenta")
        for k, p in enumerate(here):      # one line each: units stacked in a cell never split mid-name
            lines.append(f"● {p['colour'][:3].upper()} {SHORT_STATUS.get(p['status'], '')}{p['health']}",
                         style(p["colour"]))
            lines.append("\n" if k < len(here) - 1 else " ")
        return lines

    # --- the players -----------------------------------------------------------------------------
    def players(self, state: dict, you: int | None) -> Table:
        table = Table(title=None, header_style="bold", padding=(0, 1))
        for name in ("player", "pilot", "status", "♥", "⚡", "$", "VP", "equipped", "stockpile", "mines",
                     "turrets", "played"):
            table.add_column(name)
        for p in state["players"]:
            seat = p["seat"]
            mark = "★ " if seat == state["starting_player"] and state["round"] else ""
            mark += "▶ " if seat == state.get("current") else ""
            pilot = self.ruleset.pilots[p["pilot"]].name if p.get("pilot") else "—"
            status = STATUS.get(p["status"], p["status"])
            if p["status"] == MECH and p.get("mech_side"):
                status += " " + next((s.name for s in self.ruleset.mech_sides if s.id == p["mech_side"]), "")
            if p.get("ad_hoc"):
                status += " (Ad Hoc)"
            stock = list(p["owned"])
            for w in p["equipped"]:
                if w in stock:
                    stock.remove(w)
            mines = p["mine_supply"]
            mines = " ".join(map(str, mines)) if isinstance(mines, list) else f"{mines} left"
            robot = seat < len(self.agents) and self.agents[seat] == "robot"   # moves by card, not arrow (R2)
            played = " ".join(f"{short_card(self.ruleset, c)}{'' if robot else ARROWS.get(o, o)}"
                              for c, o in p["program"][:p["revealed"]]) if not p.get("ad_hoc") else \
                " ".join(short_card(self.ruleset, c) for c in p["used"])
            agent = self.agents[seat] if seat < len(self.agents) and seat != you else ""
            name = mark + self.who(seat, you) + (f" [dim]{agent}[/]" if agent else "")
            table.add_row(name, pilot, status, str(p["health"]),
                          str(p["energy"]), str(p["credits"]), str(p["vp"]),
                          ", ".join(self.ruleset.weapons[w].name for w in p["equipped"]),
                          ", ".join(self.ruleset.weapons[w].name for w in stock), mines,
                          str(p["turret_supply"]), played)
        return table

    def status_line(self, state: dict, you: int) -> str:
        """You in one line: where, status, health, resources, VP, weapons (``b`` shows the whole board)."""
        p = state["players"][you]
        weapons = ", ".join(self.ruleset.weapons[w].name for w in p["equipped"])
        return (f"{self.who(you, you)} at {label(self.cols, p['pos']) if p['pos'] >= 0 else '-'}: "
                f"{STATUS.get(p['status'], p['status'])} {p['health']}♥ {p['energy']}⚡ {p['credits']}$ "
                f"{p['vp']} VP; equipped {weapons or 'nothing'}   [dim](b: board)[/]")

    def hand(self, state: dict, you: int) -> Table:
        """Your program cards, numbered as the program prompt takes them."""
        p = state["players"][you]
        program = {c: (i + 1, o) for i, (c, o) in enumerate(p["program"])}
        table = Table(header_style="bold", padding=(0, 1), title="your hand", title_justify="left")
        for name in ("#", "card", "moves", "this round"):
            table.add_column(name)
        for number, card in enumerate(self.ruleset.program_cards[p["colour"]], start=1):
            dirs = self.ruleset.rules.movements[card.movement].directions
            note = ""
            if card.id in program:
                slot, o = program[card.id]
                note = f"program #{slot} {o}{ARROWS.get(o, '')}"
                if slot <= p["revealed"]:
                    note += " (played)"
            elif card.id in p["used"]:
                note = "played"
            table.add_row(str(number), card_name(self.ruleset, card.id), " ".join(dirs), note)
        return table

    # --- the full-screen panes (``plugins.tem.screen``) -----------------------------------------
    def small_arena(self, state: dict) -> Table:
        """The arena in two lines per row, for small screens: the zone (value and what it pays) and its
        token, then who stands there (colour initial and health)."""
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", width=1)
        for _ in range(self.cols):
            grid.add_column(width=SMALL_CELL, no_wrap=True)
        grid.add_row("", *(Text(chr(ord("A") + c), "bold") for c in range(self.cols)))
        for r in range(self.rows):
            tops, bottoms = [], []
            for c in range(self.cols):
                top, bottom = self._small_cell(state, r * self.cols + c)
                tops.append(top)
                bottoms.append(bottom)
            grid.add_row(Text(str(r + 1), "bold"), *tops)
            grid.add_row("", *bottoms)
        return grid

    def _small_cell(self, state: dict, cell: int) -> tuple[Text, Text]:
        name = f"r{cell // self.cols}c{cell % self.cols}"
        zid = state["zones"].get(name)
        if zid is None:
            return Text("  ·", "dim"), Text("")
        zone = self.ruleset.zones[zid]
        icons = "".join(ICONS.get(r, r) for r in zone.resources)
        top = Text()
        if zone.kind == BASE_ZONE:
            top.append("B", style(zone.colour or ""))
        elif zone.kind == MECH_ZONE:
            top.append("M", "bold magenta")
        top.append(f"{zone.value}{icons}", "bold" if zone.value >= 3 else "")
        token = state["tokens"].get(name)
        if token is not None:
            owner = state["players"][token["owner"]]["colour"]
            mark = "T" if token["kind"] == "turret" else \
                f"m{token['number'] if token['number'] is not None else '?'}"
            top.append(" " + mark, style(owner))
        bottom = Text()
        mech = state["mech"]
        if mech["cell"] == name and mech["controller"] is None:
            bottom.append("MM ", "bold magenta")
        for p in state["players"]:
            if p["pos"] == cell:
                if bottom:
                    bottom.append(" ")
                bottom.append(f"{p['colour'][:1].upper()}{p['health']}", style(p["colour"]))
        return top, bottom

    def you_lines(self, state: dict, you: int, wide: bool) -> list[str]:
        """Your status as markup lines. On a small screen only what the players' lines do not say: your
        weapons and tokens."""
        p = state["players"][you]
        stock = list(p["owned"])
        for w in p["equipped"]:
            if w in stock:
                stock.remove(w)
        mines = " ".join(map(str, p["mine_supply"])) if isinstance(p["mine_supply"], list) else "?"
        if not wide:
            names = ", ".join(self.ruleset.weapons[w].name for w in p["equipped"]) or "no weapon"
            spare = f" (+{', '.join(self.ruleset.weapons[w].name for w in stock)})" if stock else ""
            return [f"{names}{spare}", f"Mines {mines or 'none'}, Turrets {p['turret_supply']}"]
        lines = [f"equipped: {', '.join(weapon_text(self.ruleset, w) for w in p['equipped']) or 'nothing'}"]
        if stock:
            lines.append("stockpile: " + ", ".join(weapon_text(self.ruleset, w) for w in stock))
        lines.append(f"supply: Mines {mines or 'none'}, Turrets {p['turret_supply']}")
        pilot = self.ruleset.pilots[p["pilot"]].name if p.get("pilot") else "no pilot yet"
        where = label(self.cols, p["pos"]) if p["pos"] >= 0 else "-"
        status = STATUS.get(p["status"], p["status"]) + (" (Ad Hoc)" if p.get("ad_hoc") else "")
        return [f"{self.who(you, you)} at {where}: {status}, pilot {pilot}", *lines]

    def hand_lines(self, state: dict, you: int) -> list[str]:
        """Your program cards, numbered as the program prompt takes them, with their moves; a card in
        your program shows its slot and direction (``#2→``), a played one is dimmed and ticked."""
        p = state["players"][you]
        program = {c: (i + 1, o) for i, (c, o) in enumerate(p["program"])}
        lines = []
        for number, card in enumerate(self.ruleset.program_cards[p["colour"]], start=1):
            dirs = "".join(ARROWS.get(d, d) for d in self.ruleset.rules.movements[card.movement].directions)
            line = f"[bold]{number}[/] {card_name(self.ruleset, card.id)} {dirs}"
            if card.id in program:
                slot, o = program[card.id]
                line += f" #{slot}{ARROWS.get(o, o)}"
                if slot <= p["revealed"]:
                    line = f"[dim]{line} ✓[/]"
            elif card.id in p["used"]:
                line = f"[dim]{line} ✓[/]"
            lines.append(line)
        return lines

    def market_lines(self, state: dict) -> list[str]:
        deck = state["deck"] if isinstance(state["deck"], int) else len(state["deck"])
        row = ", ".join(f"{escape(self.ruleset.weapons[w].name)} {price(self.ruleset.weapons[w].cost)}"
                        for w in state["row"]) or "empty"
        piles = ", ".join(f"{escape(self.ruleset.weapons[w].name)} x{n}" for w, n in state["piles"].items())
        return [f"[bold]Advanced row[/] (deck {deck}): {row}", f"[bold]Basic piles[/]: {piles}"]

    def player_lines(self, state: dict, you: int | None, short: bool = False) -> list[str]:
        """Every player in one line: ★ Starting Player, ▶ moving, status and health, resources, VP;
        ``short`` leaves out who plays the other seats."""
        lines = []
        for p in state["players"]:
            seat = p["seat"]
            mark = "★" if seat == state["starting_player"] and state["round"] else " "
            mark += "▶" if seat == state.get("current") else " "
            agent = self.agents[seat] if seat < len(self.agents) and seat != you and not short else ""
            lines.append(f"{mark}{self.who(seat, you)}{f' [dim]{agent}[/]' if agent else ''} "
                         f"{SHORT_STATUS.get(p['status'], '')}{p['health']}♥ {p['energy']}⚡ "
                         f"{p['credits']}$ [bold]{p['vp']}VP[/]")
        return lines

    def legend(self, wide: bool) -> list[str]:
        """What the board's marks mean; four short lines on a small screen (the help pane says more)."""
        if not wide:
            return ["[bold]3⚡$[/] zone value 3, pays ⚡ $",
                    "[bold]B[/] Base [bold]M[/] Mech Zone [bold]T[/] Turret",
                    "[bold]m2[/] Mine 2 [bold]m?[/] secret [bold]R5[/] Red 5♥",
                    "[bold]★[/]first [bold]▶[/]moving [bold]2/3[/] dmg/power"]
        return LEGEND

    def market(self, state: dict) -> Text:
        text = Text("Advanced row: ", "bold")
        text.append(", ".join(weapon_text(self.ruleset, w, cost=True) for w in state["row"]) or "empty")
        deck = state["deck"] if isinstance(state["deck"], int) else len(state["deck"])
        text.append(f"  (deck {deck})\n")
        text.append("Basic piles: ", "bold")
        text.append(", ".join(f"{self.ruleset.weapons[w].name} x{n}" for w, n in state["piles"].items()))
        return text

    def header(self, state: dict, short: bool = False) -> Text:
        rules = self.ruleset.rules
        scoring = ", ".join(str(r) for r in sorted(rules.scoring_rounds))
        turn = f"turn {state['turn']}/{rules.turns_per_round}" if state["turn"] else "programming"
        marks = "" if short else "   ★ Starting Player  ▶ moving"
        return Text.from_markup(f"[bold]Round {state['round']}/{rules.rounds}[/]  {turn}"
                                f"   scoring after rounds {scoring}{marks}")

    def screen(self, state: dict, you: int | None) -> Group:
        if state["round"] == 0:     # setup: only the arena and who plays
            return Group(Text("Setup", "bold"), self.arena(state), self.players(state, you))
        parts: list[Any] = [self.header(state), self.arena(state), self.players(state, you),
                            self.market(state)]
        if you is not None:
            parts.append(self.hand(state, you))
        return Group(*parts)

    # --- what `rulecraft play` and `replay --watch` ask of a game's board (cli/play_ui.py) -----------
    pauses = frozenset({"reveal"})      # `play --delay S` pauses after another player's card
    boundaries = frozenset({"reveal", "round-start", "scoring", "game-end"})   # `replay --watch` steps
    # R1: you against two Robots, you start
    SOLO: ClassVar[dict[str, Any]] = {"players": 3, "seat": 0, "opponents": "robot"}

    def boundary(self, event: dict, state: dict | None) -> bool:
        """The board is shown at a step once the game is past its setup (round 0)."""
        return state is not None and state["round"] >= 1

    def panes(self, seat: int) -> Any:
        """The full screen at a terminal: the board, your status, the program area and the log as panes
        (``rulecraft.plugins.tem.screen``), for ``seat``."""
        from rulecraft.plugins.tem.screen import Panes

        return Panes(self, seat)

    def prompts(self, terminal: Any, seat: int) -> Any:
        """The person's seat: programs as ``1N 3E``, cells, values (``rulecraft.plugins.tem.prompts``)."""
        from rulecraft.plugins.tem.prompts import Prompts

        return Prompts(terminal, self, seat)

    @staticmethod
    def solo_game(ruleset: Ruleset, human: Any, **options: Any) -> Any:
        """``play --solo``: the Robot Pilots' solo game (R1)."""
        from rulecraft.plugins.tem.robot_pilots import solo_game

        return solo_game(ruleset, human, **options)

    def verdict(self, state: dict, standings: Any, events: list[dict], seat: int, solo: bool) -> str:
        """Who won, from the standings' results and the seat's last view ``state``; in solo mode you win
        only with more VP than each Robot (R8)."""
        players = state["players"]
        vp = players[seat]["vp"]
        mine = of_seat(standings, seat)
        if solo:
            best = max(p["vp"] for i, p in enumerate(players) if i != seat)
            return "[bold green]You win![/]" if mine is not None and mine.result == WIN else \
                f"[bold red]The Robots win[/] ({vp} VP against {best}: you need more VP than each Robot)."
        if mine is not None and mine.won:
            return "[bold green]You win![/]" if mine.result == WIN else "[bold green]A shared victory![/]"
        return f"You finish #{mine.rank if mine is not None else '?'} with {vp} VP."

    # --- narration ---------------------------------------------------------------------------------
    needs_state = frozenset({"no-effect", "collect", "scoring", "vp"})   # explained with the state's numbers

    def narrate(self, event: dict, you: int | None, state: dict | None = None) -> str | None:
        """One event as a line of rich markup, or None when it says nothing a player would read. With
        ``you`` set, other players' secrets stay hidden (their decisions, their Mine numbers: T16).
        Events of ``needs_state`` are explained from ``state``, the seat's view as the event happens."""
        kind = event["e"]
        explain = _EXPLAINED.get(kind)
        if explain is not None:
            return explain(self, event, you, state)
        special = _SPECIAL.get(kind)
        if special is not None:
            return special(self, event, you)
        template = TEMPLATES.get(kind, "")
        if template is None or kind == "decision":
            return None
        if not template:
            return "[dim]" + kind + ": " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "e") + "[/]"
        return template.format_map(self._fields(event, you))

    def _fields(self, e: dict, you: int | None) -> dict[str, Any]:
        """The event's fields, plus readable names for seats, cells, weapons, cards, statuses."""
        rs = self.ruleset
        out: dict[str, Any] = dict(e)
        for key in ("player", "owner", "target", "attacker", "defender", "by", "opponent", "starting_player"):
            if key in e:
                out["who" if key == "player" else key] = self.who(e[key], you)
        for key in ("cell", "frm", "to", "mech"):
            if key in e:
                out[key] = label(self.cols, e[key])
        if "weapon" in e:
            out["weapon"] = rs.weapons[e["weapon"]].name if e["weapon"] in rs.weapons else e["weapon"]
        if e.get("card"):
            out["card"] = card_name(rs, e["card"])
        if "orientation" in e:
            out["arrow"] = e["orientation"] + ARROWS.get(e["orientation"], "")
        if "status" in e:
            out["status"] = STATUS.get(e["status"], e["status"])
        for key in ("action", "instead_of"):
            if key in e:
                out[key] = ACTIONS.get(e[key], e[key])
        if "resource" in e:
            out["icon"] = ICONS.get(e["resource"], e["resource"])
        if "pilot" in e and e.get("e") == "pilot":
            out["pilot"] = rs.pilots[e["pilot"]].name
        if "side" in e:
            out["side"] = next((s.name for s in rs.mech_sides if s.id == e["side"]), e["side"])
        if isinstance(e.get("players"), list):
            out["players"] = ", ".join(map(str, e["players"]))
        if "source" in e:
            out["source"] = self._source(str(e["source"])) if e.get("e") == "ability" else \
                str(e["source"]).replace("-", " ")
        return out

    def _source(self, source: str) -> str:
        """An ability's entity (``tem-core weapons riot-shield``) by its name, with the ability's text."""
        rs = self.ruleset
        entity = source.rsplit(" ", 1)[-1].rsplit("/", 1)[-1]
        for group in (rs.weapons, rs.pilots, {side.id: side for side in rs.mech_sides}):
            if entity in group:
                return group[entity].name
        return source


LEGEND = [
    "[bold]3 ⚡$[/] zone value 3 (a Mine or Turret there costs 3, scores 3 VP); Collect pays 1 per icon: "
    "⚡ Energy, $ Credits",
    "[bold]mine 2[/] your Mine 2, [bold]mine ?[/] a secret one, [bold]turret[/] a Turret",
    "[bold]● RED PA9[/] Red, Power Armor, 9♥ (P Pilot, MM Mighty Mech)",
    "[bold]★[/] Starting Player [bold]▶[/] moving [bold]2/3[/] damage / Power Attack damage",
]

TEMPLATES: dict[str, str | None] = {
    "setup": "[bold]New game[/]: {players}, seed {seed}.",
    "chance": None,     # every draw is narrated by what it decides: arena, Starting Player, pilot, row
    "arena": "The arena is laid out; the Mighty Mech stands at {mech}.",
    "pilot": "{who} keeps pilot {pilot} ({health} health).",
    "starting-player": "{who} is the Starting Player.",
    "base": "{who} places their Base at {cell}.",
    "programmed": "Everyone has programmed.",
    "reveal": "[bold]Turn {turn}[/]: {who} plays {card} {arrow}",
    "blocked": "  {who} is blocked: in Ad Hoc Mode a first move into an enemy pilot's zone is blocked.",
    "enter": None,
    "mine": "  [bold red]BOOM[/] {who} hits {owner}'s Mine {number} at {cell}: {damage} damage.",
    "turret": "  [bold red]Turret[/] of {owner} fires at {who}: {damage} damage.",
    "token-returned": "  {who}'s {token} at {cell} returns to supply.",
    "combat-start": "  [bold]COMBAT[/] at {cell}: {attacker} against {defender}.",
    "attack": "  {who} attacks {target} with {weapon}: {damage} damage.",
    "status": "  {who} is now {status} ({health} health).",
    "retreat": "  {who} has no ready weapon and retreats.",
    "ad-hoc": "  {who} goes into Ad Hoc Mode for the rest of the round.",
    "combat-end": "  Combat ends ({outcome}).",
    "mech-taken": "  [bold magenta]{who} takes the Mighty Mech[/] ({side}).",
    "mech-lost": "  {who} loses the Mighty Mech at {cell}.",
    "action": "  {who}: {action}.",
    "heal": "  {who} heals to {health}.",
    "upgrade": "  {who} upgrades to Power Armor.",
    "ability": "  {who}'s ability: {source}.",
    "gain": "  {who} gains {amount}{icon}.",
    "pay": "  {who} pays {amount}{icon}.",
    "lose": "  {who} loses {amount}{icon}.",
    "round-end": None,
    "abort": "[bold red]The game was aborted:[/] {reason}",
    "robot": "{who} is Robot {loadout} in Power Armor ({health} health).",
    "robot-facing": None,
    "robot-reshuffle": "  {who} (Robot) reshuffles its weapons and fights on.",
    "robot-no-power": "  {who} (Robot) never uses the Mighty Mech's power.",
    "robot-ally-token": "  {who} (Robot) is not hurt by another Robot's {token}.",
}


def _deploy(pic: Picture, e: dict, you: int | None) -> str:
    f = pic._fields(e, you)
    if e["token"] == "turret":
        what = "a Turret"
    elif you is not None and e["player"] != you:
        what = "a Mine (its number is secret)"
    else:
        what = f"Mine {e['number']}"
    if e.get("setup"):
        return f"{f['who']} hides {what} on their Base at {f['cell']}."
    moved = f" (moved from {label(pic.cols, e['moved_from'])})" if e.get("moved_from") else ""
    return f"  {f['who']} deploys {what} at {f['cell']}{moved}."


def _move(pic: Picture, e: dict, you: int | None) -> str:
    f = pic._fields(e, you)
    if e["e"] == "respawn":
        return f"  {f['who']} respawns at {f['to']}."
    if e["e"] == "relocate":
        return f"  {f['who']} moves to {f['to']}."
    if e.get("wall"):
        return f"  {f['who']} hits a wall and stays at {f['frm']}."
    return f"  {f['who']} {'jumps' if e.get('jump') else 'moves'} {f['frm']} → {f['to']}."


def _weapons(pic: Picture, e: dict, you: int | None) -> str:
    names = ", ".join(pic.ruleset.weapons[w].name for w in e["equipped"])
    return f"  {pic.who(e['player'], you)} equips {names}."


def _named_list(pic: Picture, e: dict, you: int | None) -> str:
    if e["e"] == "row":
        return "Advanced row: " + ", ".join(pic.ruleset.weapons[w].name for w in e["row"]) + "."
    return "Basic weapons: " + ", ".join(f"{pic.who(s, you)} {pic.ruleset.weapons[w].name}"
                                         for s, w in enumerate(e["chosen"])) + "."


def _narrated(kind: str) -> str:
    """The template of an event ``kind`` the board always narrates (``TEMPLATES`` has one for it)."""
    template = TEMPLATES[kind]
    assert template is not None, kind
    return template


def _reveal(pic: Picture, e: dict, you: int | None) -> str:
    return _narrated("reveal").format_map(pic._fields(e, you)) + (" (Ad Hoc)" if e.get("ad_hoc") else "")


def _attack(pic: Picture, e: dict, you: int | None) -> str:
    line = _narrated("attack").format_map(pic._fields(e, you))
    return line.replace(" with ", " with [bold]POWER ATTACK[/] ", 1) if e["power"] else line


def _ko(pic: Picture, e: dict, you: int | None) -> str:
    by = f" by {pic.who(e['by'], you)}" if e.get("by") is not None else ""
    status = STATUS.get(e["status"], e["status"])
    return f"  [bold red]KO![/] {pic.who(e['player'], you)} ({status}) is knocked out{by}."


def _round_start(pic: Picture, e: dict, you: int | None) -> str:
    return f"\n[bold reverse] Round {e['round']} [/] {pic.who(e['starting_player'], you)} starts."


def _game_end(pic: Picture, e: dict, you: int | None) -> str:
    rows = [f"#{r['rank']} {pic.who(r['player'], you)} {r['vp']} VP" for r in e["standings"]]
    return "[bold]Game over.[/] " + "   ".join(rows)


# Why a Robot could not take its card's action (R3), as the robot_pilots events name it, in words.
ROBOT_CANNOT = {"owns-4-advanced": "it owns 4 Advanced weapons", "cannot-afford": "it cannot pay",
                "in-mighty-mech": "it is in the Mighty Mech", "full-health": "its health is full",
                "zone-taken": "a token is already in its zone", "no-token": "it has none left in supply",
                "mighty-mech-zone": "the Mighty Mech stands in its zone"}


def _robot_collects(pic: Picture, e: dict, you: int | None) -> str:
    f = pic._fields(e, you)
    why = ROBOT_CANNOT.get(e["why"], str(e["why"]).replace("-", " "))
    return f"  {f['who']} (Robot) cannot {f['instead_of']} ({why}): Collect instead."


def _robot_sight(pic: Picture, e: dict, you: int | None) -> str:
    who = pic.who(e["player"], you)
    if e.get("blocked"):
        return f"  {who} (Robot, facing {e['facing']}) finds its way blocked."
    return f"  {who} (Robot, facing {e['facing']}) heads for {label(pic.cols, e.get('to'))}."


_SPECIAL: dict[str, Any] = {
    "deploy": _deploy, "move": _move, "respawn": _move, "relocate": _move, "equip": _weapons,
    "robot-loadout": _weapons, "row": _named_list, "basic-weapons": _named_list,
    "reveal": _reveal, "attack": _attack, "ko": _ko, "round-start": _round_start, "game-end": _game_end,
    "robot-sight": _robot_sight, "robot-collects": _robot_collects,
    "purchase": lambda pic, e, you: "  {who} buys {weapon}.".format_map(
        pic._fields(e, you)),
}


# --- events explained with the numbers of the state ---------------------------------------------------
def _no_effect(pic: Picture, e: dict, you: int | None, state: dict | None) -> str:
    f = pic._fields(e, you)
    action = {"mine": "Deploy Mine", "turret": "Deploy Turret"}.get(e["action"], f["action"])
    why = pic.reasons.no_effect(e, state, yours=e["player"] == you)
    return f"  {f['who']}: {action} has no effect: {escape(why)}."


def _collect(pic: Picture, e: dict, you: int | None, state: dict | None) -> str:
    now = e["now"]
    zones = pic.reasons.collect(e, state)
    return (f"  {pic.who(e['player'], you)} collects {e['energy']}⚡ {e['credits']}$ "
            f"(now {now['energy']}⚡ {now['credits']}$){': ' + escape(zones) if zones else ''}.")


def _damage(pic: Picture, e: dict, you: int | None, state: dict | None) -> str:
    f = pic._fields(e, you)
    return (f"  {f['who']} takes {e['dealt']} damage{pic.reasons.capped(e)} ({f['source']}), "
            f"{e['health']} health left.")


def _scoring(pic: Picture, e: dict, you: int | None, state: dict | None) -> str:
    pic.scoring = {p["seat"]: pic.reasons.scoring_items(state, p["seat"]) for p in state["players"]} \
        if state is not None else {}
    return f"[bold]Scoring after round {e['round']}[/]"


def _vp(pic: Picture, e: dict, you: int | None, state: dict | None) -> str:
    """A VP award; a zone's score names its zone (T14, in the order the scoring hook gives them)."""
    f = pic._fields(e, you)
    source = VP_SOURCES.get(str(e["source"]), f["source"])
    if str(e["source"]).startswith("weapon:"):
        wid = str(e["source"]).split(":", 1)[1]
        source = f"owning {pic.ruleset.weapons[wid].name}" if wid in pic.ruleset.weapons else source
    queue = pic.scoring.get(e["player"], [])
    if queue and queue[0][0] == e["source"]:
        source = queue.pop(0)[1]
    return f"  [bold green]+{e['vp']} VP[/] {f['who']} for {escape(source)}, now {e['total']}"


VP_SOURCES = {"damage": "damage dealt", "ko": "a KO", "combat-start": "starting Combat",
              "ability": "an ability",
              "mech-control": "controlling the Mighty Mech", "zone-pilot": "the pilot's zone",
              "retreat": "the enemy's retreat", "mech-enter": "entering the Mighty Mech",
              "mine-ko": "a KO by a Mine", "turret-ko": "a KO by a Turret",
              "zone-mine": "a Mine's zone", "zone-turret": "a Turret's zone"}

_EXPLAINED: dict[str, Any] = {"no-effect": _no_effect, "collect": _collect, "damage": _damage,
                              "scoring": _scoring, "vp": _vp}
