"""``rulecraft replay LOG...``: re-run logged games and verify every event matches, byte for byte.

``--watch`` shows a game step by step instead: the narration, then the board, turn by turn (Enter to go
on, or ``--delay S``); ``--seat N`` shows it as that player saw it (T16).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulecraft.cli.main import PathNotFound, UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser("replay", help="re-run a JSONL game log and verify it",
                                   description=__doc__)
    parser.add_argument("logs", nargs="+", type=Path, metavar="LOG",
                        help="game logs written by sim --log or play")
    parser.add_argument("--watch", action="store_true", help="show the game step by step with the board")
    parser.add_argument("--delay", type=float, metavar="S",
                        help="with --watch: S seconds between steps instead of waiting for Enter")
    parser.add_argument("--seat", type=int, metavar="N", help="with --watch: show only seat N's view")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.wiring import load_ruleset, plugin_names
    from rulecraft.runtime.games import agents_for, engine_for
    from rulecraft.runtime.logs import read, replay

    failed = 0
    for path in args.logs:
        if not path.is_file():
            raise PathNotFound(f"no such log: {path}")
        if args.watch:
            failed += not _watch(path, args)
            continue
        try:
            if _stopped_play_log(path):
                failed += not _verify_stopped(path)
                continue
            game = read(path, plugin_names)[0]["game"]   # the header's game: its core pack for no pack

            def load(packs, plugins, game=game):
                return load_ruleset(packs, plugins, game)
            result = replay(path, load, make_hooks, engine_for, agents_for, plugin_names)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        print(("ok    " if result.ok else "FAIL  ") + result.message)
        failed += not result.ok
    return 1 if failed else 0


def _watch(path: Path, args: argparse.Namespace) -> bool:
    from rulecraft.cli.play_ui import make_terminal, watch
    from rulecraft.cli.prompts import Quit

    try:
        return watch(path, make_terminal(), delay=args.delay, seat=args.seat)
    except Quit:
        return True
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _stopped_play_log(path: Path) -> bool:
    """A log of `rulecraft play` whose game was quit before its end."""
    import json

    from rulecraft.plugins.wiring import plugin_names
    from rulecraft.runtime.logs import read

    head, lines = read(path, plugin_names)
    last = json.loads(lines[-1]).get("e") if lines else None
    return isinstance(head.get("play"), dict) and last not in ("game-end", "abort")


def _verify_stopped(path: Path) -> bool:
    from rulecraft.cli.play_ui import follow

    result = follow(path)
    if result.problem:
        print(f"FAIL  {result.problem}")
        return False
    print(f"ok    {path}: {result.matched} events replayed identically; the game stopped there "
          f"(`rulecraft play --resume {path}` goes on with it)")
    return True
