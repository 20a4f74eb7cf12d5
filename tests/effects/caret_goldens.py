"""Golden file of carets inside effect strings: ``golden/carets-in-yaml.txt``.

Each effect error of ``EFFECTS`` is written as a weapon's ``ability`` in each YAML scalar style of
``STYLES`` (plain, single- and double-quoted, literal ``|``, folded ``>``), in a pack that patches the
core pack's weapons, and checked with ``rulecraft check``; the golden file is the human output, source
line and caret included. Tests never write it. After an intended change, regenerate and review::

    .venv/bin/python tests/effects/caret_goldens.py          # rewrites golden/carets-in-yaml.txt
    git diff tests/effects/golden
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import yaml

from rulecraft.compiler.diagnostics import Diagnostic, format_human
from rulecraft.plugins.wiring import check_packs

GOLDEN = Path(__file__).parent / "golden" / "carets-in-yaml.txt"
INDENT = " " * 6

# (weapon id patched, effect string with one error); the error families of invalid_cases.yaml
EFFECTS: list[tuple[str, str]] = [
    ("energy-sword", "after attack: gian 1 vp"),
    ("pulse-pistol", "after attack: gain 1 enrgy"),
    ("grenade-launcher", "after attack gain 1 vp"),
    ("riot-shield", "after attack: gain 1 vp when attacked: prevent 1 damage"),
    ("lightning-coil", "after attack: gain 1 pilot"),
    ("warhammer", "after attack: deal 2 damage now"),
    ("plasma-cannon", "after attack: gain 1 vp\nwhen attacked: prevnt 1 damage"),
    ("rail-gun", "at round end: prevent 1 damage"),
    ("missile-pod", "after attack: if helth < 3 then heal 1"),
    ("buzz-saw", "after attack: deal 2"),
]


def _folded_lines(value: str) -> list[str]:
    """Plain, quoted and folded scalars fold one line break into a space: a break in the value is a
    blank line in the source."""
    out: list[str] = []
    for i, line in enumerate(value.split("\n")):
        out += [""] if i else []
        out.append(line)
    return out


def _flow(value: str, quote: str, escape: Callable[[str], str]) -> str:
    lines = _folded_lines(escape(value))
    lines[0] = quote + lines[0]
    lines[-1] += quote
    return "\n".join(INDENT + line if i and line else line for i, line in enumerate(lines))


# A plain scalar cannot hold ': ', so the plain style writes each trigger's ':' without the space
# after it (``after attack:gain 1 vp``), which the DSL reads the same.
PLAIN = {"plain": lambda effect: effect.replace(": ", ":")}

STYLES: dict[str, Callable[[str], str]] = {
    "plain": lambda v: _flow(v, "", str),
    "single-quoted": lambda v: _flow(v, "'", lambda t: t.replace("'", "''")),
    "double-quoted": lambda v: _flow(v, '"', lambda t: t.replace("\\", "\\\\").replace('"', '\\"')),
    "double-quoted-escapes": lambda v: _flow(v.replace("\\", "\\\\").replace("\n", "\\n"), '"',
                                             lambda t: t.replace('"', '\\"')),
    "literal": lambda v: "|\n" + "\n".join(INDENT + line for line in v.split("\n")),
    "folded": lambda v: ">\n" + "\n".join(INDENT + line if line else "" for line in _folded_lines(v)),
}


def write_pack(folder: Path, style: str) -> Path:
    """A pack over tem-core whose weapons.yaml patches each weapon of ``EFFECTS`` with its effect."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(
        f"id: carets-{style}\nname: Carets ({style})\nversion: 1.0.0\nrulecraft: '>=0.1'\n"
        "depends: [{id: tem-core}]\nfiles: [weapons.yaml]\n", encoding="utf-8")
    effects = [PLAIN.get(style, str)(effect) for _, effect in EFFECTS]
    entries = "".join(f"  - id: {weapon}\n    ability: {STYLES[style](effect)}\n"
                      for (weapon, _), effect in zip(EFFECTS, effects, strict=True))
    text = f"kind: weapons\npatch:\n{entries}"
    loaded = yaml.safe_load(text)["patch"]
    assert [e["ability"].rstrip("\n") for e in loaded] == effects, f"{style} does not round-trip"
    (folder / "weapons.yaml").write_text(text, encoding="utf-8")
    return folder


def diagnostics(root: Path, style: str) -> list[Diagnostic]:
    return check_packs([write_pack(root / style, style)]).diagnostics


def render(root: Path) -> str:
    """The golden text: per style, the check's human output with paths relative to ``root``."""
    cwd = Path.cwd()
    os.chdir(root)
    try:
        parts = [f"== {style}\n{format_human(diagnostics(Path('.'), style))}\n" for style in STYLES]
    finally:
        os.chdir(cwd)
    return "".join(parts)


def update() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        GOLDEN.write_text(render(Path(root)), encoding="utf-8")
    print(f"updated {GOLDEN.name}")


if __name__ == "__main__":
    update()
    sys.exit(0)
