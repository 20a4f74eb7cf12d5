"""Show: Mecha Game's terminal board, its GameDefinition's ``board`` member (``rulecraft play`` and
``rulecraft replay --watch``): the 7x5 grid (M1) with every unit and its counters (durability, armour,
time: M16, M17), each player's zones, bandwidth and population (M11), the narration of each event, and
the words of each decision, the response windows of M15 included.

It draws a *state*: one player's view (M18: the opponent's hand shows only its size, no deck its order)
when a person plays, or the whole snapshot when a log is watched; it never reads the game itself.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.text import Text

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.model import Ruleset
from rulecraft.runtime.decisions import Decision

SEAT_NAMES = ("a", "b")
WAY_WORDS = {"deck-out": "an empty deck to draw from (M20 1)",
             "attacked-with-empty-deck": "a direct attack on an empty deck (M20 1)",
             "damage": "a 5th damage card (M20 2)", "entry-zone-full": "no room in the entry zone (M20 3)"}


def code(name: str) -> str:
    """Two letters for a card on the grid: the initials of a two-word name, else its first two letters."""
    words = name.split()
    return (words[0][0] + words[1][0] if len(words) > 1 else name[:2]).upper()


def _count(value: Any) -> int:
    """A zone's size, whether the state holds the zone (a snapshot, your hand) or only its size (a view)."""
    return value if isinstance(value, int) else len(value)


def picture(state: dict[str, Any], ruleset: Ruleset, you: int | None) -> list[str]:
    """The position as lines of plain text, as ``you`` see it (None: a watcher of the whole game)."""
    rules, cards, units = ruleset.rules, ruleset.cards, state["units"]
    letters = [chr(97 + c) for c in range(rules.cols)]
    seat = f"; you are seat {SEAT_NAMES[you]}" if you is not None else ""
    lines = [f"Turn {state['turn']}: seat {SEAT_NAMES[state['active']]} to play ({state['phase']} phase)"
             f"{seat}", "     " + "".join(f"{x:^5}" for x in letters)]
    for row in range(rules.rows, 0, -1):
        cells = []
        for x in letters:
            unit = units.get(f"{x}{row}")
            cells.append(f"{code(cards[unit['card']].name)}{SEAT_NAMES[unit['owner']]}" if unit else " . ")
        zone = "   seat b's entry zone" if row == rules.rows else "   seat a's entry zone" if row == 1 else ""
        lines.append(f"  {row:>2} " + "".join(f"{c:^5}" for c in cells) + zone)
    for cell in sorted(units, key=lambda c: (int(c[1:]), c[0])):
        u = units[cell]
        card = cards[u["card"]]
        stats = f"durability {u['durability']}, armour {u['armour']}"
        if card.type == "mecha":
            stats = f"power {card.power + u['power_bonus']}, " + stats
        if u["time"]:
            stats += f", time {u['time']}"
        used = ", ".join(w for w, flag in (("moved", u["moved"]), ("attacked", u["attacked"])) if flag)
        flags = f" [{used}]" if used else ""
        lines.append(f"  {cell:<3} {card.name} ({SEAT_NAMES[u['owner']]}): {stats}{flags}")
    for p in state["players"]:
        hand = p["hand"]
        shown = ", ".join(cards[c].name for c in hand) if isinstance(hand, list) else f"{hand} cards"
        lines.append(f"  seat {SEAT_NAMES[p['seat']]}: bandwidth {p['bandwidth']}, "
                     f"population {p['population']}, deck {_count(p['deck'])}, "
                     f"damage {len(p['damage'])}/{rules.damage_limit}, "
                     f"discard {len(p['discard'])}; hand: {shown or 'empty'}")
    return lines


class Board:
    """Mecha Game at the terminal: the board, the narration and the words of each decision."""

    needs_state = frozenset()                    # no event needs the state to be told
    boundaries = frozenset({"turn", "game-end"})  # `replay --watch` shows the board before each turn

    def __init__(self, ruleset: Ruleset, colours: list[str], agents: list[str] | None = None) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.agents = list(agents or [])

    def boundary(self, event: dict[str, Any], state: dict[str, Any] | None) -> bool:
        return True

    def screen(self, state: dict[str, Any], you: int | None) -> Group:
        return Group(*(Text(line) for line in picture(state, self.ruleset, you)))

    def who(self, seat: int | None, you: int | None) -> str:
        if seat is None:
            return "nobody"
        return "you" if seat == you else f"seat {SEAT_NAMES[seat]}"

    def card(self, card_id: str | None) -> str:
        return escape(self.ruleset.cards[card_id].name) if card_id in self.ruleset.cards else str(card_id)

    def narrate(self, event: dict[str, Any], you: int | None, state: dict[str, Any] | None = None
                ) -> str | None:
        """One event as a line of markup, or None for what a player would not read. With ``you`` set, the
        opponent's secrets stay hidden (M18: the card it draws, its decisions)."""
        kind, who = event["e"], self.who(event.get("player"), you)
        if kind == "decision" or kind in ("end-of-turn",):
            return None
        if kind == "draw":
            if you is not None and event["player"] != you:
                return f"[dim]{who} draws a card ({event['hand']} in hand)[/]"
            return f"[dim]{who} draw{'s' if who != 'you' else ''} {self.card(event['card'])}[/]"
        if kind == "opening":
            return f"[bold]Seat {SEAT_NAMES[event['first']]} goes first[/] (M4)"
        if kind == "turn":
            return f"[bold]Turn {event['turn']}[/]: {who} to play"
        if kind == "enter":
            return f"{who} play{'s' if who != 'you' else ''} {self.card(event['card'])} on {event['cell']}"
        if kind == "command":
            return f"{who} play{'s' if who != 'you' else ''} the command {self.card(event['card'])}" + (
                f" in the {event['window']} window" if event.get("window") else "")
        if kind == "move":
            return f"{self.card(event['card'])} moves {' → '.join(event['path'])}"
        if kind == "attack":
            return f"{self.card(event['card'])} on {event['attacker']} attacks {event['target']}"
        if kind == "damage":
            return (f"{self.card(event['card'])} on {event['cell']} takes {event['amount']} damage "
                    f"(durability {event['durability']})")
        if kind == "armour":
            return f"armour on {event['cell']} absorbs the attack ({event['armour']} left)"
        if kind == "destroyed":
            return f"[bold]{self.card(event['card'])}[/] on {event['cell']} is destroyed"
        if kind == "direct-attack":
            return f"[bold]a direct attack[/]: {event['damage']} damage cards (M19)"
        if kind == "game-end":
            if event["winner"] is None:
                return f"[bold]The game is a draw[/] ({escape(str(event['reason']))})"
            return (f"[bold]{self.who(event['winner'], you).capitalize()} win"
                    f"{'s' if event['winner'] != you else ''}[/]: {self.who(1 - event['winner'], you)} "
                    f"lost to {WAY_WORDS.get(event['reason'], event['reason'])}")
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("e", "player"))
        return f"[dim]{kind}: {escape(fields)}[/]"

    # --- the words of a decision -------------------------------------------------------------------
    def describe(self, decision: Decision) -> str:
        """What the decision is about, in a sentence: each response window (M15) says which it is."""
        context = decision.context
        if decision.kind == K.MAIN:
            return "Your main phase: choose an action (a command here is window (a), M15)."
        if decision.kind == K.WINDOW and context.get("window") == "attack":
            return (f"Attack window (b): {context.get('attacker')} attacks {context.get('target')}. "
                    f"Play a command or pass (M15).")
        if decision.kind == K.WINDOW:
            return "End window (c): play a command or pass (M15)."
        if decision.kind == K.TARGET:
            return f"Choose the target of '{context.get('verb')} {context.get('amount')}'."
        return "Your abilities are waiting: choose which resolves next (M7)."

    def option_text(self, option: Any) -> str:
        """An option of ``decisions`` in words: ``play Radio Tower on a1``, ``attack b2 -> opponent``."""
        if not isinstance(option, tuple):
            return str(option)
        verb, *rest = option
        if verb == "play":
            return f"play {self.ruleset.cards[rest[0]].name} on {rest[1]}"
        if verb == "command":
            return f"command {self.ruleset.cards[rest[0]].name}"
        if verb in ("move", "attack"):
            return f"{verb} {rest[0]} -> {rest[1]}"
        return " ".join(str(part) for part in option)

    def verdict(self, game: Any, seat: int, solo: bool) -> str:
        """Who won on which turn, and to which loss condition (M20)."""
        if game.winner is None:
            return f"[bold]The game is a draw[/] on turn {game.turn} ({escape(str(game.reason))})."
        how = WAY_WORDS.get(game.reason, game.reason)
        if game.winner == seat:
            return f"[bold green]You win![/] Seat {SEAT_NAMES[1 - seat]} lost to {how} on turn {game.turn}."
        return f"[bold red]Seat {SEAT_NAMES[game.winner]} wins:[/] you lost to {how} on turn {game.turn}."
