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
from rulecraft.plugins.mecha.model import MODIFIERS, Ruleset
from rulecraft.plugins.mecha.words import plural, step_words
from rulecraft.runtime.decisions import Decision

SEAT_NAMES = ("a", "b")
WAY_WORDS = {"deck-out": "an empty deck to draw from",
             "attacked-with-empty-deck": "a direct attack on an empty deck", "damage": "a fifth damage card",
             "entry-zone-full": "no room in the entry zone"}
TRIGGER_WORDS = {"enters": "it entered", "turn-start": "the turn started", "destroyed": "it was destroyed",
                 "last-time-counter": "its last time counter came off", "attacked": "it was attacked"}
RULES = {   # ? at a prompt: the rule behind it, in words (the ruling ids stay here, in the help)
    K.MAIN: ["Your main phase (M6): play cards, move and attack, in any order, then pass.",
             "A tower or mecha enters on an empty cell of your entry zone (your nearest row). A mecha costs "
             "bandwidth: your towers' total, less the cost of the mechas you have in play (M11).",
             "Each mecha moves once (one orthogonal space, more with Speed; never through a unit) and "
             "attacks once, in either order; towers never move or attack (M6, M8). An attack takes the "
             "attacker's power off the target's durability, or one armour counter instead (M12). A mecha "
             "in the enemy entry zone may attack the player directly: they put their top "
             "card in their damage zone; five damage cards lose (M19, M20).",
             "A command here resolves at once and is discarded (M15 (a)).",
             "On the compact grid RTb2 is seat b's Radio Tower with 2 durability; the big one (from "
             "110x34) names each unit, with d durability, a armour, t time counters."],
    K.WINDOW: ["A response window (M15): a command that names this window may be played now, or pass.",
               "The attack window (b) comes after an attack is declared and before it resolves; the end "
               "window (c) at the end of a turn."],
    K.TARGET: ["An ability chooses its target: any unit that fits may be chosen; it takes effect at once."],
    K.TRIGGER_ORDER: ["Several of your abilities wait at once: you choose the order they resolve in (M7)."],
}

def code(name: str) -> str:
    """Two letters for a card: the initials of a two-word name, else its first two letters."""
    words = name.split()
    return (words[0][0] + words[1][0] if len(words) > 1 else name[:2]).upper()


def card_codes(ruleset: Ruleset) -> dict[str, str]:
    """Each card's code on the grid and in the answer keys (``LA`` for Lancer), unique in the ruleset: a
    second card with the same two letters takes a third letter of its name. Letters only, so that a code
    never reads as a cell."""
    codes: dict[str, str] = {}
    for card in ruleset.cards.values():
        words = ["".join(ch for ch in word if ch.isalpha()) for word in card.name.upper().split()]
        words = [word for word in words if word] or ["X"]
        short = (words[0][0] + words[1][0] if len(words) > 1 else (words[0] + "X")[:2])
        extra = iter([*"".join(words)[2:], *map(chr, range(65, 91))])
        while short in codes.values():
            short = short[:2] + next(extra)
        codes[card.id] = short
    return codes


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
            stats = f"power {card.power + u['modifiers'].get('power', 0)}, " + stats
        if u["time"]:
            stats += f", time {u['time']}"
        used = ", ".join(w for w, flag in (("moved", u["moved"]), ("attacked", u["attacked"])) if flag)
        flags = f" [{used}]" if used else ""
        lines.append(f"  {cell:<3} {card.name} ({SEAT_NAMES[u['owner']]}): {stats}{flags}")
    for p in state["players"]:
        hand = p["hand"]
        shown = ", ".join(cards[c].name for c in hand) if isinstance(hand, list) else plural(hand, "card")
        lines.append(f"  seat {SEAT_NAMES[p['seat']]}: bandwidth {p['bandwidth']}, "
                     f"population {p['population']}, deck {_count(p['deck'])}, "
                     f"damage {len(p['damage'])}/{rules.damage_limit}, "
                     f"discard {len(p['discard'])}; hand: {shown or 'empty'}")
    return lines


class Board:
    """Mecha Game at the terminal: the board, the narration and the words of each decision."""

    needs_state = frozenset({"counters", *MODIFIERS})   # they name the card on the cell they change
    boundaries = frozenset({"turn", "game-end"})  # `replay --watch` shows the board before each turn

    def __init__(self, ruleset: Ruleset, colours: list[str], agents: list[str] | None = None) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.agents = list(agents or [])

    def boundary(self, event: dict[str, Any], state: dict[str, Any] | None) -> bool:
        return True

    def panes(self, seat: int) -> Any:
        """The full screen at a terminal: the grid, the players, your hand, the prompt and the log
        (``rulecraft.plugins.mecha.screen``), for ``seat``."""
        from rulecraft.plugins.mecha.screen import Panes

        return Panes(self, seat)

    def prompts(self, terminal: Any, seat: int) -> Any:
        """The person's seat: keys that name their action (``rulecraft.plugins.mecha.prompts``)."""
        from rulecraft.plugins.mecha.prompts import Prompts

        return Prompts(terminal, self, seat)

    def screen(self, state: dict[str, Any], you: int | None) -> Group:
        return Group(*(Text(line) for line in picture(state, self.ruleset, you)))

    def who(self, seat: int | None, you: int | None) -> str:
        if seat is None:
            return "nobody"
        return "you" if seat == you else f"seat {SEAT_NAMES[seat]}"

    def reveal_words(self, event: dict[str, Any], seat: int) -> str | None:
        """What an answer would show before it is confirmed (never the card itself): a draw of your own
        (M18), a direct attack's card off the top of a deck (M20)."""
        if event["e"] == "draw":
            return "Drawing reveals a card"
        if event["e"] == "direct-attack":
            return "A direct attack turns over the top card of a deck"
        return None

    def card(self, card_id: str | None) -> str:
        cards = self.ruleset.cards
        return escape(cards[card_id].name) if card_id is not None and card_id in cards else str(card_id)

    def narrate(self, event: dict[str, Any], you: int | None, state: dict[str, Any] | None = None
                ) -> str | None:
        """One event as a line of markup in words, or None for what a player would not read. With ``you``
        set, the opponent's secrets stay hidden (M18: the card it draws, its decisions)."""
        kind, who = event["e"], self.who(event.get("player"), you)
        s = "" if who == "you" else "s"         # you play, seat b plays
        card = self.card(event.get("card"))
        if kind in ("decision", "end-of-turn", "chance", "trigger", "discard", "pass"):   # said elsewhere
            return None
        if kind == "draw" and you is not None and event["player"] != you:
            return f"[dim]{who} draws a card ({plural(event['hand'], 'card')} in hand)[/]"
        window = f" in the {event.get('window')} window" if event.get("window") in ("attack", "end") else ""
        lines = {
            "draw": lambda: f"[dim]{who} draw{s} {card}[/]",
            "opening": lambda: f"[bold]{self.who(event['first'], you).capitalize()} "
                               f"go{'' if event['first'] == you else 'es'} first[/]",
            "turn": lambda: f"[bold]Turn {event['turn']}[/]: {who} to play",
            "enter": lambda: f"{who} play{s} {card} on {event['cell']}",
            "command": lambda: f"{who} play{s} the command {card}{window}",
            "move": lambda: f"{card} moves {' → '.join(event['path'])}",
            "attack": lambda: f"{card} on {event['attacker']} attacks {self.target(event, you)}",
            "fizzle": lambda: f"the attack on {event['target']} comes to nothing (its target is gone)",
            "damage": lambda: (f"{card} on {event['cell']} loses {event['amount']} durability "
                               f"({event['durability']} left)"),
            "armour": lambda: f"an armour counter on {event['cell']} absorbs the attack "
                              f"({event['armour']} left)",
            "destroyed": lambda: f"[bold]{card}[/] on {event['cell']} is destroyed",
            "direct-attack": lambda: f"[bold]a direct hit[/]: {self.who(1 - event['player'], you)} "
                                     f"{'have' if event['player'] != you else 'has'} "
                                     f"{event['damage']} of {self.ruleset.rules.damage_limit} damage cards",
            "counters": lambda: (f"{self.cell_card(event['cell'], state)} gets "
                                 f"{plural(event['added'], event['kind'] + ' counter')} "
                                 f"({event['total']} now)"),
            "time": lambda: f"a time counter comes off {card} on {event['cell']} ({event['time']} left)",
            "no-target": lambda: f"{who} {'have' if who == 'you' else 'has'} nothing to target: the ability "
                                 f"does nothing",
            "deck-out": lambda: f"[bold]{who} cannot draw[/]: the deck is empty",
            "entry-zone-full": lambda: f"[bold]{who} cannot play a card[/]: the entry zone is full",
            "game-end": lambda: self._end(event, you),
        }
        if kind in lines:
            return lines[kind]()
        gained = [k for k in event if k not in ("e", "cell", "added", "player")]
        if "cell" in event and "added" in event and len(gained) == 1:     # a modifier: +2 power
            return (f"{self.cell_card(event['cell'], state)} gets {event['added']:+d} {gained[0]} until end "
                    f"of turn ({event[gained[0]]} now)")
        return f"[dim]{escape(kind.replace('-', ' '))}[/]"

    def target(self, attack: dict[str, Any], you: int | None) -> str:
        """An attack's target: a cell, or the attacker's opponent directly (M19)."""
        target = attack["target"]
        return f"{self.who(1 - attack['player'], you)} directly" if target == K.OPPONENT else target

    def cell_card(self, cell: str, state: dict[str, Any] | None) -> str:
        """``the unit on c2``, or its card's name when the state says what stands there."""
        unit = (state or {}).get("units", {}).get(cell)
        return f"{self.card(unit['card'])} on {cell}" if unit else f"the unit on {cell}"

    def _end(self, event: dict[str, Any], you: int | None) -> str:
        if event["winner"] is None:
            return f"[bold]The game is a draw[/] ({escape(WAY_WORDS.get(event['reason'], event['reason']))})"
        winner, loser = self.who(event["winner"], you), self.who(1 - event["winner"], you)
        how = WAY_WORDS.get(event["reason"], event["reason"])
        return f"[bold]{winner.capitalize()} win{'' if winner == 'you' else 's'}[/]: {loser} lost to {how}"

    # --- the words of a decision -------------------------------------------------------------------
    def describe(self, decision: Decision, state: dict[str, Any]) -> str:
        """What the decision is about, in a sentence, from the seat's view: each response window says
        which it is, and the attack window which unit attacks which (``?`` gives the rule behind it)."""
        context = decision.context
        if decision.kind == K.MAIN:
            return "Your main phase: play a card, move, attack, or pass."
        if decision.kind == K.WINDOW and context.get("window") == "attack":
            attacker = self.unit(state, context.get("attacker"), decision.player)
            defender = 1 - state["active"]          # attacks are the active player's (M6)
            target = self.unit(state, context.get("target"), decision.player)
            if context.get("target") == K.OPPONENT:
                target = f"{'you' if decision.player == defender else 'seat ' + SEAT_NAMES[defender]} " \
                         f"directly"
            return f"Attack window (b): {attacker} attacks {target}. Play a command or pass."
        if decision.kind == K.WINDOW:
            return "End window (c): play a command or pass."
        if decision.kind == K.TARGET:
            return "Choose " + step_words(context.get("verb", ""), int(context.get("amount", 1)),
                                          context.get("target"), context.get("modifier")) + "."
        return "Several of your abilities wait: choose which resolves first."

    def rules(self, decision: Decision) -> list[str]:
        """The rule behind a decision, in words (``?``)."""
        return RULES.get(decision.kind, [])

    def unit(self, state: dict[str, Any], cell: str | None, you: int) -> str:
        """``your Lancer on c2`` / ``seat b's Lancer on c3``; the cell alone when it is empty now."""
        unit = state["units"].get(cell or "")
        if unit is None:
            return str(cell)
        owner = "your" if unit["owner"] == you else f"seat {SEAT_NAMES[unit['owner']]}'s"
        return f"{owner} {self.ruleset.cards[unit['card']].name} on {cell}"

    def option_text(self, option: Any) -> str:
        """An option of ``decisions`` in words: ``play Radio Tower on a1``, ``c2 attacks the opponent``."""
        if not isinstance(option, tuple):
            return str(option)
        verb, *rest = option
        if verb == "play":
            return f"play {self.ruleset.cards[rest[0]].name} on {rest[1]}"
        if verb == "command":
            return f"play the command {self.ruleset.cards[rest[0]].name}"
        if verb == "move":
            return f"move {rest[0]} to {rest[1]}"
        if verb == "attack":
            return f"{rest[0]} attacks {'the opponent directly' if rest[1] == K.OPPONENT else rest[1]}"
        if verb == "pass":
            return "pass"
        if len(rest) == 2 and verb in self.ruleset.cards:       # a waiting ability: (card, cell, trigger)
            return f"{self.ruleset.cards[verb].name} on {rest[0]} ({TRIGGER_WORDS.get(rest[1], rest[1])})"
        return " ".join(str(part) for part in option)

    def verdict(self, state: dict[str, Any], standings: Any, events: list[dict[str, Any]], seat: int,
                solo: bool) -> str:
        """Who won on which turn, and to which loss condition (M20), as the log's ``game-end`` says."""
        end: dict[str, Any] = next((e for e in reversed(events) if e["e"] == "game-end"), {})
        winner, reason, turn = end.get("winner"), str(end.get("reason")), state["turn"]
        how = WAY_WORDS.get(reason, reason)
        if winner is None:
            return f"[bold]The game is a draw[/] on turn {turn} ({escape(how)})."
        if winner == seat:
            return f"[bold green]You win![/] Seat {SEAT_NAMES[1 - seat]} lost to {how} on turn {turn}."
        return f"[bold red]Seat {SEAT_NAMES[winner]} wins:[/] you lost to {how} on turn {turn}."
