"""Generate: the diagnostics reference page, from the error codes of the core and of each game, and the
example cases.

One section per owner, the core first, then each game documented (``GameDefinition.error_codes``); in
each, one entry per code in its owner's order (mypy's and yamllint's style): severity, summary, and a
real example: a case of the owner's cases folder (``tests/content``, see its README; a game's
``error_cases``) whose file is shown, and whose command is run while the site builds, so the output
shown is what this rulecraft prints. A site built without the cases (an installed wheel) lists the codes
only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rulecraft.compiler.docgen import examples
from rulecraft.compiler.errorcodes import CodeOwner, ErrorCode, owners
from rulecraft.runtime.games import get

SHOWN_LINES = 30       # longer example files are cut; the case folder has the rest
CORE_CASES = "tests/content"   # the core's cases, in rulecraft's source tree

INTRO = """\
# Diagnostics reference

Every problem rulecraft reports is one diagnostic: a stable kebab-case **code**, a severity, a message,
and where possible your own file, line and column, with the line, a caret under the culprit and a hint.
The core's codes come from one registry (`compiler/errorcodes.py`, like mypy's); a game adds the codes
only it reports through its definition (`error_codes`, see [Games](games.md)), and no two owners share a
code. Tools, tests and CI match on the code, never on the message. `rulecraft check --format json` (or
`github`, for CI annotations) prints the same diagnostics for machines.

All schema errors of a file are reported, not only the first, in file order. An unknown key points at
the key, a missing field at the mapping that lacks it, anything else at the value; unknown keys,
misspelt choices, kinds and ids get "did you mean". Each stage reports only when the ones before it are
clean: load, validate, resolve, the stack checks, the effects.

Exit codes: **0** clean (warnings allowed), **1** content errors, **2** usage errors (including a path
that does not exist), **3** a bug in rulecraft (a short message and a crash report file, never a
traceback; set `RULECRAFT_DEBUG=1` to see one).

Each example below is a case of the test suite (`tests/content/`, or the game's own cases folder, which
pins its code, file, line and column); the output was produced by running the case's command when this
page was built.
"""


Runner = Callable[[examples.Case], examples.Run]


@dataclass(frozen=True, slots=True)
class Section:
    """One owner's codes and where its example cases are: ``cases`` on disk (None when not at hand, as in
    an installed wheel), ``shown`` as the page names that folder."""

    owner: CodeOwner
    cases: Path | None
    shown: str

    @property
    def anchor(self) -> str:
        return f"codes-of-{self.owner.game}" if self.owner.game else "core-codes"


def sections(games: Sequence[str], core_cases: Path | None) -> list[Section]:
    """The sections of the core (its cases in ``core_cases``) and of the games ``games`` (by id, each its
    ``error_cases``); a code registered twice is the :class:`~rulecraft.compiler.errorcodes.CodeClash`."""
    definitions = [get(game) for game in dict.fromkeys(games)]
    found = owners(definitions)
    out = [Section(found[0], core_cases, CORE_CASES)]
    for owner, game in zip(found[1:], definitions, strict=True):
        out.append(Section(owner, examples.game_cases(game.id), game.error_cases))
    return out


def diagnostics_reference(owned: Sequence[Section], run: Runner) -> str:
    """Markdown for every code of ``owned``, by owner; where a section has its cases, an example for each
    code, its command run by ``run`` (the command line's ``rulecraft.cli.example_cases.run_case``)."""
    out = [INTRO]
    for section in owned:
        out += _section(section, run)
    if not any(section.cases for section in owned):
        out.append("*Examples are shown when the site is built from a rulecraft source tree "
                   "(they are the test cases in `tests/content/`).*")
    return "\n".join(out) + "\n"


def _section(section: Section, run: Runner) -> list[str]:
    owner, root = section.owner, section.cases
    if not owner.game:
        out = [f"## Core codes {{ #{section.anchor} }}", "",
               "The codes of `compiler/errorcodes.py`: any stack of any game can report them.", ""]
    else:
        out = [f"## {owner.name} {{ #{section.anchor} }}", ""]
        if not owner.codes:
            return [*out, f"{owner.name} registers no codes of its own: its checks report the core's.", ""]
        out += [f"The codes only {owner.name} reports, registered by the game `{owner.game}` "
                f"(its `error_codes`).", ""]
    out += ["| code | severity | summary |", "|---|---|---|"]
    out += [f"| [`{c.code}`](#{c.code}) | {c.severity} | {c.summary} |" for c in owner.codes]
    out.append("")
    cases = examples.find_cases(root / "invalid", root / "valid") if root else []
    for entry in owner.codes:
        out += _entry(entry, _example(entry.code, cases), section, run)
    return out


def _example(code: str, cases: list[examples.Case]) -> examples.Case | None:
    """The smallest case that pins ``code``: fewest diagnostics, errors before warnings, then by name."""
    pinning = [c for c in cases if code in c.codes()]
    return min(pinning, default=None,
               key=lambda c: (len(c.expected), c.folder.parent.name != "invalid", c.name))


def _entry(entry: ErrorCode, case: examples.Case | None, section: Section, run: Runner) -> list[str]:
    out = [f"### `{entry.code}` {{ #{entry.code} }}", "", f"**{entry.severity}**: {entry.summary}", ""]
    if case is None:
        return out
    out += [f"Example: `{section.shown}/{case.name}`. {case.about}", ""]
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
