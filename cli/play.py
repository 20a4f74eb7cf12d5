"""``rulecraft play [PACK...]``: play a whole game in the terminal against agents, or solo against two Robots.

Any registered game with a terminal board: the packs name their game (``content/mecha-core`` is Mecha
Game; no pack: ``--game``'s core pack, Tiny Epic Mechs by default). At a terminal Tiny Epic Mechs and Mecha
Game are full screen: the board, your status (your hand), the prompt and the log are panes that stay in place,
with a legend (``?`` shows help and the rules behind a prompt); ``--plain`` (and any input or output that
is not a terminal) prints it line by line instead, as every other game is played: the board before your
decisions, then the options, numbered.

Answer each prompt with a short key: in Tiny Epic Mechs a program is ``1N 3E 5S 8NE`` (card number and
direction), other decisions take an option's number, a value, a cell like ``C1``, ``y``/``n`` or ``-`` for
none; in Mecha Game a key names its action (``rt a1`` plays the card coded RT on a1, ``c1 c2`` moves,
``c2 x c3`` attacks, ``p`` passes); in other games an option's number (``b`` shows the board again). ``u``
takes your last answer back (refused, with the reason, once you have seen something it did not decide).
``q`` at any prompt (or Ctrl-C) stops and saves the log; ``--resume LOG`` goes on from it.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from rulecraft.cli.games import add_game_option
from rulecraft.cli.main import EXIT_INTERRUPTED, PathNotFound, UsageError
from rulecraft.cli.outputs import new_file

DEFAULT_DIR = Path("rulecraft-games")


def register(subparsers) -> None:
    parser = subparsers.add_parser("play", help="play a game in the terminal against agents or Robots",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", type=Path, metavar="PACK",
                        help="pack folders (default: the core pack of --game)")
    add_game_option(parser)
    parser.add_argument("--solo", action="store_true",
                        help="the game's solo mode (Tiny Epic Mechs: you against two Robots, Robot Pilots "
                             "R1: 3-player arena, you start)")
    parser.add_argument("--opponents", default="heuristic", metavar="AGENT",
                        help="the agent in every other seat: heuristic, random, robot... (default heuristic)")
    parser.add_argument("--players", type=int,
                        help="players, you included (default: the most the game seats)")
    parser.add_argument("--seat", type=int, default=0, help="your seat, 0 = the first colour (default 0)")
    parser.add_argument("--seed", help="the game's seed (default: a random one, printed and logged)")
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME",
                        help="load a variant plugin by name (repeatable)")
    parser.add_argument("--log", type=Path, metavar="FILE",
                        help=f"the game's log (default: a new file under ./{DEFAULT_DIR}/)")
    parser.add_argument("--resume", type=Path, metavar="LOG", help="go on with a quit game from its log")
    parser.add_argument("--delay", type=float, default=0.0, metavar="S",
                        help="pause S seconds after each other player's card (default 0)")
    parser.add_argument("--width", type=int, help="screen width (default: the terminal's)")
    parser.add_argument("--plain", action="store_true",
                        help="line by line, not full screen (the default when not at a terminal)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rulecraft.cli.play_ui import PlayError, default_log, make_terminal, new_header, play, read_for_resume
    from rulecraft.plugins.manager import PluginLoadError
    from rulecraft.runtime.games import GameLoadError
    from rulecraft.runtime.safe_console import SafeConsole

    terminal = make_terminal(SafeConsole(highlight=False, width=args.width))
    expected: list[str] = []
    try:
        if args.resume is not None:
            if args.packs or args.solo or args.seed is not None or args.plugin:
                raise UsageError("--resume takes the game from its log: "
                                 "give no packs, --solo, --seed or --plugin")
            if not args.resume.is_file():
                raise PathNotFound(f"no such log: {args.resume}")
            head, expected = read_for_resume(args.resume)
            from rulecraft.cli.play_ui import log_ruleset

            ruleset, hooks = log_ruleset(head, args.resume)
            path = args.log or args.resume
            if path != args.resume:
                raise UsageError("--resume appends to its own log; leave out --log")
        else:
            for pack in args.packs:
                if not pack.exists():
                    raise PathNotFound(f"no such pack: {pack}")
            seed = args.seed if args.seed is not None else str(random.randrange(1_000_000))
            head, ruleset, hooks = new_header([str(p) for p in args.packs], args.opponents, args.players,
                                              args.seat, args.solo, seed, args.plugin, args.game)
            path = args.log or new_file(default_log(DEFAULT_DIR, seed))
    except (PlayError, PluginLoadError, GameLoadError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    from rulecraft.cli.fullscreen import at_a_terminal

    full_screen = at_a_terminal() and not args.plain
    outcome = play(head, ruleset, hooks, path, terminal, expected, delay=args.delay, full_screen=full_screen)
    if outcome.status in ("quit", "interrupted"):
        terminal.say(f"\nStopped. The game so far is saved in {path}; go on with "
                     f"[bold]rulecraft play --resume {path}[/]")
        return EXIT_INTERRUPTED if outcome.status == "interrupted" else 0
    terminal.say(f"The log is in {path}; watch it again with [bold]rulecraft replay {path} --watch[/]")
    return 0 if outcome.status == "finished" else 3
