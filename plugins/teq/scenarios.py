"""Run: Tiny Epic Quest's rule scenarios, its ``given`` builder and steps on the shared scenario kit
(:mod:`rulecraft.runtime.scenarios`)::

    name: hits go clockwise from the roller and wrap round
    covers: [Q16]
    given:
      players: 3                                # seats are the castles' colours: red, blue, yellow, green
      first: blue                               # the token holder (default the first seat)
      map: {"1,1": embers}                      # swaps cards into slots (default: the pack's order)
      heroes: {red: [embers:left, {region: glowcap:right, step: 0, items: [sword]}]}   # the rest home
      players_state: {red: {health: 2, power: 0, spell: 1, found: [sword], goblins: 1}}
      portals: {glowcap:right: {active: true, damage: 2}}   # or null: an empty portal
      row: [quest-lantern, twin-temples, null]  # the quest row, left to right; deck: [...] top first
      magic: 1                                  # the magic token's space
    when:
      - roll: blue                              # blue rolls the dice once (Q15); also rest, hold, act,
        chance: [{what: night dice, result: [damage, damage, damage, damage, torch]}]
        decisions: {blue: [{prevent: take}]}    # night, day, day-turn, resolution, scoring, setup, game
    then:
      players: {blue: {health: 4}, red: {health: 5}}
      heroes: {red: {0: {region: embers:left, step: 1}}}
      events: [{e: hit, player: blue}, {e: hit, player: yellow}]

The format's schema is ``schemas/teq/scenario.schema.json``. Nothing of setup is played unless a ``setup``
step asks for it: the map is laid in the pack's order (regular cards in the centre then outer slots,
castles in the corners), the quest deck is the pack's quests in order (the first on top) and the row is
dealt from it under Q11, so a scenario's table is the same every run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulecraft.plugins.teq.abilities import DAY_PHASE, NIGHT_PHASE
from rulecraft.plugins.teq.engine import Game
from rulecraft.plugins.teq.model import Ruleset
from rulecraft.plugins.teq.pack import core_ruleset
from rulecraft.runtime.decisions import ScriptedAgent
from rulecraft.runtime.scenarios import Scenario, ScenarioError
from rulecraft.runtime.scenarios import Table as KitTable

SCHEMA = "rulecraft.schemas.teq:scenario.schema.json"
PLAYER_FIELDS = ("health", "power", "spell", "resting", "exhausted", "found", "treasures", "waiting",
                 "quests")


def prepare(scenario: Scenario) -> tuple[Ruleset]:
    """The ruleset a scenario runs on: Tiny Epic Quest's core pack, checked and built by the host."""
    return (core_ruleset(),)


def default_map(ruleset: Ruleset) -> dict[tuple[int, int], str]:
    """The pack's order on Q2's slots: the regular cards fill the centre then the outer slots, the castles
    the corners."""
    layout = ruleset.layout
    regular = [card.id for card in ruleset.map_cards.values()]
    castles = [card.id for card in ruleset.castles.values()]
    placed = dict(zip(layout.centre + layout.outer, regular, strict=False))
    placed.update(zip(layout.corners, castles, strict=False))
    return placed


def _pos(text: str) -> tuple[int, int]:
    x, _, y = text.partition(",")
    return int(x), int(y)


class Table(KitTable):
    """One scenario's table: a game of ``players`` seats named by their castles' colours (Q1)."""

    STEPS = ("roll", "rest", "hold", "act", "night", "day", "day-turn", "resolution", "scoring", "setup",
             "game")
    SEAT_KEYS = frozenset({"player", "holder", "token", "first", "seat"})

    def __init__(self, scenario: Scenario, ruleset: Ruleset) -> None:
        given = scenario.given
        n = int(given.get("players", 2))
        self.seats = tuple(ruleset.colours[:n])
        first = self.seat(given["first"]) if "first" in given else None   # a setup step picks it (Q1)
        self.game = game = Game(ruleset, [ScriptedAgent() for _ in range(n)], seed=given.get("seed", 0),
                                first=first)
        game.token = first or 0
        game.round = int(given.get("round", 1))
        placed = default_map(ruleset)
        where = {card: pos for pos, card in placed.items()}
        for text, card in (given.get("map") or {}).items():
            pos = _pos(text)
            if card not in where:
                raise ScenarioError(f"map: no map card {card!r}")
            old = placed.get(pos)
            if old is None:
                raise ScenarioError(f"map: {text} is no slot of the layout")
            placed[where[card]], placed[pos] = old, card
            where[old], where[card] = where[card], pos
        game.lay_out(placed)
        self.place(given)
        game.deck = list(given["deck"]) if "deck" in given else list(ruleset.quests)
        if "row" in given:
            game.row = list(given["row"])
            for quest in game.row:
                if quest is not None and quest in game.deck:
                    game.deck.remove(quest)
        else:
            game.refill()
        game.discard = list(given.get("discard", ()))
        game.magic = int(given.get("magic", 0))
        game.token_q = bool(given.get("token_q", True))
        if "faceup" in given:
            game.faceup = list(given["faceup"])
        game.phase = str(given.get("phase", DAY_PHASE))

    def place(self, given: Mapping[str, Any]) -> None:
        game = self.game
        for name, heroes in (given.get("heroes") or {}).items():
            player = game.players[self.seat(name)]
            for hero, spec in zip(player.heroes, heroes, strict=False):
                spec = {"region": spec} if isinstance(spec, str) else dict(spec)
                region = spec.get("region", "castle")
                hero.region = game.castle_of(player) if region == "castle" else region
                if hero.region not in game.regions:
                    raise ScenarioError(f"heroes.{name}: no region {region!r} on the map")
                hero.step = int(spec.get("step", 0))
                hero.items = list(spec.get("items", ()))
        for name, fields in (given.get("players_state") or {}).items():
            player = game.players[self.seat(name)]
            for key, value in fields.items():
                if key == "goblins":
                    player.goblins = [-1 - i for i in range(int(value))]
                elif key == "legendary":
                    player.legendary.update(value)
                elif key in PLAYER_FIELDS:
                    setattr(player, key, list(value) if isinstance(value, list) else value)
                else:
                    raise ScenarioError(f"players_state.{name}: no field {key!r}")
        for region, spec in (given.get("portals") or {}).items():
            portal = game.portals.get(region)
            if portal is None:
                raise ScenarioError(f"portals: {region!r} is no portal on the map")
            if spec is None:
                if portal.goblin is not None:
                    game.supply.insert(0, portal.goblin)
                portal.goblin, portal.active, portal.damage = None, False, 0
                continue
            portal.active = bool(spec.get("active", False))
            portal.damage = int(spec.get("damage", 0))
        if "supply" in given:
            game.supply = game.supply[:int(given["supply"])]

    def answer(self, kind: str, value: Any) -> Any:
        """Answers as the engine takes them: lists as tuples, a ``null`` direction kept."""
        if isinstance(value, list):
            return tuple(self.answer(kind, v) for v in value)
        return value

    def play(self, kind: str, value: Any, step: Mapping[str, Any]) -> None:
        game = self.game
        if game.finished:
            raise ScenarioError("the game is over: no step can follow")
        if kind in ("roll", "rest", "hold"):
            game.phase = NIGHT_PHASE
            player = game.players[self.seat(value)]
            if player.resting:
                raise ScenarioError(f"{value} is resting: it cannot hold the dice")
            if kind == "roll":
                game.roll_dice(player)
            elif kind == "rest" or game.choose("night", player.seat, ("roll", "rest")) == "rest":
                game.rest(player)
            else:
                game.roll_dice(player)
        elif kind == "act":
            game.phase = DAY_PHASE
            game.move_or_idle(game.players[self.seat(value["player"])], value["method"])
        elif kind == "day-turn":
            game.phase = DAY_PHASE
            game.day_turn((game.token + int(value)) % len(game.players), int(value))
        else:
            {"night": game.night, "day": game.day, "resolution": game.resolution, "scoring": game.end,
             "setup": game.setup, "game": game.run}[kind]()

    def observe(self, key: str, want: Any) -> Any:
        game = self.game
        if key == "players":
            out: dict[str, Any] = {}
            for name in want:
                player = game.players[self.seat(name)]
                vp = game.vp(player)
                out[name] = {**player.snapshot(), "max_health": game.max_health(player),
                             "max_power": game.max_power(player), "vp": sum(vp.values()),
                             **{f"vp_{k}": v for k, v in vp.items()}}
            return out
        if key == "heroes":
            shown: dict[str, Any] = {}
            for name, heroes in want.items():
                shots = [h.snapshot() for h in game.players[self.seat(name)].heroes]
                shown[name] = {i: shots[int(i)] for i in heroes} if isinstance(heroes, Mapping) else shots
            return shown
        if key == "portals":
            portals = game.portals
            return {region: portals[region].snapshot() if portals[region].goblin is not None else None
                    for region in want}
        if key == "standings":
            return self.show([s.row() for s in game.standings]) if game.standings else None
        if key == "results":
            return {self.name(s.seat): s.result for s in game.standings} if game.standings else None
        if key in ("row", "discard", "faceup", "magic", "round", "token_q", "supply"):
            value = getattr(game, key)
            return len(value) if key == "supply" else list(value) if isinstance(value, list) else value
        if key == "deck":
            return len(game.deck) if isinstance(want, int) else list(game.deck)
        if key == "token":
            return self.name(game.token)
        if key == "map":
            return {f"{x},{y}": card for (x, y), card in game.geometry.cards.items()}
        if key == "moves":
            player, method = game.players[self.seat(want["player"])], want["method"]
            return {"player": want["player"], "method": method,
                    "options": [list(o) for o in game.move_options(player, method)]}
        if key == "view":
            return {name: game.view_state(self.seat(name)) for name in want}
        return super().observe(key, want)
