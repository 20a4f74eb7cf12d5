"""Benchmark ``rulecraft lsp``'s diagnostics: the CPU time from an unsaved change to its diagnostics as LSP
objects, warm (issue 26: within 150 ms, however many packs are layered). What the server runs after the
debounce: the check of the stack with the editor's buffer (``plugins.lsp.stacks.check_stack``), each
diagnostic made an LSP one. Each game's core pack, a copy edited in its largest file; then a stack of
``LAYERS`` packs over it, each patching the same entity, edited in the top pack's file. Each edit changes
a value (the entity's name, with a counter), as a keystroke does, so no cache of the file's text or data
answers it. Medians of ``REPEAT``, measured interleaved."""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.goals import figure
from rulecraft.plugins.lsp.diagnostics import to_lsp
from rulecraft.plugins.lsp.stacks import check_stack
from rulecraft.plugins.wiring import core_pack

GAMES = ("tem", "mecha")
LAYERS = 8
REPEAT = 9
GOAL_MS = 150


def _layered(root: Path, core: str, below: str, count: int) -> Path:
    """``count`` packs over ``core``, each over the one before; returns the top one's folder."""
    for index in range(count):
        folder = root / f"layer-{index}"
        folder.mkdir()
        depends = below if index == 0 else f"layer-{index - 1}"
        (folder / "pack.yaml").write_text(
            f"id: layer-{index}\nname: Layer {index}\nversion: 1.0.0\ndepends: [{{id: {depends}}}]\n"
            f"files: [notes.yaml]\n", encoding="utf-8")
        (folder / "notes.yaml").write_text(_patch(root / core, index), encoding="utf-8")
    return root / f"layer-{count - 1}"


def _patch(core: Path, index: int) -> str:
    """A patch of the first entity of the core's largest file, renaming it."""
    lines = _largest(core).read_text(encoding="utf-8").splitlines()
    kind = next(line for line in lines if line.startswith("kind:"))
    first = next(line.split("id:")[1].strip() for line in lines if line.strip().startswith("- id:"))
    return f"{kind}\npatch:\n  - id: {first}\n    name: Layer {index}\n"


def _largest(folder: Path) -> Path:
    return max((p for p in folder.glob("*.yaml") if p.name != "pack.yaml"), key=lambda p: p.stat().st_size)


def _edit_time(folder: Path, file: Path, counter: list[int]) -> float:
    """CPU ms of one check of ``folder``'s stack with ``file`` edited unsaved."""
    counter[0] += 1
    source = file.read_text(encoding="utf-8")
    at = source.index("    name: ") + len("    name: ")
    text = (source[:at] + f"Edit {counter[0]} " + source[at:]).encode()
    start = time.process_time()
    result = check_stack(folder, {file.resolve(): text})
    uri = file.as_uri()
    for d in result.diagnostics:
        to_lsp(d, uri)
    elapsed = (time.process_time() - start) * 1000
    assert result.ok, [d.message for d in result.diagnostics]
    return elapsed


def run() -> list[str]:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cases: dict[str, tuple[Path, Path]] = {}
        for game in GAMES:
            source = core_pack(game)
            core = root / game / source.name
            shutil.copytree(source, core)
            cases[f"{game}: {source.name}'s {_largest(core).name}"] = (core, _largest(core))
            top = _layered(root / game, source.name, source.name, LAYERS)
            cases[f"{game}: {LAYERS} packs over {source.name}"] = (top, top / "notes.yaml")
        counter = [0]
        times: dict[str, list[float]] = {name: [] for name in cases}
        for folder, file in cases.values():
            _edit_time(folder, file, counter)            # warm: the server has checked once on open
        for _ in range(REPEAT):
            for name, (folder, file) in cases.items():   # interleaved: load moves every case alike
                times[name].append(_edit_time(folder, file, counter))
        worst = 0.0
        for name, found in times.items():
            median = statistics.median(found)
            worst = max(worst, median)
            lines.append(f"   {name:<44} {median:7.1f} ms CPU (median of {REPEAT}; "
                         f"min {min(found):.1f}, max {max(found):.1f})")
    lines.append("   " + figure("lsp: diagnostics after a change, warm (worst case)", worst, "ms CPU",
                                at_most=GOAL_MS, source="issue 26"))
    return lines
