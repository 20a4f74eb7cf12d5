"""Run: what the effect compiler hands the runtime, for any game: a :class:`CompiledAbility`.

A trigger id, a plain ``handler(ctx)`` whose calls on ``ctx`` are the game's effect context (verified by
``rulecraft.compiler.effects.verify`` before it is ever run), its generated English text and where it was
written. The runtime never imports the compiler; it only receives these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Handler = Callable[[Any], None]
HANDLER_FUNCTION = "ability"   # the name of the one function a handler's generated source defines


@dataclass(frozen=True, slots=True)
class CompiledAbility:
    """One ability, ready to run: the runtime calls ``handler(ctx)`` when ``trigger`` fires.

    ``trigger`` is a trigger id from the vocabulary (``before_attack``, ``after_attack``, ...);
    ``text`` the generated English rule text; ``origin`` where it was written, as
    ``pack/file:line:column (entity)`` so a runtime error can name the card.
    """

    trigger: str
    handler: Handler
    text: str
    origin: str
