"""Generate: a page for the variant plugins a pack stack runs with, read from the plugins themselves.

For each plugin the packs name (or the command line adds): its module docstring and every hook it
implements with the implementation's docstring, so a variant's rule changes are documented by the code
that makes them. Ruling ids of the game's letters (T7, R3 for Tiny Epic Mechs) in that text link to the
rulings page.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Sequence
from typing import Any

from rulecraft.compiler.docgen.hooks import markdown_of_rst
from rulecraft.compiler.docgen.rulings import linked


def _doc(obj: object) -> tuple[str, str]:
    """(first line without its stage label, the rest) of a docstring."""
    doc = inspect.getdoc(obj) or ""
    first, _, rest = doc.partition("\n")
    return re.sub(r"^\w+: ", "", first.strip()), rest.strip()


def plugins_page(names: Iterable[str], manager: Any, rulings: Sequence[str]) -> str:
    """Markdown for the plugins ``names``, read from ``manager`` (``rulecraft.plugins.manager.Manager``, the
    caller's, with those plugins loaded); ruling ids of the letters ``rulings`` (the game's) are linked."""
    names = list(dict.fromkeys(names))
    lines = ["# Variant plugins", "",
             "Rule changes that are code rather than data live in plugins (see "
             "[Writing a plugin](../guides/plugins.md)). This page lists the plugins this stack runs with "
             "and every hook each one implements, from the plugins' own documentation.", ""]
    if not names:
        return "\n".join([*lines, "This stack names no plugin: it plays by the core rules."]) + "\n"
    for name in names:
        plugin = manager.pm.get_plugin(name)
        summary, body = _doc(plugin)
        lines += [f"## `{name}`", "", linked(markdown_of_rst(summary), rulings), ""]
        if body:
            lines += [linked(markdown_of_rst(body), rulings), ""]
        rows = []
        for caller in manager.pm.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin:
                    what = markdown_of_rst(" ".join((inspect.getdoc(impl.function) or "").split()))
                    shown = linked(what, rulings).replace("|", "/")
                    rows.append(f"| [`{caller.name}`](hooks.md) | {shown} |")
        if rows:
            lines += ["| hook | what this plugin does there |", "|---|---|", *rows, ""]
    return "\n".join(lines) + "\n"
