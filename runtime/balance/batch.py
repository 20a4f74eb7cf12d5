"""Run: N seeded games of one configuration across J processes, in batches, deterministic whatever J is.

Game ``i`` of a run with seed ``S`` uses the game seed ``S:i`` and seat ``s`` uses the agent seed
``S:i/s``, so a game's course depends only on ``(S, i)`` and the configuration, never on which process
played it or in which order. Work is sent in batches of consecutive games (not one task per game) and
records come back sorted by game index. Each process builds its table (ruleset, hooks, the game's engine)
once, from the pack paths and plugin names (compiled rulesets hold handlers that do not pickle), with the
configuration's ``load``: the tools pass ``rulecraft.plugins.wiring.load_table``, so the runtime itself
loads no pack and imports neither the compiler nor a game.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any, NamedTuple

from rulecraft.runtime.agents import make_agent, searches
from rulecraft.runtime.balance import quality
from rulecraft.runtime.balance.records import seat_names
from rulecraft.runtime.errors import GameError


class Table(NamedTuple):
    """What every game of a simulated configuration shares, built once per process by its ``load``: the
    model, the hooks, the plugin names, the game's engine and agents, and from its balance ``metrics``
    module (``GameDefinition.metrics``; ``None`` for a game without one) its per-game record
    (``game_record``, else ``rulecraft.runtime.balance.records.core_record``) and its sim report
    (``SIM_REPORT``, else the report skeleton), its (fewest, most) seats, and its ``lead``
    (``GameDefinition.lead``, a ``rulecraft.runtime.balance.quality.Lead``; None: the game has none)."""

    ruleset: Any
    hooks: Any
    plugins: list[str]
    engine: Any
    agents: dict[str, Any]
    record: Any
    report: Any
    seats: tuple[int, int]
    metrics: Any
    lead: Any = None


@dataclass(frozen=True)
class Config:
    """What is simulated: a pack stack (empty: the core pack of ``game``), plugins, seat agents, players, and
    a sweep's point: assignments (``rulecraft.runtime.balance.sweep.grid``) layered on top of the stack;
    ``load`` builds its :class:`Table` (``rulecraft.plugins.wiring.load_table``: a module-level function,
    so a configuration pickles to a worker). ``players`` None is the most the stack seats: a count only
    its table knows (the game's range, narrowed by its packs: :meth:`seated`), never a number of its own."""

    load: Callable[[Config], Table]
    packs: tuple[str, ...] = ()
    plugins: tuple[str, ...] = ()
    agents: tuple[str, ...] = ("random",)
    players: int | None = None
    label: str = ""
    game: str | None = None      # the registered game whose core pack an empty ``packs`` means
    core: str = "core pack"      # how an empty ``packs`` is named: that game's core pack id
    point: tuple = ()            # a sweep's point: assignments layered on the stack (sweep.grid)
    lineups: tuple[tuple[str, ...], ...] = ()   # a tournament's seatings, each played on every seed

    @property
    def name(self) -> str:
        if self.label:
            return self.label
        stack = "+".join(PurePath(pack).name for pack in self.packs) or self.core   # by folder, not path
        return stack + "".join(f" [{p}]" for p in self.plugins)

    def seated(self, table: Table) -> int:
        """The players of each game: ``players``, else the most the table's stack seats (its sim report's
        ``seat_range`` of the game's ``players``)."""
        if self.players is not None:
            return self.players
        return int(table.report.seat_range(table.ruleset, table.seats)[1])

    def seat_agents(self, index: int, players: int) -> list[str]:
        """The agents cycle to fill the ``players`` seats, and rotate by one seat per game so that every
        agent sits in every seat equally often (a seat's advantage is not an agent's). With ``lineups``,
        game ``index`` is seating ``index mod L`` of them instead (a tournament)."""
        if self.lineups:
            return list(self.lineups[index % len(self.lineups)])
        n = players
        cycle = [self.agents[s % len(self.agents)] for s in range(n)]
        shift = index % n
        return cycle[-shift:] + cycle[:-shift] if shift else cycle

    def seed_index(self, index: int) -> int:
        """The seed game ``index`` is played on: its own, or with ``lineups`` its round's, so that every
        seating of a round meets the same dice and decks (paired seeds)."""
        return index // len(self.lineups) if self.lineups else index


@dataclass
class Run:
    """A finished run: its records in game order (none when they were handed to ``simulate``'s
    ``on_record`` instead), how many games it played and the records of those that aborted."""

    config: Config
    seed: str
    records: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    games: int = 0
    aborted: list[dict[str, Any]] = field(default_factory=list)


def game_seed(seed: str, index: int) -> str:
    return f"{seed}:{index}"


_CACHE: dict[tuple, Table] = {}


def table_for(config: Config) -> Table:
    """The configuration's table, built by ``config.load`` once per process (its packs by absolute folder:
    one process may load two packs of one relative path from two working directories, as tests do)."""
    packs = tuple(str(Path(pack).resolve()) for pack in config.packs)
    key = (config.load, packs, config.plugins, config.agents, config.game, config.point)
    if key not in _CACHE:
        _CACHE[key] = config.load(config)
    return _CACHE[key]


def play_game(config: Config, seed: str, index: int, log_dir: Path | None = None) -> dict[str, Any]:
    """Play game ``index`` of the run and return its record (an aborted game says why); with ``log_dir``,
    also write its JSONL log (``rulecraft replay`` verifies it), else play in summary mode when the game's
    metrics module says which events its record reads (``RECORD_EVENTS``; ``GameCore.keep_only``: the
    same game, no full log kept). The game's lead is followed (two seats or more) and the record gets the
    measures of how it played (``rulecraft.runtime.balance.quality``: counted, never logged)."""
    table = table_for(config)
    ruleset, plugins = table.ruleset, table.plugins
    gseed = game_seed(seed, config.seed_index(index))
    names = config.seat_agents(index, config.seated(table))
    agents = [make_agent(name, f"{gseed}/{seat}", table.agents) for seat, name in enumerate(names)]
    game = table.engine(ruleset, agents, seed=gseed, hooks=table.hooks)
    reads = getattr(table.metrics, "RECORD_EVENTS", None)   # the events the game's record reads
    if log_dir is None and reads is not None and not any(searches(agent) for agent in agents):
        game.keep_only(reads)           # a searching seat rebuilds its game from the whole log
    lead = table.lead if len(agents) > 1 else None
    if lead is not None:
        game.follow_lead(lead.standing, lead.at)
    with contextlib.suppress(GameError):     # game.aborted says why; the record carries it
        game.play()
    if log_dir is not None:
        from rulecraft.runtime import logs

        packs = [str(Path(p).resolve()) for p in config.packs]     # a log replays from any folder
        head = logs.header(ruleset, packs, plugins, gseed, seat_names(game), names)
        logs.write(log_dir / f"game-{index:06d}.jsonl", head, game.events)
    record = table.record(game, index, gseed, names)
    quality.record_fields(record, game, lead)
    return record


def play_batch(config: Config, seed: str, indices: Sequence[int],
               log_dir: Path | None = None) -> list[dict[str, Any]]:
    return [play_game(config, seed, i, log_dir) for i in indices]


def batches(games: int, jobs: int) -> list[range]:
    """Consecutive game ranges: about 8 per process so the progress bar moves, at most 50 games each."""
    size = max(1, min(50, -(-games // (jobs * 8))))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def simulate(config: Config, games: int, seed: str | int = 1, jobs: int = 1,
             progress: Callable[[int], None] | None = None, log_dir: Path | None = None,
             backend: Any = None, on_record: Callable[[dict[str, Any]], None] | None = None) -> Run:
    """Play ``games`` games on ``jobs`` processes, or on a started ``backend``
    (``rulecraft.runtime.balance.sweep.backends``: a Dask cluster); ``progress(n)`` is called as n more
    games finish. With ``on_record``, each record is handed to it in game order (whatever order the
    batches finish in) and not kept, so a run of any length holds only the batches still out of order."""
    import time

    start = time.perf_counter()
    seed = str(seed)
    records: list[dict[str, Any]] = []
    run = Run(config, seed)

    def take(record: dict[str, Any]) -> None:
        run.games += 1
        if record["aborted"]:
            run.aborted.append(record)
        if on_record is None:
            records.append(record)
        else:
            on_record(record)

    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
    if backend is None:
        table_for(config)   # loaded here, before the GC freezes it (and in the parent: a bad pack fails once)
        chunks = _run_batches(config, seed, games, jobs, log_dir)
    else:
        tasks = [(config, seed, indices, log_dir) for indices in batches(games, backend.workers)]
        chunks = (chunk for _, chunk in backend.run(play_batch, tasks))
    def finished(chunks: Iterable[list[dict[str, Any]]]) -> Iterator[list[dict[str, Any]]]:
        for chunk in chunks:
            if progress is not None:
                progress(len(chunk))
            yield chunk

    with playing_gc():
        for chunk in in_order(finished(chunks)):
            for record in chunk:
                take(record)
    run.records, run.seconds = records, time.perf_counter() - start
    return run


def in_order(chunks: Iterable[list[dict[str, Any]]]) -> Iterator[list[dict[str, Any]]]:
    """Batches of consecutive games, given back in game order: one that finishes early waits for those
    before it (a batch starts where the one before it ends)."""
    waiting: dict[int, list[dict[str, Any]]] = {}
    expected = 0
    for chunk in chunks:
        if not chunk:
            continue
        waiting[chunk[0]["index"]] = chunk
        while expected in waiting:
            ready = waiting.pop(expected)
            expected = ready[-1]["index"] + 1
            yield ready
    for first in sorted(waiting):   # not consecutive (a caller's own indices): the rest in order
        yield waiting[first]


# A game frees itself by reference counting (tests/runtime/test_performance_guards.py), so the cyclic
# collector only has to run now and then while games are played: its generation 0 waits for this many
# allocations instead of 700 (bench sim: +4% games per CPU-second, the same peak memory).
PLAYING_GEN0 = 20_000


@contextlib.contextmanager
def playing_gc() -> Iterator[None]:
    """The cyclic GC tuned for a long run of games: what is loaded by now (the ruleset, the modules) is
    frozen out of every collection (and so shared, untouched, with forked workers), and generation 0 runs
    rarely; both are restored afterwards."""
    gc.collect()
    gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(PLAYING_GEN0, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def _worker_gc() -> None:
    """A spawned worker tunes its own GC (a forked one inherits the parent's)."""
    gc.freeze()
    gc.set_threshold(PLAYING_GEN0, *gc.get_threshold()[1:])


def _run_batches(config: Config, seed: str, games: int, jobs: int,
                 log_dir: Path | None) -> Iterator[list[dict[str, Any]]]:
    work = batches(games, jobs)
    if jobs <= 1:
        for indices in work:
            yield play_batch(config, seed, indices, log_dir)
        return
    # imported here: the pool (multiprocessing, pickle: ~20 ms) is for --jobs > 1 only, and `rulecraft
    # check` imports this module through the wiring (issue 14's start-up)
    from rulecraft.runtime.balance.pool import run_tasks

    tasks = [(config, seed, indices, log_dir) for indices in work]
    for _, chunk in run_tasks(play_batch, tasks, jobs, _context(), _worker_gc):
        yield chunk


def _context():
    """fork where the platform has it (workers inherit the loaded ruleset), else spawn."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods and os.name == "posix" else "spawn")


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
