"""``rulecraft sweep [PACK...] --vary 'KIND:ID.FIELD=VALUES'``: simulate a grid of values and suggest one.

Each ``--vary`` names an entity field and the values to try: ``1,2,3``, ``1..5`` or ``0.5..2.0/0.25``
(``rules:rules.rounds=5..7`` for a rule parameter). Several make a grid, their cross product
(``--max-points`` guards it). Every point is a patch layer generated on top of the packs and checked like
one, so a value out of range is a located error before any game runs; ``explain --vary`` shows a point.

Every point plays the same ``--games`` seeds, so each point is also compared with the one before it and
with ``--baseline`` game by game (paired differences with intervals). ``--metric`` picks what to read
(repeatable; see the list below); ``--target 'METRIC=VALUE'`` suggests the value of the first ``--vary``
that brings the metric to VALUE, with its interval and a verdict (a crossing, inconclusive with about how
many more games a point would settle it, or no crossing in range); ``--refine N`` plays N more points
inside that interval; ``--precision W`` plays more games at every point until the interval is at most W
wide (or ``--max-games`` a point). Games run on local processes or a Dask cluster (``--backend dask``,
with ``--scheduler`` for a running one) with the same figures either way. ``--out DIR`` writes
report.html, points.json and points.csv.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from rulecraft.cli.main import UsageError
from rulecraft.cli.outputs import output_folder
from rulecraft.cli.sim import (
    PROCESS_CAP,
    _check_args,
    _config,
    _prepare,
    add_backend_arguments,
    add_play_arguments,
    backend_for,
    game_progress,
)

MAX_POINTS = 100_000     # a sweep plays --games games at every point: more is no sweep one machine ends
MAX_GAMES = 2_000        # --precision's default cap per point: +-2 points on a rate of one seat in two


def register(subparsers) -> None:
    from rulecraft.runtime.balance.sweep.metrics import usage_lines

    parser = subparsers.add_parser("sweep", help="simulate a grid of rule or card values and suggest one",
                                   description=__doc__,
                                   epilog="metrics of every game:\n" + "\n".join(usage_lines(None))
                                          + "\nand the game's own (an unknown --metric lists them all)",
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the core pack of --game)")
    parser.add_argument("--vary", action="append", default=[], required=True, metavar="KIND:ID.FIELD=VALUES",
                        help="a field and its values, e.g. 'weapons:lightning-coil.cost.energy=1..4' "
                             "(repeatable: the grid is the cross product)")
    parser.add_argument("--metric", action="append", default=[], metavar="NAME[:ARG]",
                        help="what to read at each point (repeatable; default: the owner win rate of "
                             "each varied weapon or pilot, a weapon's purchase rate, and rounds per game)")
    parser.add_argument("--target", metavar="METRIC=VALUE",
                        help="suggest the first --vary's value that brings METRIC to VALUE")
    parser.add_argument("--refine", type=int, default=0, metavar="N",
                        help="with --target: play N more points inside the suggestion's interval")
    parser.add_argument("--precision", type=float, metavar="W",
                        help="with --target: play more games at every point, in rounds, until the "
                             "suggestion's interval is closed and at most W wide (in the first --vary's "
                             "units), or every point has played --max-games")
    parser.add_argument("--max-games", type=int, metavar="G",
                        help=f"with --precision: at most G games per point (default {MAX_GAMES:,}, or "
                             "--games if more)")
    parser.add_argument("--baseline", metavar="VALUE",
                        help="the first --vary's value every point is compared with, game by game "
                             "(default: its first value)")
    parser.add_argument("--max-points", type=int, default=100, metavar="P",
                        help=f"refuse a grid of more points than P (default 100; at most {MAX_POINTS:,}, "
                             "checked before the grid is built)")
    add_play_arguments(parser, "games per point (default 100)",
                       "the sweep's seed; game i uses SEED:i at every point (default 1)")
    parser.add_argument("--workers", type=int, default=1, metavar="W",
                        help="local processes, or Dask workers of a new LocalCluster (default 1; a running "
                             f"cluster at --scheduler has its own; {PROCESS_CAP})")
    add_backend_arguments(parser)
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="write report.html, points.json and points.csv into DIR")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def _variations(args: argparse.Namespace):
    from rulecraft.runtime.balance.sweep.grid import VaryError, grid, parse_variation

    if not 1 <= args.max_points <= MAX_POINTS:      # 10**24 let a 10**20-point grid be built
        raise UsageError(f"--max-points {args.max_points:,}: give 1 to {MAX_POINTS:,} (every point plays "
                         "--games games)")
    try:
        variations = [parse_variation(text) for text in args.vary]
        return variations, grid(variations, args.max_points)
    except VaryError as exc:
        raise UsageError(str(exc)) from None


def _metrics(args: argparse.Namespace, variations, game):
    """The metrics to read and the target, among the core metrics and those of ``game`` (the game's metrics
    module, the table's ``metrics``)."""
    from rulecraft.runtime.balance.sweep.metrics import MetricError, default_metrics, parse_metric

    names = list(args.metric)
    target = None
    if args.target:
        name, sep, value = args.target.rpartition("=")
        try:
            target_value = float(value)
        except ValueError:
            target_value = None
        if not sep or not name or target_value is None:
            raise UsageError(f"--target {args.target!r}: expected METRIC=NUMBER, e.g. "
                             "'owner-win-rate:lightning-coil=0.25'")
        names.append(name)
    if not names:
        names = default_metrics(((v.kind, v.id) for v in variations), game)
    try:
        metrics = [parse_metric(n, game) for n in dict.fromkeys(names)]
    except MetricError as exc:
        raise UsageError(str(exc)) from None
    if args.target:
        if len(variations) != 1 or not variations[0].numeric:
            raise UsageError("--target needs exactly one --vary, with numeric values")
        target = (next(m for m in metrics if m.name == name.strip()), target_value)
    elif args.refine or args.precision is not None:
        raise UsageError(("--refine" if args.refine else "--precision") + " needs --target")
    return metrics, target


def _precision(args: argparse.Namespace) -> tuple[float | None, int]:
    """``--precision`` and the games per point it may reach (``--max-games``)."""
    if args.precision is None:
        if args.max_games is not None:
            raise UsageError("--max-games needs --precision")
        return None, args.games
    if not 0 < args.precision < float("inf"):
        raise UsageError(f"--precision {args.precision:g}: give a positive width (in the first --vary's "
                         "units)")
    cap = max(MAX_GAMES, args.games) if args.max_games is None else args.max_games
    if cap < args.games:
        raise UsageError(f"--max-games {cap:,} is fewer than --games {args.games:,}")
    return args.precision, cap


def _baseline(args: argparse.Namespace, variations):
    """``--baseline``: one of the first --vary's values, read as the values are."""
    from rulecraft.runtime.balance.sweep.grid import VaryError, parse_values

    if args.baseline is None:
        return None
    first = variations[0]
    try:
        values = parse_values(args.baseline)
    except VaryError:
        values = ()
    if len(values) != 1 or values[0] not in first.values:
        raise UsageError(f"--baseline {args.baseline!r}: not a value of --vary {first.text!r}; give one of "
                         + ", ".join(json.dumps(v) for v in first.values))
    return values[0]


def _check_points(base, points) -> None:
    """Build every point's ruleset here, before any game: a bad value is a located content error."""
    from rulecraft.compiler.diagnostics import DiagnosticError
    from rulecraft.compiler.variations import relocate
    from rulecraft.runtime.balance.batch import table_for

    for point in points:
        try:
            table_for(replace(base, point=point))
        except DiagnosticError as exc:
            raise DiagnosticError(relocate(exc.diagnostics, point)) from None


def run(args: argparse.Namespace) -> int:
    from rulecraft.runtime.balance.batch import table_for
    from rulecraft.runtime.balance.sweep.report import print_table, write_report
    from rulecraft.runtime.balance.sweep.run import Sweep, games_in, run_sweep
    from rulecraft.runtime.safe_console import SafeConsole

    args.jobs, args.compare = args.workers, None      # sim's checks, for sweep's options
    _check_args(args)
    if args.refine < 0:
        raise UsageError("--refine must be 0 or more")
    variations, points = _variations(args)
    precision, max_games = _precision(args)
    baseline = _baseline(args, variations)
    base = _config([str(p) for p in args.packs], args.plugin, args)
    if args.scheduler:          # a running cluster's workers find the packs by absolute path
        base = replace(base, packs=tuple(str(Path(p).resolve()) for p in base.packs))
    base, _ = _prepare(base)
    metrics, target = _metrics(args, variations, table_for(base).metrics)
    if args.out is not None:
        output_folder(args.out, "sweep")
    _check_points(base, points)
    sweep = Sweep(base, variations, points, metrics, args.games, str(args.seed), target, args.refine,
                  precision, max_games, baseline)
    console = SafeConsole(stderr=True)
    backend = backend_for(args, args.workers)
    try:
        total = games_in(sweep, args.refine)
        with game_progress(console, "sweep", total, args.quiet) as advance:
            run_sweep(sweep, backend, advance)
    except KeyboardInterrupt:
        print("rulecraft sweep: cancelled; no report written", file=sys.stderr)
        return 130
    finally:
        backend.__exit__()
    out = SafeConsole() if sys.stdout.isatty() else SafeConsole(width=160)
    print_table(sweep, out)
    games = sum(r.games for r in sweep.results)
    print(f"({sweep.seconds:.1f} s, {games / max(sweep.seconds, 1e-9):.1f} games/s on {sweep.workers} "
          f"{sweep.backend} worker(s))", file=sys.stderr)
    if args.out is not None:
        write_report(args.out, sweep, "rulecraft sweep " + " ".join(sys.argv[2:]))
        print(f"wrote {args.out}/ (report.html, points.json, points.csv)", file=sys.stderr)
    return 1 if any(r.aborted for r in sweep.results) else 0
