"""Resolve: Pig's runtime model, built from a checked pack stack (the ``builder`` of its GameDefinition).

The whole game is one ``pig-rules`` entity: the goal, the die, the face that busts a turn, how many dice a
turn throws (one: the folk game; more: Big Pig, see the engine), the seats' names, the turns a solo game
has to reach the goal in, and the step cap. The model is frozen plain data, shared read-only by every
game built from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulecraft.runtime.chance import Die

RULES_KIND = "pig-rules"


@dataclass(frozen=True, slots=True)
class PigRules:
    goal: int                   # the first to bank this many points wins
    die: Die                    # the die every roll throws (the pack's `die`: id, faces, designed)
    bust: int                   # the face that loses the turn's points and ends the turn
    seats: tuple[str, ...]      # the seats' names (a log's `colours`)
    solo_turns: int             # solo: the goal must be banked within this many turns
    step_cap: int               # events one game may emit before it aborts (a runaway rule or agent)
    dice: int = 1               # dice a turn throws: 1 is the folk game, more is Big Pig (designed)
    source: dict[str, Any] = field(default_factory=dict, compare=False)   # game, packs, plugins: log headers


def build(stack: Any, compiled: Any = None, vocabulary: Any = None) -> PigRules:
    """The model of a resolved stack (``compiled`` and ``vocabulary`` are unused: Pig has no DSL)."""
    entity = stack.get(RULES_KIND, RULES_KIND)
    if entity is None:
        raise ValueError(f"the stack defines no {RULES_KIND} entity '{RULES_KIND}'")
    data = entity.data
    die = data["die"]
    return PigRules(goal=data["goal"], die=Die(die["id"], tuple(die["faces"]), die.get("designed", False)),
                    bust=data["bust"], seats=tuple(data["seats"]), solo_turns=data["solo-turns"],
                    step_cap=data["step-cap"], dice=data.get("dice", 1),
                    source={"game": stack.game,
                            "packs": [{"id": p.id, "version": str(p.version)} for p in stack.packs],
                            "plugins": [name for pack in stack.packs for name in pack.plugins]})
