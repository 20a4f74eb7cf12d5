"""Benchmark the front end: load + validate + resolve the core pack, and generated packs of 1,000 and
10,000 weapons (each with an ability: 10,000 effects compiled), stage by stage. Cost must grow linearly:
the 10k/1k ratio should be about 10. Then Mecha Game's deck checks on a deck of 2,500 and 25,000 unknown
cards, each located at its key (issue 28: the key was searched for once per error, 20-28 CPU s)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from rulecraft.compiler.check import few_collections, stack_stages, validate_stack
from rulecraft.compiler.packs import load_packs
from rulecraft.compiler.resolve import resolve
from rulecraft.compiler.validate import validate_document
from rulecraft.plugins.tem.game import GAME
from rulecraft.plugins.wiring import STACK_PLUGINS

PER_FILE = 500  # weapons per generated file, well under the loader's size cap
REPEAT = 3


def _weapon(index: int) -> str:
    if index % 10 == 9:  # every tenth weapon inherits from the one before, exercising `extends`
        return (f"  - id: gen-weapon-{index:05d}\n    extends: gen-weapon-{index - 1:05d}\n"
                f"    damage: {index % 4}\n")
    return (f"  - id: gen-weapon-{index:05d}\n    name: Generated Weapon {index}\n    tier: advanced\n"
            f"    type: {('area', 'ranged', 'melee')[index % 3]}\n"
            f"    cost: {{credits: {index % 5 + 1}, energy: {index % 3}}}\n"
            f"    damage: {index % 4 + 1}\n    power_damage: {index % 4 + 2}\n    vp: {index % 3}\n"
            f"    copies: 1\n    ability: \"after attack: gain 1 energy\"\n    designed: true\n")


def generate(folder: Path, count: int) -> Path:
    """Write a pack over tem-core adding ``count`` weapons, ``PER_FILE`` to a file."""
    folder.mkdir(parents=True)
    names = []
    for start in range(0, count, PER_FILE):
        name = f"weapons-{start // PER_FILE:03d}.yaml"
        body = "".join(_weapon(i) for i in range(start, min(count, start + PER_FILE)))
        (folder / name).write_text("kind: weapons\nentries:\n" + body, encoding="utf-8")
        names.append(name)
    (folder / "pack.yaml").write_text(
        f"id: bench-{count}\nname: Bench {count}\nversion: 1.0.0\ndepends: [{{id: tem-core}}]\n"
        f"files: [{', '.join(names)}]\n", encoding="utf-8")
    return folder


@contextmanager
def _cache_home(folder: str) -> Iterator[None]:
    previous = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = folder
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = previous


def _stages(paths: list[Path]) -> dict[str, float]:
    """CPU seconds per stage for one full check (every stage runs, whatever it reports). CPU time,
    not wall time, so that other processes on the machine disturb the figures less."""
    times: dict[str, float] = {}
    state: dict[str, Any] = {}

    def timed(name: str, step: Callable[[], Any]) -> None:
        start = time.process_time()
        step()
        times[name] = time.process_time() - start

    timed("load", lambda: state.update(packs=load_packs(paths)[0]))
    timed("validate", lambda: [validate_document(d, GAME.kinds) for p in state["packs"] for d in p.documents])
    timed("resolve", lambda: state.update(stack=resolve(state["packs"])[0]))
    state["stack"].game = GAME.id          # as check_packs settles it: the checks find the game's effects
    timed("entities", lambda: validate_stack(state["stack"], GAME.kinds))
    timed("checks", lambda: [check(state["stack"]) for stage in stack_stages(GAME, STACK_PLUGINS)
                              for check in stage])
    times["total"] = sum(times.values())
    return times


def measure(paths: list[Path]) -> dict[str, float]:
    """The median of ``REPEAT`` runs, stage by stage, with the GC settings ``check_packs`` uses. Each run
    has a cache folder of its own, so every file is really validated (not skipped as recorded valid) and
    every effect really compiled."""
    runs = []
    with few_collections():
        for _ in range(REPEAT):
            with tempfile.TemporaryDirectory() as cache, _cache_home(cache):
                runs.append(_stages(paths))
    return {stage: statistics.median(run[stage] for run in runs) for stage in runs[0]}


def _row(label: str, times: dict[str, float]) -> str:
    return f"{label:<16}" + "".join(f"{times[s] * 1000:>10.1f}" for s in times)


def run() -> list[str]:
    core = resources.files("rulecraft.content").joinpath("tem-core")
    results = {"tem-core": measure([Path(str(core))])}
    with tempfile.TemporaryDirectory() as tmp:
        for count in (1_000, 10_000):
            results[f"{count:,} weapons"] = measure([generate(Path(tmp) / f"bench-{count}", count)])
    small, large = results["1,000 weapons"], results["10,000 weapons"]
    stages = list(small)
    lines = [f"median of {REPEAT} runs, CPU milliseconds per stage (generated packs layer on tem-core)",
             f"{'pack':<16}" + "".join(f"{s:>10}" for s in stages)]
    lines += [_row(label, times) for label, times in results.items()]
    lines.append(f"{'10k/1k ratio':<16}" + "".join(f"{large[s] / small[s]:>10.1f}" for s in stages))
    return lines + deck_lines()


def generate_deck(folder: Path, count: int) -> Path:
    """Write a pack over mecha-core holding one deck of ``count`` cards no pack defines."""
    folder.mkdir(parents=True)
    cards = "".join(f"      no-such-card-{i:05d}: 1\n" for i in range(count))
    (folder / "decks.yaml").write_text(f"kind: decks\nentries:\n  - id: bench-deck\n    name: Bench\n"
                                       f"    cards:\n{cards}", encoding="utf-8")
    (folder / "pack.yaml").write_text(
        f"id: bench-deck-{count}\nname: Bench deck\nversion: 1.0.0\ngame: mecha\n"
        f"depends: [{{id: mecha-core}}]\nfiles: [decks.yaml]\n", encoding="utf-8")
    return folder


def measure_check(paths: list[Path]) -> tuple[float, int]:
    """The median CPU seconds of ``REPEAT`` whole checks (each with a cache of its own), and the number
    of diagnostics one reports."""
    from rulecraft.plugins.wiring import check_packs

    runs, found = [], 0
    for _ in range(REPEAT):
        with tempfile.TemporaryDirectory() as cache, _cache_home(cache):
            start = time.process_time()
            found = len(check_packs(paths).diagnostics)
            runs.append(time.process_time() - start)
    return statistics.median(runs), found


def deck_lines() -> list[str]:
    core = Path(str(resources.files("rulecraft.content").joinpath("mecha-core")))
    lines = [f"Mecha Game: a deck of unknown cards over mecha-core, median of {REPEAT} checks, CPU s"]
    seconds = {}
    with tempfile.TemporaryDirectory() as tmp:
        for count in (2_500, 25_000):
            seconds[count], found = measure_check([core, generate_deck(Path(tmp) / f"deck-{count}", count)])
            lines.append(f"{count:>6,} unknown cards  {seconds[count]:>7.2f} s  ({found:,} diagnostics)")
    lines.append(f"25k/2.5k ratio        {seconds[25_000] / seconds[2_500]:>7.1f}")
    return lines
