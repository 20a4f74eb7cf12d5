"""Run: resting (Q21) and exhaustion (Q22), the two ways a player's night ends.

A resting player resolves its heroes on portals, obelisks and last temple spaces one at a time, in the
order it picks (in steps): an obelisk's spell is learnt first when the magic level reaches it (the Staff
may pay for more spaces, Q27), a last space completes its temple (Q20), and each such hero goes home with
1 health or 1 power. An exhausted player's heroes all go home with nothing, its tracks reset and it loses
spell levels (``exhaustion_spell_loss``).
"""

from __future__ import annotations

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.model import OBELISK, PORTAL, STAFF
from rulecraft.plugins.teq.night import NightRules
from rulecraft.plugins.teq.state import Hero, Player
from rulecraft.runtime.steps import StepChoice


class RestRules(NightRules):
    def due_home(self, player: Player) -> list[Hero]:
        """Q21: the heroes a rest resolves: on a portal, on an obelisk, or on a temple's last space."""
        return [h for h in player.heroes
                if self.regions[h.region].feature in (PORTAL, OBELISK) or self.temple_last(h)]

    def rest(self, player: Player) -> None:
        player.resting = True
        self.emit("rest", player=player.seat)
        due = self.due_home(player)
        order = StepChoice(self, K.REST_ORDER, player.seat, count=len(due)) if len(due) > 1 else None
        while due:
            index = due[0].index if order is None else order.step([h.index for h in due])
            hero = player.heroes[index]
            due.remove(hero)
            self.resolve_rest(player, hero)

    def resolve_rest(self, player: Player, hero: Hero) -> None:
        feature = self.regions[hero.region].feature
        if feature == OBELISK:
            self.spell_check(player, hero)
        if feature in (OBELISK, PORTAL):
            self.go_home(hero, "rest")
            self.gain_one(player, "rest")
        else:
            self.complete_temple(hero)

    def spell_check(self, player: Player, hero: Hero) -> None:
        """Q21: the obelisk's level L is learnt if S < L <= S + the reach of the magic level (Q18); the
        Staff's hero may pay ``cost`` power per extra space to count (Q27), the token staying put."""
        level = self.regions[hero.region].spell_level
        if level is None or level <= player.spell:
            return
        space = self.magic
        reach = self.effect(space).spell_reach
        staff = self.legendary_held(player, STAFF)
        if level > player.spell + reach and staff is not None and staff[0] is hero:
            cost = staff[1]
            room = len(self.ruleset.magic.track) - 1 - space
            most = min(room, player.power // cost if cost else room)
            if most:
                extra = self.choose(K.STAFF, player.seat, tuple(range(most + 1)),
                                    {"obelisk": level, "spell": player.spell, "space": space})
                if extra:
                    self.pay(player, extra * cost, "staff")
                    space += extra
                    reach = self.effect(space).spell_reach
        if level <= player.spell + reach:
            player.spell = level
            self.clamp(player)
            self.emit("spell", player=player.seat, level=level, space=space)

    def exhaust(self, player: Player) -> None:
        """Q22: the card turns to Rest, every hero goes home with no gain, health and power reset, and
        ``exhaustion_spell_loss`` spell levels are lost (not below 0); defeated goblins stay."""
        rules = self.ruleset.rules
        player.resting = player.exhausted = True
        self.emit("exhausted", player=player.seat)
        castle = self.castle_of(player)
        for hero in player.heroes:
            if hero.region != castle:
                self.go_home(hero, "exhaustion")
            hero.given.clear()
        player.spell = max(0, player.spell - rules.exhaustion_spell_loss)
        player.health = min(rules.exhaustion_health, self.max_health(player))
        player.power = min(rules.exhaustion_power, self.max_power(player))
        self.emit("reset", player=player.seat, health=player.health, power=player.power, spell=player.spell)
