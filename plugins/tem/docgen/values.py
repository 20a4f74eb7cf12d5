"""Generate: the rule values in the hand-written pages, filled in from the stack being documented.

A rulebook page writes ``{{ rules.rounds }}`` or ``{{ mech.health }}`` where a number of the rules
belongs, so a variant that plays 7 rounds gets a rulebook that says 7 rounds: the printed rules, the
cards and the engine read the same values. ``rules.`` reads the rule parameters, ``mech.`` the Mighty
Mech entity; dotted paths go into mappings (``rules.upgrade.cost``). A designed value (RULINGS T3)
keeps its dagger. A marker naming no value is an error, never an empty gap.
"""

from __future__ import annotations

import re
from typing import Any

from rulecraft.compiler.docgen.markdown import designed, esc
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.tem.docgen.pages import DAGGER

MARKER = re.compile(r"\{\{\s*(rules|mech)\.([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)\s*\}\}")


class UnknownValue(ValueError):
    """A page names a rule value the stack does not have."""


def show(value: Any) -> str:
    if isinstance(value, list):
        items = [esc(v) for v in value]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict | bool) or value is None:
        raise TypeError(f"not a printable rule value: {value!r}")
    return esc(value)


def fill(markdown: str, stack: Stack) -> str:
    """``markdown`` with every marker replaced by its value in ``stack``."""
    mechs = stack.of_kind("mighty-mech")
    sources = {"rules": stack.rules.data if stack.rules else {}, "mech": mechs[0].data if mechs else {}}

    def value(match: re.Match[str]) -> str:
        data = sources[match.group(1)]
        node: Any = data
        for key in match.group(2).split("."):
            if not isinstance(node, dict) or key not in node:
                raise UnknownValue(f"{match.group(0)} names no value of this pack stack")
            node = node[key]
        try:
            text = show(node)
        except TypeError as exc:
            raise UnknownValue(f"{match.group(0)}: {exc}") from None
        return text + (DAGGER if designed(data, match.group(2).split(".")[0]) else "")

    return MARKER.sub(value, markdown)
