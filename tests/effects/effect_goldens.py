"""Golden files of the effect DSL: ``golden/<name>.effect`` and what each compiler stage makes of it.

For every ``<name>.effect`` (an effect string, compiled as a weapon's ability) the suite compares:
``.ast`` (the syntax tree), ``.diag`` (every problem: code, line:column in the string, message),
``.py`` (the generated handlers) and ``.txt`` (the rule text). Tests never write these files.
After an intended change, regenerate them and review the diff::

    .venv/bin/python tests/effects/effect_goldens.py          # rewrites golden/*.ast|.diag|.py|.txt
    git diff tests/effects/golden
"""

from __future__ import annotations

import sys
from pathlib import Path

from rulecraft.compiler.effects import nodes
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.plugins.tem.vocabulary import VOCABULARY

GOLDEN = Path(__file__).parent / "golden"
STAGES = ("ast", "diag", "py", "txt")


def _line_column(source: str, offset: int) -> str:
    before = source[:offset]
    return f"{before.count(chr(10)) + 1}:{offset - (before.rfind(chr(10)) + 1) + 1}"


def render(source: str) -> dict[str, str]:
    """Every stage's output for one effect string, as the text its golden file holds."""
    compiled = compile_effect(source, "weapon", VOCABULARY)
    return {
        "ast": (nodes.dump(compiled.tree) if compiled.tree else "(no tree)") + "\n",
        "diag": "".join(f"{p.code} {_line_column(source, p.start)} {p.message}\n" for p in compiled.problems),
        "py": "\n".join(compiled.python),
        "txt": compiled.text + "\n" if compiled.texts else "",
    }


def cases() -> list[Path]:
    return sorted(GOLDEN.glob("*.effect"))


def update() -> None:
    for case in cases():
        for stage, text in render(case.read_text(encoding="utf-8")).items():
            case.with_suffix(f".{stage}").write_text(text, encoding="utf-8")
        print(f"updated {case.stem}")


if __name__ == "__main__":
    update()
    sys.exit(0)
