"""``python -m rulecraft.cli.game_sites OUT --besides GAME``: the rules site of every game shipped with
rulecraft, each built from its core pack by ``rulecraft docs`` into ``OUT/<game id>/``.

``make docs`` runs it after the project's own site (``build/site/``, whose rulebook is Tiny Epic Mechs'),
with ``--besides`` naming that site's game, into that site's ``games/`` folder: one site per game, each
with its own rulebook, navigation and theme, linked from the project site's home page (the ``rulecraft``
mkdocs plugin's ``game_sites`` option lists the same games). A site per game rather than one merged site:
each game's rulebook, references and rulings stand alone, as its own `rulecraft docs` builds them for a
modder's stack.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulecraft.cli.main import main as rulecraft


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.cli.game_sites", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, metavar="OUT", help="the folder to build each game's site in")
    parser.add_argument("--besides", action="append", default=[], metavar="GAME",
                        help="a game whose site is built elsewhere (the project site's), repeatable")
    args = parser.parse_args(argv)
    from rulecraft.plugins.wiring import core_pack
    from rulecraft.runtime.games import shipped_games

    for game in shipped_games():
        if game in args.besides:
            continue
        status = rulecraft(["docs", str(core_pack(game)), "--out", str(args.out / game)])
        if status != 0:
            return status
        print(f"{game}: {args.out / game}/index.html", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
