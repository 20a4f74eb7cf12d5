"""Run: the Tiny Epic Quest agents: ``random`` (the runtime's) and ``heuristic``.

The heuristic reads only its view (Q33: everything public but the deck's order) and the public ruleset.
By day it plays for position: each hero to the region worth most to it now (a temple whose treasure quest is
in the row or whose legendary item it still lacks, an obelisk whose spell it can hope to learn, a goblin
to fight), paying for goblins only when it must. By night it rests or rolls by the exact odds of the
public dice: the chance that one more roll exhausts it (the hits a roller takes in the clockwise order,
less the ones its power can prevent), against what a roll can still bring its heroes.

In solo it aims at the target (Q31: ``solo_target_vp``), with a :class:`Plan` of its VP (Q29, Q26): by
night it takes more risk the further it is behind the target's pace, more still on the last night short of
it (only reaching the target counts), and little once the target is met, since an exhaustion costs spell
levels (Q22) and so VP; by day, too weak to roll tonight, it brings heroes home to heal (Q8, Q10), since
rests heal nothing and a temple's progress waits for dice (rolling on, or resting forever, it would stall).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from math import factorial
from typing import Any

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.model import (
    ATTACK,
    CASTLE,
    DAMAGE,
    GOBLINS,
    GROTTO,
    MAGIC,
    OBELISK,
    PORTAL,
    QUESTS,
    SPELLS,
    TEMPLE,
    MapCard,
    Region,
    Ruleset,
    TreasureQuest,
)
from rulecraft.runtime.decisions import Decision, RandomAgent

RISK = 0.25          # the chance of exhaustion a roll may carry (Q22 costs every hero's progress)
# Solo (Q31): the risk it takes by the VP it is behind the target's pace, within these bounds; the last
# night short of the target, more; the target met, hardly any (measured: bolder loses more to exhaustion).
RISK_PER_VP, SOLO_SAFEST, SOLO_BOLDEST, SOLO_LAST, SOLO_MET = 0.02, 0.1, 0.25, 0.4, 0.1
RECOVER = 8.0        # solo: a castle's worth to a player too weak to roll (its health and power back, Q8)


@cache
def face_counts(n: int, p_damage: float, p_magic: float) -> tuple[tuple[int, int, float], ...]:
    """The exact distribution of (damage faces, magic faces) in ``n`` dice (multinomial)."""
    out = []
    rest = 1.0 - p_damage - p_magic
    for d in range(n + 1):
        for m in range(n - d + 1):
            ways = factorial(n) // (factorial(d) * factorial(m) * factorial(n - d - m))
            out.append((d, m, ways * p_damage ** d * p_magic ** m * rest ** (n - d - m)))
    return tuple(out)


def hits_to_roller(hits: int, adventuring: int) -> int:
    """Q16: the roller takes the 1st, (k+1)th, ... of ``hits`` among ``adventuring`` players."""
    return (hits + adventuring - 1) // adventuring if adventuring else 0


class Realm:
    """The public ruleset as the heuristic looks things up: regions by id."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        every = (*ruleset.map_cards.values(), *ruleset.castles.values())
        cards: dict[str, MapCard] = {c.id: c for c in every}
        self.regions: dict[str, Region] = {f"{c.id}:{r.side}": r for c in cards.values() for r in c.regions}
        p_damage = sum(f == DAMAGE for f in ruleset.dice[0].faces) / len(ruleset.dice[0].faces)
        p_magic = sum(f == MAGIC for f in ruleset.dice[0].faces) / len(ruleset.dice[0].faces)
        self.faces = face_counts(len(ruleset.dice), p_damage, p_magic)


class Plan:
    """Solo (Q31): where a player's VP (Q29's ladders, Q26's legendary items) stand against the target."""

    def __init__(self, ruleset: Ruleset, state: dict[str, Any], me: dict[str, Any]) -> None:
        rules, scoring = ruleset.rules, ruleset.scoring
        ladders = scoring.ladders
        vp = (ladders[SPELLS].score(me["spell"]) + ladders[QUESTS].score(len(me["quests"]))
              + ladders[GOBLINS].score(me["goblins"]) + scoring.legendary_vp * len(me["found"]))
        self.short = rules.solo_target_vp - vp
        self.last = state["round"] >= rules.rounds
        # the VP it is behind the pace that reaches the target by the end of this round, at an even rate
        self.behind = rules.solo_target_vp * state["round"] / rules.rounds - vp
        self.recover = False     # by day: too weak to roll tonight, so heroes go home to heal (Q8, Q10)

    def risk(self) -> float:
        """The chance of exhaustion a roll may carry now."""
        if self.short <= 0:
            return SOLO_MET
        if self.last:
            return SOLO_LAST
        return max(SOLO_SAFEST, min(SOLO_BOLDEST, RISK + RISK_PER_VP * self.behind))


class HeuristicAgent:
    name = "heuristic"
    needs_state = True

    def __init__(self, seed: int | str = 0) -> None:
        self.fallback = RandomAgent(seed)
        self.realm: Realm | None = None

    def decide(self, decision: Decision, view: Any) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        if self.realm is None or self.realm.ruleset is not view.ruleset:
            self.realm = Realm(view.ruleset)
        state = view.state()
        me = state["players"][view.player]
        kind = decision.kind
        if kind in (K.DAY, K.MOVE):
            plan = Plan(self.realm.ruleset, state, me) if len(state["players"]) == 1 else None
            if plan is not None:
                plan.recover = self.risk(state, me, every=True) > plan.risk()
            return max(options, key=lambda o: self.move_score(o, state, me, plan))
        if kind == K.MOVEMENT_CARD:
            return options[0]
        if kind == K.NIGHT:
            return K.ROLL if self.should_roll(state, me) else K.REST
        if kind == K.PREVENT:
            damage, cost = decision.context.get("damage", 1), decision.context.get("cost", 2)
            keep = me["power"] - cost
            return K.PREVENT_HIT if me["health"] <= damage + 1 or keep >= 2 else K.TAKE_HIT
        if kind == K.GAIN:
            gaps = {K.HEALTH: me["max_health"] - me["health"], K.POWER: me["max_power"] - me["power"]}
            return max(options, key=lambda o: (gaps.get(o, 0) * (2 if o == K.HEALTH else 1), o == K.HEALTH))
        if kind == K.USE:
            return max(options, key=lambda o: self.use_score(o, decision, me))
        if kind == K.REST_ORDER:
            return min(options, key=lambda h: self.spell_of(me["heroes"][h]["region"]))
        if kind == K.STAFF:
            return options[-1] if me["power"] >= len(options) else options[0]
        if kind == K.ARRANGE:
            return K.DONE if K.DONE in options else options[0]
        return options[0]

    # --- the day -------------------------------------------------------------------------------
    def spell_of(self, region: str) -> int:
        assert self.realm is not None
        level = self.realm.regions[region].spell_level
        return level if level is not None else 99

    def region_value(self, region_id: str, state: dict[str, Any], me: dict[str, Any],
                     plan: Plan | None = None) -> float:
        """What a hero standing in ``region_id`` is worth to its player now; solo (``plan``), a castle is
        worth much to a player too weak to roll tonight."""
        assert self.realm is not None
        region = self.realm.regions[region_id]
        feature = region.feature
        if feature == TEMPLE and region.temple is not None:
            quests = self.realm.ruleset.quests
            named = any(isinstance(quests[q], TreasureQuest) and quests[q].temple == region.temple.id  # type: ignore[union-attr]
                        for q in state["row"] if q is not None)
            lacks = region.temple.legendary not in me["found"]
            return 3.0 + 3.0 * named + 2.0 * lacks
        if feature == OBELISK and region.spell_level is not None:
            gap = region.spell_level - me["spell"]
            return 5.0 - gap if 0 < gap <= 3 else 0.0
        if feature == PORTAL:
            portal = state["portals"].get(region_id, {})
            return 4.0 if portal.get("goblin") is not None else 0.5
        if feature == GROTTO:
            return 1.5
        if feature == CASTLE:
            if plan is not None and plan.recover:
                return RECOVER
            return 1.0 if me["health"] < 3 or me["power"] < 2 else 0.0
        return 0.0

    def move_score(self, option: Any, state: dict[str, Any], me: dict[str, Any],
                   plan: Plan | None = None) -> float:
        if option in (K.IDLE, K.STAY):
            assert self.realm is not None
            home = any(self.realm.regions[h["region"]].feature == CASTLE for h in me["heroes"])
            return 0.5 if option == K.IDLE and home else 0.2
        _, hero, region, _direction = option
        held = me["heroes"][hero]
        progress = 0.0 if plan is not None and plan.recover else held["step"] * 2.0   # lost if it cannot roll
        here = self.region_value(held["region"], state, me, plan) + progress
        return self.region_value(region, state, me, plan) - here

    # --- the night -----------------------------------------------------------------------------
    def risk(self, state: dict[str, Any], me: dict[str, Any], every: bool = False) -> float:
        """The exact chance one roll of the public dice exhausts the roller (Q16, Q18, Q22); ``every``:
        with every player adventuring, as the night begins (by day the cards still show last night's)."""
        assert self.realm is not None
        ruleset = self.realm.ruleset
        magic = ruleset.magic
        effect = magic.effect(state["side"], state["magic"])
        adventuring = len(state["players"]) if every else sum(1 for p in state["players"] if not p["resting"])
        shield = any(ruleset.legendaries[i].ability == "shield" for i in me["found"])
        cost = 1 if shield else ruleset.rules.prevent_cost
        last = len(magic.track) - 1
        risk = 0.0
        for damage, magics, p in self.realm.faces:
            overflow = max(0, magics - (last - state["magic"]))
            hits = [effect.damage] * hits_to_roller(damage, adventuring) if effect.damage else []
            hits += [magic.overflow_damage] * hits_to_roller(overflow, adventuring)
            power, health = me["power"], me["health"]
            for hit in sorted(hits, reverse=True):
                if power >= cost:
                    power -= cost
                else:
                    health -= hit
            if health <= 0:
                risk += p
        return risk

    def gains(self, state: dict[str, Any], me: dict[str, Any]) -> bool:
        """Whether a roll can still bring this player anything: a hero on a temple track short of its end,
        fighting a goblin, or on an obelisk whose spell needs more magic."""
        assert self.realm is not None
        for hero in me["heroes"]:
            region = self.realm.regions[hero["region"]]
            if region.feature == TEMPLE and region.temple is not None and hero["step"] < region.temple.last:
                return True
            portal = state["portals"].get(hero["region"], {})
            if region.feature == PORTAL and portal.get("goblin") is not None:
                return True
            if region.feature == OBELISK and region.spell_level is not None:
                reach = self.realm.ruleset.magic.effect(state["side"], state["magic"]).spell_reach
                if me["spell"] < region.spell_level > me["spell"] + reach:
                    return True
        return False

    def should_roll(self, state: dict[str, Any], me: dict[str, Any]) -> bool:
        if not self.gains(state, me):
            return False
        limit = RISK
        if len(state["players"]) == 1 and self.realm is not None:
            limit = Plan(self.realm.ruleset, state, me).risk()
        return self.risk(state, me) <= limit

    def use_score(self, option: Any, decision: Decision, me: dict[str, Any]) -> float:
        """A face to the hero whose next space still needs it; Forge Ahead only for the one symbol a space
        still lacks once the rolled faces are used, while power stays to spare (or it ends the track); the
        attack faces to a goblin; the Sword while power lasts."""
        assert self.realm is not None
        if option == K.DONE:
            return 0.0
        what, hero = option[0], me["heroes"][option[-1]]
        if what == "sword":
            return 2.0 if me["power"] > 2 else -1.0
        if option[1] == ATTACK:
            return 5.0
        track = self.realm.regions[hero["region"]].temple
        if track is None or hero["step"] >= track.last:
            return -1.0
        need = Counter(track.spaces[hero["step"]]) - Counter(hero.get("given", ()))
        symbol = option[1]
        if symbol not in need:
            return 0.1 if what == "give" else -1.0
        if what == "give":
            return 4.0 + (need.total() == 1)
        left = Counter(decision.context.get("faces", {}))
        for chosen in decision.context.get("chosen", ()):
            if chosen[0] == "give":
                left[chosen[1]] -= 1
        short = need - left
        ends = hero["step"] + 1 == track.last
        spare = me["power"] - self.realm.ruleset.rules.forge_cost >= (0 if ends else 1)
        return 3.0 if short.total() == 1 and short[symbol] == 1 and spare else -1.0
