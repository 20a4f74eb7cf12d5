"""Run: the night (Q14): the dice pass clockwise among the adventuring players; each holder rests (Q21) or
rolls all five and resolves them in four steps (Q15): damage (Q16), power (Q17), magic (Q18), use (Q19).

Hits and power go out one at a time, clockwise from the roller among the players still adventuring, and
wrap round; a player exhausted by a hit takes no more, and hits left when nobody adventures are lost. The
damage and power steps read the magic level from before the roll's magic step. In the use step each
adventuring player, clockwise from the roller, gives the rolled torch, scroll and attack faces to its
heroes in steps, may Forge Ahead (power for an extra torch or scroll) and swing the Sword (Q27).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.abilities import NIGHT_PHASE, Hit
from rulecraft.plugins.teq.day import DayRules
from rulecraft.plugins.teq.model import (
    ATTACK,
    DAMAGE,
    FACES,
    MAGIC,
    POWER,
    SCROLL,
    SHIELD,
    SWORD,
    TEMPLE,
    TORCH,
    WARDING,
    LevelEffect,
)
from rulecraft.plugins.teq.state import Hero, Player
from rulecraft.runtime.steps import StepChoice

NIGHT_DICE = "night dice"       # what every night roll is for (Q15)
USED = (TORCH, SCROLL, ATTACK)  # the faces of the use step (Q19)


class NightRules(DayRules):
    def effect(self, space: int | None = None) -> LevelEffect:
        """What the dice do at the magic token's space (or ``space``), on the side in play (Q18, Q32)."""
        return self.ruleset.magic.effect(self.side, self.magic if space is None else space)

    def legendary_held(self, player: Player, ability: str) -> tuple[Hero, int] | None:
        """The hero of ``player`` holding the found legendary item with ``ability`` (Q27) and its cost."""
        for item in player.found:
            legendary = self.ruleset.legendaries[item]
            if legendary.ability == ability:
                for hero in player.heroes:
                    if item in hero.items:
                        return hero, legendary.cost
        return None

    # --- the night (Q14) -----------------------------------------------------------------------
    def night(self) -> None:
        self.phase = NIGHT_PHASE
        for player in self.players:
            player.resting = player.exhausted = False
        self.dice = None
        self.emit("night", round=self.round, holder=self.token)
        holder: int | None = self.token
        while holder is not None:
            player = self.players[holder]
            if not player.resting:
                if self.choose(K.NIGHT, holder, (K.ROLL, K.REST)) == K.REST:
                    self.rest(player)
                else:
                    self.roll_dice(player)
            holder = self.next_adventurer(holder)

    def roll_dice(self, player: Player) -> None:
        """Q15: all five dice, resolved damage, power, magic, use."""
        effect = self.effect()
        faces = self.roll(self.ruleset.dice, NIGHT_DICE)
        counts = dict.fromkeys(FACES, 0)
        for face in faces:
            counts[face] = counts.get(face, 0) + 1
        seat = player.seat
        self.dice = {"player": seat, "faces": list(faces)}
        if not self.counted("roll"):
            self.push({"e": "roll", "player": seat, "faces": list(faces), "space": self.magic,
                       "level": self.ruleset.magic.track[self.magic]})
        if effect.damage and counts[DAMAGE]:
            self.hand_out_hits(seat, [effect.damage] * counts[DAMAGE], "damage")
        if effect.power and counts[POWER]:
            self.hand_out_power(seat, [effect.power] * counts[POWER])
        if counts[MAGIC]:
            self.magic_step(seat, counts[MAGIC])
        for other in self.clockwise(seat):
            if not self.players[other].resting:
                self.use_step(self.players[other], counts)

    # --- damage (Q16) and power (Q17) ----------------------------------------------------------
    def hand_out_hits(self, roller: int, hits: list[int], why: str) -> None:
        """Q16: one hit at a time, clockwise from the roller among adventuring players, wrapping round."""
        seat = self.next_adventurer(roller, include=True)
        for i, damage in enumerate(hits):
            if seat is None:
                self.emit("hits-lost", hits=len(hits) - i, why=why)
                return
            self.hit(self.players[seat], damage, why)
            seat = self.next_adventurer(seat)

    def hit(self, player: Player, damage: int, why: str) -> None:
        """One hit: HIT items may lessen it; then the player may pay to prevent it whole (Q16: 2 power, the
        Shield's cost with the Shield held, Q27, less WARDING items), or loses that much health; at 0
        it is exhausted at once (Q22)."""
        hit = Hit(damage)
        self.hit_items(player, hit)
        if hit.damage <= 0:
            self.emit("hit", player=player.seat, damage=0, prevented=True, why=why, health=player.health)
            return
        shield = self.legendary_held(player, SHIELD)
        cost = shield[1] if shield is not None else self.ruleset.rules.prevent_cost
        cost = max(0, cost - self.modifier(player, WARDING))
        prevent = cost <= player.power and (
            cost == 0 or self.choose(K.PREVENT, player.seat, (K.PREVENT_HIT, K.TAKE_HIT),
                                     {"damage": hit.damage, "cost": cost, "why": why}) == K.PREVENT_HIT)
        if prevent:
            self.pay(player, cost, "prevent a hit")
            if not self.counted("hit"):
                self.push({"e": "hit", "player": player.seat, "damage": hit.damage, "prevented": True,
                           "why": why, "health": player.health})
            return
        player.health = max(0, player.health - hit.damage)
        if not self.counted("hit"):
            self.push({"e": "hit", "player": player.seat, "damage": hit.damage, "prevented": False,
                       "why": why, "health": player.health})
        if player.health == 0:
            self.exhaust(player)

    def hand_out_power(self, roller: int, gains: list[int]) -> None:
        """Q17: power one at a time like hits, from the roller; above the maximum it is lost."""
        seat = self.next_adventurer(roller, include=True)
        for amount in gains:
            if seat is None:
                return
            player = self.players[seat]
            if not self.gain(player, K.POWER, amount):
                self.emit("power-lost", player=seat, amount=amount)
            seat = self.next_adventurer(seat)

    # --- magic (Q18) ---------------------------------------------------------------------------
    def magic_step(self, roller: int, faces: int) -> None:
        """Q18: each magic face moves the token one space on; one that finds it on the last space is a hit
        of ``overflow_damage`` instead, and a space whose level deals magic damage (level 3) makes its face a
        hit of that much as well. The hits go out as in Q16, starting again with the roller."""
        magic = self.ruleset.magic
        last = len(magic.track) - 1
        hits: list[int] = []
        for _ in range(faces):
            if self.magic >= last:
                hits.append(magic.overflow_damage)
                continue
            dealt = self.effect().magic_damage
            self.magic += 1
            self.emit("magic", space=self.magic, level=magic.track[self.magic])
            if dealt:
                hits.append(dealt)
        if hits:
            self.hand_out_hits(roller, hits, "magic")

    # --- use (Q19) -----------------------------------------------------------------------------
    def use_options(self, player: Player, left: Mapping[str, int]) -> list[Any]:
        """Q19: the faces left to give (to a hero on a temple short of its last space, an attack to a hero
        at a goblin), Forge Ahead while power lasts, the Sword (Q27)."""
        regions, portals = self.regions, self.portals
        temple: list[Hero] = []
        portal: list[Hero] = []
        for h in player.heroes:
            region = regions[h.region]
            if region.feature == TEMPLE and (region.temple is None or h.step != region.temple.last):
                temple.append(h)
            at = portals.get(h.region)
            if at is not None and at.goblin is not None:
                portal.append(h)
        out: list[Any] = []
        for face in USED:
            if left[face]:
                for h in portal if face == ATTACK else temple:
                    out.append(("give", face, h.index))
        if temple and player.power >= self.ruleset.rules.forge_cost:
            for symbol in (TORCH, SCROLL):
                for h in temple:
                    out.append(("forge", symbol, h.index))
        sword = self.legendary_held(player, SWORD)
        if sword is not None and self.at_portal(sword[0]) and player.power >= sword[1]:
            out.append(("sword", sword[0].index))
        return out

    def use_step(self, player: Player, counts: Mapping[str, int]) -> None:
        """Q19: the rolled torch, scroll and attack faces as if the player had rolled them, each to at most
        one of its heroes, in steps; unused faces are lost. Its USE_STEP items act first."""
        self.use_step_items(player)
        faces = {face: counts[face] for face in USED}
        left = dict(faces)
        steps = StepChoice(self, K.USE, player.seat, done=K.DONE, context={"faces": faces})
        options = self.use_options(player, left)
        while options:
            answer = steps.step(options)
            if answer == K.DONE:
                break
            what = answer[0]
            hero = player.heroes[answer[-1]]
            if what == "give":
                left[answer[1]] -= 1
                if answer[1] == ATTACK:
                    self.damage_goblin(hero, 1, "attack")
                else:
                    self.give_symbols(hero, [answer[1]], "dice")
            elif what == "forge":
                self.pay(player, self.ruleset.rules.forge_cost, "forge ahead")
                self.emit("forge", player=player.seat, hero=hero.index, symbol=answer[1])
                self.give_symbols(hero, [answer[1]], "forge ahead")
            else:
                sword = self.legendary_held(player, SWORD)
                assert sword is not None
                self.pay(player, sword[1], "sword")
                self.damage_goblin(hero, 1, "sword")
            options = self.use_options(player, left)
        for hero in player.heroes:
            hero.given.clear()

    # --- steps the rest area implements ---------------------------------------------------------
    def rest(self, player: Player) -> None:
        raise NotImplementedError
