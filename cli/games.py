"""Command ``rulecraft games``: the games the installed distributions register (``rulecraft.games``).

One line per game: its id (what a manifest's ``game:`` and a log header name), its name, the seats it
supports, its core pack and the distribution that registers it. Listing imports each game's definition
only, never its engine. ``--format json`` prints the same as a list of objects. A registered game that
fails to load is listed with its problem (exit 1), so a broken install is visible here first.
"""

from __future__ import annotations

import argparse
import json

from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT
from rulecraft.runtime.games import GameLoadError, UnknownGame, known_games, registered

DEFAULT_GAME = "tem"   # the game of a command given no pack: rulecraft's first-party game


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game ID`` for commands that work on a game without a pack (its vocabulary, its core pack)."""
    parser.add_argument("--game", default=DEFAULT_GAME, metavar="ID", type=_game_id,
                        help=f"the game, by the id `rulecraft games` lists (default: {DEFAULT_GAME})")


def _game_id(text: str) -> str:
    if text not in known_games():
        raise argparse.ArgumentTypeError(UnknownGame(text, known_games()).hint)
    return text


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("games", help="list the games rulecraft can host",
                                   description="List the games registered under the `rulecraft.games` "
                                               "entry-point group: first-party and installed alike.")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rows, broken = [], 0
    for entry in registered().values():
        try:
            game = entry.load()
        except GameLoadError as exc:
            broken += 1
            rows.append({"id": entry.id, "distribution": entry.distribution, "error": str(exc)})
            continue
        rows.append({"id": game.id, "name": game.name, "players": list(game.players),
                     "default_pack": game.default_pack, "distribution": entry.distribution})
    if args.format == "json":
        print(json.dumps(rows, indent=1))
    elif not rows:
        print("no game is registered (a game registers itself under the `rulecraft.games` entry points)")
    for row in rows if args.format == "text" else ():
        if "error" in row:
            print(f"{row['id']:12} BROKEN  {row['error']}")
        else:
            low, high = row["players"]
            print(f"{row['id']:12} {row['name']:28} {low}-{high} players  pack {row['default_pack']:16} "
                  f"({row['distribution']})")
    return EXIT_CONTENT if broken else EXIT_CLEAN
