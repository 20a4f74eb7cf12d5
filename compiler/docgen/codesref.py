"""Generate: the diagnostics reference page, from the error-code registry and the example cases.

One entry per code of ``rulecraft.compiler.errorcodes.REGISTRY``, in registry order (mypy's and
yamllint's style): severity, summary, and a real example: a case of ``tests/content`` (see its
README) whose file is shown, and whose command is run while the site builds, so the output shown is
what this rulecraft prints. A site built without the cases (an installed wheel) lists the codes only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rulecraft.compiler.docgen import examples
from rulecraft.compiler.errorcodes import REGISTRY, ErrorCode

SHOWN_LINES = 30       # longer example files are cut; the case folder has the rest

INTRO = """\
# Diagnostics reference

Every problem rulecraft reports is one diagnostic: a stable kebab-case **code** from one registry
(`compiler/errorcodes.py`, like mypy's), a severity, a message, and where possible your own file, line
and column, with the line, a caret under the culprit and a hint. Tools, tests and CI match on the code,
never on the message. `rulecraft check --format json` (or `github`, for CI annotations) prints the same
diagnostics for machines.

All schema errors of a file are reported, not only the first, in file order. An unknown key points at
the key, a missing field at the mapping that lacks it, anything else at the value; unknown keys,
misspelt choices, kinds and ids get "did you mean". Each stage reports only when the ones before it are
clean: load, validate, resolve, the stack checks, the effects.

Exit codes: **0** clean (warnings allowed), **1** content errors, **2** usage errors (including a path
that does not exist), **3** a bug in rulecraft (a short message and a crash report file, never a
traceback; set `RULECRAFT_DEBUG=1` to see one).

Each example below is a case of the test suite (`tests/content/`, which pins its code, file, line and
column); the output was produced by running the case's command when this page was built.
"""


Runner = Callable[[examples.Case], examples.Run]


def diagnostics_reference(cases_root: Path | None, run: Runner) -> str:
    """Markdown for every registered code; with ``cases_root`` (tests/content), an example for each, its
    command run by ``run`` (the command line's ``rulecraft.cli.example_cases.run_case``)."""
    cases = examples.find_cases(cases_root / "invalid", cases_root / "valid") if cases_root else []
    out = [INTRO, "| code | severity | summary |", "|---|---|---|"]
    out += [f"| [`{c.code}`](#{c.code}) | {c.severity} | {c.summary} |" for c in REGISTRY.values()]
    out.append("")
    for entry in REGISTRY.values():
        out += _entry(entry, _example(entry.code, cases), cases_root, run)
    if not cases:
        out.append("*Examples are shown when the site is built from a rulecraft source tree "
                   "(they are the test cases in `tests/content/`).*")
    return "\n".join(out) + "\n"


def _example(code: str, cases: list[examples.Case]) -> examples.Case | None:
    """The smallest case that pins ``code``: fewest diagnostics, errors before warnings, then by name."""
    pinning = [c for c in cases if code in c.codes()]
    return min(pinning, default=None,
               key=lambda c: (len(c.expected), c.folder.parent.name != "invalid", c.name))


def _entry(entry: ErrorCode, case: examples.Case | None, root: Path | None, run: Runner) -> list[str]:
    out = [f"## `{entry.code}` {{ #{entry.code} }}", "", f"**{entry.severity}**: {entry.summary}", ""]
    if case is None or root is None:
        return out
    out += [f"Example: `tests/content/{case.name}`. {case.about}", ""]
    shown = next((file for code, file, _line, _col in case.expected if code == entry.code and file), None)
    if shown and (case.folder / shown).is_file():
        out += _file_block(shown, case.folder / shown)
    ran = run(case)
    command = " ".join(case.argv).replace(examples.TMP, "$TMP")
    out += ["```console", f"$ rulecraft {command}", ran.shown(), "```", "", f"Exit code {ran.exit_code}.", ""]
    return out


def _file_block(shown: str, path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8", errors="replace").lstrip("\ufeff")
    lines = text.splitlines()
    if len(lines) > SHOWN_LINES:
        lines = [*lines[:SHOWN_LINES], f"# ... {len(lines) - SHOWN_LINES} more lines"]
    language = "yaml" if path.suffix in {".yaml", ".yml"} else "text"
    fence = "````" if any(line.startswith("```") for line in lines) else "```"
    return [f'{fence}{language} title="{shown}"', *lines, fence, ""]
