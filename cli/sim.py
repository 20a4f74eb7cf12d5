"""``rulecraft sim [PACK...]``: play many seeded games in parallel and print the balance report.

``--agents heuristic,random`` fills the seats (cycled, and rotated one seat per game); ``--jobs J`` plays
on J processes with the same results whatever J is; ``--out DIR`` also writes the per-game records (JSON,
CSV) and an HTML report with plots; ``--compare A B`` plays the same seeds on a base A and a variant B
and reports B - A for every seat, agent and game metric (for Tiny Epic Mechs also every pilot and weapon:
win rate, pick or purchase rate), each with its paired 95% interval and a Holm-adjusted flag, and how the
game plays on each side (A and B with their intervals, B - A); it opens with what B changes in the
content: every changed, added and removed field and entity, with the pack, file and line that set it.
A report that seats a search agent (``--agents ismcts@400,heuristic``) names its measured strength, as
the game's strength table records it (``rulecraft strength``), or says it was not measured.

Any registered game: the pack stack names its game, and the report is the runtime's skeleton (seats,
agents, the first player, game length, with intervals) with the sections of the game's ``metrics``
module (its ``SIM_REPORT``).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import difflib
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import PathNotFound, UsageError
from rulecraft.cli.outputs import output_folder

if TYPE_CHECKING:
    from rulecraft.runtime.balance.batch import Config


def register(subparsers) -> None:
    parser = subparsers.add_parser("sim", help="simulate many games and print the balance report",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the core pack of --game)")
    add_play_arguments(parser, "how many games (default 100)",
                       "the run's seed; game i uses SEED:i (default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help=f"processes, or Dask workers of a new LocalCluster (default 1; {PROCESS_CAP})")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="also write records.json, records.csv, report.json and report.html into DIR")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"),
                        help="compare a base A and a variant B on the same seeds and report B - A per "
                             "pilot, weapon, seat and metric; each is a comma-separated list of pack folders "
                             "and plugin:NAME items (e.g. content/tem-core tests/packs/variant-one-pilot)")
    parser.add_argument("--log", type=Path, metavar="DIR",
                        help="write one JSONL log per game into DIR (with --compare, into DIR/a and DIR/b)")
    add_backend_arguments(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def _config(items: list[str], plugins: list[str], args: argparse.Namespace, label: str = ""):
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.balance.batch import Config
    from rulecraft.runtime.games import get

    packs, extra = [], []
    for item in items:
        if item.startswith("plugin:"):
            extra.append(item.removeprefix("plugin:"))
        elif item:
            packs.append(_pack_folder(item))
    return Config(load_table, packs=tuple(packs), plugins=tuple([*plugins, *extra]),
                  agents=tuple(args.agents_list),
                  players=args.players, label=label, game=args.game, core=get(args.game).default_pack)


def _shown(items: list[str]) -> str:
    """A side of ``--compare`` as a title names it: each pack by its folder's name, not the path it was
    given by (an absolute path says nothing a reader needs), plugins as given."""
    return ",".join(item if item.startswith("plugin:") else Path(_pack_folder(item)).name for item in items
                    if item)


def _pack_folder(item: str) -> str:
    """A pack folder, or the id of a shipped pack (``tem-core``: the base of a comparison)."""
    if Path(item).exists():
        return str(Path(item).parent) if Path(item).is_file() else item     # a pack's pack.yaml: its folder
    from rulecraft.compiler.packs import PackFinder

    found = PackFinder().find(item)
    if found is None or not Path(str(found[0])).is_dir():
        raise PathNotFound(f"no such pack: {item} (neither a folder nor the id of a shipped pack)")
    return str(found[0])


def content_of(configs: list[Config], tables: list[Any]) -> dict[str, Any]:
    """The content diff of B's stack against A's (``rulecraft.compiler.stack_diff``) and their plugins.
    Each stack is checked once more here (a few tens of ms) rather than kept by every table a process
    caches (a sweep's workers cache one per point: about 0.6 MB each for Tiny Epic Mechs)."""
    from rulecraft.compiler.stack_diff import content_diff
    from rulecraft.plugins.wiring import checked_stack

    a, b = (checked_stack(c.packs, c.game).stack for c in configs)
    plugins = {"a": list(tables[0].plugins), "b": list(tables[1].plugins)}
    return {"changes": content_diff(a, b), "plugins": plugins}


def _check_args(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    check_processes("--workers" if "workers" in args else "--jobs", args.jobs)
    if args.scheduler and args.backend != "dask":
        raise UsageError("--scheduler needs --backend dask")
    if args.scheduler:
        check_scheduler(args.scheduler)
    if args.compare and args.packs:
        raise UsageError("give the packs inside --compare A B, not as well before it")
    args.agents_list = [a.strip() for a in args.agents.split(",") if a.strip()]


def _prepare(config: Config, option: str = "--agents") -> tuple[Config, Any]:
    """Load the configuration once in this process: content errors, bad plugins and agents the stack's
    game does not know surface here (named as given by ``option``). Returns the configuration with its
    players settled (``--players``, else the most the stack seats) and its table
    (``rulecraft.plugins.wiring.Table``)."""
    from rulecraft.plugins.manager import PluginLoadError
    from rulecraft.runtime.agents import SEARCHERS, agent_names, agent_problem
    from rulecraft.runtime.balance.batch import table_for

    try:
        table = table_for(config)
    except PluginLoadError as exc:
        raise UsageError(str(exc)) from None
    known = agent_names(table.agents)
    for name in config.agents or ("(none)",):
        problem = agent_problem(name, table.agents)
        if problem is not None and name.startswith(SEARCHERS):     # a search agent's parameters
            raise UsageError(f"{option}: {problem}")
        if problem is not None:
            close = difflib.get_close_matches(name, [*known, *SEARCHERS], n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise UsageError(f"unknown agent {name!r} in {option}; {hint}known: {', '.join(known)}, and the "
                             f"search agents {', '.join(SEARCHERS)} (e.g. ismcts@400+heuristic)")
    for problem in table.ruleset.source.get("uncompiled", ()):
        print(f"warning: ability left out (does not compile): {problem}", file=sys.stderr)
    fewest, most = table.report.seat_range(table.ruleset, table.seats)
    players = config.seated(table)
    if not fewest <= players <= most:
        raise UsageError(f"--players must be {fewest}-{most} for this pack stack" if fewest < most else
                         f"--players must be {fewest} for this pack stack")
    game = table.ruleset.source.get("game") or config.game
    return dataclasses.replace(config, players=players, game=game, core=_core(game)), table


def _core(game: str | None) -> str:
    from rulecraft.runtime.games import get

    return get(game).default_pack if game else "core pack"


def add_play_arguments(parser: argparse.ArgumentParser, games: str, seed: str) -> None:
    """What games are played, shared by ``sim`` and ``sweep``: how many, the seed, the seats, the game,
    the agents and the variant plugins."""
    parser.add_argument("--games", type=int, default=100, help=games)
    parser.add_argument("--seed", default="1", help=seed)
    parser.add_argument("--players", type=int, help="players per game (default: the most the pack stack "
                                                    "seats; 1 is a solo game where the game has one)")
    add_game_option(parser)
    parser.add_argument("--agents", default="random", metavar="A,B,...",
                        help="seat agents, cycled over the seats and rotated each game: random, the "
                             "game's own (Tiny Epic Mechs: heuristic, robot, a Robot Pilot whose games load "
                             "robot-pilots; Mecha Game: heuristic) and the search agents "
                             "KIND[@BUDGET][+ROLLOUT][:REWARD] (ismcts@400, flatmc@0.5s+random) (default "
                             "random)")
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="load a variant plugin by name (repeatable)")


CPUS = os.cpu_count() or 1
MAX_PROCESSES = 4 * CPUS
PROCESS_CAP = (f"at most {MAX_PROCESSES}: 4 per CPU of this machine, which has {CPUS}; more only wait for "
               "each other, each holding its own copy of the ruleset")


def check_processes(option: str, count: int) -> None:
    """``--jobs`` and ``--workers``: 1 to ``MAX_PROCESSES``, checked before any process is started
    (``--jobs 100000`` forked every worker at once)."""
    if not 1 <= count <= MAX_PROCESSES:
        raise UsageError(f"{option} {count}: give 1 to {PROCESS_CAP}")


_ADDRESS = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})):([0-9]{1,5})")


def check_scheduler(address: str) -> None:
    """``--scheduler``: ``tcp://HOST:PORT`` (or ``tls://``) with a port of 1-65535, checked before Dask
    is asked (a bad address was an internal error)."""
    match = _ADDRESS.fullmatch(address)
    if match is None or not 1 <= int(match.group(3)) <= 65535:
        raise UsageError(f"--scheduler {address!r} is not a scheduler address: write tcp://HOST:PORT "
                         "(or tls://HOST:PORT) with a port of 1-65535")


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--scheduler``, shared by ``sim`` and ``sweep``."""
    parser.add_argument("--backend", choices=("local", "dask"), default="local",
                        help="where games are played: local processes, or a Dask cluster (a new "
                             "LocalCluster on this machine, or the one at --scheduler) (default local)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="the address of a running Dask scheduler (with --backend dask); one that does "
                             "not answer within 10 s is a usage error")


# A progress bar is redrawn as batches of games finish, at most this often a second, and never by a refresh
# thread: rich's own redraws by wall time, which cost +15% CPU in a terminal on a busy machine (issue 27).
REDRAWS_PER_SECOND = 4


@contextlib.contextmanager
def game_progress(console, description: str, total: int, quiet: bool):
    """One progress bar of games (whichever processes or cluster play them), drawn only on a terminal;
    yields ``advance(n, total)``, or None when nothing is drawn."""
    if quiet or not console.is_terminal:
        yield None
        return
    import time

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("games"), TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False, auto_refresh=False) as progress:
        task = progress.add_task(description, total=total, rate="")
        drawn = time.monotonic()

        def advance(n: int, total: int | None = None) -> None:
            nonlocal drawn
            if total is not None:       # the work grew or shrank (a sweep's --refine)
                progress.update(task, total=total)
            progress.advance(task, n)
            now = time.monotonic()
            if now - drawn >= 1 / REDRAWS_PER_SECOND:
                drawn = now
                speed = progress.tasks[0].speed
                progress.update(task, rate=f"{speed:.1f}/s" if speed else "", refresh=True)
        yield advance
        speed = progress.tasks[0].speed     # the last draw, as the bar stops, says where it ended
        progress.update(task, rate=f"{speed:.1f}/s" if speed else "")


def backend_for(args: argparse.Namespace, workers: int):
    """The backend the options name, started; a usage error if it cannot start."""
    from rulecraft.runtime.balance.sweep.backends import BackendError, make_backend

    backend = make_backend(args.backend, workers, args.scheduler)
    try:
        return backend.__enter__()
    except BackendError as exc:
        raise UsageError(str(exc)) from None


def _simulate(config, args: argparse.Namespace, console, log_dir: Path | None, on_record=None):
    from rulecraft.runtime.balance.batch import simulate

    backend = backend_for(args, args.jobs) if args.backend == "dask" else None
    try:
        with game_progress(console, config.name, args.games, args.quiet) as advance:
            return simulate(config, args.games, args.seed, args.jobs, progress=advance, log_dir=log_dir,
                            backend=backend, on_record=on_record)
    finally:
        if backend is not None:
            backend.__exit__()


def _write(out: Path, name: str, run, report: dict, table, spool=None) -> None:
    """The run's records (from ``spool`` when they were streamed, not kept) and its report."""
    from rulecraft.runtime.balance.files import write_json, write_json_records

    records = run.records if spool is None else spool
    write_json_records(out / f"{name}records.json", records)
    table.report.write_records_csv(out / f"{name}records.csv", records)
    write_json(out / f"{name}report.json", report)
    if spool is not None:
        spool.close()


def _streamed(config, table, args: argparse.Namespace, console, log_dir: Path | None):
    """One run whose records go into the game's report totals as they come (and a spool for ``--out``)
    instead of being kept: with a game that folds its totals, memory stays flat whatever ``--games`` is
    (issue 14). Returns the run, its report and the spool."""
    from rulecraft.runtime.balance.files import RecordSpool

    totals = table.report.totals(table.ruleset)
    spool = RecordSpool() if args.out is not None else None

    def take(record: dict) -> None:
        totals.add(record)
        if spool is not None:
            spool.add(record)

    return _simulate(config, args, console, log_dir, on_record=take), totals.report(), spool


def run(args: argparse.Namespace) -> int:
    from rulecraft.runtime.safe_console import SafeConsole

    _check_args(args)
    for folder in (args.out, args.log):
        if folder is not None:
            output_folder(folder, "sim")
    console = SafeConsole(stderr=True)
    out = SafeConsole() if sys.stdout.isatty() else SafeConsole(width=132)   # saved, it reads like a terminal
    if args.compare:
        a_items, b_items = (s.split(",") for s in args.compare)
        configs = [_config(a_items, args.plugin, args, "A: " + _shown(a_items)),
                   _config(b_items, args.plugin, args, "B: " + _shown(b_items))]
    else:
        configs = [_config([str(p) for p in args.packs], args.plugin, args)]
    prepared = [_prepare(c) for c in configs]
    configs, tables = [c for c, _ in prepared], [t for _, t in prepared]
    if args.compare and configs[0].game != configs[1].game:
        raise UsageError(f"--compare A B: both sides must be packs of one game, not {configs[0].game} and "
                         f"{configs[1].game}")
    report_of = tables[0].report          # the game's sim report (its metrics module's SIM_REPORT)
    content = None
    if args.compare:                      # what B changes, read before either run is played
        a, b = (_shown(side.split(",")) for side in args.compare)
        content = {"a": a, "b": b, "content": content_of(configs, tables)}
        report_of.print_content(content, out)
    log_dirs: list[Path | None] = [None] * len(configs)
    if args.log is not None:      # --compare logs each side in its own folder, a/ and b/
        log_dirs = [args.log / side for side in "ab"] if args.compare else [args.log]
    spool = None
    if args.compare:       # the comparison pairs the two runs game by game: it keeps their records
        runs = [_simulate(c, args, console, d) for c, d in zip(configs, log_dirs, strict=True)]
        reports = [report_of.summarize(r.records, t.ruleset) for r, t in zip(runs, tables, strict=True)]
    else:
        run, report, spool = _streamed(configs[0], tables[0], args, console, log_dirs[0])
        runs, reports = [run], [report]
    from rulecraft.runtime.balance.strength import of_run

    for r, t, report in zip(runs, tables, reports, strict=True):
        found = of_run(r.config.agents, r.config.game, t.agents, players=r.config.players)
        if found is not None:         # the measured strength of the search agents it seats
            report["strength"] = found
        report["run"] = {"configuration": r.config.name, "packs": list(r.config.packs) or [r.config.core],
                         "plugins": t.plugins, "agents": list(r.config.agents),
                         "players": r.config.players, "seed": r.seed, "games": r.games,
                         "processes": args.jobs, "backend": args.backend, "seconds": round(r.seconds, 2)}
    for r, report in zip(runs, reports, strict=True):
        title = f"{r.config.name}: {r.games} games, seed {r.seed}, agents {','.join(r.config.agents)}"
        report_of.print_report(report, title, out)
        print(f"({r.seconds:.1f} s, {r.games / max(r.seconds, 1e-9):.1f} games/s on {args.jobs} "
              f"{'Dask worker(s)' if args.backend == 'dask' else 'process(es)'})", file=sys.stderr)
    comparison = None
    if args.compare:
        rulesets = (tables[0].ruleset, tables[1].ruleset)
        assert content is not None
        comparison = {**content, **report_of.comparison(runs[0].records, runs[1].records, rulesets)}
        if "strength" in reports[0]:
            comparison["strength"] = reports[0]["strength"]
        report_of.print_comparison(comparison, content["a"], content["b"], out)
    if args.out is not None:
        from rulecraft.runtime.balance.files import write_comparison_csv, write_json

        args.out.mkdir(parents=True, exist_ok=True)
        names = ["a-", "b-"] if args.compare else [""]
        for name, r, report, t in zip(names, runs, reports, tables, strict=True):
            _write(args.out, name, r, report, t, spool)
        if comparison is not None:
            write_json(args.out / "compare.json", comparison)
            write_comparison_csv(args.out / "compare.csv",       # how it plays: group "how it plays"
                                 [*comparison["rows"], *comparison["how_it_plays"]["rows"]])
            (args.out / "report-b.html").write_text(
                report_of.report_html(reports[1], f"rulecraft sim: {runs[1].config.name}"), encoding="utf-8")
        (args.out / "report.html").write_text(
            report_of.report_html(reports[0], f"rulecraft sim: {runs[0].config.name}", comparison),
            encoding="utf-8")
        print(f"wrote {args.out}/ (records, report.json, report.html)", file=sys.stderr)
    return 1 if any(r.aborted for r in runs) else 0   # failed games are reported above; not a crash
