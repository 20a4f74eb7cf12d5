"""Generate: an ability's printed English, from the effect compiler's text back end.

The same effect string the engine compiles gives the sentence the docs and cards print, so they cannot
disagree. A hand-written ``text`` is printed only where the pack says why it differs
(``text_override``); the effect check already refuses any other drift.
"""

from __future__ import annotations

from typing import Any

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.plugins.tem.vocabulary import ABILITY_FIELDS, VOCABULARY


def ability_text(stack_kind: str, mapping: dict[str, Any]) -> str:
    """The rule text of ``mapping["ability"]`` for an entity of ``stack_kind`` (weapons, pilots, ...)."""
    if isinstance(mapping.get("text"), str) and mapping.get("text_override"):
        return mapping["text"]
    entity_kind = ABILITY_FIELDS[stack_kind][0] if stack_kind in ABILITY_FIELDS else None
    compiled = compile_effect(mapping["ability"], entity_kind, VOCABULARY)
    if not compiled.ok:  # a checked stack never gets here; say so rather than print a wrong sentence
        raise ValueError(f"effect does not compile: {mapping['ability']!r}")
    return compiled.text
