"""Show: Mecha Game's board in a browser, its GameDefinition's ``web`` member (``rulecraft serve``): the 7x5
grid (M1) as SVG with every unit and its counters (durability, armour, time: M16, M17) and keywords, each
player's zones (M18: the opponent's hand only as a count, no deck its order), bandwidth and population
(M11), and the click target of each option of a decision.

Like the terminal board (``rulecraft.plugins.mecha.picture``) it draws a *state*: one seat's view, or the
public view for a spectator; never the game. Words (narration, option labels, the rules behind a
decision) are the terminal board's, which the server reuses. Every text is escaped: a pack's card names
are data.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from rulecraft.compiler.docgen.plaintext import one_line
from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.model import MECHA, TOWER, Ruleset
from rulecraft.plugins.mecha.picture import SEAT_NAMES, card_codes
from rulecraft.plugins.mecha.words import card_words, keyword_names, plural
from rulecraft.runtime.decisions import Decision

CELL = 72
MARGIN = 22
LEGEND = "⚔ power  ♥ durability  A armour  T time  (Ar Sp Ra Pi Fl Re: keywords)"
SEAT_COLOURS = ("#2a7f72", "#b5283a")          # seat a, seat b (the terminal's green and red)
STYLE = """<style>
.rc-mecha{font-family:sans-serif;display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.rc-mecha svg{max-width:100%;height:auto}
.rc-mecha .cell{fill:#f6f4ef;stroke:#999}
.rc-mecha .entry{fill:#ece6d6}
.rc-mecha [data-target]:focus{outline:3px solid #f4a261}
.rc-mecha .zones{display:flex;flex-direction:column;gap:8px;min-width:16em}
.rc-mecha .seat{border:2px solid;border-radius:6px;padding:6px}
.rc-mecha .hand{display:flex;flex-wrap:wrap;gap:6px;list-style:none;padding:0;margin:4px 0}
.rc-mecha .card{border:1px solid #555;border-radius:5px;padding:4px;max-width:15em;font-size:.85em;
background:#fff}
.rc-mecha .track{display:inline-flex;gap:2px;vertical-align:middle}
.rc-mecha .pip{width:.8em;height:.8em;border:1px solid #555;border-radius:2px}
.rc-mecha .pip.on{background:#b5283a}
</style>"""


def text(value: object) -> str:
    """Pack or state text made safe for HTML and XML: one line, no control character, escaped."""
    return escape(one_line(value))


def _cell_names(state: dict[str, Any], cols: int, rows: int) -> list[list[str]]:
    """The grid's rows as drawn, top first: seat a sees its entry zone (row 1) at the bottom, seat b its
    own (the last row) at the bottom, a spectator as seat a does."""
    letters = [chr(97 + c) for c in range(cols)]
    order = range(rows, 0, -1) if state.get("you") != 1 else range(1, rows + 1)
    columns = letters if state.get("you") != 1 else letters[::-1]
    return [[f"{x}{row}" for x in columns] for row in order]


class Board:
    """Mecha Game in a browser: ``board(state, you)`` draws a seat's view as HTML with inline SVG,
    ``targets(decision, state)`` names the element each option is answered by clicking."""

    def __init__(self, ruleset: Ruleset, colours: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.codes = card_codes(ruleset)

    # --- the markup ----------------------------------------------------------------------------
    def board(self, state: dict[str, Any], you: int | None) -> str:
        return (f'<div class="rc-mecha">{STYLE}{self.grid(state)}'
                f'<div class="zones">{"".join(self.seat(p, state, you) for p in state["players"])}</div>'
                "</div>")

    def grid(self, state: dict[str, Any]) -> str:
        rules = self.ruleset.rules
        names = _cell_names(state, rules.cols, rules.rows)
        width, height = rules.cols * CELL + 2 * MARGIN, rules.rows * CELL + 2 * MARGIN
        turn = (f"Turn {state['turn']}: seat {SEAT_NAMES[state['active']]} to play "
                f"({state['phase']} phase)")
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
               f'height="{height}" role="img" aria-label="{text(turn)}" font-family="sans-serif">',
               f"<title>{text(turn)}</title>"]
        entry = {f"{chr(97 + c)}1": 0 for c in range(rules.cols)}
        entry.update({f"{chr(97 + c)}{rules.rows}": 1 for c in range(rules.cols)})
        for y, row in enumerate(names):
            out.append(f'<text x="{MARGIN - 12}" y="{MARGIN + y * CELL + CELL / 2 + 4}" font-size="12" '
                       f'text-anchor="middle">{text(row[0][1:])}</text>')
            for x, name in enumerate(row):
                left, top = MARGIN + x * CELL, MARGIN + y * CELL
                if y == 0:
                    out.append(f'<text x="{left + CELL / 2}" y="{MARGIN - 7}" font-size="12" '
                               f'text-anchor="middle">{text(name[0])}</text>')
                out.append(self.cell(name, left, top, state["units"].get(name), entry.get(name)))
        out.append(f'<text x="{MARGIN}" y="{height - 5}" font-size="10">{text(LEGEND)}</text></svg>')
        return "".join(out)

    def cell(self, name: str, left: int, top: int, unit: dict[str, Any] | None, entry: int | None) -> str:
        """One cell, the click target ``cell-<name>`` of whatever is answered there: a card entering it,
        the unit on it moving or attacking, a target chosen, an ability of the unit on it."""
        zone = f", seat {SEAT_NAMES[entry]}'s entry zone" if entry is not None else ""
        what = self.unit_words(unit) if unit is not None else "empty"
        out = [f'<g data-target="cell-{text(name)}" aria-label="{text(f"{name}{zone}: {what}")}">',
               f'<rect class="cell{" entry" if entry is not None else ""}" x="{left}" y="{top}" '
               f'width="{CELL}" height="{CELL}"><title>{text(f"{name}{zone}: {what}")}</title></rect>']
        if unit is not None:
            out.append(self.unit(unit, left, top))
        out.append("</g>")
        return "".join(out)

    def unit(self, unit: dict[str, Any], left: int, top: int) -> str:
        """A unit: its owner's colour, its code, power (a mecha's, with this turn's modifier), keywords,
        and its counters along the bottom: durability, armour, time (M16, M17)."""
        card = self.ruleset.cards[unit["card"]]
        colour = SEAT_COLOURS[unit["owner"] % 2]
        radius = 4 if card.type == TOWER else 16       # towers square, mechas round
        used = unit["moved"] or unit["attacked"]
        out = [f'<rect x="{left + 4}" y="{top + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="{radius}" '
               f'fill="{colour}" fill-opacity="{0.55 if used else 0.85}" stroke="#222"/>',
               f'<text x="{left + CELL / 2}" y="{top + 34}" font-size="17" font-weight="bold" fill="#fff" '
               f'text-anchor="middle">{text(self.codes[card.id])}</text>']
        if card.type == MECHA:
            power = card.power + unit["modifiers"].get("power", 0)
            out.append(f'<text x="{left + 9}" y="{top + 18}" font-size="11" fill="#fff">⚔{power}</text>')
        marks = " ".join(word[:2] + word.partition(" ")[2] for word in keyword_names(card.keywords))
        if marks:
            out.append(f'<text x="{left + CELL - 8}" y="{top + 17}" font-size="9" fill="#fff" '
                       f'text-anchor="end">{text(marks)}</text>')
        counters = [f"♥{unit['durability']}"]
        counters += [f"A{unit['armour']}"] if unit["armour"] else []
        counters += [f"T{unit['time']}"] if unit["time"] else []
        out.append(f'<text x="{left + CELL / 2}" y="{top + CELL - 11}" font-size="11" fill="#fff" '
                   f'text-anchor="middle">{text(" ".join(counters))}</text>')
        return "".join(out)

    def unit_words(self, unit: dict[str, Any]) -> str:
        """A unit in words, for its tooltip and screen readers: owner, card text, counters, what it did."""
        card = self.ruleset.cards[unit["card"]]
        counters = [f"durability {unit['durability']}", f"armour {unit['armour']}"]
        if unit["time"]:
            counters.append(f"time {unit['time']}")
        counters += [f"{name} {value:+d} this turn" for name, value in unit["modifiers"].items() if value]
        done = [w for w, flag in (("moved", unit["moved"]), ("attacked", unit["attacked"])) if flag]
        return (f"seat {SEAT_NAMES[unit['owner']]}'s {card_words(card)} Now {', '.join(counters)}"
                f"{'; it has ' + ' and '.join(done) if done else ''}.")

    def seat(self, player: dict[str, Any], state: dict[str, Any], you: int | None) -> str:
        """A player's zones (M18) with bandwidth and population (M11): the hand as cards when it is
        yours (each card the target ``hand-<id>`` of playing it as a command), else its size."""
        seat, rules, cards = player["seat"], self.ruleset.rules, self.ruleset.cards
        name = "You" if seat == you else f"Seat {SEAT_NAMES[seat]}"
        active = " (to play)" if state["active"] == seat else ""
        damage = len(player["damage"])
        pips = "".join(f'<span class="pip{" on" if i < damage else ""}"></span>'
                       for i in range(rules.damage_limit))
        hand = player["hand"]
        if isinstance(hand, list):
            counts: dict[str, int] = {}
            for card_id in hand:
                counts[card_id] = counts.get(card_id, 0) + 1
            shown = "".join(self.hand_card(card_id, n) for card_id, n in counts.items())
            hand_html = f'<ul class="hand" aria-label="hand">{shown}</ul>' if shown else "<p>Hand: empty</p>"
        else:
            hand_html = f"<p>Hand: {text(plural(hand, 'card'))}</p>"
        deck = player["deck"] if isinstance(player["deck"], int) else len(player["deck"])
        discard = ", ".join(cards[c].name for c in player["discard"]) or "empty"
        return (f'<section class="seat" data-seat="{seat}" style="border-color:{SEAT_COLOURS[seat % 2]}">'
                f"<h3>{text(name + active)}</h3>"
                f"<p>Bandwidth {player['bandwidth']}, population {player['population']}; "
                f"deck {deck}</p>"
                f'<p>Damage {damage}/{rules.damage_limit} <span class="track" role="meter" '
                f'aria-valuenow="{damage}" aria-valuemin="0" aria-valuemax="{rules.damage_limit}">{pips}'
                f"</span></p>"
                f"{hand_html}<p>Discard: {text(discard)}</p></section>")

    def hand_card(self, card_id: str, copies: int) -> str:
        card = self.ruleset.cards[card_id]
        many = f" ×{copies}" if copies > 1 else ""
        return (f'<li class="card" data-target="hand-{text(card_id)}"><b>{text(self.codes[card_id])}'
                f"</b> {text(card_words(card))}{text(many)}</li>")

    # --- what each option is answered by clicking ------------------------------------------------
    def targets(self, decision: Decision, state: dict[str, Any]) -> list[str | None]:
        """Per option: a card enters on its cell; a move or an attack is its unit's (the list then says
        where to); a command is its card in your hand; a chosen target its cell; a waiting ability its
        unit's cell; a pass is answered from the list only."""
        return [self.target(decision.kind, option) for option in decision.options]

    @staticmethod
    def target(kind: str, option: Any) -> str | None:
        if kind == K.TARGET and isinstance(option, str):
            return f"cell-{option}"
        if not isinstance(option, tuple) or not option:
            return None
        verb = option[0]
        if verb == "play":
            return f"cell-{option[2]}"
        if verb in ("move", "attack"):
            return f"cell-{option[1]}"
        if verb == "command":
            return f"hand-{option[1]}"
        if kind == K.TRIGGER_ORDER and len(option) == 3:
            return f"cell-{option[1]}"
        return None
