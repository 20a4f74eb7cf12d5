"""``rulecraft serve [PACK...]``: open tables of any registered game in the browser, for people and agents.

Each PACK is a pack stack the lobby offers (several packs layered: ``PACK,PACK``); with none, every
registered game's core pack. A table's seats are people (each with their own secret link, or all at one
screen: hot seat) or agents, and its log under ``--tables`` is its whole state: a table survives a restart
of the server, and a person may come back to it days later. Listens on 127.0.0.1 (this computer only)
unless ``--host`` says otherwise; see the guide, Browser table.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulecraft.cli.main import UsageError

DEFAULT_TABLES = Path("rulecraft-tables")
LOOPBACK = "127.0.0.1"


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="play games in the browser: tables for people and agents",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", metavar="PACK",
                        help="a pack stack the lobby offers (PACK,PACK layers several; default: every "
                             "game's core pack)")
    parser.add_argument("--tables", type=Path, default=DEFAULT_TABLES, metavar="DIR",
                        help=f"the tables' folder (default ./{DEFAULT_TABLES}/)")
    parser.add_argument("--host", default=LOOPBACK,
                        help=f"the address to listen on (default {LOOPBACK}: this computer only)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument("--site", type=Path, metavar="DIR",
                        help="a built rules site (make docs: build/site) to serve at /rules/; the rulings "
                             "behind a decision link to it")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from rulecraft.cli.web.app import build_app
        from rulecraft.cli.web.messages import MOST_BYTES
        from rulecraft.cli.web.setup import stack_choices
    except ImportError as exc:
        raise UsageError(f"rulecraft serve needs the web extra ({exc.name} is missing): "
                         f"pip install 'rulecraft[web]'") from None
    from rulecraft.cli.outputs import output_folder
    from rulecraft.runtime.games import GameLoadError

    for argument in args.packs:
        for pack in filter(None, argument.split(",")):
            if not Path(pack).is_dir():
                raise UsageError(f"no such pack folder: {pack}")
    try:
        stacks = stack_choices(args.packs)
    except (GameLoadError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if args.site is not None and not (args.site / "index.html").is_file():
        raise UsageError(f"--site {args.site}: not a built rules site (no index.html; make docs builds one)")
    tables = output_folder(args.tables, "serve")
    if args.host != LOOPBACK:
        print(f"Listening on {args.host}:{args.port}, not only on this computer: anyone who can reach "
              f"it can open a table (a seat needs its link)", flush=True)
    print(f"Tables in {tables}; open http://{LOOPBACK if args.host == LOOPBACK else args.host}:{args.port}/",
          flush=True)
    uvicorn.run(build_app(tables, stacks, site=args.site), host=args.host, port=args.port,
                ws_max_size=MOST_BYTES, log_level="warning")
    return 0
