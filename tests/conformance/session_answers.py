"""Random answers for a session that do not depend on who asks (this process or a child restoring the
session): the answer at a point of the game is drawn from ``salt`` and how many events came before it.

Run as a script, ``python session_answers.py LOG SALT OUT`` restores the session saved in ``LOG`` (its
packs and plugins loaded as any tool loads a log's), answers it to the end and writes its lines to ``OUT``:
the conformance suite's save/restore check in another process."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any


def answer_randomly(session: Any, salt: str, answers: int | None = None) -> None:
    """Answer the pending decisions of ``session`` (``answers`` of them, or to the end) at random."""
    while session.pending is not None and answers != 0:
        pending = session.pending
        rng = random.Random(f"{salt}/{len(session.events)}")
        session.answer(pending.seat, pending.decision.random_answer(rng))
        answers = None if answers is None else answers - 1


def _main(log: Path, salt: str, out: Path) -> None:
    from rulecraft.plugins.manager import make_hooks
    from rulecraft.plugins.wiring import load_ruleset, plugin_names
    from rulecraft.runtime import logs
    from rulecraft.runtime.session import Session

    head, lines = logs.read(log, plugin_names)
    ruleset = load_ruleset([p for p in head["packs"] if not p.startswith(logs.BUILTIN)], head["plugins"],
                           head["game"])
    restored = Session.restore([logs.dumps(head), *lines], ruleset, make_hooks(head["game"], head["plugins"]))
    answer_randomly(restored, salt)
    out.write_text("\n".join(restored.lines()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _main(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
