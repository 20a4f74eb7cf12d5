"""The issue-14 command of another commit beside this checkout's, interleaved with the calibration loop
(issue 27: its goals for ``bench sim``'s shares are gains on the command of the commit it was filed
against, ``bench.bench_sim.BASELINE``): ``python -m bench.sim_baseline TREE PYTHON [BUILD]`` measures
``rulecraft sim`` of the source tree TREE (``git archive COMMIT``, installed into a venv of its own whose
interpreter is PYTHON: ``pip install --no-deps -e TREE``), in pure Python and, given BUILD (its ``python -m
rulecraft.cli.compiled build --into BUILD``), compiled; and this checkout's both ways, in the same rounds
(best of ``ROUNDS``); then each one's share of ``bench.calibration`` and this checkout's gain on TREE's."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from bench import calibration
from bench.sim_command import ROOT, USING, builds, sim

ROUNDS = int(os.environ.get("RULECRAFT_BENCH_ROUNDS", "3"))
GAMES = 2000


def baseline_cli(python: str, build: str | None) -> list[str]:
    """``python -m rulecraft.cli`` of the other tree, with its compiled build when given."""
    return [python, "-m", "rulecraft.cli"] if build is None else [python, "-c", USING, build, "rulecraft.cli"]


def main(tree: str, python: str, build: str | None) -> list[str]:
    measured, notes = builds()
    runs: dict[str, tuple[list[str] | None, Path | None, Path]] = {}     # name -> cli, build, cwd
    runs["baseline, pure Python"] = (baseline_cli(python, None), None, Path(tree))
    if build is not None:
        runs["baseline, compiled"] = (baseline_cli(python, build), None, Path(tree))
    for name, folder in measured.items():
        runs[f"this checkout, {name}"] = (None, folder, ROOT)
    best = dict.fromkeys(runs, float("inf"))
    bare = 0.0
    for _ in range(ROUNDS):
        bare = max(bare, calibration.rate())
        for name, (cli, folder, cwd) in runs.items():
            best[name] = min(best[name], sim(GAMES, build=folder, cli=cli, cwd=cwd).cpu)
    lines = [f"the issue-14 command ({GAMES} games), best of {ROUNDS}, interleaved with bench.calibration "
             f"({bare:,.0f} games per CPU s); load average {os.getloadavg()[0]:.1f} at the end", *notes]
    for name, cpu in best.items():
        lines.append(f"  {name}: {cpu:.2f} CPU s, {GAMES / cpu:,.0f} games per CPU s, "
                     f"{GAMES / cpu / bare:.4f} of the calibration loop")
    for kind in ("pure Python", "compiled"):
        if f"baseline, {kind}" in best and f"this checkout, {kind}" in best:
            lines.append(f"  this checkout / baseline, {kind}: "
                         f"{best[f'baseline, {kind}'] / best[f'this checkout, {kind}']:.3f}x games per CPU s")
    return lines


if __name__ == "__main__":
    for line in main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None):
        print(line)
