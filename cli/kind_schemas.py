"""Generate: the front end writing each content kind's schema from its entity part (``make schemas``).

``python -m rulecraft.cli.kind_schemas [--check] PART...`` reads each ``<kind>.entity.json`` and writes the
``<kind>.schema.json`` beside it (:mod:`rulecraft.compiler.kind_schema`: the part inside the one layering
envelope). ``--check`` writes nothing and lists the schemas that are not their part's output (exit 1).
A part that cannot be read or joined is an error naming its file (exit 2). For a game's developers: a
modder never runs it (``rulecraft schemas --write`` exports the written schemas for editors).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from rulecraft.cli.main import EXIT_CLEAN, EXIT_CONTENT, EXIT_USAGE
from rulecraft.compiler.kind_schema import PartError, schema_text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.cli.kind_schemas",
                                     description="Write each content kind's schema from its entity part.")
    parser.add_argument("parts", nargs="+", type=Path, metavar="PART",
                        help="entity parts, <kind>.entity.json; each schema is written beside its part")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; list the schemas that are not their part's output (exit 1)")
    args = parser.parse_args(argv)
    stale = []
    for part in args.parts:
        try:
            name, text = schema_text(part.name, part.read_text(encoding="utf-8"))
        except (OSError, PartError) as exc:
            print(f"error: {part}: {exc}", file=sys.stderr)
            return EXIT_USAGE
        target = part.with_name(name)
        if target.is_file() and target.read_text(encoding="utf-8") == text:
            continue
        if args.check:
            stale.append(target)
        else:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target}")
    for target in stale:
        print(f"stale: {target} is not its entity part's output (python -m rulecraft.cli.kind_schemas)")
    return EXIT_CONTENT if stale else EXIT_CLEAN


if __name__ == "__main__":
    sys.exit(main())
