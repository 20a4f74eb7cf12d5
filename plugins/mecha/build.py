"""Build: a resolved Mecha Game pack stack as the engine's :class:`~rulecraft.plugins.mecha.model.Ruleset`.

The game's ``builder``: it reads the resolved entities of the kinds ``rules``, ``towers``, ``mechas``,
``commands`` and ``decks`` (a card's type is its kind) and hands them to
:func:`~rulecraft.plugins.mecha.model.build_ruleset`, the same constructor the plain pack reader uses.
The stack checks (``mecha.checks``) have already reported, at the author's line, anything it would refuse.
"""

from __future__ import annotations

from typing import Any

from rulecraft.plugins.mecha.model import Ruleset, build_ruleset
from rulecraft.plugins.mecha.pack import CARD_KINDS


def build_from_stack(stack: Any, compiled: Any = None, vocabulary: Any = None) -> Ruleset:
    """The ruleset of a resolved stack (``compiled`` and ``vocabulary`` are unused: abilities are data)."""
    cards = [{**entity.data, "type": CARD_KINDS[kind]}
             for kind in CARD_KINDS for entity in stack.of_kind(kind)]
    decks = [entity.data for entity in stack.of_kind("decks")]
    rules = stack.rules.data if stack.rules is not None else {}
    return build_ruleset(cards, decks, rules)
