"""Show: Tiny Epic Mechs' board in a browser, its GameDefinition's ``web`` member (``rulecraft serve``): the
arena (``rulecraft.plugins.tem.websvg``), each player with health, energy, credits and VP tracks, pilot,
weapons, tokens in supply and program (another's only as far as revealed, T16: the view holds no more),
your program cards, the market, and the click target of each option of a decision.

It draws a *state*, one seat's view or the public one, never the game. Words are the terminal's: the
narration the terminal board's (``rulecraft.plugins.tem.board``, which the server reuses), the decision
panel's prompt, option labels and rules the terminal prompt's (``rulecraft.plugins.tem.prompts``), its
warnings the terminal's confirm's (``Reasons.option_warning``); the card texts the terminal board's too
(``card_name``, ``weapon_text``, ``abilities_text``). Built from the shared components
(``rulecraft.runtime.web.components``), which escape every text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.tem import kinds as D
from rulecraft.plugins.tem import prompts
from rulecraft.plugins.tem.board import ARROWS, Picture, abilities_text, card_name, price
from rulecraft.plugins.tem.model import Ruleset
from rulecraft.plugins.tem.reasons import STATUS, cell_name, have, label, max_health
from rulecraft.plugins.tem.websvg import Arena, clean
from rulecraft.runtime.decisions import Decision
from rulecraft.runtime.web.components import Markup, card, hand, tag, track

CELL_KINDS = frozenset({D.BASE, D.ZONE, D.MOVE_TOKEN})
CARD_KINDS = frozenset({D.PROGRAM, D.AD_HOC_CARD})
STYLE = Markup("""<style>
.tem-board{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.tem-board .arena{flex:1 1 22em;max-width:34em;height:auto}
.tem-board .side{flex:1 1 24em;display:grid;grid-template-columns:repeat(auto-fill,minmax(17em,1fr));
gap:.4em .8em;align-content:start}
.tem-board .wide{grid-column:1/-1}
.tem-board .wide h2{margin:0}.tem-board .wide p{margin:.1em 0}
.tem-board .player{border-left:4px solid #999;padding-left:.5em}
.tem-board .player h3{margin:.1em 0}.tem-board .player p{margin:.1em 0;font-size:.9em}
.tem-board .track{grid-template-columns:4.5em 1fr 4em;font-size:.85em;margin:.1em 0}
.tem-board .hand h3{font-size:.9em;margin:.3em 0 0}
.tem-board .card{font-size:.8em;max-width:11em;margin:.2em}.tem-board .card h4{margin:0 0 .1em}
.tem-board .card p{margin:0}.tem-board .card.done{opacity:.5}
.tem-board ol.cards{list-style:none;padding:0;margin:.1em 0}
.tem-board .seat-0{border-color:var(--seat-0)}.tem-board .seat-1{border-color:var(--seat-1)}
.tem-board .seat-2{border-color:var(--seat-2)}.tem-board .seat-3{border-color:var(--seat-3)}
</style>""")
UNBOUNDED_TRACK = 30      # a track with no top in the rules (VP) is drawn out of this much, or its value


class Board:
    """Tiny Epic Mechs in a browser: ``board(state, you)`` draws a view with the arena in SVG,
    ``targets(decision, state)`` names the element each option is answered by clicking."""

    def __init__(self, ruleset: Ruleset, colours: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.colours = list(colours)
        self.arena = Arena(ruleset, len(self.colours))
        self.picture = Picture(ruleset, self.colours)      # the terminal board, whose words the panel says

    # --- the markup ----------------------------------------------------------------------------
    def board(self, state: dict[str, Any], you: int | None) -> Markup:
        players = sorted(state["players"], key=lambda p: p["seat"] != you)     # yours first
        side: list[object] = [self.header(state), *(self.player(p, state, you) for p in players)]
        if you is not None:
            side.append(self.hand(state["players"][you]))
        side.append(self.market(state))
        return tag("div", STYLE, self.arena.svg(state), tag("div", *side, class_="side"), class_="tem-board")

    def header(self, state: dict[str, Any]) -> Markup:
        rules = self.ruleset.rules
        if state["round"] == 0:
            return tag("div", tag("h2", "Setup"), class_="wide")
        turn = f"turn {state['turn']} of {rules.turns_per_round}" if state["turn"] else "programming"
        scoring = ", ".join(str(r) for r in sorted(rules.scoring_rounds))
        return tag("div", tag("h2", f"Round {state['round']} of {rules.rounds}, {turn}"),
                   tag("p", f"Scoring after rounds {scoring}"), class_="wide")

    def player(self, p: dict[str, Any], state: dict[str, Any], you: int | None) -> Markup:
        """A player: pilot, status, tracks, weapons, supply, program. Only ``you`` get click targets here
        (your weapons, your Mines, the pilots dealt to you)."""
        rs, seat, mine = self.ruleset, p["seat"], p["seat"] == you
        marks = (["Starting Player"] if seat == state["starting_player"] and state["round"] else []) + \
            (["moving"] if seat == state.get("current") else [])
        title = clean(p["colour"]).capitalize() + (" (you)" if mine else "") + \
            (f": {', '.join(marks)}" if marks else "")
        status = STATUS.get(p["status"], p["status"]) + (" (Ad Hoc)" if p.get("ad_hoc") else "")
        where = f" at {label(self.arena.cols, p['pos'])}" if p["pos"] >= 0 else ""
        pilot = rs.pilots.get(p["pilot"]) if p.get("pilot") else None
        about = f"{status}{where}; pilot {pilot.name}: {abilities_text(pilot)}" if pilot else \
            f"{status}{where}; no pilot yet"
        cap = rs.rules.resource_max or UNBOUNDED_TRACK
        parts: list[object] = [tag("h3", title), tag("p", clean(about))]
        if pilot is not None:
            parts.append(track("Health", p["health"], max_health(rs, p), owner=seat))
        parts += [track("Energy", p["energy"], cap, owner=seat),
                  track("Credits", p["credits"], cap, owner=seat),
                  track("VP", p["vp"], max(UNBOUNDED_TRACK, p["vp"]), owner=seat)]
        parts += [self.weapons(p, mine), self.supply(p, mine), self.program(p)]
        dealt = p.get("dealt_pilots")
        if mine and isinstance(dealt, list) and p["pilot"] is None:
            pilots = [rs.pilots[pid] for pid in dealt if pid in rs.pilots]
            parts.append(hand([card(clean(one.name), clean(abilities_text(one)), target=f"pilot-{one.id}",
                                    kind="pilot", footer=f"{one.health} health") for one in pilots],
                              label="Pilots dealt to you"))
        return tag("section", *parts, class_=f"player seat-{seat}", data_seat=str(seat))

    def weapons(self, p: dict[str, Any], mine: bool) -> Markup:
        """Equipped weapons (yours the targets ``weapon-<id>`` of an attack, T13) and the stockpile (T12)."""
        seen: set[str] = set()
        cards = []
        for wid in p["equipped"]:
            target = f"weapon-{wid}" if mine and wid not in seen else None
            seen.add(wid)
            cards.append(self.weapon(wid, target))
        stock = list(p["owned"])
        for wid in p["equipped"]:
            if wid in stock:
                stock.remove(wid)
        shown = hand(cards, label="Equipped") if cards else tag("p", "Equipped: nothing")
        spare = hand([self.weapon(w, None) for w in stock], label="Stockpile") if stock else ""
        return tag("div", shown, spare)

    def weapon(self, wid: str, target: str | None, footer: str = "") -> Markup:
        """A weapon card: its type and damage (a Power Attack's too, T13) and its ability's text."""
        weapon = self.ruleset.weapons.get(wid)
        if weapon is None:
            return card(clean(wid), target=target, kind="weapon", footer=footer)
        power = f", Power Attack {weapon.power_damage}" if weapon.power_damage is not None else ""
        lines = [f"{weapon.tier} {weapon.type}, damage {weapon.damage}{power}", abilities_text(weapon)]
        return card(clean(weapon.name), "\n".join(clean(line) for line in lines if line), target=target,
                    kind="weapon", footer=footer)

    @staticmethod
    def supply(p: dict[str, Any], mine: bool) -> Markup:
        """Mines and Turrets in supply: your Mines by number (the targets ``mine-<n>`` of choosing one,
        T17), another player's only as a count (T16)."""
        mines = p["mine_supply"]
        if isinstance(mines, list):
            tokens = [tag("span", f"Mine {n}", class_="piece mine", data_target=f"mine-{n}" if mine else None)
                      for n in mines]
            shown = tag("div", "Mines: ", *tokens, class_="mines") if mines else tag("p", "Mines: none")
        else:
            shown = tag("p", f"Mines: {mines} left")
        return tag("div", shown, tag("p", f"Turrets: {p['turret_supply']} left"))

    def program(self, p: dict[str, Any]) -> Markup:
        """The program (T4): each card with its orientation, as far as this view shows it; the rest of it
        as a count; in Ad Hoc Mode the cards played (T11)."""
        slots = []
        for k, (card_id, orientation) in enumerate(p["program"]):
            done = " done" if k < p["revealed"] else ""
            words = f"#{k + 1} {card_name(self.ruleset, card_id)} {orientation}{ARROWS.get(orientation, '')}"
            slots.append(tag("li", clean(words), class_=f"card{done}"))
        hidden = p.get("program_size", len(p["program"])) - len(p["program"])
        if hidden > 0:
            slots.append(tag("li", f"{hidden} hidden", class_="card"))
        if p.get("ad_hoc"):
            slots += [tag("li", clean(card_name(self.ruleset, c)), class_="card done") for c in p["used"]]
        return tag("div", tag("span", "Program: "), tag("ol", *slots, class_="cards") if slots else "none")

    def hand(self, p: dict[str, Any]) -> Markup:
        """Your program cards (the targets ``prog-<id>`` of programming them, T4): what each moves, and
        where it stands this round."""
        rs = self.ruleset
        program = {c: k for k, (c, _) in enumerate(p["program"])}
        cards = []
        for program_card in rs.program_cards.get(p["colour"], ()):
            movement = rs.rules.movements[program_card.movement]
            arrows = " ".join(ARROWS.get(d, d) for d in movement.directions)
            done, note = program_card.id in p["used"], ""
            if program_card.id in program:
                note = f"program #{program[program_card.id] + 1}"
                done = done or program[program_card.id] < p["revealed"]
            cards.append(card(clean(card_name(rs, program_card.id)), f"moves {arrows}",
                              target=f"prog-{program_card.id}", kind=f"program{' done' if done else ''}",
                              footer=note or ("played" if done else "")))
        return tag("div", hand(cards, label="Your program cards"), class_="wide")

    def market(self, state: dict[str, Any]) -> Markup:
        """The Advanced row (the targets ``row-<id>`` of buying one, T12) and the Basic piles
        (``pile-<id>``); before the secret Basic picks there are no piles yet, each Basic weapon is one to
        choose."""
        deck = state["deck"] if isinstance(state["deck"], int) else len(state["deck"])
        seen: set[str] = set()
        row = []
        for wid in state["row"]:
            weapon = self.ruleset.weapons.get(wid)
            cost = (price(weapon.cost) + (f", {weapon.vp} VP" if weapon.vp else "")) if weapon else ""
            row.append(self.weapon(wid, f"row-{wid}" if wid not in seen else None, cost))
            seen.add(wid)
        counts = state["piles"] or {w.id: None for w in self.ruleset.basic_weapons}
        piles = [self.weapon(wid, f"pile-{wid}", (price(self.ruleset.weapons[wid].cost)
                                                  if wid in self.ruleset.weapons else "") +
                             ("" if n is None else f", {n} left")) for wid, n in counts.items()]
        return tag("section", hand(row, label=f"Advanced row (deck {deck})"),
                   hand(piles, label="Basic piles"), class_="market wide")

    # --- the decision panel's words: the terminal prompt's (plugins/tem/prompts) ----------------------
    def describe(self, decision: Decision, state: dict[str, Any]) -> str:
        return prompts.title(decision) + prompts.context_words(self.picture, decision, state)

    def option_label(self, decision: Decision, option: Any) -> str:
        return prompts.option_words(self.picture, decision, option)

    def rules(self, decision: Decision) -> list[str]:
        return prompts.RULES.get(decision.kind, [])

    def option_warning(self, decision: Decision, option: Any, state: dict[str, Any]) -> str | None:
        """The terminal's words (``Reasons.option_warning``): a weapon you cannot equip (T12), a plain
        attack weaker than the Power Attack open now (T13)."""
        return self.picture.reasons.option_warning(decision, option, state)

    def refusal(self, decision: Decision, target: str, state: dict[str, Any]) -> str | None:
        """Why a clicked weapon, program card or cell answers nothing, from your view: a weapon you may
        not buy (T12), a card already programmed or played (T4, T11), a weapon that cannot attack now
        (T13), a cell the decision does not offer."""
        kind, p = decision.kind, state["players"][decision.player]
        what, _, name = target.partition("-")
        if what in ("row", "pile") and name in self.ruleset.weapons:
            return self.unbuyable(decision, name, what, p, state)
        if what == "prog" and kind in CARD_KINDS:
            card_words = card_name(self.ruleset, name)
            if name in p["used"]:
                return f"{card_words} is already played this round (T11)"
            if any(card_id == name for card_id, _ in p["program"]):
                return f"{card_words} is already in your program: each card once (T4)"
            return f"{card_words} cannot be played now"
        if what == "weapon" and kind == D.ATTACK and name in self.ruleset.weapons:
            return (f"{self.ruleset.weapons[name].name} cannot attack now: each attack exhausts one "
                    f"equipped weapon until Combat ends (T13)")
        if what == "cell" and kind in CELL_KINDS:
            offered = ", ".join(label(self.arena.cols, o) for o in decision.options if isinstance(o, int)
                                and not isinstance(o, bool))
            return f"{label(self.arena.cols, name)} is not among the cells offered here ({offered or 'none'})"
        if what in ("row", "pile", "prog", "weapon", "cell", "mine", "pilot"):
            return f"that is not one of the options of “{prompts.title(decision)}”"
        return None

    def unbuyable(self, decision: Decision, wid: str, what: str, p: dict[str, Any],
                  state: dict[str, Any]) -> str:
        weapon = self.ruleset.weapons[wid]
        if decision.kind != D.PURCHASE:
            return f"{weapon.name} is bought with a Purchase action, not now (T12)"
        if what == "pile" and wid in p["owned"]:
            return f"you own {weapon.name} already: a Basic weapon comes from a pile you do not own (T12)"
        if what == "pile" and state["piles"].get(wid, 0) <= 0:
            return f"the {weapon.name} pile is empty (T12: the piles can run out)"
        return (f"{weapon.name} costs {price(weapon.cost)} before abilities; you have "
                f"{have(p, weapon.cost)} (T12)")

    # --- what each option is answered by clicking ------------------------------------------------
    def targets(self, decision: Decision, state: dict[str, Any]) -> list[str | None]:
        """Per option: a cell for a Base, a zone or a token to move; a program card for a program pick
        (the list then says which way); a pilot, weapon or Mine for choosing it; the Mighty Mech for
        taking it; None (the list only) for yes or no, amounts, loadouts and declining."""
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
