"""Conformance: seeded random games end without abort, replay byte for byte, and no view leaks the game.

OpenSpiel's basic tests for every registered game: random playouts at every player count, the same seed
giving the same event lines, a log replaying identically through ``runtime.logs.replay`` (the engine found
through the registry from the header's ``game``), and agents' views that hold no path to the live game.
"""

from __future__ import annotations

import gc
import json
import types
from typing import Any

from conformance_harness import definition, gap, pack_folder, play, ruleset, seat_names, seeds
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.cli.main import main
from rulecraft.plugins.manager import make_hooks
from rulecraft.plugins.wiring import load_ruleset, plugin_names
from rulecraft.runtime import logs
from rulecraft.runtime.decisions import RandomAgent
from rulecraft.runtime.games import agents_for, engine_for
from rulecraft.runtime.invariants import protocol
from rulecraft.runtime.outcomes import Standing

GAMES_PER_COUNT = 8


def test_random_games_end_without_abort(game, request):
    gap(request, game, "random-games")
    for players, seed in seeds(game, GAMES_PER_COUNT):
        played = play(game, players, seed).game
        broken = protocol(played)      # ended, each seat ranked once, typed results, one win shared out
        assert broken is None, f"{game}, {players} players, seed {seed}: {broken}"
        assert all(isinstance(s, Standing) for s in played.standings), played.standings


def test_the_same_seed_gives_the_same_event_lines(game, request):
    gap(request, game, "replay")
    players, seed = seeds(game, 1)[-1]
    first, again = play(game, players, seed).lines, play(game, players, seed).lines
    assert first == again and first
    other = play(game, players, seed + 1).lines
    assert other != first, f"{game}: seeds {seed} and {seed + 1} played the same game: is the RNG seeded?"


def _replay(path):
    return logs.replay(path, load_ruleset, make_hooks, engine_for, agents_for, plugin_names)


def test_a_log_replays_byte_identically(game, request, tmp_path):
    """Through the runtime's replay, the game found in the registry from the header (and a tampered line
    is caught, so the comparison is real)."""
    gap(request, game, "replay")
    for players, seed in seeds(game, 2)[::2]:
        played = play(game, players, seed)
        path = tmp_path / f"{players}-{seed}.jsonl"
        head = logs.header(ruleset(game), [str(pack_folder(game))], [], seed, seat_names(played.game),
                           ["random"] * players)
        logs.write(path, head, played.game.events)
        assert path.read_text("utf-8").splitlines()[1:] == played.lines
        result = _replay(path)
        assert result.ok, result.message
        assert result.events == len(played.lines)
    tampered = [*played.game.events[:-1], {**played.game.events[-1], "tampered": True}]
    logs.write(path, head, tampered)
    result = _replay(path)
    assert not result.ok and "event differs" in result.message, "replay does not compare the lines"


def test_rulecraft_replay_replays_its_log(game, request, tmp_path, capsys):
    """What a user runs: `rulecraft replay LOG`."""
    gap(request, game, "cli-replay")
    players, seed = seeds(game, 1)[0]
    played = play(game, players, seed)
    path = tmp_path / "game.jsonl"
    logs.write(path, logs.header(ruleset(game), [str(pack_folder(game))], [], seed, seat_names(played.game),
                                 ["random"] * players), played.game.events)
    code = main(["replay", str(path)])
    assert code == 0, capsys.readouterr()


class Recording:
    """A random seat that keeps every view it is handed."""

    def __init__(self, seed: str, needs_state: bool) -> None:
        self.inner = RandomAgent(seed)
        self.needs_state = needs_state
        self.views: list[Any] = []

    def decide(self, decision, view):
        self.views.append(view)
        return self.inner.decide(decision, view)


_LEAVES = (str, bytes, int, float, bool, type(None), type, types.ModuleType)


def _reaches(start: Any, forbidden: dict[int, str], public: set[int]) -> str | None:
    """What of ``forbidden`` the object graph from ``start`` reaches (attributes, containers, closures and
    bound methods; not functions' module globals, which are code, nor the ``public`` definitions)."""
    seen: set[int] = set()
    stack = [start]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in public or isinstance(obj, _LEAVES):
            continue
        seen.add(id(obj))
        if id(obj) in forbidden:
            return forbidden[id(obj)]
        if isinstance(obj, types.FunctionType):
            stack += [*(c.cell_contents for c in obj.__closure__ or ()), *(obj.__defaults__ or ())]
        else:
            stack += gc.get_referents(obj)
    return None


def test_no_view_reaches_the_game_its_dice_or_another_seat(game, request):
    """A view is the seat's own copy: no attribute, closure or bound method leads to the live game, its
    RNG or chance source (a seat that held either could read the future), its event list or another seat's
    agent; its state is plain JSON-like data. Hypothesis picks the player count, the seed and which seats
    read the state."""
    gap(request, game, "views")
    shown = ruleset(game)
    low, high = definition(game).players

    @settings(max_examples=12, derandomize=True)
    @given(players=st.integers(low, high), seed=st.integers(0, 2**32 - 1),
           needs=st.lists(st.booleans(), min_size=high, max_size=high))
    def views_hold_no_path_to_the_game(players, seed, needs):
        seats = [Recording(f"{seed}/{s}", needs[s]) for s in range(players)]
        played = play(game, players, seed, agents=seats).game
        assert _reaches(shown, {id(played): "the game"}, set()) is None, f"{game}: the model reaches the game"
        for seat, agent in enumerate(seats):
            forbidden = {id(played): "the game", id(played.rng): "the game's RNG",
                         id(played.chance): "the game's chance source", id(played.events): "the event list"}
            forbidden.update({id(other): f"seat {s}'s agent" for s, other in enumerate(seats) if s != seat})
            for view in agent.views[:: max(1, len(agent.views) // 8)]:
                assert view.player == seat
                leak = _reaches(view, forbidden, {id(shown)})
                assert leak is None, f"{game}: seat {seat}'s view reaches {leak}"
                if needs[seat]:
                    json.dumps(view.state())

    views_hold_no_path_to_the_game()
