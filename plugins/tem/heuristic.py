"""Run: a heuristic agent that plays human seats sensibly, from its own view only (T16).

It plans a round's program by beam search: turn by turn it extends the best partial programs with every
distinct (card, orientation) still in hand (cards with the same movement and action are one card), and
simulates its own moves on a light copy of what its view shows: walls (T6), jumps (T7), enemy Mines with
the mean hidden number, Turrets and Combat on entering (T8), the card's action (Collect, Purchase,
Power Up, Deploy), the Mighty Mech, where it stands when a scoring round ends (T14) and what enemies
within one card's reach of that zone could do to it there. Values are in
VP; resources and health are worth less as the game runs out. Other decisions (attacks, boosts, equip,
purchases, zones) are answered by small rules with a reason each.

Information: everything about the game comes from ``view.state()`` (the player's view, T16); the public
definitions (cards, weapons, zones, rule parameters) come from the ruleset every player knows.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, cast

from rulecraft.plugins.tem import triggers as T
from rulecraft.plugins.tem.model import (
    ADVANCED,
    COLLECT,
    CREDITS,
    DEPLOY_MINE,
    DEPLOY_TURRET,
    ENERGY,
    MECH,
    PILOT,
    POWER_ARMOR,
    POWER_UP,
    PURCHASE,
    Ruleset,
    WeaponDef,
    ZoneDef,
)
from rulecraft.plugins.tem.state import MINE, Board
from rulecraft.runtime.decisions import Decision

# Weights, in VP. Tuned by `python -m bench agents` against random agents and Robot Pilots.
ENERGY_VP = 0.45          # a resource early in the game; it decays to 0 by the last turn
CREDITS_VP = 0.5
HEALTH_VP = 0.3           # a point of health (it is VP for whoever hits you)
TOKEN_SURVIVAL = 0.7      # a deployed token's chance to still score at a scoring round
KO_PENALTY = 4.0          # Ad Hoc Mode, the lost program, the respawn
POSITION_VP = 0.3         # standing on a good zone when the round ends without scoring
BEAM = 10                 # partial programs kept per turn
THREAT = 0.5              # weight of what enemies within one card's reach could do to me next
ENEMY_STAYS = 0.6         # chance an enemy pilot is still where the view shows it, per turn ahead


def _cell(board: Board, name: str) -> int:
    row, col = name[1:].split("c", 1)
    return board.cell(int(row), int(col))


class _Seen:
    """What the view shows, indexed for planning (built once per decision that needs the state)."""

    __slots__ = ("board", "enemies", "enemy_tokens", "me", "mech_cell", "mech_controller", "my_tokens",
                 "piles", "round", "row", "state", "turn", "zones")

    def __init__(self, state: dict[str, Any], board: Board) -> None:
        self.state, self.board = state, board
        # cell -> its zone: the cells planning reads are where a piece stands or may move, never a wall (T6)
        self.zones = cast("list[ZoneDef]", board.zones)
        you = state["you"]
        self.me = state["players"][you]
        self.enemies = [p for p in state["players"] if p["seat"] != you]
        self.enemy_tokens: dict[int, str] = {}
        self.my_tokens: dict[int, str] = {}
        for name, token in state["tokens"].items():
            side = self.my_tokens if token["owner"] == you else self.enemy_tokens
            side[_cell(board, name)] = token["kind"]
        mech = state["mech"]
        self.mech_cell = _cell(board, mech["cell"]) if mech["cell"] else -1
        self.mech_controller = mech["controller"]
        self.round, self.turn = state["round"], state["turn"]
        self.row, self.piles = state["row"], state["piles"]


class HeuristicAgent:
    """Plans programs by beam search over its own simulated moves; answers the rest on purpose."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0, beam: int = BEAM, threat_weight: float = THREAT) -> None:
        self.seed = seed
        self.threat_weight = threat_weight
        self.rng = random.Random(seed)
        self.beam = beam
        self._ruleset: Ruleset | None = None
        self._board: Board | None = None
        self._board_key: tuple = ()
        self._opponent: int | None = None     # the Combat opponent, from the last attack decision
        self._weapon: str | None = None       # the weapon of the attack under way (for boosts)

    # --- plumbing ------------------------------------------------------------------------------
    def decide(self, decision: Decision, view: Any) -> Any:
        if self._ruleset is None:
            self._ruleset = view.ruleset
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if handler is None:
            return decision.random_answer(self.rng)
        return handler(decision, view)

    def _seen(self, view: Any) -> _Seen:
        state = view.state()
        key = tuple(sorted(state["zones"].items()))
        if key != self._board_key:
            rs = self._ruleset
            assert rs is not None              # learnt from the first decision's view (decide)
            board = Board(rs.arena_for(len(state["players"])))
            for name, zid in state["zones"].items():
                board.place(_cell(board, name), rs.zones[zid])
            self._board, self._board_key = board, key
        assert self._board is not None       # built above for these zones
        return _Seen(state, self._board)

    def _weapon_def(self, wid: str) -> WeaponDef:
        rs = self._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        return rs.weapons[wid]

    def _resource_vp(self, seen: _Seen) -> float:
        """Resources matter less as the game runs out: full value until the last six turns."""
        rs = self._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        rules = rs.rules
        left = (rules.rounds - seen.round) * rules.turns_per_round + rules.turns_per_round - seen.turn
        return min(1.0, left / 6)

    def _scorings_left(self, rnd: int) -> int:
        rs = self._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        return sum(1 for r in rs.rules.scoring_rounds if r >= rnd)

    def _strength(self, wid: str) -> float:
        """A weapon's worth in Combat: its normal and Power Attack damage, and a little for an ability."""
        w = self._weapon_def(wid)
        power = w.power_damage if w.power_damage is not None else w.damage
        return w.damage * 0.7 + power * 0.3 + (0.5 if w.abilities else 0.0)

    # --- setup decisions -----------------------------------------------------------------------
    def _pilot(self, decision: Decision, view: Any) -> str:
        """More health lasts longer in Combat and scores less for the enemy."""
        rs = self._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        pilots = rs.pilots
        return max(decision.options, key=lambda pid: (pilots[pid].health, pid))

    def _base(self, decision: Decision, view: Any) -> int:
        """The Base with the richest zones within two steps (Collect and scoring start from there)."""
        seen = self._seen(view)
        board, zones = seen.board, seen.zones

        def richness(cell: int) -> float:
            total = 0.0
            for n1 in board.adjacent(cell):
                total += zones[n1].value
                total += 0.3 * sum(zones[n2].value for n2 in board.adjacent(n1) if n2 != cell)
            return total
        return max(decision.options, key=lambda c: (richness(c), -c))

    def _setup_mine(self, decision: Decision, view: Any) -> int:
        return max(decision.options)       # T8: the number adds to the damage

    def _basic_weapon(self, decision: Decision, view: Any) -> str:
        return max(decision.options, key=lambda w: (self._strength(w) + self._weapon_def(w).vp * 0.5, w))

    # --- program -------------------------------------------------------------------------------
    def _program(self, decision: Decision, view: Any) -> tuple:
        seen = self._seen(view)
        planner = _Planner(self, seen)
        return planner.best_program(decision.options, decision.pick)

    def _ad_hoc_card(self, decision: Decision, view: Any) -> tuple:
        """T11: any card each turn; the best single step from here (no Combat on the first turn)."""
        seen = self._seen(view)
        planner = _Planner(self, seen)
        return planner.best_single(decision.options)

    # --- actions -------------------------------------------------------------------------------
    def _purchase(self, decision: Decision, view: Any) -> str | None:
        seen = self._seen(view)
        rv = self._resource_vp(seen)
        best, best_value = None, 0.0
        for wid in decision.options:
            if wid is None:
                continue
            value = self._weapon_value(wid, seen.me, rv) - self._cost_vp(self._weapon_def(wid).cost, rv)
            if value > best_value:
                best, best_value = wid, value
        return best

    def _weapon_value(self, wid: str, me: dict, rv: float) -> float:
        """Its VP at game end, plus what it adds in Combat while there is game left."""
        w = self._weapon_def(wid)
        rs = self._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        slots = rs.rules.slots
        status = me["status"]
        usable = (slots[status].advanced if w.tier == ADVANCED else slots[status].basic) > 0
        gain = self._strength(wid) - min((self._strength(e) for e in me["equipped"]), default=0.0)
        combat = max(0.0, gain) + 1.0 if usable or w.tier != ADVANCED else 0.8
        return w.vp + combat * rv

    @staticmethod
    def _cost_vp(cost: Any, rv: float) -> float:
        return rv * (cost.get(ENERGY, 0) * ENERGY_VP + cost.get(CREDITS, 0) * CREDITS_VP)

    def _power_up(self, decision: Decision, view: Any) -> Any:
        """Upgrade to Power Armor when offered (health, Advanced slots, the way into the Mighty Mech);
        otherwise heal as much as useful."""
        if ("upgrade",) in decision.options:
            return ("upgrade",)
        heals = [o for o in decision.options if o and o[0] == "heal"]
        return max(heals, key=lambda o: o[1]) if heals else None

    def _mine_number(self, decision: Decision, view: Any) -> int | None:
        numbers = [o for o in decision.options if o is not None]
        return max(numbers) if numbers else None

    def _deploy_turret(self, decision: Decision, view: Any) -> bool:
        return True

    def _move_token(self, decision: Decision, view: Any) -> int | None:
        """Move the deployed token from the poorest zone, if this zone is worth more."""
        seen = self._seen(view)
        zones = seen.zones
        here = zones[seen.me["pos"]].value
        cells = [c for c in decision.options if c is not None]
        if not cells:
            return None
        poorest = min(cells, key=lambda c: (zones[c].value, c))
        return poorest if zones[poorest].value < here else None

    def _zone(self, decision: Decision, view: Any) -> int:
        """T10 ties: the most valuable zone, away from enemy pilots."""
        seen = self._seen(view)
        zones = seen.zones
        enemies = {e["pos"] for e in seen.enemies}

        def worth(c: int) -> float:
            near = sum(1 for n in seen.board.adjacent(c) if n in enemies)
            return zones[c].value - near
        options = [o for o in decision.options if isinstance(o, int)]
        if not options:
            return decision.options[0]
        return max(options, key=lambda c: (worth(c), -c))

    # --- weapons and the Mighty Mech -----------------------------------------------------------
    def _equip(self, decision: Decision, view: Any) -> tuple:
        """The strongest loadout; a weapon of each type keeps Power Attacks open (T13)."""
        def worth(loadout: tuple) -> float:
            types = {self._weapon_def(w).type for w in loadout}
            return sum(self._strength(w) for w in loadout) + 0.3 * len(types)
        return max(decision.options, key=lambda lo: (worth(lo), lo == decision.options[0]))

    def _take_mech(self, decision: Decision, view: Any) -> str | None:
        sides = [o for o in decision.options if o is not None]
        return sides[0] if sides else None

    # --- Combat (T13) --------------------------------------------------------------------------
    def _attack(self, decision: Decision, view: Any) -> tuple:
        """Finish the enemy with the weakest weapon that can; else hit hardest, keeping weapons that
        counter the enemy's remaining types for a later Power Attack."""
        seen = self._seen(view)
        opponent = decision.context.get("opponent")
        self._opponent = opponent
        enemy = next((e for e in seen.enemies if e["seat"] == opponent), None)
        enemy_types = {self._weapon_def(w).type for w in enemy["equipped"]} if enemy else set()
        health = enemy["health"] if enemy else 99
        rs = self._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        counters = rs.rules.counters

        def damage(option: tuple) -> int:
            w = self._weapon_def(option[0])
            return (w.power_damage if option[1] and w.power_damage is not None else w.damage) + \
                (1 if T.BEFORE_ATTACK in w.abilities else 0)
        killers = [o for o in decision.options if damage(o) >= health]
        if killers:
            choice = min(killers, key=lambda o: (self._strength(o[0]), o))
        else:
            def worth(option: tuple) -> float:
                w = self._weapon_def(option[0])
                keep = 0.6 if not option[1] and counters.get(w.type) in enemy_types else 0.0
                return damage(option) - keep
            choice = max(decision.options, key=lambda o: (worth(o), o))
        self._weapon = choice[0]
        return choice

    def _boost(self, decision: Decision, view: Any) -> int:
        """Paying for damage is buying VP (T2) up to the enemy's remaining health; past it, it is waste."""
        seen = self._seen(view)
        enemy = next((e for e in seen.enemies if e["seat"] == self._opponent), None)
        options = sorted(decision.options)
        if enemy is None:
            return options[-1] if self._resource_vp(seen) < 1 else options[0]
        base = self._weapon_def(self._weapon).damage if self._weapon else 0
        useful = max(0, enemy["health"] - base)
        fitting = [o for o in options if o <= useful]
        return fitting[-1] if fitting else options[0]

    def _ability_choice(self, decision: Decision, view: Any) -> Any:
        """Ready the strongest exhausted weapon; give up the weakest ready one; say yes to an optional
        ability (it only runs when payable)."""
        prompt = decision.context.get("prompt")
        options = decision.options
        if prompt == "ready":
            return max(options, key=lambda w: (self._strength(w), w))
        if prompt == "exhaust":
            return min(options, key=lambda w: (self._strength(w), w))
        if True in options:
            return True
        return options[0]


# --- planning ------------------------------------------------------------------------------------
class _Plan:
    """A partial program and the state it leads to, as far as this player can foresee it."""

    __slots__ = ("cards", "credits", "done", "energy", "health", "mech", "moves", "owned_adv",
                 "pos", "status", "supplies", "tokens", "value")

    cards: tuple[str, ...]                  # the program cards played so far
    credits: int
    done: bool                              # KO'd: the rest of the program is lost
    energy: int
    health: int
    mech: bool                              # in the Mighty Mech
    moves: tuple[tuple[str, str], ...]      # (card, orientation) per turn
    owned_adv: int                          # Advanced weapons owned
    pos: int
    status: str
    supplies: tuple[int, int]               # Mines and Turrets left to deploy
    tokens: tuple[tuple[int, str], ...]     # (cell, kind) of my tokens on the board
    value: float                            # in VP

    def copy(self) -> _Plan:
        p = _Plan.__new__(_Plan)
        p.cards, p.credits, p.done, p.energy = self.cards, self.credits, self.done, self.energy
        p.health, p.mech, p.moves = self.health, self.mech, self.moves
        p.owned_adv, p.pos, p.status, p.supplies = self.owned_adv, self.pos, self.status, self.supplies
        p.tokens, p.value = self.tokens, self.value
        return p


class _Planner:
    def __init__(self, agent: HeuristicAgent, seen: _Seen) -> None:
        self.agent, self.seen = agent, seen
        rs = agent._ruleset
        assert rs is not None              # learnt from the first decision's view (decide)
        self.rs, self.rules = rs, rs.rules
        self.board, self.zones = seen.board, seen.zones
        self.rv = agent._resource_vp(seen)
        me = seen.me
        self.max_health = {PILOT: rs.pilots[me["pilot"]].health if me["pilot"] else 0,
                           POWER_ARMOR: self.rules.power_armor_health, MECH: self.rules.mech_health}
        self.mine_mean = sum(self.rules.mine_numbers) / max(1, len(self.rules.mine_numbers))
        self.enemy_at: dict[int, dict] = {e["pos"]: e for e in seen.enemies if e["pos"] >= 0}
        self.scoring_now = seen.round in self.rules.scoring_rounds
        self.scorings_left = agent._scorings_left(seen.round)
        self.my_weapons = tuple(sorted(_damages(rs, me["equipped"])))
        self._offer: list | None = None
        self.reach: dict[int, set[int]] = {}

    def start(self) -> _Plan:
        me = self.seen.me
        p = _Plan()
        p.cards, p.moves = (), ()
        p.pos, p.energy, p.credits = me["pos"], me["energy"], me["credits"]
        p.health, p.status = me["health"], me["status"]
        p.mech = self.seen.mech_controller == me["seat"]
        p.owned_adv = sum(1 for w in me["owned"] if self.rs.weapons[w].tier == ADVANCED)
        p.supplies = (len(me["mine_supply"]), me["turret_supply"])
        p.tokens = tuple(sorted(self.seen.my_tokens.items()))
        p.done = False
        p.value = 0.0
        return p

    # --- search --------------------------------------------------------------------------------
    def best_program(self, options: tuple, picks: int) -> tuple:
        cards = {c.id: c for c in self.rs.program_cards[self.seen.me["colour"]]}
        # Cards with the same movement and action are one choice: only the first unplayed one is tried.
        kinds: dict[tuple, dict[str, list[str]]] = {}
        for card_id, orientation in options:
            card = cards[card_id]
            kinds.setdefault((card.movement, card.action), {}).setdefault(card_id, []).append(orientation)
        beam = [self.start()]
        for turn in range(picks):
            children = []
            for plan in beam:
                for kind, by_card in kinds.items():
                    card_id = next((c for c in by_card if c not in plan.cards), None)
                    if card_id is None:
                        continue
                    movement = self.rules.movements[kind[0]]
                    tried = set()
                    for orientation in by_card[card_id]:
                        # orientations that land on the same cell (walls: stay put, T6) are one choice
                        dest = self.board.target(movement.distance, orientation, plan.pos)
                        if dest in tried:
                            continue
                        tried.add(dest)
                        children.append(self.step(plan, kind, card_id, orientation, turn))
            children.sort(key=lambda p: p.value, reverse=True)
            beam, seen_states = [], set()
            for child in children:
                key = (child.pos, child.energy, child.credits, child.status, child.health, child.tokens,
                       frozenset(child.cards))
                if key in seen_states:
                    continue
                seen_states.add(key)
                beam.append(child)
                if len(beam) >= self.agent.beam:
                    break
        best = max(beam, key=lambda p: p.value + self.end_value(p))
        return best.moves

    def best_single(self, options: tuple) -> tuple:
        cards = {c.id: c for c in self.rs.program_cards[self.seen.me["colour"]]}
        start = self.start()
        turn = max(0, self.seen.turn - 1)
        last = self.seen.turn >= self.rules.turns_per_round
        best, best_value = options[0], float("-inf")
        for card_id, orientation in options:
            card = cards[card_id]
            plan = self.step(start, (card.movement, card.action), card_id, orientation, turn,
                             ad_hoc_first=bool(self.seen.me["ad_hoc_first"]))
            value = plan.value + (self.end_value(plan) if last else self.position_value(plan.pos) * 0.5)
            if value > best_value:
                best, best_value = (card_id, orientation), value
        return best

    # --- one card ------------------------------------------------------------------------------
    def step(self, plan: _Plan, kind: tuple, card_id: str, orientation: str, turn: int,
             ad_hoc_first: bool = False) -> _Plan:
        p = plan.copy()
        p.cards = (*plan.cards, card_id)
        p.moves = (*plan.moves, (card_id, orientation))
        if p.done:                      # KO'd earlier: the rest of the program is lost (Ad Hoc Mode)
            return p
        movement = self.rules.movements[kind[0]]
        dest = self.board.target(movement.distance, orientation, p.pos)
        act = True
        if dest >= 0 and ad_hoc_first and dest in self.enemy_at:
            dest = -1                   # T11: blocked like a wall
        if dest >= 0:
            p.pos = dest
            act = self.enter(p, dest, movement.opens_with_power_attack, turn)
        if act and not p.done and kind[1]:
            self.act(p, kind[1])
        return p

    def enter(self, p: _Plan, cell: int, power_opening: bool, turn: int) -> bool:
        """T8 in order: an enemy Mine, Combat with an enemy pilot, an enemy Turret; then the Mighty Mech."""
        zone = self.zones[cell]
        rules = self.rules
        token = self.seen.enemy_tokens.get(cell)
        if token == MINE:
            damage = zone.value * rules.mine_damage_zone + self.mine_mean * rules.mine_damage_number
            if self.hurt(p, damage):
                return False
            p.value += 0.5 * zone.value     # the enemy's Mine goes home: it no longer scores there
        act = True
        enemy = self.enemy_at.get(cell)
        if enemy is not None:
            act = False
            chance = ENEMY_STAYS ** (turn + 1)
            gain, taken, my_ko = self.combat(p, enemy, power_opening)
            p.value += chance * (gain - taken * HEALTH_VP - (KO_PENALTY + self.status_value(p.status)
                                                               if my_ko else 0.0))
            p.health = max(1, p.health - round(chance * taken))
            if my_ko and chance > 0.5:
                p.done = True
                return False
        if token is not None and token != MINE and enemy is None:
            damage = float(zone.value * rules.turret_damage_zone)
            if self.hurt(p, damage):
                return False
            p.value += zone.value * rules.score_turret * 0.5
        empty_mech = cell == self.seen.mech_cell and self.seen.mech_controller is None and not p.mech
        if empty_mech and p.status in rules.mech_takeover_statuses and p.owned_adv and \
                (not rules.mech_needs_full_health or p.health >= self.max_health[p.status]):
            p.mech, p.status, p.health = True, MECH, rules.mech_health
            p.value += rules.vp_mech_enter + rules.vp_mech_control * self.scorings_left * 0.8
        return act

    def hurt(self, p: _Plan, damage: float) -> bool:
        if damage >= p.health:
            p.value -= KO_PENALTY + self.status_value(p.status) + p.health * HEALTH_VP
            p.done = True
            return True
        p.health -= round(damage)
        p.value -= damage * HEALTH_VP
        return False

    def status_value(self, status: str) -> float:
        return {PILOT: 0.0, POWER_ARMOR: 4.0, MECH: 8.0}.get(status, 0.0)

    def combat(self, p: _Plan, enemy: dict, power_opening: bool) -> tuple[float, int, bool]:
        """(VP I expect to score, damage I expect to take, whether I expect to be KO'd)."""
        rules = self.rules
        theirs = tuple(sorted(_damages(self.rs, enemy["equipped"])))
        dealt, taken, outcome = _duel(self.my_weapons, p.health, theirs, enemy["health"], power_opening)
        gain = float(rules.vp_combat_start + dealt * rules.vp_per_damage)
        if outcome == "win":
            gain += rules.vp_ko + (3.0 if enemy["status"] == MECH else 0.0)
        elif outcome == "they-retreat":
            gain += rules.vp_retreat
        elif outcome == "i-retreat":
            gain -= 1.5           # Ad Hoc Mode and a VP for them
        return gain, taken, outcome == "lose"

    def act(self, p: _Plan, action: str) -> None:
        rules, rv = self.rules, self.rv
        zones = self.zones
        if action == COLLECT:
            gained = {ENERGY: 0, CREDITS: 0}
            for cell in {p.pos, *(c for c, _ in p.tokens)}:
                for resource in zones[cell].resources:
                    gained[resource] += rules.collect_per_zone
            self.gain(p, ENERGY, gained[ENERGY])
            self.gain(p, CREDITS, gained[CREDITS])
        elif action == PURCHASE:
            self.buy(p)
        elif action == POWER_UP:
            if p.status == PILOT and p.credits >= rules.upgrade_cost.get(CREDITS, 0) and \
                    p.energy >= rules.upgrade_cost.get(ENERGY, 0):
                self.gain(p, CREDITS, -rules.upgrade_cost.get(CREDITS, 0))
                self.gain(p, ENERGY, -rules.upgrade_cost.get(ENERGY, 0))
                grow = rules.power_armor_health - p.health
                p.status, p.health = POWER_ARMOR, rules.power_armor_health
                p.value += grow * HEALTH_VP * rv + 2.0 * rv + 1.0
            elif p.status in rules.heal_statuses:
                missing = self.max_health[p.status] - p.health
                pay = min(p.energy if rules.heal_resource == ENERGY else p.credits,
                          -(-missing // rules.heal_per_energy))
                if pay > 0:
                    self.gain(p, rules.heal_resource, -pay)
                    healed = min(missing, pay * rules.heal_per_energy)
                    p.health += healed
                    p.value += healed * HEALTH_VP * max(rv, 0.4)
        elif action in (DEPLOY_MINE, DEPLOY_TURRET):
            self.deploy(p, MINE if action == DEPLOY_MINE else "turret")

    def gain(self, p: _Plan, resource: str, amount: int) -> None:
        cap = self.rules.resource_max
        per = (ENERGY_VP if resource == ENERGY else CREDITS_VP) * self.rv
        if resource == ENERGY:
            new = max(0, p.energy + amount if cap is None else min(cap, p.energy + amount))
            p.value += (new - p.energy) * per
            p.energy = new
        else:
            new = max(0, p.credits + amount if cap is None else min(cap, p.credits + amount))
            p.value += (new - p.credits) * per
            p.credits = new

    def buy(self, p: _Plan) -> None:
        """The best affordable weapon now on offer (the row and the Basic piles I lack)."""
        for wid, energy, credits, value in self.offer:
            if p.energy >= energy and p.credits >= credits:
                self.gain(p, ENERGY, -energy)
                self.gain(p, CREDITS, -credits)
                p.value += value
                if self.rs.weapons[wid].tier == ADVANCED:
                    p.owned_adv += 1
                return

    @property
    def offer(self) -> list[tuple[str, int, int, float]]:
        """(weapon, energy, credits, value) worth buying, best net value first (computed once)."""
        if self._offer is None:
            me, agent = self.seen.me, self.agent
            wids = list(dict.fromkeys([*self.seen.row, *(w for w, left in self.seen.piles.items()
                                                         if left > 0 and w not in me["owned"])]))
            rows = []
            for wid in wids:
                w = self.rs.weapons[wid]
                value = agent._weapon_value(wid, me, self.rv)
                net = value - agent._cost_vp(w.cost, self.rv)
                if net > 0:
                    rows.append((net, wid, w.cost.get(ENERGY, 0), w.cost.get(CREDITS, 0), value))
            rows.sort(reverse=True)
            self._offer = [(wid, e, c, value) for _, wid, e, c, value in rows]
        return self._offer

    def deploy(self, p: _Plan, kind: str) -> None:
        """T1: pay the zone's value; one token per zone; not by an empty Mighty Mech; else move one."""
        rules = self.rules
        cell = p.pos
        if cell in self.seen.enemy_tokens or any(c == cell for c, _ in p.tokens):
            return
        if cell == self.seen.mech_cell and not p.mech:
            return
        value = self.zones[cell].value
        resource = rules.mine_cost_resource if kind == MINE else rules.turret_cost_resource
        have = p.energy if resource == ENERGY else p.credits
        if have < value:
            return
        mines, turrets = p.supplies
        factor = rules.score_mine if kind == MINE else rules.score_turret
        worth = value * factor * self.scorings_left * TOKEN_SURVIVAL + (0.8 if kind == MINE else 0.3)
        if (mines if kind == MINE else turrets) > 0:
            p.supplies = (mines - 1, turrets) if kind == MINE else (mines, turrets - 1)
            p.tokens = tuple(sorted((*p.tokens, (cell, kind))))
        else:
            own = [(c, k) for c, k in p.tokens if k == kind]
            if not own:
                return
            poorest = min(own, key=lambda t: self.zones[t[0]].value)
            old = self.zones[poorest[0]].value
            if old >= value:
                return
            worth -= old * factor * self.scorings_left * TOKEN_SURVIVAL
            p.tokens = tuple(sorted((*[t for t in p.tokens if t != poorest], (cell, kind))))
        self.gain(p, resource, -value)
        p.value += worth

    # --- the end of the round ------------------------------------------------------------------
    def end_value(self, p: _Plan) -> float:
        """Where the program leaves me: T14 scores the zone I stand on in a scoring round."""
        if p.done:
            return 0.0
        value = self.zones[p.pos].value
        base = value * self.rules.score_pilot if self.scoring_now else self.position_value(p.pos)
        return base - self.threat(p) * self.agent.threat_weight

    def threat(self, p: _Plan) -> float:
        """What I expect to lose to enemies who can reach my zone with one card next (T7: jumps open with
        a Power Attack): the damage they would deal, and a KO."""
        reach = self.reach.get(p.pos)
        if reach is None:
            reach = self.reach[p.pos] = {c for m in self.rules.movements.values() for o in m.directions
                                         if (c := self.board.target(m.distance, o, p.pos)) >= 0}
        mine = tuple(sorted(_damages(self.rs, self.seen.me["equipped"])))
        loss = 0.0
        for cell, enemy in self.enemy_at.items():
            if cell not in reach:
                continue
            theirs = tuple(sorted(_damages(self.rs, enemy["equipped"])))
            _, taken, outcome = _duel(theirs, enemy["health"], mine, p.health, True)
            ko = KO_PENALTY + self.status_value(p.status) if outcome == "win" else 0.0
            loss += taken * HEALTH_VP + ko
        return loss

    def position_value(self, cell: int) -> float:
        zones = self.zones
        around = max((zones[n].value for n in self.board.adjacent(cell)), default=0)
        return POSITION_VP * (zones[cell].value + 0.5 * around)


def _damages(ruleset: Ruleset, equipped: list[str]) -> list[int]:
    out = []
    for wid in equipped:
        w = ruleset.weapons[wid]
        out.append(w.damage + (1 if T.BEFORE_ATTACK in w.abilities else 0))
    return out


@lru_cache(maxsize=4096)
def _duel(mine: tuple[int, ...], my_health: int, theirs: tuple[int, ...], their_health: int,
          power_opening: bool) -> tuple[int, int, str]:
    """T13 played out with each side's hardest hits first: (damage I deal, damage I take, outcome)."""
    mine_left, theirs_left = sorted(mine, reverse=True), sorted(theirs, reverse=True)
    dealt = taken = 0
    my_turn, first = True, True
    while True:
        if my_turn:
            if not mine_left:
                return dealt, taken, "i-retreat"
            hit = mine_left.pop(0) + (1 if first and power_opening else 0)
            dealt += min(hit, their_health - dealt)
            if dealt >= their_health:
                return dealt, taken, "win"
        else:
            if not theirs_left:
                return dealt, taken, "they-retreat"
            hit = theirs_left.pop(0)
            taken += min(hit, my_health - taken)
            if taken >= my_health:
                return dealt, taken, "lose"
        my_turn, first = not my_turn, False
