"""``rulecraft tournament [PACK...] --agents A,B,C``: rate agents against each other on paired seeds.

Each seed is played once per seating of the agents (every ordered choice of them for the seats; with
fewer agents than seats, every filling in which each agent sits at least once), so every agent sits every
seat equally often on the same dice and decks. The report rates the agents (Bradley-Terry, Elo scale,
95% profile-likelihood intervals) and gives each pair's head-to-head score with its Wilson interval;
``--out DIR`` also writes tournament.json, ratings.csv, head-to-head.csv, the per-game records (JSON, CSV)
and tournament.html. The games are played by the machinery of ``rulecraft sim`` (``--jobs``, seeds,
records): game i of the run plays seating i mod L on seed SEED:(i div L).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import UsageError
from rulecraft.cli.outputs import output_folder
from rulecraft.cli.sim import PROCESS_CAP, _config, _prepare, check_processes, game_progress


def register(subparsers) -> None:
    parser = subparsers.add_parser("tournament", help="rate agents against each other on paired seeds",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the core pack of --game)")
    parser.add_argument("--agents", required=True, metavar="A,B,...",
                        help="two or more different agents (as `rulecraft sim --agents` names them)")
    parser.add_argument("--seeds", type=int, default=20, metavar="N",
                        help="how many seeds; each is played once per seating (default 20)")
    parser.add_argument("--seed", default="1", help="the run's seed; round r uses SEED:r (default 1)")
    parser.add_argument("--players", type=int, help="seats per game (default: the most the pack stack seats)")
    add_game_option(parser)
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="load a variant plugin by name (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help=f"processes (default 1; {PROCESS_CAP})")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="also write tournament.json, ratings.csv, head-to-head.csv, records and "
                             "tournament.html into DIR")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def _check(args: argparse.Namespace) -> None:
    if args.seeds < 1:
        raise UsageError("--seeds must be at least 1")
    check_processes("--jobs", args.jobs)
    args.agents_list = [a.strip() for a in args.agents.split(",") if a.strip()]
    if len(set(args.agents_list)) < 2:
        raise UsageError("--agents: name at least two different agents, e.g. --agents heuristic,random")
    if len(set(args.agents_list)) != len(args.agents_list):
        raise UsageError("--agents: name each agent once (each seating places them)")


def run(args: argparse.Namespace) -> int:
    from rulecraft.runtime.balance import tournament
    from rulecraft.runtime.balance.batch import simulate
    from rulecraft.runtime.safe_console import SafeConsole

    _check(args)
    if args.out is not None:
        output_folder(args.out, "tournament")
    config, table = _prepare(_config([str(p) for p in args.packs], args.plugin, args))
    assert config.players is not None
    if config.players < 2:
        raise UsageError("a tournament needs a game of two or more seats (--players 2 or more)")
    seatings = tournament.lineups(config.agents, config.players)
    if len(seatings) > tournament.MAX_LINEUPS:
        raise UsageError(f"{len(config.agents)} agents in {config.players} seats make {len(seatings)} "
                         f"seatings per seed (at most {tournament.MAX_LINEUPS}): name fewer agents or "
                         "give --players")
    config = dataclasses.replace(config, lineups=seatings)
    games = args.seeds * len(seatings)
    console = SafeConsole(stderr=True)
    with game_progress(console, config.name, games, args.quiet) as advance:
        played = simulate(config, games, args.seed, args.jobs, progress=advance)
    report = tournament.summarize(played.records, config.agents)
    report["run"] = {"configuration": config.name, "packs": list(config.packs) or [config.core],
                     "plugins": table.plugins, "agents": list(config.agents), "players": config.players,
                     "seed": played.seed, "seeds": args.seeds, "seatings": len(seatings), "games": games,
                     "processes": args.jobs, "seconds": round(played.seconds, 2)}
    report["seatings"] = [list(s) for s in seatings]
    title = f"{config.name}: tournament of {', '.join(config.agents)}, seed {played.seed}"
    intro = tournament.intro(report, len(seatings))
    from rulecraft.runtime.balance.terminal import print_blocks

    out = SafeConsole() if sys.stdout.isatty() else SafeConsole(width=132)
    print_blocks(title, intro, tournament.blocks(report), report["aborted"], out)
    print(f"({played.seconds:.1f} s, {games / max(played.seconds, 1e-9):.1f} games/s on {args.jobs} "
          "process(es))", file=sys.stderr)
    if args.out is not None:
        _write(args.out, report, played.records, table, f"rulecraft tournament: {config.name}", intro)
        print(f"wrote {args.out}/ (tournament.json, ratings.csv, head-to-head.csv, records, "
              "tournament.html)", file=sys.stderr)
    return 1 if played.aborted else 0


def _write(out: Path, report: dict, records: list, table, title: str, intro: list[str]) -> None:
    from rulecraft.runtime.balance import tournament
    from rulecraft.runtime.balance.files import write_json, write_json_records, write_rows_csv
    from rulecraft.runtime.balance.html import sections_page

    write_json(out / "tournament.json", report)
    write_rows_csv(out / "ratings.csv", report["ratings"])
    write_rows_csv(out / "head-to-head.csv", report["head_to_head"])
    write_json_records(out / "records.json", records)
    table.report.write_records_csv(out / "records.csv", records)
    (out / "tournament.html").write_text(sections_page(title, report, intro, tournament.blocks(report)),
                                         encoding="utf-8")
