"""Goldens of Tiny Epic Mechs as its commands show it, kept as hashes, so moving the game changes nothing.

Issue 12 moves Tiny Epic Mechs out of the core into its own game plugin; every step of that work must
leave the game exactly as it was. This module runs the commands a user runs, in process through
``rulecraft.cli.main.main``, and hashes what they produce:

- ``games/<config>``: the event lines (not the header, which names versions and paths) of seeded games
  written by ``rulecraft sim --log``: 2, 3 and 4 players; random, heuristic and Robot seats; variant packs;
- ``handlers/<kind>:<id>``: the Python handler ``rulecraft explain --emit python`` generates for each ability
  of ``tem-core``;
- ``check/<case>``: every case of ``tests/content`` run with its own command (``check`` ones with
  ``--format json``), exit code and output;
- ``reference/dsl``: ``rulecraft dsl-reference``; ``reference/hooks``: the hooks reference page.

Only hashes are committed (``tem.json``), never outputs. After an intended change, regenerate and review
which entries changed::

    .venv/bin/python tests/goldens/tem_goldens.py            # lists the entries that differ
    .venv/bin/python tests/goldens/tem_goldens.py --write    # rewrites tem.json
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import golden_files
import yaml

from rulecraft.cli.main import main as rulecraft

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GOLDEN = HERE / "tem.json"
CORE = "content/tem-core"
PACKS = "tests/packs"

# name -> sim arguments (besides --log and --quiet). About 130 games in all.
GAMES: dict[str, list[str]] = {
    "4p-random": ["--games", "30", "--seed", "golden-4"],
    "3p-random": ["--games", "20", "--seed", "golden-3", "--players", "3"],
    "2p-random": ["--games", "20", "--seed", "golden-2", "--players", "2"],
    "4p-heuristic-random": ["--games", "10", "--seed", "golden-h", "--agents", "heuristic,random"],
    "2p-heuristic": ["--games", "6", "--seed", "golden-h2", "--players", "2", "--agents", "heuristic"],
    "4p-robot-random": ["--games", "15", "--seed", "golden-r", "--agents", "robot,random"],
    "3p-heuristic-robots": ["--games", "8", "--seed", "golden-solo", "--players", "3",
                            "--agents", "heuristic,robot,robot"],
    "solo-pack": [f"{PACKS}/solo-robot-pilots", "--games", "5", "--seed", "golden-sp", "--players", "3",
                  "--agents", "heuristic,robot,robot"],
    "variant-heavy-metal": [f"{PACKS}/variant-heavy-metal", "--games", "10", "--seed", "golden-hm"],
    "variant-push": [f"{PACKS}/variant-push", "--games", "6", "--seed", "golden-push", "--players", "2"],
}
ABILITY_KINDS = ("weapons", "pilots", "mighty-mech")


def _digest(text: str) -> str:
    text = re.sub(r"rulecraft-crash-\w+", "rulecraft-crash-X", text.replace(str(ROOT), "<repo>"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _run(*argv: str) -> str:
    """What ``rulecraft ARGV`` prints on standard output, run from the repository's root."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = rulecraft(list(argv))
    if status not in (0, 1):     # 1: a content case's errors, which are the point of the case
        raise RuntimeError(f"rulecraft {' '.join(argv)} exited {status}: {err.getvalue()}")
    return out.getvalue()


def _games() -> Iterator[tuple[str, str]]:
    for name, argv in GAMES.items():
        with tempfile.TemporaryDirectory() as logs:
            _run("sim", *argv, "--log", logs, "--quiet")
            events = [line for log in sorted(Path(logs).glob("*.jsonl"))
                      for line in log.read_text(encoding="utf-8").splitlines()[1:]]
        yield f"games/{name}", _digest("\n".join(events))


def _ability_entities() -> Iterator[str]:
    for kind in ABILITY_KINDS:
        document = yaml.safe_load((ROOT / CORE / f"{kind}.yaml").read_text(encoding="utf-8"))
        for entry in document.get("entries", []):
            yield f"{kind}:{entry['id']}"


def _handlers() -> Iterator[tuple[str, str]]:
    for entity in _ability_entities():
        lines = _run("explain", CORE, entity, "--emit", "python").splitlines()
        start = next((i for i, line in enumerate(lines) if line.startswith(f"# {entity} ")), None)
        if start is not None:
            yield f"handlers/{entity}", _digest("\n".join(lines[start:]))


def _checks() -> Iterator[tuple[str, str]]:
    """Every content case run as the diagnostics reference runs it (its own command, plugins, limits):
    a ``check`` case with ``--format json``, any other command's diagnostics as it prints them."""
    from rulecraft.cli.example_cases import run_case as run
    from rulecraft.compiler.docgen.examples import Case, find_cases

    cases = ROOT / "tests" / "content"
    for case in find_cases(cases / "valid", cases / "invalid"):
        if case.argv[0] == "check":
            case = Case(case.folder, {**case.spec, "command": [*case.argv, "--format", "json"]})
        result = run(case)
        shown = result.output if case.argv[-1] == "json" else result.shown()   # no timings, no crash file
        yield f"check/{case.name}", _digest(f"exit {result.exit_code}\n{shown}")


def _references() -> Iterator[tuple[str, str]]:
    from rulecraft.compiler.docgen.hooks import hooks_reference
    from rulecraft.plugins.games import get
    from rulecraft.plugins.manager import spec_modules

    yield "reference/dsl", _digest(_run("dsl-reference"))
    yield "reference/hooks", _digest(hooks_reference(spec_modules(get("tem"))))


SOURCES: tuple[Callable[[], Iterator[tuple[str, str]]], ...] = (_games, _handlers, _checks, _references)


def compute() -> dict[str, str]:
    """Every golden's name and the hash of what it names, as the current tree produces them."""
    return {name: digest for source in SOURCES for name, digest in source()}


def frozen() -> dict[str, str]:
    return golden_files.frozen(GOLDEN)


differences = golden_files.differences


if __name__ == "__main__":
    golden_files.main(GOLDEN, compute)
