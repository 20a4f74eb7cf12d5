"""Run: abilities as the pack writes them (a trigger and effect steps, compiled from the DSL): grottoes
when a hero enters (Q8), treasure items in the use step and when hit (Q19, Q16, Q25), movement-quest
rewards (Q12). Each step's verb is one engine rule; what each verb means is its comment in ``teq.model``.

A step aimed at one of the player's heroes on a temple, at a portal or anywhere asks which (``target``),
unless only one fits; none fitting, the step does nothing. A MOVE lets the hero stay (a move it cannot or
would not make is no move).
"""

from __future__ import annotations

from rulecraft.plugins.teq import decisions as K
from rulecraft.plugins.teq.model import (
    ADD_SCROLL,
    ADD_TORCH,
    ADVANCE,
    ANY_HERO,
    COMPLETED,
    ENTERED,
    GAIN_HEALTH,
    GAIN_POWER,
    GOBLIN_DAMAGE,
    HERO_AT_PORTAL,
    HERO_ON_TEMPLE,
    HIT,
    MOVE,
    PREVENT,
    SCROLL,
    THIS_HERO,
    TORCH,
    USE_STEP,
    Ability,
    MovementQuest,
    Step,
)
from rulecraft.plugins.teq.quests import QuestRules
from rulecraft.plugins.teq.state import Hero, Player

DAY_PHASE, NIGHT_PHASE = "day", "night"


class Hit:
    """The hit a player has just received (Q16), which HIT abilities may lessen (PREVENT)."""

    __slots__ = ("damage",)

    def __init__(self, damage: int) -> None:
        self.damage = damage


class AbilityRules(QuestRules):
    def run_abilities(self, player: Player, abilities: tuple[Ability, ...], own: Hero | None, source: str,
                      hit: Hit | None = None) -> None:
        for ability in abilities:
            if not self.counted("ability"):
                self.push({"e": "ability", "player": player.seat, "source": source,
                           "trigger": ability.trigger})
            for step in ability.steps:
                self.run_step(player, step, own, source, hit)

    def target_of(self, player: Player, step: Step, own: Hero | None, source: str) -> Hero | None:
        kind = step.target
        if kind == THIS_HERO:
            return own
        if kind == HERO_ON_TEMPLE:
            fits = [h for h in player.heroes if self.on_temple(h) and not self.temple_last(h)]
        elif kind == HERO_AT_PORTAL:
            fits = [h for h in player.heroes if self.at_portal(h)]
        elif kind == ANY_HERO:
            fits = list(player.heroes)
        else:
            return None
        if len(fits) <= 1:
            return fits[0] if fits else None
        index = self.choose(K.TARGET, player.seat, [h.index for h in fits],
                            {"source": source, "verb": step.verb})
        return player.heroes[index]

    def run_step(self, player: Player, step: Step, own: Hero | None, source: str, hit: Hit | None) -> None:
        verb = step.verb
        if verb == GAIN_HEALTH:
            self.gain(player, K.HEALTH, step.amount)
            return
        if verb == GAIN_POWER:
            self.gain(player, K.POWER, step.amount)
            return
        if verb == PREVENT:
            if hit is not None:
                hit.damage = max(0, hit.damage - step.amount)
                self.emit("prevented", player=player.seat, source=source, damage=hit.damage)
            return
        hero = self.target_of(player, step, own, source)
        if hero is None:
            return
        if verb in (ADD_TORCH, ADD_SCROLL):
            if self.on_temple(hero):
                self.give_symbols(hero, [TORCH if verb == ADD_TORCH else SCROLL] * step.amount, source)
        elif verb == ADVANCE:
            self.advance(hero, step.amount, source)
        elif verb == GOBLIN_DAMAGE:
            self.damage_goblin(hero, step.amount, source)
        elif verb == MOVE:
            assert step.method is not None
            options = self.move_options(player, step.method, [hero])
            if options:
                answer = self.choose(K.MOVE, player.seat, [*options, K.STAY], {"source": source})
                if answer != K.STAY:
                    self.move(player, answer, step.method, source)

    # --- temple tracks (Q20) -------------------------------------------------------------------
    def give_symbols(self, hero: Hero, symbols: list[str], why: str) -> None:
        """Q20: the hero takes symbols in this use step and steps on while it holds what the next space
        shows (both symbols of a two-symbol space); in the day, reaching the last space completes it."""
        hero.given.extend(symbols)
        region = hero.region
        track = self.regions[region].temple
        assert track is not None
        while hero.step < track.last:
            need = list(track.spaces[hero.step])
            held = list(hero.given)
            for symbol in need:
                if symbol not in held:
                    break
                held.remove(symbol)
            else:
                hero.given = held
                self.step_on(hero, why)
                if hero.region != region:   # completed in the day: it went home
                    return
                continue
            break
        if self.phase == DAY_PHASE:
            hero.given.clear()

    def advance(self, hero: Hero, spaces: int, why: str) -> None:
        """ADVANCE: steps without symbols, up to the last space."""
        region = hero.region
        track = self.regions[region].temple
        if track is None:
            return
        for _ in range(spaces):
            if hero.region != region or hero.step >= track.last:
                break
            self.step_on(hero, why)

    def step_on(self, hero: Hero, why: str) -> None:
        hero.step += 1
        track = self.regions[hero.region].temple
        assert track is not None
        self.emit("step", player=hero.owner, hero=hero.index, temple=track.id, space=hero.step, why=why)
        if hero.step == track.last and self.phase == DAY_PHASE:
            self.complete_temple(hero)      # Q20: reached in the day (by a grotto), completed at once

    # --- the triggers --------------------------------------------------------------------------
    def grotto(self, hero: Hero, region: str) -> None:
        """Q8: a grotto's ability happens at once when a hero enters it."""
        abilities = tuple(a for a in self.regions[region].ability if a.trigger == ENTERED)
        if abilities:
            self.run_abilities(self.players[hero.owner], abilities, hero, region)

    def item_abilities(self, player: Player, trigger: str, hit: Hit | None = None) -> None:
        """The ``trigger`` abilities of the items the player's heroes hold (Q25), hero by hero."""
        treasures = self.ruleset.treasures
        for hero in player.heroes:
            for item in tuple(hero.items):
                found = treasures.get(item)
                if found is not None:
                    abilities = found.triggered(trigger)
                    if abilities:
                        self.run_abilities(player, abilities, hero, item, hit)

    def use_step_items(self, player: Player) -> None:
        self.item_abilities(player, USE_STEP)

    def hit_items(self, player: Player, hit: Hit) -> None:
        self.item_abilities(player, HIT, hit)

    def reward(self, player: Player, quest: MovementQuest, moved: Hero) -> None:
        """Q12: the quest's printed reward."""
        abilities = tuple(a for a in quest.reward if a.trigger == COMPLETED)
        if abilities:
            self.run_abilities(player, abilities, moved, quest.id)
