"""Generate: the plugin hooks reference of a game, read from its hookspecs modules themselves.

A game's managers hold the hookspecs every game shares and the game's own
(``rulecraft.plugins.manager.spec_modules``); the page lists them in that order. Each hook's signature,
whether it is *firstresult*, and its docstring, grouped by the game stage the modules'
``# --- stage ---`` comments name. Generated at every build, so a new hook cannot be missing.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

GROUP = re.compile(r"^# --- (.+?) -{3,}\s*$")


@dataclass(frozen=True, slots=True)
class Hook:
    name: str
    arguments: tuple[str, ...]
    firstresult: bool
    doc: str
    group: str


def _is_spec(decorator: ast.expr) -> tuple[bool, bool]:
    """(is a ``hookspec`` decorator, with ``firstresult=True``)."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if not (isinstance(target, ast.Name) and target.id == "hookspec"):
        return False, False
    first = isinstance(decorator, ast.Call) and any(
        k.arg == "firstresult" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in decorator.keywords)
    return True, first


def hooks(module: ModuleType) -> list[Hook]:
    """Every hookspec of ``module``, in source order."""
    source = inspect.getsource(module)
    groups = {n: m.group(1) for n, line in enumerate(source.splitlines(), 1) if (m := GROUP.match(line))}
    found = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        marks = [_is_spec(d) for d in node.decorator_list]
        if not any(spec for spec, _ in marks):
            continue
        group = next((groups[n] for n in sorted(groups, reverse=True) if n < node.lineno), "")
        found.append(Hook(node.name, tuple(a.arg for a in node.args.args), any(f for _, f in marks),
                          ast.get_docstring(node) or "", group))
    return found


def markdown_of_rst(text: str) -> str:
    """Docstrings use reST roles and double backticks; the site speaks Markdown."""
    text = re.sub(r":\w+:`~[\w.]*\.(\w+)`", r"`\1`", text)
    text = re.sub(r":\w+:`([^`]+)`", r"`\1`", text)
    return text.replace("``", "`")


def hooks_reference(modules: Sequence[ModuleType]) -> str:
    """The page of the hooks of ``modules``, in order; its introduction is the last module's (the
    game's own hookspecs) docstring."""
    module = modules[-1]
    intro = (module.__doc__ or "").split("\n", 1)
    lines = ["# Plugin hooks reference", "", markdown_of_rst(intro[1].strip() if len(intro) > 1 else ""), "",
             f"Generated from `{module.__name__}`. *firstresult*: the first implementation that "
             "returns something other than `None` decides; the others are not called.", ""]
    group = None
    for hook in (hook for each in modules for hook in hooks(each)):
        if hook.group != group:
            group = hook.group
            lines += [f"## {group.capitalize()}", ""]
        badge = " *firstresult*" if hook.firstresult else ""
        lines += [f"### `{hook.name}({', '.join(hook.arguments)})`{badge}", "",
                  markdown_of_rst(hook.doc) or "*(no description)*", ""]
    return "\n".join(lines) + "\n"
