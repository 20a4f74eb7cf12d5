"""Show: Mecha Game's board in a browser, its GameDefinition's ``web`` member (``rulecraft serve``): the 7x5
grid (M1) with every unit, its counters (durability, armour, time: M16, M17) and keywords, each player's
zones (M18: the opponent's hand only as its size, no deck its order), bandwidth and population (M11), and
the click target of each option of a decision, and why a legal option is likely pointless or a click
answers nothing (``rulecraft.plugins.mecha.pointless``).

Like the terminal board (``rulecraft.plugins.mecha.picture``) it draws a *state*: one seat's view, or the
public view for a spectator; never the game. Words (narration, option labels, the rules behind a
decision) are the terminal board's, which the server reuses. It is built from the shared components
(``rulecraft.runtime.web.components``: grid, card, hand, track), which escape every text; pack text goes
through ``one_line`` first, so a control character in a card's name cannot break the markup either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.compiler.docgen.plaintext import one_line
from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.model import MECHA, TOWER, CardDef, Ruleset
from rulecraft.plugins.mecha.picture import SEAT_NAMES, card_codes
from rulecraft.plugins.mecha.pointless import Pointless
from rulecraft.plugins.mecha.words import card_words, keyword_names, keyword_reminders, plural, stats
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.web.components import Markup, card, cell_names, facts, grid, hand, tag, track

LEGEND = "⚔ power, ♥ durability, A armour, T time counters; Ar Sp Ra Pi Fl Re: keywords"
STYLE = Markup("""<style>
.mecha-board{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.mecha-board .board-grid{flex:1 1 24em;max-width:40em;margin:0}
.mecha-board .cell.entry{background:#f4f1e8}
.mecha-board .unit{display:flex;flex-direction:column;align-items:center;line-height:1.1;font-size:.8em;
padding:.2em .3em;min-width:3.2em}
.mecha-board .unit.tower{border-radius:.15em}.mecha-board .unit.mecha{border-radius:1em}
.mecha-board .unit.used{opacity:.65}.mecha-board .unit .code{font-size:1.25em}
.mecha-board .unit .keys{font-size:.75em;font-weight:normal}
.mecha-board .zones{flex:1 1 18em}
.mecha-board .legend{font-size:.8em;opacity:.8}
</style>""")


def clean(value: object) -> str:
    """Pack or state text on one line, without control characters (XML forbids them); the components
    escape it."""
    return one_line(value)


class Board:
    """Mecha Game in a browser: ``board(state, you)`` draws a seat's view (or the public one),
    ``targets(decision, state)`` names the element each option is answered by clicking."""

    def __init__(self, ruleset: Ruleset, colours: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.codes = card_codes(ruleset)
        self.pointless = Pointless(ruleset)

    # --- the markup ----------------------------------------------------------------------------
    def board(self, state: dict[str, Any], you: int | None) -> Markup:
        players = sorted(state["players"], key=lambda p: p["seat"] != you)     # yours first
        return tag("div", STYLE, self.grid(state, you),
                   tag("div", *(self.seat(p, state, you) for p in players), class_="zones"),
                   class_="mecha-board")

    def grid(self, state: dict[str, Any], you: int | None) -> Markup:
        """The grid from your side (seat b sees it turned round: its entry zone at the bottom too); every
        cell is the click target of what is answered there, by its name (``c2``): a card entering it,
        the unit on it moving or attacking, a target chosen, an ability of the unit on it."""
        rules = self.ruleset.rules
        rows = cell_names(rules.cols, rules.rows)
        if you == 1:
            rows = [row[::-1] for row in rows[::-1]]
        entry = {f"{chr(97 + c)}{row}" for c in range(rules.cols) for row in (1, rules.rows)}
        units = {cell: self.unit(unit) for cell, unit in state["units"].items()}
        turn = (f"Turn {state['turn']}: seat {SEAT_NAMES[state['active']]} to play "
                f"({state['phase']} phase)")
        return tag("div", grid(rows, units, classes=dict.fromkeys(entry, "entry"), caption=turn),
                   tag("p", LEGEND, class_="legend"))

    def unit(self, unit: dict[str, Any]) -> Markup:
        """A unit in its owner's colour: its code, a mecha's power (with this turn's modifier), its
        keywords and counters; its tooltip says it all in words."""
        card_def = self.ruleset.cards[unit["card"]]
        top = []
        if card_def.type == MECHA:
            top.append(f"⚔{card_def.power + unit['modifiers'].get('power', 0)}")
        keys = " ".join(word[:2] + word.partition(" ")[2] for word in keyword_names(card_def.keywords))
        counters = [f"♥{unit['durability']}"]
        counters += [f"A{unit['armour']}"] if unit["armour"] else []
        counters += [f"T{unit['time']}"] if unit["time"] else []
        used = " used" if unit["moved"] or unit["attacked"] else ""
        kind = "tower" if card_def.type == TOWER else "mecha"
        return tag("span", tag("span", " ".join(top), class_="power") if top else "",
                   tag("span", self.codes[card_def.id], class_="code"),
                   tag("span", keys, class_="keys") if keys else "",
                   tag("span", " ".join(counters), class_="counters"),
                   class_=f"piece unit seat-{unit['owner']} {kind}{used}", title=self.unit_words(unit))

    def unit_words(self, unit: dict[str, Any]) -> str:
        """A unit in words (its tooltip): owner, card text, counters now, what it did this turn."""
        card_def = self.ruleset.cards[unit["card"]]
        counters = [f"durability {unit['durability']}", f"armour {unit['armour']}"]
        if unit["time"]:
            counters.append(f"time {unit['time']}")
        counters += [f"{name} {value:+d} this turn" for name, value in unit["modifiers"].items() if value]
        done = [w for w, flag in (("moved", unit["moved"]), ("attacked", unit["attacked"])) if flag]
        return clean(f"seat {SEAT_NAMES[unit['owner']]}'s {card_words(card_def)} Now {', '.join(counters)}"
                     f"{'; it has ' + ' and '.join(done) if done else ''}.")

    def seat(self, player: dict[str, Any], state: dict[str, Any], you: int | None) -> Markup:
        """A player's zones (M18) with bandwidth and population (M11): your hand as cards (each the target
        ``hand-<id>`` of playing it as a command), another's as face-down cards; damage as a track (M20)."""
        seat, rules, cards = player["seat"], self.ruleset.rules, self.ruleset.cards
        name = "You" if seat == you else f"Seat {SEAT_NAMES[seat]}"
        active = " (to play)" if state["active"] == seat else ""
        held = player["hand"]
        if isinstance(held, list):
            counts: dict[str, int] = {}
            for card_id in held:
                counts[card_id] = counts.get(card_id, 0) + 1
            shown = hand([self.card(card_id, n, seat) for card_id, n in counts.items()],
                         label=f"Hand: {plural(len(held), 'card')}")
        else:
            shown = hand([], label=f"Hand: {plural(held, 'card')}", hidden=held)
        free = player["bandwidth"] - player["population"]
        deck = player["deck"] if isinstance(player["deck"], int) else len(player["deck"])
        return tag("section", tag("h3", name + active),
                   track("Population", player["population"], player["bandwidth"], owner=seat,
                         note=f"of {player['bandwidth']} bandwidth, {free} free"),
                   track("Damage", len(player["damage"]), rules.damage_limit, owner=seat),
                   facts({"Deck": plural(deck, "card"),
                          "Discard": ", ".join(clean(cards[c].name) for c in player["discard"]) or "empty"}),
                   shown, class_=f"seat seat-{seat}", data_seat=str(seat))

    def card(self, card_id: str, copies: int, owner: int) -> Markup:
        """A card of your hand with its generated English: stats, keywords with reminders (M16), time
        counters (M17), ability."""
        card_def: CardDef = self.ruleset.cards[card_id]
        time = f"enters with {plural(card_def.time, 'time counter')}" if card_def.time else ""
        lines = [stats(card_def), ", ".join(keyword_reminders(card_def.keywords)), time, card_def.text]
        return card(clean(f"{self.codes[card_id]} {card_def.name}"),
                    "\n".join(clean(line) for line in lines if line), target=f"hand-{card_id}", owner=owner,
                    kind=card_def.type, footer=f"{copies} copies" if copies > 1 else "")

    # --- why, in words: warnings and refusals (``rulecraft.plugins.mecha.pointless``) ----------------
    def option_warning(self, decision: Decision, option: Any, state: dict[str, Any]) -> str | None:
        """Why a legal option is likely pointless: power no mecha can use (M5, M6), a draw that loses
        (M20), an attack that removes nothing (M12)."""
        return self.pointless.option_warning(decision, option, state)

    def refusal(self, decision: Decision, target: str, state: dict[str, Any]) -> str | None:
        """Why a clicked cell or hand card answers nothing (M2, M6, M8-M13, M15)."""
        return self.pointless.refusal(decision, target, state)

    # --- what each option is answered by clicking ------------------------------------------------
    def targets(self, decision: Decision, state: dict[str, Any]) -> list[str | None]:
        """Per option: a card enters on its cell; a move or an attack is its unit's (the list then says
        where to); a command is its card in your hand; a chosen target its cell; a waiting ability its
        unit's cell; a pass is answered from the list only."""
        return [self.target(decision.kind, option) for option in decision.options]

    @staticmethod
    def target(kind: str, option: Any) -> str | None:
        if kind == K.TARGET and isinstance(option, str):
            return option
        if not isinstance(option, tuple) or not option:
            return None
        verb = option[0]
        if verb == "play":
            return str(option[2])
        if verb in ("move", "attack"):
            return str(option[1])
        if verb == "command":
            return f"hand-{option[1]}"
        if kind == K.TRIGGER_ORDER and len(option) == 3:
            return str(option[1])
        return None
