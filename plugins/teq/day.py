"""Run: the day (Q9): four turns of a movement card each, moves (Q5, Q7), capacity (Q4), entering regions
(Q8), idling (Q10), movement quests (Q12) and rearranging items (Q25).

The token holder leads the first turn, then the lead passes clockwise; the leader picks a face-up card (in
solo the seeded RNG picks it, Q31), then the leader and each other player clockwise moves one hero by it or
idles (a player with no legal move idles without being asked). After its move or idle a player may
rearrange the items of its heroes in its castle and those waiting beside its mat, in steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.abilities import DAY_PHASE, AbilityRules
from rulecraft.plugins.teq.geometry import ANTICLOCKWISE, CLOCKWISE
from rulecraft.plugins.teq.model import CASTLE, GROTTO, STEALTH
from rulecraft.plugins.teq.state import Hero, Player
from rulecraft.runtime.steps import StepChoice

MOVEMENT_CARD_PICK = "movement card"   # Q31: the solo day's card, by chance


class DayRules(AbilityRules):
    # --- where a hero may go (Q4, Q5, Q7) ------------------------------------------------------
    def blocked(self, player: Player) -> set[str]:
        """Q4: the regions ``player`` may not enter now: every other castle, a region where it already has
        a hero (but its own castle), a region holding heroes of ``capacity`` players."""
        seat = player.seat
        castle = self.castles[seat]
        out = set(self.foreign_castles[seat])
        for hero in player.heroes:
            if hero.region != castle:
                out.add(hero.region)
        others: dict[str, int] = {}        # region -> how many other players have a hero there
        for other in self.players:
            if other.seat != seat:
                seen: list[str] = []
                for hero in other.heroes:
                    region = hero.region
                    if region not in seen:
                        seen.append(region)
                        others[region] = others.get(region, 0) + 1
        regions = self.regions
        for rid, count in others.items():
            definition = regions[rid]
            if definition.capacity is not None and count >= definition.capacity \
                    and definition.feature != CASTLE:
                out.add(rid)
        return out

    def goblin_mask(self) -> int:
        """The cards whose portal holds an active goblin (Q7), as a bit mask of their positions."""
        mask = 0
        for portal, bit in self.portal_bits:
            if portal.active and portal.goblin is not None:
                mask |= bit
        return mask

    def toll_per_goblin(self, player: Player, hero: Hero) -> int:
        """Q7: the power ``hero`` pays per active goblin card it passes: ``goblin_toll`` less what its
        items take off (STEALTH), never below 0."""
        return max(0, self.ruleset.rules.goblin_toll - self.modifier(player, STEALTH, hero))

    def move_options(self, player: Player, method: str,
                     heroes: Sequence[Hero] | None = None) -> list[tuple[Any, ...]]:
        """Q5, Q7: every legal move by ``method`` as ``("move", hero, region, direction)``; a Ship move
        names its direction only when the two ways round cost differently (Q7; anticlockwise first)."""
        out: list[tuple[Any, ...]] = []
        blocked, goblins = self.blocked(player), self.goblin_mask()
        toll = max(0, self.ruleset.rules.goblin_toll)     # a hero holding no item pays it whole
        done: dict[tuple[str, int], list[tuple[str, str | None]]] = {}   # heroes standing together
        for hero in player.heroes if heroes is None else heroes:
            per = 0 if not goblins else toll if not hero.items else self.toll_per_goblin(player, hero)
            key = (hero.region, per)
            found = done.get(key)
            if found is None:
                found = done[key] = self.ends(hero.region, method, per, goblins, player.power, blocked)
            index = hero.index
            out += [("move", index, rid, direction) for rid, direction in found]
        return out

    def ends(self, start: str, method: str, per: int, goblins: int, power: int,
             blocked: set[str]) -> list[tuple[str, str | None]]:
        """Where one move by ``method`` from region ``start`` may end, with its Ship direction when the two
        ways round cost differently: ``per`` power per card of ``goblins`` passed (Q7), ``power`` to pay."""
        found: list[tuple[str, str | None]] = []
        regions_at = self.regions_at
        ways = self.geometry.ways(self.pos_of[self.card_of[start]], method)
        if not per:
            for end, _way, _back in ways:
                for rid in regions_at[end]:
                    if rid not in blocked:
                        found.append((rid, None))
            return found
        for end, way, back in ways:
            passed = way & goblins
            both = False
            if back < 0:
                if passed and per * passed.bit_count() > power:
                    continue
            else:
                cost = per * passed.bit_count() if passed else 0
                passed = back & goblins
                cost_back = per * passed.bit_count() if passed else 0
                if cost > power and cost_back > power:
                    continue
                both = cost != cost_back and cost <= power and cost_back <= power
            for rid in regions_at[end]:
                if rid in blocked:
                    continue
                if both:
                    found.append((rid, ANTICLOCKWISE))
                    found.append((rid, CLOCKWISE))
                else:
                    found.append((rid, None))     # one way there, or both cost alike
        return found

    def move_cost(self, player: Player, hero: Hero, region: str, direction: str | None, method: str) -> int:
        """Q7: what the move costs, by ``direction`` round the coast when it names one (else the cheaper)."""
        end = self.pos_of[self.card_of[region]]
        goblins = self.goblin_mask()
        per = 0 if not goblins else self.toll_per_goblin(player, hero)
        for pos, way, back in self.geometry.ways(self.pos_of[self.card_of[hero.region]], method):
            if pos == end:
                passed = [way if direction in (None, CLOCKWISE) else back]
                if back >= 0 and direction is None:
                    passed.append(back)
                return per * min((mask & goblins).bit_count() for mask in passed)
        raise ValueError(f"{region} is no {method} move away from {hero.region}")

    def move(self, player: Player, option: tuple[Any, ...], method: str, why: str) -> Hero:
        """Q5, Q7, Q8: the hero pays the goblins it passes, leaves its region and enters the new one."""
        _, index, region, direction = option
        hero = player.heroes[index]
        cost = self.move_cost(player, hero, region, direction, method)
        self.pay(player, cost, "goblins passed")
        before = hero.region
        self.leave(hero)
        hero.region = region
        if not self.counted("move"):
            self.push({"e": "move", "player": player.seat, "hero": index, "start": before, "region": region,
                       "method": method, "direction": direction, "cost": cost, "why": why})
        self.enter(hero, region)
        return hero

    def enter(self, hero: Hero, region: str) -> None:
        """Q8: its own castle gives 1 health or 1 power; a grotto's ability happens at once; a temple's
        entrance is space 0; on a portal it attacks the goblin; an obelisk waits for the rest."""
        feature = self.regions[region].feature
        if feature == CASTLE:
            self.gain_one(self.players[hero.owner], "castle")
        elif feature == GROTTO:
            self.grotto(hero, region)

    # --- the day (Q9) --------------------------------------------------------------------------
    def day(self) -> None:
        self.phase = DAY_PHASE
        n = len(self.players)
        for turn in range(self.ruleset.rules.day_turns):
            leader = (self.token + turn) % n
            self.day_turn(leader, turn)

    def day_turn(self, leader: int, turn: int) -> None:
        """Q9: the leader picks a face-up movement card (Q31: chance picks it in solo); each player in
        clockwise order from the leader moves or idles; the card turns face down."""
        if len(self.players) == 1:
            card = self.pick(tuple(self.faceup), MOVEMENT_CARD_PICK)
        else:
            card = self.choose(K.MOVEMENT_CARD, leader, tuple(self.faceup), {"turn": turn})
        method = next(c.method for c in self.ruleset.movement if c.id == card)
        if not self.counted("movement-card"):
            self.push({"e": "movement-card", "player": leader, "card": card, "method": method,
                       "turn": turn + 1})
        for seat in self.clockwise(leader):
            self.move_or_idle(self.players[seat], method)
        self.faceup.remove(card)

    def move_or_idle(self, player: Player, method: str) -> None:
        options = self.move_options(player, method)
        answer = self.choose(K.DAY, player.seat, [*options, K.IDLE], {"method": method}) \
            if options else K.IDLE
        if answer == K.IDLE:
            self.idle(player)
        else:
            hero = self.move(player, answer, method, "day")
            self.movement_quests(player, hero)
        self.arrange(player)

    def idle(self, player: Player) -> None:
        """Q10: with a hero in its castle, 1 health or 1 power, once however many are there."""
        self.emit("idle", player=player.seat)
        if any(self.in_castle(h) for h in player.heroes):
            self.gain_one(player, "idle")

    # --- items (Q25) ---------------------------------------------------------------------------
    def arrange_options(self, player: Player) -> list[Any]:
        castle = self.castles[player.seat]
        home = [h for h in player.heroes if h.region == castle]
        if not player.waiting and not any(h.items for h in home):
            return []
        hands = self.ruleset.rules.items_per_hero
        out: list[Any] = []
        for hero in home:
            for item in hero.items:
                out.append(("wait", item))
                out.extend(("give", item, h.index) for h in home if h is not hero and len(h.items) < hands)
        for item in dict.fromkeys(player.waiting):
            out.extend(("give", item, h.index) for h in home if len(h.items) < hands)
        return out

    def arrange(self, player: Player) -> None:
        """Q25: after a move or an idle, items move freely among the heroes in the castle and the items
        waiting beside the mat, one at a time, until the player is done (at most two moves per item)."""
        options = self.arrange_options(player)
        if not options:
            return
        home = [h for h in player.heroes if self.in_castle(h)]
        items = sum(len(h.items) for h in home) + len(player.waiting)
        steps = StepChoice(self, K.ARRANGE, player.seat, done=K.DONE, count=2 * items)
        while options and not steps.finished:
            answer = steps.step(options)
            if answer == K.DONE:
                break
            item = answer[1]
            holder = next((h for h in home if item in h.items), None)
            if holder is not None:
                holder.items.remove(item)
            else:
                player.waiting.remove(item)
            if answer[0] == "wait":
                player.waiting.append(item)
                self.emit("arrange", player=player.seat, item=item, hero=None)
            else:
                player.heroes[answer[2]].items.append(item)
                self.emit("arrange", player=player.seat, item=item, hero=answer[2])
            self.clamp(player)
            options = self.arrange_options(player)
