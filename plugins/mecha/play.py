"""Run: play Mecha Game in the terminal against an agent: ``python -m rulecraft.plugins.mecha.play``.

You take one seat of the starter decks; before every decision the position is drawn from your view
(``mecha.picture``) and the legal options are listed, numbered; the response windows are prompts of
their own (``[window] >``), each saying which window and which attack it follows. Type an option's
number; end of input leaves the game. The game is seeded: the same seed and answers replay it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from rulecraft.plugins.mecha import decisions as K
from rulecraft.plugins.mecha.agents import AGENTS
from rulecraft.plugins.mecha.engine import MechaGame
from rulecraft.plugins.mecha.pack import core_ruleset
from rulecraft.plugins.mecha.picture import SEAT_NAMES, picture
from rulecraft.runtime.decisions import Decision


def describe(decision: Decision) -> str:
    """What the decision is about, in a sentence."""
    context = decision.context
    if decision.kind == K.MAIN:
        return "Your main phase: choose an action (commands here are window (a))."
    if decision.kind == K.WINDOW and context.get("window") == "attack":
        target = context.get("target")
        return (f"Attack window (b): {context.get('attacker')} attacks {target}. Play a command or pass.")
    if decision.kind == K.WINDOW:
        return "End window (c): play a command or pass."
    if decision.kind == K.TARGET:
        return f"Choose the target of '{context.get('verb')} {context.get('amount')}'."
    return "Your abilities are waiting: choose which resolves next (M7)."


def option_text(option: Any) -> str:
    if isinstance(option, tuple):
        if option[0] in ("move", "attack"):
            return f"{option[0]} {option[1]} -> {option[2]}"
        return " ".join(str(part) for part in option)
    return str(option)


class HumanAgent:
    """A person at the terminal: the position, the options, a numbered answer."""

    name = "human"
    needs_state = True

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], Any] = print) -> None:
        self.read, self.write = read, write

    def decide(self, decision: Decision, view: Any) -> Any:
        for line in picture(view.state(), view.ruleset):
            self.write(line)
        self.write(describe(decision))
        for i, option in enumerate(decision.options, 1):
            self.write(f"  {i:>2}  {option_text(option)}")
        while True:
            answer = self.read(f"[{decision.kind}] > ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1]
            self.write(f"type a number from 1 to {len(decision.options)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulecraft.plugins.mecha.play", description=__doc__)
    parser.add_argument("--seat", choices=SEAT_NAMES, default="a", help="your seat (a plays row 1)")
    parser.add_argument("--opponent", choices=sorted(AGENTS), default="heuristic")
    parser.add_argument("--seed", default="0")
    args = parser.parse_args(argv)
    seat = SEAT_NAMES.index(args.seat)
    agents: list[Any] = [None, None]
    agents[seat] = HumanAgent()
    agents[1 - seat] = AGENTS[args.opponent](f"{args.seed}:opponent")
    game = MechaGame(core_ruleset(), agents, seed=args.seed)
    try:
        game.play()
    except (EOFError, KeyboardInterrupt):
        print("\nleft the game")
        return 0
    print("the game is a draw" if game.winner is None else
          f"seat {SEAT_NAMES[game.winner]} wins ({game.reason}) on turn {game.turn}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
