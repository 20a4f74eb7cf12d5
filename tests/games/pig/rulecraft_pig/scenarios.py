"""Run: Pig's rule scenarios for ``rulecraft test --game pig`` (its GameDefinition's ``scenario_adapter``).

A scenario file holds ``scenarios:``, each with a ``name``, the rules it ``covers``, the seat count
(``players``), the die's faces in order (``rolls``), each seat's answers in order (``answers: {seat: [roll,
hold]}``) and what must hold once the game stops: ``then: {scores: [...], events: [...]}`` (each expected
event a subset of an emitted one, in order). The game runs on Pig's own pack with the rolls as its chance
script (``runtime.chance.ScriptedChance``) until it ends or a seat's answers run out. The script is strict: a
roll it does not give, or a roll it gives that the game never throws, fails the scenario at its ``rolls``.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulecraft.plugins.wiring import load_ruleset
from rulecraft.runtime.chance import Draw, ScriptedChance, UnscriptedChance
from rulecraft.runtime.decisions import ScriptedAgent, UnscriptedDecision
from rulecraft.runtime.scenarios import Difference
from rulecraft_pig.engine import ROLL_OR_HOLD, TURN_ROLL, Pig


@dataclass
class Scenario:
    name: str
    covers: list[str]
    file: str
    line: int
    spec: dict[str, Any]
    rolls_line: int = 0     # the line of its ``rolls``, where a chance script's failure is located


@dataclass
class Result:
    passed: bool
    error: str | None
    differences: list[Difference]
    events: list[dict[str, Any]] = field(default_factory=list)


def load_all(paths: list[Path]) -> tuple[list[Scenario], list[Any]]:
    files = [f for p in paths for f in (sorted(p.rglob("*.yaml")) if p.is_dir() else [p])]
    found = []
    for path in files:
        text = path.read_text("utf-8")
        nodes = dict((k.value, v) for k, v in yaml.compose(text).value)["scenarios"].value
        for node, spec in zip(nodes, yaml.safe_load(text)["scenarios"], strict=True):
            rolls = next((v for k, v in node.value if k.value == "rolls"), node)
            found.append(Scenario(spec["name"], list(spec.get("covers", [])), str(path),
                                  node.start_mark.line + 1, spec, rolls.start_mark.line + 1))
    return found, []


def prepare(scenario: Scenario) -> tuple[Any]:
    return (load_ruleset((), (), "pig"),)


def run(scenario: Scenario, ruleset: Any) -> Result:
    spec = scenario.spec
    answers = spec.get("answers", {})
    agents = [ScriptedAgent([(ROLL_OR_HOLD, a) for a in answers.get(seat, [])])
              for seat in range(spec["players"])]
    game = Pig(ruleset, agents, seed=0)
    rolls = [Draw(TURN_ROLL, face) for face in spec["rolls"]]
    game.chance = script = ScriptedChance(rolls)
    where = f"{scenario.file}:{scenario.rolls_line}"
    try:
        with contextlib.suppress(UnscriptedDecision):   # a seat's answers used up: the scenario's end
            game.play()
    except UnscriptedChance as exc:
        thrown = sum(1 for event in game.events if event["e"] == "chance")
        return Result(False, f"{where}: {exc} (roll {thrown + 1}; the scenario scripts {len(rolls)})", [],
                      game.events)
    unused = script.unused()
    if unused:
        first, faces = len(rolls) - len(unused) + 1, ", ".join(str(draw.result) for draw in unused)
        which = f"roll {first} is" if first == len(rolls) else f"rolls {first}-{len(rolls)} are"
        return Result(False, f"{where}: the scenario's {which} never thrown ({TURN_ROLL}: {faces}): the "
                             f"game stopped after {first - 1} of its {len(rolls)} rolls", [], game.events)
    then, differences = spec.get("then", {}), []
    if "scores" in then and then["scores"] != game.scores:
        differences.append(Difference("scores", then["scores"], game.scores))
    emitted = iter(game.events)
    for want in then.get("events", []):
        if not any(all(event.get(k) == v for k, v in want.items()) for event in emitted):
            differences.append(Difference("events", want, "not emitted (in this order)"))
    return Result(not differences, None, differences, game.events)
