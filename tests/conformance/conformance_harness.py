"""Test harness of the conformance suite: every registered game, driven only through its ``GameDefinition``.

The suite is OpenSpiel's basic tests for rulecraft (issue 12, item 7): each test takes ``game`` (one
registered id; the ids are read from the ``rulecraft.games`` entry points, so a newly installed game is
tested without a line here) and reaches the game through the members of its definition and the shared
tools only: its ``default_pack``, found by id like any dependency, ``check_packs`` for the stack, its
``builder`` for the model (through ``plugins.wiring``), its ``engine`` for games, ``runtime.logs`` for replay.

``GAPS`` lists, per game, the checks the core cannot pass yet and why; each is a strict xfail, so the day
the core closes a gap the test XPASSes, fails, and the entry must go.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulecraft.compiler.check import CheckResult
from rulecraft.compiler.diagnostics import format_human, has_errors
from rulecraft.compiler.packs import PackFinder
from rulecraft.plugins.wiring import check_packs, load_ruleset
from rulecraft.runtime import games
from rulecraft.runtime.balance.records import seat_names as seat_names
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import GameDefinition

# The test-only game, its own distribution in tests/games/pig (registered for the test session: conftest.py).
TEST_GAME = "pig"

# What the core does not yet do for a game: game -> {check -> reason}, each a strict xfail.
GAPS: dict[str, dict[str, str]] = {}

ROOT = Path(__file__).resolve().parents[2]



def gap(request: pytest.FixtureRequest, game: str, check: str) -> None:
    """Mark this test a strict xfail when ``check`` is a known gap of ``game``."""
    reason = GAPS.get(game, {}).get(check)
    if reason is not None:
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True))


def definition(game: str) -> GameDefinition:
    return games.get(game)


def scenario_folder(game: str) -> Path | None:
    """The folder of the game's rule scenarios: its definition's ``scenarios``, relative to the source tree
    of the distribution registering it (the nearest folder above its definition's module that holds a
    ``pyproject.toml``). Scenarios are tests of a checkout, not data a wheel installs."""
    relative = definition(game).scenarios
    if not relative:
        return None
    module = importlib.import_module(games.registered()[game].target.partition(":")[0])
    here = Path(str(module.__file__)).resolve().parent
    root = next((folder for folder in (here, *here.parents) if (folder / "pyproject.toml").is_file()), None)
    return root / relative if root is not None else None


def pack_folder(game: str) -> Path:
    """The folder of the game's ``default_pack``, found by id as every tool finds a dependency (the
    shipped packs and each game's ``packs`` package)."""
    spec = definition(game)
    found = PackFinder().find(spec.default_pack)
    assert found is not None, f"{game}: no installed package ships its default pack {spec.default_pack!r}"
    return Path(str(found[0]))


@cache
def checked(game: str) -> CheckResult:
    return check_packs([pack_folder(game)])


def ruleset(game: str) -> Any:
    """The game's model, built from its checked default pack by its own builder."""
    result = checked(game)
    if has_errors(result.diagnostics):
        pytest.fail(f"{game}: its default pack does not check:\n{format_human(result.diagnostics)}")
    return _built(game)


@cache
def _built(game: str) -> Any:
    """Built as every tool builds it (``plugins.wiring``: the game's ``builder`` with its stack's words)."""
    spec = definition(game)
    assert spec.builder is not None and spec.engine is not None, f"{game}: no builder or engine to play"
    return load_ruleset((), (), game)


def hooks(game: str, plugins: Any = ()) -> Any:
    """The plugin hooks of the game, as every tool builds them (``make_hooks(game, …)``): the shared
    hookspecs plus the game's own, its built-in and installed plugins (a game with no hookspecs of its own,
    Pig, still gets the shared ones)."""
    from rulecraft.plugins.manager import make_hooks

    return make_hooks(game, plugins)


@dataclass
class Played:
    game: Any
    lines: list[str]


def play(game: str, players: int, seed: int | str, agents: list[Any] | None = None, model: Any = None,
         plugins: Any = ()) -> Played:
    """One game through the definition's engine with seeded random seats, on ``model`` (default: the
    default pack's) with ``plugins``; never raises for an abort."""
    from rulecraft.runtime.logs import dumps

    lines: list[str] = []
    seats = agents if agents is not None else [RandomAgent(f"{seed}/{s}") for s in range(players)]
    new_game = definition(game).engine.load()
    played = new_game(ruleset(game) if model is None else model, seats, seed=seed, hooks=hooks(game, plugins),
                      listeners=[lambda e: lines.append(dumps(e))])
    try:
        played.play()
    except Exception:
        if played.aborted is None:
            raise
    return Played(played, lines)


def solo_agent(game: str) -> str:
    """The agent the solo checks seat: the game's own first agent (sorted by name), else ``random``. A
    solo target is a score to reach; a game may set it where uniformly random play never gets (Tiny Epic
    Quest's 18 VP, Q31), and the checks must see both a reached and a missed target."""
    own = sorted(definition(game).agents)
    return own[0] if own else "random"


def seeds(game: str, count: int) -> list[tuple[int, int]]:
    """``count`` (players, seed) pairs per player count the game accepts, the same on every run."""
    low, high = definition(game).players
    rng = random.Random(f"conformance/{game}")
    return [(n, rng.randrange(2**32)) for n in range(low, high + 1) for _ in range(count)]



# --- sessions --------------------------------------------------------------------------------------
def session_head(game: str, players: int, seed: int | str, outside: Any) -> dict[str, Any]:
    """The log header of a session of the game's default pack: the seats in ``outside`` answered from
    outside, every other one the random agent (seeded ``SEED/SEAT``, as ``play`` seats them)."""
    from rulecraft.runtime import logs

    probe = definition(game).engine.load()(ruleset(game), [RandomAgent(s) for s in range(players)], seed=seed,
                                           hooks=hooks(game))
    agents = ["outside" if seat in outside else "random" for seat in range(players)]
    return logs.header(ruleset(game), [str(pack_folder(game))], [], seed, seat_names(probe), agents)


def session(game: str, players: int, seed: int | str, outside: Any, **options: Any) -> Any:
    from rulecraft.runtime.session import Session

    return Session(session_head(game, players, seed, outside), ruleset(game), hooks(game), **options)
