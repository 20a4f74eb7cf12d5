"""Run: Pig's rule scenarios, its ``given`` builder and its one step on the shared scenario kit
(:mod:`rulecraft.runtime.scenarios`), for ``rulecraft test`` (its GameDefinition's ``scenario_adapter``).

``given`` says how many play (``players``, seats named as the pack names them: pink, black, ...) and, for
Big Pig, how many ``dice`` a turn throws; a
``turn`` step plays the current seat's turn and passes the die, its rolls scripted in the step's ``chance``
(``{what: turn roll, result: 4}``) and its answers in ``decisions`` (``{pink: [{roll-or-hold: hold}]}``).
``then`` compares ``scores`` (in seat order) and ``standings`` besides the kit's events and decisions.
``given.plugins`` names Pig's plugins the table plays with (a variant: ``pig-planted``).

:func:`transcript` writes a game played from its start as ``given`` and turns: what ``rulecraft fuzz``
writes a shrunk failing game as.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.decisions import ScriptedAgent
from rulecraft.runtime.scenarios import Scenario, ScenarioError
from rulecraft.runtime.scenarios import Table as KitTable
from rulecraft_pig.engine import Pig
from rulecraft_pig.model import PigRules

SCHEMA = "rulecraft_pig:scenario.schema.json"


def prepare(scenario: Scenario) -> tuple[PigRules]:
    return (load_ruleset((), (), "pig"),)


class Table(KitTable):
    """A game of Pig at its start, every seat strict."""

    STEPS = ("turn",)

    def __init__(self, scenario: Scenario, ruleset: PigRules) -> None:
        given = scenario.given
        if "dice" in given:
            ruleset = replace(ruleset, dice=int(given["dice"]))
        plugins = list(given.get("plugins") or ())
        self.game = Pig(ruleset, [ScriptedAgent() for _ in range(int(given.get("players", 2)))],
                        seed=given.get("seed", 0), hooks=make_hooks("pig", plugins) if plugins else None)
        self.seats = tuple(self.game.colours)
        self.game.start()

    def play(self, kind: str, value: Any, step: Mapping[str, Any]) -> None:
        game = self.game
        if game.standings is not None:
            raise ScenarioError("the game is over: no turn can follow")
        game.take_turn()

    def observe(self, key: str, want: Any) -> Any:
        if key == "scores":
            return list(self.game.scores)
        if key == "standings":
            return self.show([s.row() for s in self.game.standings]) if self.game.standings else None
        return super().observe(key, want)


def transcript(setup: Mapping[str, Any], events: Sequence[Mapping[str, Any]],
               draws: Sequence[tuple[str, Any]], upto: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A game from its start as this adapter's ``given`` and ``turn`` steps, through the turn holding event
    ``upto``: each turn's draws (``draws``, in the order of the game's ``chance`` events) and answers."""
    colours = list(setup.get("colours") or ())
    given: dict[str, Any] = {"players": int(setup["players"])}
    if setup.get("plugins"):
        given["plugins"] = list(setup["plugins"])
    if setup.get("seed") is not None:
        given["seed"] = setup["seed"]
    steps: list[dict[str, Any]] = []
    step: dict[str, Any] = {"turn": True}
    pending = iter(draws)
    for index, event in enumerate(events):
        kind = event["e"]
        if kind == "chance":
            what, result = next(pending)
            step.setdefault("chance", []).append({"what": what, "result": result})
        elif kind == "decision":
            seat = colours[event["player"]] if colours else event["player"]
            answer = list(event["answer"]) if isinstance(event["answer"], tuple) else event["answer"]
            step.setdefault("decisions", {}).setdefault(seat, []).append({event["kind"]: answer})
        elif kind in ("bust", "hold"):
            steps.append(step)
            step = {"turn": True}
            if index >= upto:
                break
    else:
        if len(step) > 1:
            steps.append(step)
    return given, steps
