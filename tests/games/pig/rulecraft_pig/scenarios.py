"""Run: Pig's rule scenarios for ``rulecraft test --game pig`` (its GameDefinition's ``scenario_adapter``).

A scenario file holds ``scenarios:``, each with a ``name``, the rules it ``covers``, the seat count
(``players``), the die's faces in order (``rolls``), each seat's answers in order (``answers: {seat: [roll,
hold]}``) and what must hold once the rolls are used up: ``then: {scores: [...], events: [...]}`` (each
expected event a subset of an emitted one, in order). The game runs on Pig's own pack until the scripted
die is empty.

A Big Pig scenario gives the ``dice`` a turn throws and, instead of ``rolls``, its ``throws`` (each throw's
faces, a list); an answer of another decision than roll-or-hold is a one-entry mapping ``{kind: answer}``
(``{set-aside: 5}``, ``{set-aside: stop}``). The game runs until the scripted throws are used up.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.chance import Draw, ScriptedChance, UnscriptedChance
from rulecraft.runtime.decisions import IllegalAnswer, ScriptedAgent, UnscriptedDecision
from rulecraft.runtime.scenarios import Difference
from rulecraft_pig.engine import ROLL_OR_HOLD, THROW, Pig


@dataclass
class Scenario:
    name: str
    covers: list[str]
    file: str
    line: int
    spec: dict[str, Any]


@dataclass
class Result:
    passed: bool
    error: str | None
    differences: list[Difference]
    events: list[dict[str, Any]] = field(default_factory=list)


class ScriptedDie:
    """The game's RNG replaced by the scenario's faces, in order; used up, the scenario ends."""

    def __init__(self, faces: list[int], sides: int) -> None:
        self.faces, self.sides = list(faces), sides

    def random(self) -> float:
        if not self.faces:
            raise UnscriptedDecision("the scenario's rolls are used up")
        return (self.faces.pop(0) - 0.5) / self.sides


class ScriptedThrows(ScriptedChance):
    """Big Pig's throws from the scenario, in order (strict, as any scripted chance); used up, the scenario
    ends."""

    def roll(self, dice: Any, what: str) -> list[Any]:
        if not self.script:
            raise UnscriptedDecision("the scenario's throws are used up")
        return super().roll(dice, what)


def scripted(answer: Any) -> tuple[str, Any]:
    """A scenario's answer as a ScriptedAgent's ``(kind, answer)``: ``{kind: answer}``, or a roll-or-hold."""
    if isinstance(answer, dict):
        [(kind, value)] = answer.items()
        return kind, value
    return ROLL_OR_HOLD, answer


def load_all(paths: list[Path]) -> tuple[list[Scenario], list[Any]]:
    files = [f for p in paths for f in (sorted(p.rglob("*.yaml")) if p.is_dir() else [p])]
    found = []
    for path in files:
        text = path.read_text("utf-8")
        nodes = dict((k.value, v) for k, v in yaml.compose(text).value)["scenarios"].value
        for node, spec in zip(nodes, yaml.safe_load(text)["scenarios"], strict=True):
            found.append(Scenario(spec["name"], list(spec.get("covers", [])), str(path),
                                  node.start_mark.line + 1, spec))
    return found, []


def prepare(scenario: Scenario) -> tuple[Any]:
    return (load_ruleset((), (), "pig"),)


def run(scenario: Scenario, ruleset: Any) -> Result:
    spec = scenario.spec
    answers = spec.get("answers", {})
    agents = [ScriptedAgent([scripted(a) for a in answers.get(seat, [])]) for seat in range(spec["players"])]
    if "dice" in spec:
        ruleset = replace(ruleset, dice=spec["dice"])
    game = Pig(ruleset, agents, seed=0)
    game.rng = ScriptedDie(spec.get("rolls", []), ruleset.faces)
    game.chance = ScriptedThrows([Draw(THROW, faces) for faces in spec.get("throws", [])])
    try:
        with contextlib.suppress(UnscriptedDecision):   # the scripted die used up: the scenario's end
            game.play()
    except (IllegalAnswer, UnscriptedChance) as exc:   # a scripted answer or throw the game cannot take
        return Result(False, f"{type(exc).__name__}: {exc}", [], game.events)
    then, differences = spec.get("then", {}), []
    if "scores" in then and then["scores"] != game.scores:
        differences.append(Difference("scores", then["scores"], game.scores))
    emitted = iter(game.events)
    for want in then.get("events", []):
        if not any(all(event.get(k) == v for k, v in want.items()) for event in emitted):
            differences.append(Difference("events", want, "not emitted (in this order)"))
    return Result(not differences, None, differences, game.events)
