"""``rulecraft sim [PACK...]``: play complete games with random agents and print the final standings."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulecraft.cli.main import UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser("sim", help="play games with random agents and print standings",
                                   description=__doc__)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the shipped tem-core)")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", default="1", help="seed of the first game; game i uses SEED:i")
    parser.add_argument("--players", type=int, default=4, help="players per game (2-4, default 4)")
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="load a variant plugin by name (repeatable)")
    parser.add_argument("--log", type=Path, metavar="DIR", help="write one JSONL log per game into DIR")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulecraft.compiler.build import load_ruleset
    from rulecraft.plugins.manager import PluginLoadError, make_hooks
    from rulecraft.runtime.sim import simulate

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    for pack in args.packs:
        if not pack.exists():
            raise UsageError(f"no such pack: {pack}")
    ruleset = load_ruleset(args.packs)
    for problem in ruleset.source.get("uncompiled", ()):
        print(f"warning: ability left out (does not compile): {problem}", file=sys.stderr)
    if not 2 <= args.players <= len(ruleset.colours):
        raise UsageError(f"--players must be 2-{len(ruleset.colours)}")
    plugins = [*ruleset.source.get("plugins", ()), *args.plugin]   # the packs' plugins, then --plugin
    try:
        hooks = make_hooks(plugins)
    except PluginLoadError as exc:
        raise UsageError(str(exc)) from None
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    summary = simulate(ruleset, args.games, seed, args.players, hooks, args.log,
                       packs=[str(p.resolve()) for p in args.packs], plugins=plugins)
    print(f"{summary.games} games, {args.players} players, seed {seed}")
    print(f"{'seat':>4}  {'colour':<8} {'wins':>8} {'win %':>6} {'mean VP':>8}")
    for seat in range(args.players):
        wins = summary.wins[seat]
        share = 100 * wins / summary.games if summary.games else 0.0
        mean = summary.mean_vp[seat]
        print(f"{seat:>4}  {ruleset.colours[seat]:<8} {wins:>8.1f} {share:>6.1f} {mean:>8.2f}")
    for line in summary.aborted:
        print(f"aborted: {line}")
    return 3 if summary.aborted else 0
