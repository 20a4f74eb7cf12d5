"""Show: Tiny Epic Mechs' board in a browser, its GameDefinition's ``web`` member (``rulecraft serve``): the
arena (``rulecraft.plugins.tem.websvg``), each player with their health, energy, credits and VP tracks,
pilot, weapons, tokens in supply and program (others' only as far as revealed, T16: the view already
holds no more), your program cards, the market, and the click target of each option of a decision.

It draws a *state*, one seat's view or a spectator's, never the game. Words (narration, option labels,
the rules behind a decision) are the terminal board's (``rulecraft.plugins.tem.board``), which the server
reuses; the card texts here are its too (``card_name``, ``weapon_text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem.board import ARROWS, abilities_text, card_name, price, weapon_text
from rulecraft.plugins.tem.model import Ruleset
from rulecraft.plugins.tem.reasons import STATUS, cell_name, label, max_health
from rulecraft.plugins.tem.websvg import Arena, colour_of, text
from rulecraft.runtime.decisions import Decision

CELL_KINDS = frozenset({D.BASE, D.ZONE, D.MOVE_TOKEN})
CARD_KINDS = frozenset({D.PROGRAM, D.AD_HOC_CARD})
STYLE = """<style>
.rc-tem{font-family:sans-serif;display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.rc-tem svg{max-width:100%;height:auto}
.rc-tem .side{display:flex;flex-direction:column;gap:8px;min-width:18em;max-width:40em}
.rc-tem .player{border:2px solid;border-radius:6px;padding:6px}
.rc-tem h3{margin:0 0 4px 0}
.rc-tem .cards{display:flex;flex-wrap:wrap;gap:5px;list-style:none;padding:0;margin:4px 0}
.rc-tem .card{border:1px solid #555;border-radius:5px;padding:3px 5px;font-size:.85em;background:#fff;
max-width:16em}
.rc-tem .card.done{opacity:.5}
.rc-tem .track{display:flex;align-items:center;gap:4px;font-size:.85em}
.rc-tem .track meter{width:8em}
.rc-tem [data-target]:focus{outline:3px solid #f4a261}
</style>"""


class Board:
    """Tiny Epic Mechs in a browser: ``board(state, you)`` draws a view as HTML with the arena in SVG,
    ``targets(decision, state)`` names the element each option is answered by clicking."""

    def __init__(self, ruleset: Ruleset, colours: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.arena = Arena(ruleset, len(self.colours))

    # --- the markup ----------------------------------------------------------------------------
    def board(self, state: dict[str, Any], you: int | None) -> str:
        side = [self.header(state), *(self.player(p, state, you) for p in state["players"])]
        if you is not None:
            side.append(self.hand(state["players"][you]))
        side.append(self.market(state))
        return (f'<div class="rc-tem">{STYLE}{self.arena.svg(state)}<div class="side">{"".join(side)}</div>'
                "</div>")

    def header(self, state: dict[str, Any]) -> str:
        rules = self.ruleset.rules
        if state["round"] == 0:
            return "<h2>Setup</h2>"
        turn = f"turn {state['turn']} of {rules.turns_per_round}" if state["turn"] else "programming"
        scoring = ", ".join(str(r) for r in sorted(rules.scoring_rounds))
        return (f"<h2>Round {state['round']} of {rules.rounds}, {turn}</h2>"
                f"<p>Scoring after rounds {text(scoring)}</p>")

    def player(self, p: dict[str, Any], state: dict[str, Any], you: int | None) -> str:
        """A player: pilot, status, tracks, weapons, supply, program. Only ``you`` get click targets here
        (your weapons, your Mines, the pilots dealt to you)."""
        rs, seat, mine = self.ruleset, p["seat"], p["seat"] == you
        marks = (["Starting Player"] if seat == state["starting_player"] and state["round"] else []) + \
            (["moving"] if seat == state.get("current") else [])
        title = p["colour"].capitalize() + (" (you)" if mine else "") + \
            (f" — {', '.join(marks)}" if marks else "")
        status = STATUS.get(p["status"], p["status"]) + (" (Ad Hoc)" if p.get("ad_hoc") else "")
        pilot = rs.pilots.get(p["pilot"]) if p.get("pilot") else None
        pilot_line = f"{pilot.name}: {abilities_text(pilot)}" if pilot else "no pilot yet"
        out = [f'<section class="player" data-seat="{seat}" '
               f'style="border-color:{colour_of(p["colour"], seat)}"><h3>{text(title)}</h3>',
               f"<p>{text(status)}; pilot {text(pilot_line)}</p>"]
        if p["pilot"] or p["pos"] >= 0:
            top = max_health(rs, p) if p.get("pilot") else p["health"]
            out += [self.track("Health", p["health"], top)]
        cap = rs.rules.resource_max
        out += [self.track("Energy", p["energy"], cap), self.track("Credits", p["credits"], cap),
                self.track("VP", p["vp"], None)]
        if p["pos"] >= 0:
            out.append(f"<p>At {label(self.arena.cols, p['pos'])}</p>")
        out.append(self.weapons(p, mine))
        out.append(self.supply(p, mine))
        out.append(self.program(p))
        dealt = p.get("dealt_pilots")
        if mine and isinstance(dealt, list) and p["pilot"] is None:
            cards = "".join(f'<li class="card" data-target="pilot-{text(pid)}"><b>{text(rs.pilots[pid].name)}'
                            f"</b>, {rs.pilots[pid].health} health: {text(abilities_text(rs.pilots[pid]))}</li>"
                            for pid in dealt if pid in rs.pilots)
            out.append(f'<p>Pilots dealt to you:</p><ul class="cards">{cards}</ul>')
        out.append("</section>")
        return "".join(out)

    @staticmethod
    def track(name: str, value: int, top: int | None) -> str:
        """One track as a meter (out of its top, when the rules give one) and its number."""
        shown = f"{value}/{top}" if top else str(value)
        meter = (f'<meter min="0" max="{top}" value="{min(value, top)}" aria-label="{name}"></meter>'
                 if top else "")
        return f'<div class="track"><span>{name}</span>{meter}<b>{text(shown)}</b></div>'

    def weapons(self, p: dict[str, Any], mine: bool) -> str:
        """Equipped weapons (yours the targets ``weapon-<id>`` of an attack) and the stockpile (T12)."""
        rs, seen = self.ruleset, set()
        cards = []
        for wid in p["equipped"]:
            target = f' data-target="weapon-{text(wid)}"' if mine and wid not in seen else ""
            seen.add(wid)
            cards.append(f'<li class="card"{target}>{text(self.weapon_words(wid))}</li>')
        stock = list(p["owned"])
        for wid in p["equipped"]:
            if wid in stock:
                stock.remove(wid)
        spare = ", ".join(rs.weapons[w].name if w in rs.weapons else w for w in stock)
        return (f'<p>Equipped:</p><ul class="cards">{"".join(cards) or "<li>nothing</li>"}</ul>'
                + (f"<p>Stockpile: {text(spare)}</p>" if spare else ""))

    def weapon_words(self, wid: str, cost: bool = False) -> str:
        weapon = self.ruleset.weapons.get(wid)
        ability = abilities_text(weapon) if weapon is not None else ""
        return weapon_text(self.ruleset, wid, cost=cost) + (f": {ability}" if ability else "")

    @staticmethod
    def supply(p: dict[str, Any], mine: bool) -> str:
        """Mines and Turrets in supply: your Mines by number (the targets ``mine-<n>`` of choosing one,
        T17), another player's only as a count (T16)."""
        mines = p["mine_supply"]
        if isinstance(mines, list):
            mark = ' data-target="mine-{}"' if mine else ""
            shown = "".join(f'<li class="card"{mark.format(n)}>Mine {text(n)}</li>' for n in mines)
            mine_html = f'<ul class="cards" aria-label="Mines">{shown or "<li>no Mine left</li>"}</ul>'
        else:
            mine_html = f"<p>Mines: {text(mines)} left</p>"
        return f"{mine_html}<p>Turrets: {text(p['turret_supply'])} left</p>"

    def program(self, p: dict[str, Any]) -> str:
        """The program (T4): each card with its orientation, as far as this view shows it; the cards of
        it not shown yet as a count; Ad Hoc Mode's played cards (T11)."""
        slots = []
        for k, (card, orientation) in enumerate(p["program"]):
            played = " done" if k < p["revealed"] else ""
            slots.append(f'<li class="card{played}">#{k + 1} {text(card_name(self.ruleset, card))} '
                         f"{text(orientation + ARROWS.get(orientation, ''))}</li>")
        hidden = p.get("program_size", len(p["program"])) - len(p["program"])
        if hidden > 0:
            slots.append(f'<li class="card">{hidden} hidden</li>')
        if p.get("ad_hoc") and p["used"]:
            slots += [f'<li class="card done">{text(card_name(self.ruleset, c))}</li>' for c in p["used"]]
        return f'<p>Program:</p><ul class="cards">{"".join(slots) or "<li>none</li>"}</ul>'

    def hand(self, p: dict[str, Any]) -> str:
        """Your program cards (the targets ``prog-<id>`` of programming them): what each moves, and where
        it stands this round."""
        rs = self.ruleset
        program = {c: k for k, (c, _) in enumerate(p["program"])}
        cards = []
        for card in rs.program_cards.get(p["colour"], ()):
            directions = rs.rules.movements[card.movement].directions
            note, done = "", card.id in p["used"]
            if card.id in program:
                note = f" (program #{program[card.id] + 1})"
                done = done or program[card.id] < p["revealed"]
            arrows = " ".join(ARROWS.get(d, d) for d in directions)
            cards.append(f'<li class="card{" done" if done else ""}" data-target="prog-{text(card.id)}">'
                         f"<b>{text(card_name(rs, card.id))}</b> {text(arrows)}{text(note)}</li>")
        return f'<section><h3>Your program cards</h3><ul class="cards">{"".join(cards)}</ul></section>'

    def market(self, state: dict[str, Any]) -> str:
        """The Advanced row (the targets ``row-<id>`` of buying one) and the Basic piles (``pile-<id>``)."""
        deck = state["deck"] if isinstance(state["deck"], int) else len(state["deck"])
        seen: set[str] = set()
        row = []
        for wid in state["row"]:
            target = f' data-target="row-{text(wid)}"' if wid not in seen else ""
            seen.add(wid)
            weapon = self.ruleset.weapons.get(wid)
            vp = f", {weapon.vp} VP" if weapon is not None and weapon.vp else ""
            cost = price(weapon.cost) if weapon is not None else ""
            row.append(f'<li class="card"{target}>{text(self.weapon_words(wid))} — {text(cost + vp)}</li>')
        # before the secret Basic picks there are no piles yet: every Basic weapon is one to choose
        counts = state["piles"] or {w.id: None for w in self.ruleset.basic_weapons}
        piles = "".join(f'<li class="card" data-target="pile-{text(wid)}">{text(self.weapon_words(wid))} — '
                        f"{text(price(self.ruleset.weapons[wid].cost) if wid in self.ruleset.weapons else '')}"
                        f"{'' if n is None else f' ×{n}'}</li>" for wid, n in counts.items())
        return (f'<section><h3>Advanced row</h3><p>Deck: {deck}</p><ul class="cards">'
                f'{"".join(row) or "<li>empty</li>"}</ul><h3>Basic piles</h3><ul class="cards">{piles}</ul>'
                "</section>")

    # --- what each option is answered by clicking ------------------------------------------------
    def targets(self, decision: Decision, state: dict[str, Any]) -> list[str | None]:
        """Per option: a cell for a Base, a zone or a token to move; a program card for a program pick
        (the list then says which way); a pilot, weapon or Mine card for choosing it; the Mighty Mech for
        taking it; None (the list only) for yes/no, amounts, loadouts and declining."""
        return [self.target(decision.kind, option, state) for option in decision.options]

    def target(self, kind: str, option: Any, state: dict[str, Any]) -> str | None:
        if option is None or isinstance(option, bool):
            return None
        if kind in CELL_KINDS and isinstance(option, int):
            return f"cell-{cell_name(self.arena.cols, option)}"
        if kind in CARD_KINDS and isinstance(option, tuple):
            return f"prog-{option[0]}"
        if kind == D.PILOT:
            return f"pilot-{option}"
        if kind in (D.SETUP_MINE, D.MINE_NUMBER):
            return f"mine-{option}"
        if kind == D.BASIC_WEAPON:
            return f"pile-{option}"
        if kind == D.PURCHASE:
            return f"row-{option}" if option in state["row"] else f"pile-{option}"
        if kind == D.ATTACK and isinstance(option, tuple):
            return f"weapon-{option[0]}"
        if kind == D.TAKE_MECH and state["mech"]["controller"] is None:
            return "mech"
        return None
