"""Run: Tiny Epic Mechs' rule scenarios, its ``given`` builder and steps on the shared scenario kit
(:mod:`rulecraft.runtime.scenarios`).

``given`` is a partial table (no random setup unless the first step is ``setup``); the steps play a card
(``play``), a whole turn of the table (``turn``), a round (``round``), the end of a round (``end_round``),
a Combat under way (``combat``) or the game's end (``end_game``). Players are named by colour, cells as
``r<row>c<col>`` (or a placed zone's id), program cards as ``card DIR`` (T4). The format's schema is
``schemas/tem/scenario.schema.json``; the kit runs the rest (strict seats, chance, ``then``).
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from rulecraft.plugins.tem import api
from rulecraft.plugins.tem.combat import Combat
from rulecraft.plugins.tem.engine import Game
from rulecraft.plugins.tem.game import SCENARIO_SCHEMA
from rulecraft.plugins.tem.model import Ruleset
from rulecraft.plugins.tem.views import view_for
from rulecraft.runtime.decisions import ScriptedAgent
from rulecraft.runtime.scenarios import Scenario, ScenarioError
from rulecraft.runtime.scenarios import Table as KitTable

SCHEMA = SCENARIO_SCHEMA
CORE = "tem-core"
DEFAULT_SEATS = ("red", "blue")
SEAT_KEYS = frozenset({"player", "by", "owner", "attacker", "defender", "target", "opponent",
                       "starting_player", "controller"})
CELL_KEYS = frozenset({"at", "base", "cell", "frm", "to", "moved_from"})
CARD_DECISIONS = frozenset({"ad-hoc-card"})
CELL_OPTIONS = frozenset({"zone", "base", "move-token"})     # decisions whose options are cells
CARD_OPTIONS = frozenset({"program", "ad-hoc-card"})         # ... whose options are (card, orientation)
STATE_KEYS = frozenset({"players", "mech", "round", "turn", "starting_player", "row", "deck", "piles",
                        "tokens"})


def parse_card(text: str) -> tuple[str, str]:
    """``"red-collect E"`` -> ``("red-collect", "E")`` (T4: card and absolute orientation)."""
    card, _, facing = text.rpartition(" ")
    return card, facing


@cache
def ruleset_for(packs: tuple[str, ...]) -> Any:
    """The Ruleset of a pack stack (``tem-core`` = the shipped core pack), built once per process;
    content errors raise DiagnosticError."""
    from rulecraft.plugins.tem.build import core_pack_path, load_ruleset

    return load_ruleset([core_pack_path() if p == CORE else Path(p) for p in packs])


@cache
def hooks_for(plugins: tuple[str, ...]) -> Any:
    """The plugin hooks for a scenario's variant plugins, built once per set (PluginLoadError if bad)."""
    from rulecraft.plugins.manager import default_hooks, make_hooks
    from rulecraft.plugins.tem.game import GAME

    return make_hooks(GAME.id, plugins) if plugins else default_hooks(GAME.id)


def prepare(scenario: Scenario) -> tuple[Any, Any]:
    """The (ruleset, hooks) a scenario runs on."""
    return (ruleset_for(tuple(scenario.given.get("packs", [CORE]))),
            hooks_for(tuple(scenario.given.get("plugins", ()))))


class Table(KitTable):
    """One scenario's table: the game, its colours and where the round stands (``phase``: fresh, setup,
    played, ended between two rounds, over after final scoring)."""

    STEPS = ("setup", "play", "turn", "round", "combat", "end_round", "end_game")
    SEAT_KEYS: ClassVar[frozenset[str]] = SEAT_KEYS

    def __init__(self, scenario: Scenario, ruleset: Ruleset, hooks: Any) -> None:
        self.scenario = scenario
        given = scenario.given
        self.seats = tuple(given.get("seats", DEFAULT_SEATS))
        agents = self._agents(given)
        steps = scenario.when
        if steps and "setup" in steps[0]:
            self.game = api.new_game(ruleset, self.seats, given.get("seed", 0), hooks, agents)
            self.phase = "setup"
        else:
            self.game = self._table(ruleset, hooks, agents)
            self.phase = "fresh"       # in the given round and turn, no turn played yet
        self.turn = int(given.get("turn", 1))
        self.combat = self._combat(given.get("combat"))

    def _agents(self, given: Mapping[str, Any]) -> list[Any]:
        """Strict scripted seats, except those ``given.agents`` names by agent kind (``robot``: the Robot
        Pilot procedure, which still takes scripted answers first)."""
        from rulecraft.runtime.agents import make_agent
        from rulecraft.runtime.games import agents_for

        kinds, tem_agents = given.get("agents") or {}, agents_for("tem")
        seed = given.get("seed", 0)
        return [make_agent(kinds[c], f"{seed}/{i}", tem_agents) if c in kinds else ScriptedAgent()
                for i, c in enumerate(self.seats)]

    def _table(self, ruleset: Ruleset, hooks: Any, agents: list[Any]) -> Game:
        given = self.scenario.given
        self._known(ruleset)
        starting = given.get("starting_player")
        game = api.table(ruleset, colours=self.seats, agents=agents, seed=given.get("seed", 0), hooks=hooks,
                         zones=given.get("zones"), bases=given.get("bases"),
                         starting_player=self.seat(starting) if starting else 0)
        api.set_clock(game, int(given.get("round", 1)), int(given.get("turn", 1)))
        for where, token in (given.get("tokens") or {}).items():
            api.place_token(game, where, self.seat(token["owner"]), token["kind"], token.get("number"))
        for colour, fields in (given.get("players") or {}).items():
            fields = dict(fields)
            if "program" in fields:
                fields["program"] = [parse_card(c) for c in fields["program"]]
            api.set_player(game, self.seat(colour), **fields)
        mech = given.get("mech")
        if mech:
            controller = mech.get("controller")
            api.set_mech(game, mech.get("at"), self.seat(controller) if controller else None,
                         mech.get("side"))
            again = {k: v for k, v in (given.get("players") or {}).get(controller, {}).items()
                     if k in ("health", "equipped")}
            if controller and again:     # taking the Mech sets full health and its loadout: given wins
                api.set_player(game, self.seat(controller), **again)
        if any(k in given for k in ("row", "deck", "piles")):
            api.set_market(game, given.get("row"), given.get("deck"), given.get("piles"))
        cells = (*(p.pos for p in game.players), *game.tokens, game.mech_pos)
        holes = sorted({game.board.name(c) for c in cells if c >= 0 and game.board.zones[c] is None})
        if holes:
            raise ScenarioError(f"no zone at {', '.join(holes)}: players, tokens and the Mighty Mech "
                                f"stand on zones")
        return game

    def _combat(self, given: Mapping[str, Any] | None) -> tuple[Combat, int] | None:
        """The Combat a scenario starts inside (``given.combat``) and who attacks next in it; its
        ``combat`` step goes on with it."""
        if not given:
            return None
        exhausted = {self.seat(c): w for c, w in (given.get("exhausted") or {}).items()}
        nxt = self.seat(given.get("next") or given["attacker"])
        combat = api.combat_under_way(self.game, self.seat(given["attacker"]),
                                      self.seat(given["defender"]), exhausted, given.get("last_type"), nxt)
        return combat, nxt

    def _known(self, ruleset: Ruleset) -> None:
        """Every id the given names exists in the ruleset, so a typo fails with its name, not later."""
        given = self.scenario.given
        wanted: list[tuple[str, Any, Container[str]]] = [
            ("zone", z, ruleset.zones) for z in (given.get("zones") or {}).values()]
        wanted += [("weapon", w, ruleset.weapons)
                   for ws in ((given.get("combat") or {}).get("exhausted") or {}).values() for w in ws]
        for fields in (given.get("players") or {}).values():
            wanted += [("weapon", w, ruleset.weapons) for key in ("owned", "equipped", "purchased")
                       for w in fields.get(key, ())]
            if fields.get("pilot"):
                wanted.append(("pilot", fields["pilot"], ruleset.pilots))
        unknown = [f"{kind} {name!r}" for kind, name, known in wanted if name not in known]
        if unknown:
            raise ScenarioError(f"the ruleset has no {', '.join(unknown)}")

    # --- when ---------------------------------------------------------------------------------
    def answer(self, kind: str, value: Any) -> Any:
        if kind in CARD_DECISIONS and isinstance(value, str):
            return parse_card(value)
        if kind == "program":
            return tuple(parse_card(c) if isinstance(c, str) else c for c in value)
        return value

    def script(self, seat: int, kind: str, answer: Any) -> None:
        api.script(self.game, seat, [(kind, answer)])

    def in_round(self) -> None:
        """Turns are played inside a round: after ``end_round`` the next round begins (no program phase)."""
        if self.phase == "setup":
            self.game.round = max(self.game.round, 0)
            api.begin_round(self.game)
            self.game.turn = self.turn = 1
        elif self.phase == "ended":
            api.begin_round(self.game)
            self.game.turn = self.turn = 1
        self.phase = "played"

    def play(self, kind: str, value: Any, step: Mapping[str, Any]) -> None:
        game = self.game
        if kind == "setup":
            api.setup(game)
        elif kind == "play":
            card, facing = parse_card(value)
            if card not in game.cards:
                raise ScenarioError(f"no program card {card!r} at this table")
            self.in_round()
            api.play_card(game, self.seat(game.cards[card].colour), card, facing)
        elif kind == "turn":
            self.in_round()
            game.turn = self.turn
            for p in game.order():
                if p.colour in value:
                    card, facing = parse_card(value[p.colour])
                    api.play_card(game, p.seat, card, facing)
            self.turn += 1
        elif kind == "round":
            if self.phase == "played":
                raise ScenarioError("a `round` step must start a round: `end_round` the one being played")
            for colour, cards in value.items():     # the program is the seat's first answer of the round
                agent = game.agents[self.seat(colour)]
                if isinstance(agent, ScriptedAgent):
                    agent.script.appendleft(("program", tuple(parse_card(x) for x in cards)))
            if self.phase == "fresh":
                game.round -= 1          # the given round is the one this step plays
            api.play_round(game)
            self.phase = "ended"
        elif kind == "end_round":
            if self.phase == "ended":
                raise ScenarioError("`end_round` twice: no round is being played")
            api.end_round(game)
            self.phase = "ended"
        elif kind == "combat":
            if self.combat is None:
                raise ScenarioError("a `combat` step goes on with `given.combat`, and there is none")
            self.in_round()
            (combat, nxt), self.combat = self.combat, None
            api.continue_combat(game, combat, nxt)
        elif kind == "end_game":
            api.finish(game)
            self.phase = "over"

    # --- then ---------------------------------------------------------------------------------
    def cell_name(self, where: Any) -> Any:
        if isinstance(where, str):
            try:
                return self.game.board.name(api.cell(self.game, where))
            except (KeyError, IndexError, ValueError):
                return where
        if isinstance(where, int) and not isinstance(where, bool):
            return self.game.board.name(where) if where >= 0 else None
        return where

    def show(self, value: Any, key: str | None = None) -> Any:
        """Engine data (events, standings) with seats as colours (``players``: a list of seats)."""
        if key == "players" and isinstance(value, (list, tuple)):
            return [self.name(v) for v in value]
        return super().show(value, key)

    def picture(self, snap: dict[str, Any]) -> dict[str, Any]:
        """A snapshot or view in scenario terms: players by colour, cells by name, cards as ``card DIR``."""
        players = {}
        for p in snap["players"]:
            p = dict(p)
            p["at"] = self.cell_name(p.pop("pos"))
            p["base"] = self.cell_name(p["base"])
            p["program"] = [f"{c} {o}" for c, o in p["program"]]
            players[p["colour"]] = p
        mech = snap["mech"]
        controller = mech["controller"]
        out = dict(snap)
        out["players"] = players
        out["tokens"] = {cell: {**t, "owner": self.name(t["owner"])} for cell, t in snap["tokens"].items()}
        out["mech"] = {"at": mech["cell"], "controller": self.name(controller),
                       "side": self.game.players[controller].mech_side if controller is not None else None}
        out["starting_player"] = self.name(snap["starting_player"])
        if self.phase == "ended" and self.game.round < self.game.rules.rounds:
            out["round"], out["turn"] = self.game.round + 1, 1   # between rounds: the next one is up
        return out

    def option(self, kind: str, value: Any) -> Any:
        """A decision's option in scenario terms, as its scripted answer is written: cells by name,
        program cards as ``card DIR``, tuples as lists."""
        if kind in CELL_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
            return self.cell_name(value)
        if kind in CARD_OPTIONS and isinstance(value, tuple) and len(value) == 2:
            return f"{value[0]} {value[1]}"
        if isinstance(value, (tuple, list)):
            return [self.option(kind, v) for v in value]
        return value

    def expected_option(self, kind: str, value: Any) -> Any:
        """An expected option as written (a cell may be a placed zone's id)."""
        if kind in CELL_OPTIONS and isinstance(value, str):
            return self.cell_name(value)
        return value

    def expected(self, key: str | None, value: Any) -> Any:
        """Expected data with zone ids named as cells, so ``at: red-base`` compares with ``r0c2``."""
        if key == "tokens" and isinstance(value, dict):
            return {self.cell_name(cell): token for cell, token in value.items()}
        if key == "standings":
            return value
        if isinstance(value, dict):
            return {k: self.expected(k, v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.expected(None, v) for v in value]
        if key in CELL_KEYS:
            return self.cell_name(value)
        return value

    def observe(self, key: str, want: Any) -> Any:
        game = self.game
        if key in STATE_KEYS:
            picture = self.picture(api.state(game))
            if key == "tokens":
                return {self.cell_name(cell): picture["tokens"].get(self.cell_name(cell)) for cell in want}
            return picture[key]
        if key == "standings":
            return self.show([s.row() for s in game.standings]) if game.standings else None
        if key == "view":
            return {colour: self.picture(view_for(game, self.seat(colour))) for colour in want}
        return super().observe(key, want)


def check(doc: Any, at: tuple, raw: dict, given: dict, folder: Path) -> Any:
    """The load-time checks the schema cannot make (seats, steps, arena): :mod:`.scenario_checks`, imported
    by the loader only (it imports this module: a run needs neither it nor the compiler's diagnostics)."""
    from rulecraft.plugins.tem.scenario_checks import check as located

    return located(doc, at, raw, given, folder)


def resolve(given: Mapping[str, Any], folder: Path) -> dict[str, Any]:
    """``given`` with its pack folders absolute (:func:`.scenario_checks.resolve`)."""
    from rulecraft.plugins.tem.scenario_checks import resolve as absolute

    return absolute(given, folder)
