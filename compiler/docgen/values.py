"""Generate: the rule values in a game's hand-written pages, filled in from the stack being documented.

A rulebook page writes ``{{ rules.rounds }}`` where a number of the rules belongs, so a variant that plays
7 rounds gets a rulebook that says 7 rounds: the printed rules, the cards and the engine read the same
values. Each game says which prefixes its pages may use and the mapping each reads (``rules.`` the rule
parameters, or the data of one entity); dotted paths go into mappings
(``rules.upgrade.cost``). A designed value keeps its dagger. A marker naming no value is an error, never
an empty gap.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rulecraft.compiler.docgen.markdown import designed, esc


class UnknownValue(ValueError):
    """A page names a rule value the stack does not have."""


def show(value: Any) -> str:
    if isinstance(value, list):
        items = [esc(v) for v in value]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict | bool) or value is None:
        raise TypeError(f"not a printable rule value: {value!r}")
    return esc(value)


def marker(prefixes: Mapping[str, Any]) -> re.Pattern[str]:
    names = "|".join(re.escape(p) for p in prefixes)
    return re.compile(r"\{\{\s*(" + names + r")\.([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)\s*\}\}")


def fill(markdown: str, sources: Mapping[str, dict[str, Any]], mark: str) -> str:
    """``markdown`` with every ``{{ prefix.path }}`` replaced by that value of ``sources[prefix]``, with
    ``mark`` after a designed one."""

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
        return text + (mark if designed(data, match.group(2).split(".")[0]) else "")

    return marker(sources).sub(value, markdown)
