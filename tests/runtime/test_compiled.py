"""The optional compiled game loop plays exactly the games of the pure-Python modules (issue 14, item 6).

Issue 14's compiled build (mypyc: ``rulecraft.runtime.native``, ``python -m rulecraft.cli.compiled``) is a
speed-up only: it must never change a game. This module builds it once into a temporary folder (never beside
the checkout's sources), plays a set of seeded simulations in a child process that imports the compiled
modules from there (``native.use``), plays the same ones here on the checkout's pure-Python modules, and
compares what both wrote, line by line: the full JSONL logs of ``rulecraft sim --log`` (2, 3 and 4 players;
random, heuristic and Robot seats; the variant packs of ``tests/packs``; Mecha Game and Tiny Epic Quest (solo
too), compiled too, and Pig, whose rules subclass the compiled runtime core; forked workers, ``--jobs``), and
for the same games played without a log (the games then play in summary mode, which has its own code paths:
``GameCore.counted``) the printed report and, for some, the per-game records and ``report.json`` of ``--out``.
It also proves that a compiled module refuses to load once its source changed (``native.verify_source``), so a
stale build never runs, and that the command line imports the build ``make compiled`` installs only while it
is current (``native.activate``), saying which runs (``rulecraft --version``). It uses that installed build
when it is current. Skipped only where the build cannot be made (no mypyc, or no C compiler; any other failure
of the build fails), and the comparison where the checkout itself is compiled (``python -m
rulecraft.cli.compiled build``: no pure modules to compare with; the rest of the suite then plays the compiled
build against the goldens).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from rulecraft.cli.compiled import modules as compiled_modules
from rulecraft.cli.main import main as rulecraft
from rulecraft.runtime import native

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKS = ROOT / "tests" / "packs"
TIMEOUT = 900     # seconds: a build on a loaded machine takes minutes, never this long

# name -> `rulecraft sim` arguments (besides --log/--out and --quiet): 45 games, each played with a full log
# and again without (sim seats the agents rotated one seat a game, so each agent plays every seat).
RUNS: dict[str, list[str]] = {
    "4p-random": ["--games", "8", "--seed", "compiled-4"],
    "3p-random": ["--games", "5", "--seed", "compiled-3", "--players", "3", "--jobs", "2"],   # forked workers
    "2p-random": ["--games", "5", "--seed", "compiled-2", "--players", "2"],
    "4p-heuristic-robot-random": ["--games", "3", "--seed", "compiled-hr",
                                  "--agents", "heuristic,robot,random,random"],
    "2p-heuristic": ["--games", "2", "--seed", "compiled-h2", "--players", "2", "--agents", "heuristic"],
    "solo-pack": [str(PACKS / "solo-robot-pilots"), "--games", "2", "--seed", "compiled-sp",
                  "--players", "3", "--agents", "heuristic,robot,robot"],
    "variant-heavy-metal": [str(PACKS / "variant-heavy-metal"), "--games", "2", "--seed", "compiled-hm"],
    "variant-push": [str(PACKS / "variant-push"), "--games", "2", "--seed", "compiled-push",
                     "--players", "2"],
    "variant-double-damage-vp": [str(PACKS / "variant-double-damage-vp"), "--games", "2",
                                 "--seed", "compiled-dd", "--players", "3"],
    "variant-one-pilot": [str(PACKS / "variant-one-pilot"), "--games", "2", "--seed", "compiled-op"],
    "mecha": ["--game", "mecha", "--games", "4", "--seed", "compiled-m", "--agents", "heuristic,random"],
    "mecha-random": ["--game", "mecha", "--games", "4", "--seed", "compiled-mr"],
    "pig": ["--game", "pig", "--games", "4", "--seed", "compiled-pig"],
    "teq": ["--game", "teq", "--games", "4", "--seed", "compiled-q", "--agents", "heuristic,random"],
    "teq-random-4": ["--game", "teq", "--games", "4", "--seed", "compiled-q4", "--players", "4"],
    "teq-solo": ["--game", "teq", "--games", "3", "--seed", "compiled-q1", "--players", "1",
                 "--agents", "heuristic"],
}
# The runs whose summary mode also writes its per-game records and report (--out): not all of them, since
# --out also draws the HTML report's plots (about half a second a run).
RECORDED = ("4p-random", "4p-heuristic-robot-random", "mecha", "teq")


def _sims(folder: Path) -> list[tuple[list[str], str]]:
    """Every run of :data:`RUNS` twice, each with the file its printed report goes to: with its logs in
    ``folder/NAME/log``, and in summary mode (no log; for :data:`RECORDED` its records and report in
    ``folder/NAME/summary``)."""
    sims = []
    for name, argv in RUNS.items():
        out = folder / name
        records = ["--out", str(out / "summary")] if name in RECORDED else []
        sims += [(["sim", *argv, "--log", str(out / "log"), "--quiet"], str(out / "log.txt")),
                 (["sim", *argv, *records, "--quiet"], str(out / "summary.txt"))]
    return sims


def _play(sims: list[tuple[list[str], str]]) -> None:
    """Run each simulation of :func:`_sims` here, its printed report written to its file."""
    for argv, printed in sims:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert rulecraft(argv) == 0, argv
        Path(printed).parent.mkdir(parents=True, exist_ok=True)
        Path(printed).write_text(out.getvalue(), encoding="utf-8")


def _check_compiled(build: Path, modules: list[str]) -> None:
    """In a process that uses ``build``: each module is the build's extension, and refuses a source other
    than its own."""
    for name in modules:
        file = importlib.import_module(name).__file__ or ""
        assert Path(file).is_relative_to(build) and file.endswith(tuple(EXTENSION_SUFFIXES)), (name, file)
    with pytest.raises(ImportError, match="make compiled"):
        native.verify_source(modules[-1], "0" * 64)


# The child process: the compiled build first (before any compiled module is imported: this module imports
# them), then the checks and the games of this module.
CHILD = f"""
import json, sys
from pathlib import Path
from rulecraft.runtime import native

build, modules, sims = Path(sys.argv[1]), json.loads(sys.argv[2]), json.loads(sys.argv[3])
native.use(build)
sys.path.insert(0, {str(HERE)!r})
import test_compiled
test_compiled._check_compiled(build, modules)
test_compiled._play(sims)
"""

# A child in which a compiled module's package finds a copy of its source before the checkout's.
STALE = """
import importlib, sys
from pathlib import Path
from rulecraft.runtime import native

build, name, copy = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
native.use(build)
package = importlib.import_module(name.rpartition(".")[0])
package.__path__.insert(1, copy)
try:
    print(importlib.import_module(name).__file__)
except ImportError as refused:
    print(refused)
"""


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in a child process, run from the repository's root."""
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT)


def _compiler() -> str:
    """The C compiler the build would use, as setuptools picks it: $CC, else the one Python was built with."""
    return os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"


def _missing(compiler: str) -> bool:
    command = shlex.split(compiler)
    return not command or shutil.which(command[0]) is None


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled game loop: the one ``make compiled`` installed (``make test`` makes it first) when it is
    current, else built once into a folder of its own (``build --into``) by a child process: the build
    changes directory and MYPYPATH, which this process must keep. Only read, never changed."""
    installed = native.installed_folder()
    if native.unusable(installed, compiled_modules()) is None:
        return installed
    if importlib.util.find_spec("mypyc") is None:
        pytest.skip("the compiled game loop needs mypyc (it comes with mypy), which is not installed")
    if _missing(compiler := _compiler()):
        pytest.skip(f"the compiled game loop needs a C compiler: {compiler!r} is not on PATH")
    folder = tmp_path_factory.mktemp("compiled")
    done = _python("-m", "rulecraft.cli.compiled", "build", "--into", str(folder))
    if done.returncode != 0:
        pytest.fail(f"the compiled build failed (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")
    return folder


def _lines(path: Path) -> list[str]:
    """A file's lines as both builds must write them; a report's run time is the one thing that differs."""
    if path.name != "report.json":
        return path.read_text(encoding="utf-8").splitlines()
    report = json.loads(path.read_text(encoding="utf-8"))
    report["run"].pop("seconds")
    return json.dumps(report, indent=1, sort_keys=True).splitlines()


def _first_difference(pure: Path, compiled: Path) -> str | None:
    """Where the files the two builds wrote under ``pure`` and ``compiled`` first differ, said readably."""
    files = sorted(p.relative_to(pure) for p in pure.rglob("*") if p.is_file() and p.suffix != ".html")
    others = sorted(p.relative_to(compiled) for p in compiled.rglob("*")
                    if p.is_file() and p.suffix != ".html")
    if files != others:
        return f"different files: only pure {sorted(set(files) - set(others))}, only compiled " \
               f"{sorted(set(others) - set(files))}"
    for name in files:
        a, b = _lines(pure / name), _lines(compiled / name)
        for number, (line_a, line_b) in enumerate(zip(a, b, strict=False), start=1):
            if line_a != line_b:
                return f"{name} line {number}:\n  pure:     {line_a[:400]}\n  compiled: {line_b[:400]}"
        if len(a) != len(b):
            return f"{name}: {len(a)} lines pure, {len(b)} compiled"
    return None


@pytest.fixture
def pure_checkout() -> None:
    """The pure-Python modules this process plays the reference games on. A checkout compiled beside its
    sources (``python -m rulecraft.cli.compiled build``) has none to import: the rest of the suite plays it
    against the goldens, and this comparison waits for ``make clean-compiled``."""
    compiled = [name for name in compiled_modules()
                if not str(importlib.import_module(name).__file__).endswith(".py")]
    if compiled:
        pytest.skip(f"the checkout is compiled beside its sources ({len(compiled)} modules, `python -m "
                    "rulecraft.cli.compiled build`): the comparison with pure Python needs `make "
                    "clean-compiled`")


def test_the_compiled_loop_plays_every_game_as_the_pure_modules(pure_checkout, build, tmp_path):
    """Each compiled module is the build's extension, and the simulations it plays write, line for line,
    the logs, reports and records the pure-Python modules write."""
    modules = compiled_modules()
    assert {"rulecraft.runtime.game", "rulecraft.plugins.tem.engine", "rulecraft.plugins.mecha.engine",
            "rulecraft.plugins.teq.engine"} <= set(modules)
    done = _python("-c", CHILD, str(build), json.dumps(modules), json.dumps(_sims(tmp_path / "compiled")))
    assert done.returncode == 0, f"the compiled build's games failed:\n{done.stderr}"
    _play(_sims(tmp_path / "pure"))
    logs = sorted((tmp_path / "pure").glob("*/log/*.jsonl"))
    assert len(logs) == sum(int(argv[argv.index("--games") + 1]) for argv in RUNS.values())
    assert all(len(log.read_text(encoding="utf-8").splitlines()) > 20 for log in logs)
    assert len(list((tmp_path / "pure").glob("*/summary/records.json"))) == len(RECORDED)
    for name, argv in RUNS.items():
        solo = "--players" in argv and argv[argv.index("--players") + 1] == "1"     # a target, no win rates
        said = (tmp_path / "pure" / name / "summary.txt").read_text(encoding="utf-8")
        assert ("Target rate by seat" if solo else "Win rate by seat") in said, name
    difference = _first_difference(tmp_path / "pure", tmp_path / "compiled")
    assert difference is None, f"the compiled build played differently: {difference}"


def test_a_compiled_module_refuses_a_source_changed_since_the_build(build, tmp_path):
    """A build whose ``.py`` has changed since (an edit, a checkout) is an ImportError naming the source
    and how to rebuild, never stale code running: shown without touching the checkout, by a package that
    finds a copy of the source before the checkout's; the same copy unchanged loads."""
    name, source = "rulecraft.plugins.tem.effects", ROOT / "plugins" / "tem" / "effects.py"
    same, changed = tmp_path / "same", tmp_path / "changed"
    for folder, text in ((same, source.read_bytes()), (changed, source.read_bytes() + b"# changed\n")):
        folder.mkdir()
        (folder / "effects.py").write_bytes(text)
    loaded = _python("-c", STALE, str(build), name, str(same))
    assert loaded.returncode == 0 and Path(loaded.stdout.strip()).is_relative_to(build), loaded
    refused = _python("-c", STALE, str(build), name, str(changed))
    assert refused.returncode == 0, refused.stderr
    said = refused.stdout.strip()
    assert said.startswith(name) and f"older {changed / 'effects.py'}" in said, said
    assert "make compiled" in said, said


ACTIVATED = """
import sys
from pathlib import Path
from rulecraft.runtime import native

native.installed_folder = lambda: Path(sys.argv[1])
native.activate()
import rulecraft.runtime.game as game
print(game.__file__)
print(native.running())
"""


def test_the_command_line_imports_the_installed_build_only_while_it_is_current(build, tmp_path):
    """``native.activate`` (what ``rulecraft`` does first) imports a current build, and runs pure Python,
    saying why, when a source changed since, when the build is for another Python, or when asked to."""
    current = _python("-c", ACTIVATED, str(build))
    file, running = current.stdout.splitlines()
    assert Path(file).is_relative_to(build) and running == "compiled game loop (mypyc)", current.stderr
    for change, why in (("sources", "changed since the compiled game loop was built"),
                        ("python", "the compiled game loop was built for cpython-0")):
        copy = tmp_path / change
        shutil.copytree(build, copy)
        recorded = json.loads((copy / native.MANIFEST).read_text(encoding="utf-8"))
        if change == "sources":
            recorded["sources"]["rulecraft.runtime.game"] = "0" * 64
        else:
            recorded["python"] = "cpython-0"
        (copy / native.MANIFEST).write_text(json.dumps(recorded), encoding="utf-8")
        stale = _python("-c", ACTIVATED, str(copy))
        file, running = stale.stdout.splitlines()
        assert file.endswith("game.py") and running.startswith("pure Python (") and why in running, running
    asked = subprocess.run([sys.executable, "-c", ACTIVATED, str(build)], cwd=ROOT, capture_output=True,
                           text=True, timeout=TIMEOUT, env={**os.environ, native.PURE: "1"})
    file, running = asked.stdout.splitlines()
    assert file.endswith("game.py") and running == f"pure Python ({native.PURE} is set)", asked.stderr
