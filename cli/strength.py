"""``rulecraft strength [PACK...] --agent A --against B``: measure an agent's strength and record it.

Plays A against B on paired seeds, every seed once per seating of the two (``rulecraft tournament``'s
seatings: each sits each seat equally often on the same dice and decks), and prints A's score: the share
of their games in which A finished above B (a larger share of the win, then the better rank; a tie half),
with its 95% Wilson interval. ``--record`` writes the measurement, with this command, the date, the
rulecraft version and the fingerprint of the search agents' code, into the game's strength table
(``strength.json`` beside the module that defines the game, shipped with its plugin; ``--table FILE``
names another), which ``sim``, ``sim --compare`` and ``sweep`` reports quote for a search agent they
seat: a strength there is a measured fact, never an assumption.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import sys
from pathlib import Path

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import UsageError
from rulecraft.cli.sim import PROCESS_CAP, _config, _prepare, check_processes, game_progress


def register(subparsers) -> None:
    parser = subparsers.add_parser("strength", help="measure an agent against another and record it",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the core pack of --game)")
    parser.add_argument("--agent", required=True, metavar="A",
                        help="the agent measured (as `rulecraft sim --agents` names it), e.g. ismcts@100")
    parser.add_argument("--against", default="heuristic", metavar="B",
                        help="its opponent (default heuristic)")
    parser.add_argument("--seeds", type=int, default=10, metavar="N",
                        help="how many seeds; each is played once per seating (default 10)")
    parser.add_argument("--seed", default="strength", help="the run's seed (default strength)")
    parser.add_argument("--players", type=int, help="seats per game (default: the most the pack stack seats)")
    add_game_option(parser)
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="load a variant plugin by name (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help=f"processes (default 1; {PROCESS_CAP})")
    parser.add_argument("--record", action="store_true",
                        help="write the measurement into the game's strength table")
    parser.add_argument("--table", type=Path, metavar="FILE",
                        help="with --record: this strength table instead of the game's")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def _check(args: argparse.Namespace) -> None:
    if args.seeds < 1:
        raise UsageError("--seeds must be at least 1")
    check_processes("--jobs", args.jobs)
    args.agent, args.against = args.agent.strip(), args.against.strip()
    if not args.agent or args.agent == args.against:
        raise UsageError("--agent and --against: name two different agents, e.g. --agent ismcts@100 "
                         "--against heuristic")
    if args.table is not None and not args.record:
        raise UsageError("--table needs --record")
    args.agents_list = [args.agent, args.against]


def command(args: argparse.Namespace, packs: list[str]) -> str:
    """The command that reproduces this measurement, as the table records it."""
    parts = ["rulecraft strength", *packs, "--agent", args.agent, "--against", args.against,
             "--seeds", str(args.seeds), "--seed", str(args.seed)]
    if args.game:
        parts[1:1] = ["--game", args.game]
    if args.players is not None:
        parts += ["--players", str(args.players)]
    parts += [item for name in args.plugin for item in ("--plugin", name)]
    return " ".join(parts)


def run(args: argparse.Namespace) -> int:
    from importlib.metadata import version

    from rulecraft.runtime.balance import stats, strength, tournament
    from rulecraft.runtime.balance.batch import simulate
    from rulecraft.runtime.safe_console import SafeConsole

    _check(args)
    config, table = _prepare(_config([str(p) for p in args.packs], args.plugin, args), "--agent/--against")
    assert config.players is not None
    if config.players < 2:
        raise UsageError("a strength is measured in a game of two or more seats (--players 2 or more)")
    path = args.table
    if args.record and path is None:
        path = strength.table_path(str(config.game))
        if path is None:
            raise UsageError(f"the game {config.game!r} has no module folder to keep a strength table in; "
                             "give --table FILE")
    if args.record:
        assert path is not None
        if path.is_dir() or not path.parent.is_dir():
            raise UsageError(f"--record: {path} is not a file in an existing folder")
        try:
            strength.read(path)        # refused before any game: a file rulecraft did not write
        except strength.StrengthTableError as exc:
            raise UsageError(f"--record: {exc}; not overwritten") from None
    seatings = tournament.lineups(config.agents, config.players)
    config = dataclasses.replace(config, lineups=seatings)
    games = args.seeds * len(seatings)
    with game_progress(SafeConsole(stderr=True), config.name, games, args.quiet) as advance:
        played = simulate(config, games, args.seed, args.jobs, progress=advance)
    scores = [tournament.meetings(r)[args.agent, args.against] for r in played.records if not r["aborted"]]
    score = stats.wilson(sum(scores), len(scores))
    packs = [Path(p).name for p in config.packs] or [config.core]
    entry = {"agent": args.agent, "against": args.against, "players": config.players, "packs": packs,
             "plugins": list(table.plugins), "seeds": args.seeds, "seatings": len(seatings),
             "score": {"value": score.value, "low": score.low, "high": score.high, "n": score.n},
             "aborted": len(played.aborted), "command": command(args, [str(p) for p in args.packs]),
             "date": datetime.datetime.now(datetime.UTC).date().isoformat(), "version": version("rulecraft"),
             "search_code": strength.search_code()}
    if not scores:
        print(f"{args.agent}: no game finished ({len(played.aborted)} aborted); nothing to record",
              file=sys.stderr)
        return 1
    print(f"{args.agent} {strength.measurement_text(entry)}")
    if played.aborted:
        print(f"{len(played.aborted)} aborted game(s) left out of the score", file=sys.stderr)
    if args.record:
        assert path is not None
        try:
            strength.record(path, entry)
        except OSError as exc:          # a read-only install: the measurement is printed above
            raise UsageError(f"--record: cannot write {path}: {exc.strerror or exc}") from None
        print(f"recorded in {path}", file=sys.stderr)
    return 1 if played.aborted else 0
