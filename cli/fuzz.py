"""``rulecraft fuzz [PACK...]``: play random and mixed-agent games, count what they exercised, and shrink the
first failing game into a rule scenario.

Every game is checked: the game's invariants after every event, the protocol's at its end (it ended,
every seat ranked once, one win shared out), and it must neither abort nor raise. Coverage is counted per
ruling (the ruling ids the game's code cites on the paths the games took), per compiled effect and effect
context call, per hook point and per decision kind; games are steered toward what no game has hit yet.
A failing game is shrunk to the fewest seats and choices that fail the same way and, where the game's
scenario adapter can write a game as steps (its ``transcript``), written as a scenario file naming the
ruling it broke: ``rulecraft test FILE`` fails until the bug is fixed. Exit 0 when every game held, 1
when one failed, 2 on usage or content errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, EXIT_USAGE, PathNotFound, UsageError

DEFAULT_OUT = Path("build/fuzz")


def register(subparsers) -> None:
    parser = subparsers.add_parser("fuzz", help="fuzz games: coverage per ruling, a failure shrunk to a test",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the core pack of --game)")
    add_game_option(parser)
    parser.add_argument("--games", type=int, default=200, help="games to play at most (default 200)")
    parser.add_argument("--seconds", type=float, metavar="S", help="stop starting games after S seconds")
    parser.add_argument("--seed", default="1", help="the run's seed: the same seed plays the same games")
    parser.add_argument("--agents", metavar="A,B,...",
                        help="the agents seats are drawn from (default: random and every agent of the game "
                             "that needs no plugin; an automated opponent such as TEM's robot sits only at "
                             "the tables its rules allow, so name it yourself)")
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="load a variant plugin by name (repeatable)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="DIR",
                        help=f"where the scenario of a failing game is written (default {DEFAULT_OUT})")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the coverage report as JSON")
    parser.add_argument("--shrink-budget", type=int, default=4000, metavar="N",
                        help="replays the shrinker may spend (default 4000)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulecraft.compiler.diagnostics import DiagnosticError, format_human

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        raise UsageError("--seconds must be more than 0")
    if args.shrink_budget < 1:
        raise UsageError("--shrink-budget must be at least 1")
    for pack in args.packs:
        if not pack.exists():
            raise PathNotFound(f"no such pack folder: {pack}")
    try:
        rig, table, agents = _rig(args)
    except DiagnosticError as exc:
        print(format_human(exc.diagnostics), file=sys.stderr)
        return EXIT_USAGE
    return _fuzz(args, rig, table, agents)


def _rig(args: argparse.Namespace) -> tuple[Any, Any, list[str]]:
    from rulecraft.plugins.manager import PluginLoadError
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.agents import agent_names, agent_plugins
    from rulecraft.runtime.balance.batch import Config, table_for
    from rulecraft.runtime.fuzz.games import Rig
    from rulecraft.runtime.games import agents_for

    game = _stack_game(args)
    known = agent_names(agents_for(game))
    alone = [name for name in known if not agent_plugins([name], agents_for(game))]   # sit at any table
    agents = [a.strip() for a in args.agents.split(",") if a.strip()] if args.agents is not None else alone
    for name in agents or ["(none)"]:
        if name not in known:
            raise UsageError(f"unknown agent {name!r} in --agents; known: {', '.join(known)}")
    config = Config(load_table, packs=tuple(str(p) for p in args.packs), plugins=tuple(args.plugin),
                    agents=tuple(agents), game=game)
    try:
        table = table_for(config)
    except PluginLoadError as exc:
        raise UsageError(str(exc)) from None
    return Rig.of(table), table, agents


def _stack_game(args: argparse.Namespace) -> str:
    """The game of the packs (they name it), else ``--game``."""
    if not args.packs:
        return str(args.game)
    from rulecraft.plugins.wiring import checked_stack

    return str(checked_stack(args.packs).game)


def _fuzz(args: argparse.Namespace, rig: Any, table: Any, agents: list[str]) -> int:
    from rulecraft.runtime.fuzz.coverage import hook_points
    from rulecraft.runtime.fuzz.run import Fuzzer, summary, universe
    from rulecraft.runtime.games import get

    game = str(table.ruleset.source["game"])
    seats = table.report.seat_range(table.ruleset, table.seats)
    fuzzer = Fuzzer(rig, seats, agents, str(args.seed))
    result = fuzzer.fuzz(args.games, args.seconds, args.shrink_budget)
    context = get(game).effect_context
    methods = _methods(context.load()) if context is not None else []
    report = summary(result, universe(rig, hook_points(table.hooks), methods), rig)
    report.update(game=game, seed=str(args.seed), packs=[str(p) for p in args.packs], agents=agents)
    _print(report)
    code = EXIT_CLEAN
    if result.found is not None:
        report["failure"] = _failure(args, rig, table, result.found, game)
        code = EXIT_CONTENT
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    return code


def _methods(protocol: type) -> list[str]:
    return sorted(name for name, value in vars(protocol).items()
                  if callable(value) and not name.startswith("_"))


def _print(report: dict[str, Any]) -> None:
    rate = report["games_per_second"]
    print(f"fuzz {report['game']}: {report['games']} games ({report['steered']} steered) in "
          f"{report['seconds']:.1f} s" + (f", {rate:.1f} games/s" if rate else "")
          + f", seed {report['seed']}")
    rulings = report["coverage"]["rulings"]
    hit = rulings["hit"]
    print(f"rulings: {len(hit)} of {rulings['known']} cited on code paths covered")
    for ruling, entry in hit.items():
        print(f"  {ruling:<16} first in game {entry['first_game'] + 1}")
    if rulings["never"]:
        print(f"  never covered: {', '.join(rulings['never'])}")
    if rulings["no_code_path"]:
        print("  cited with no code path to run (module or class text): "
              + ", ".join(rulings["no_code_path"]))
    for kind, label in (("effects", "effects run"), ("context", "effect-context calls"),
                        ("hooks", "hook points"), ("decisions", "decision kinds")):
        entry = report["coverage"][kind]
        known = len(entry["hit"]) + len(entry["never"])
        line = f"{label}: {len(entry['hit'])}" + (f" of {known}" if entry["never"] else "")
        if kind == "decisions" and entry["hit"]:
            line += ": " + ", ".join(entry["hit"])
        print(line)
        if entry["never"]:
            print(f"  never: {', '.join(entry['never'])}")


def _failure(args: argparse.Namespace, rig: Any, table: Any, found: Any, game: str) -> dict[str, Any]:
    from rulecraft.compiler.scenario_files import adapter
    from rulecraft.runtime.fuzz.games import replay

    shrunk = found.shrunk
    failure = shrunk.failure
    print(f"FAIL game {found.game + 1} ({_seats(found.setup.players)}: {', '.join(found.setup.agents)}; "
          f"seed {found.setup.seed}): {found.played.failure}")
    print(f"shrunk in {shrunk.seconds:.2f} s ({shrunk.replays} replays): {_seats(shrunk.before[0])} and "
          f"{shrunk.before[1]} choices -> {_seats(shrunk.setup.players)} and {len(shrunk.values)} choices")
    out: dict[str, Any] = {"ruling": failure.ruling, "kind": failure.kind, "message": failure.message,
                           "where": failure.where, "game": found.game, "seed": found.setup.seed,
                           "players": shrunk.setup.players, "choices": list(shrunk.values),
                           "shrink": {"seconds": round(shrunk.seconds, 3), "replays": shrunk.replays,
                                      "before": list(shrunk.before)}}
    kit = adapter(game)
    if not hasattr(kit, "transcript"):
        print(f"game {game!r}'s scenario adapter cannot write a game as steps (no `transcript`): the shrunk "
              f"choices are in the JSON report (--json)")
        return out
    final = replay(rig, shrunk.setup, shrunk.values, stop=False)
    setup = {"players": shrunk.setup.players, "seed": shrunk.setup.seed, "plugins": list(table.plugins),
             "colours": list(final.game.colours)}
    given, when = kit.transcript(setup, final.game.events, final.draws, final.failed_at)
    path = _write(args.out, game, failure, given, when, found, shrunk)
    out["scenario"] = str(path) if path is not None else None
    return out


def _seats(count: int) -> str:
    return _count(count, "player")


def _count(count: int, what: str) -> str:
    return f"{count} {what}" + ("" if count == 1 else "s")


def _write(folder: Path, game: str, failure: Any, given: Any, when: Any, found: Any,
           shrunk: Any) -> Path | None:
    from rulecraft.compiler.diagnostics import format_human
    from rulecraft.compiler.scenario_files import adapter
    from rulecraft.compiler.scenario_writer import scenario_text, write_scenario
    from rulecraft.runtime.scenarios import run as play

    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--out {folder} is a file; name a folder for the scenario")
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{game}-{failure.ruling.replace('/', '-')}"
    path = next(folder / f"{stem}{'' if n == 1 else f'-{n}'}.yaml" for n in range(1, 10_000)
                if not (folder / f"{stem}{'' if n == 1 else f'-{n}'}.yaml").exists())
    name = f"{failure.ruling} broken ({failure.kind}) in {_count(len(when), 'step')}"
    text = scenario_text(game, name, [failure.ruling],
                         given, when, {"invariants": True}, notes=str(failure),
                         header=[f"Written by `rulecraft fuzz`: game {found.game + 1} of seed "
                                 f"{found.setup.seed.rpartition(':')[0]} failed; shrunk to "
                                 f"{_seats(shrunk.setup.players)} and {len(shrunk.values)} choices.",
                                 "It fails while the bug is there and passes once it is fixed: "
                                 f"rulecraft test {path}"])
    scenarios, diagnostics = write_scenario(path, text)
    if not scenarios:
        print(f"the scenario could not be written in {game}'s format:\n{format_human(diagnostics)}")
        return None
    kit = adapter(game)
    result = play(scenarios[0], kit.Table, *kit.prepare(scenarios[0]))
    verdict = ("it fails as the game did" if not result.passed else
               "it passes through the scenario table (the failure needs what the table does not set up)")
    print(f"wrote {path} ({_count(len(when), 'step')}, covers {failure.ruling}): {verdict}")
    for problem in result.problems()[:3]:
        print(f"  {problem}")
    print(f"run it: rulecraft test {path}")
    return path
