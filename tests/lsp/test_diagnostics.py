"""Issue 26: `rulecraft lsp` gives `check`'s diagnostics as the modder types, from the unsaved buffer, at
their ranges, with the hint as related information and did-you-mean as a quick fix; fixed, they clear."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

TYPO = "deel"
CORE = Path(__file__).resolve().parents[2] / "content" / "mecha-core"


def test_a_dsl_typo_in_an_unsaved_buffer_gets_its_located_diagnostic_and_a_quick_fix(lsp, pack):
    path = pack / "commands.yaml"
    uri = lsp.open(path)
    assert lsp.diagnostics_of(uri, lambda found: found is not None) == []
    typed = path.read_text(encoding="utf-8").replace("deal 2", f"{TYPO} 2")
    lsp.change(uri, typed)                       # never saved: the disk still says `deal`
    [problem] = lsp.diagnostics_of(uri, lambda found: bool(found))
    line = typed.splitlines().index(next(t for t in typed.splitlines() if TYPO in t))
    column = typed.splitlines()[line].index(TYPO)
    assert (problem.code, problem.source) == ("effect-unknown-word", "rulecraft")
    assert problem.severity is types.DiagnosticSeverity.Error
    start, end = types.Position(line, column), types.Position(line, column + len(TYPO))
    assert problem.range == types.Range(start, end)
    assert [info.message for info in problem.related_information or []] == ["hint: did you mean 'deal'?"]

    [fix] = lsp.run(lsp.client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), problem.range, types.CodeActionContext([problem]))))
    assert fix.kind == types.CodeActionKind.QuickFix
    edits = {key: list(found) for key, found in fix.edit.changes.items()}
    assert edits == {uri: [types.TextEdit(problem.range, "deal")]}

    lsp.change(uri, path.read_text(encoding="utf-8"))    # fixed: the diagnostic is cleared
    assert lsp.diagnostics_of(uri, lambda found: found == []) == []


def test_a_problem_in_another_file_of_the_stack_is_published_for_that_file(lsp, pack):
    """The whole stack is checked: a deck patch naming an unknown deck, typed in decks.yaml, is reported
    there, whichever file of the pack was opened first."""
    decks = pack / "decks.yaml"
    uri = lsp.open(decks)
    lsp.change(uri, decks.read_text(encoding="utf-8").replace("skyline-assault", "skyline-asault"))
    [problem] = lsp.diagnostics_of(uri, lambda found: bool(found))
    assert "skyline-asault" in problem.message
    assert problem.range.start.line == 2
    lsp.change(uri, decks.read_text(encoding="utf-8"))
    assert lsp.diagnostics_of(uri, lambda found: found == []) == []


def test_one_space_of_bad_indentation_is_one_diagnostic_at_its_line(lsp, pack):
    """Issue 26: one cause, one diagnostic (the editor's YAML server gives 29 for this)."""
    path = pack / "commands.yaml"
    uri = lsp.open(path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = next(number for number, line in enumerate(lines) if line.lstrip().startswith("windows:"))
    lines[bad] = " " + lines[bad]
    lsp.change(uri, "".join(lines))
    [problem] = lsp.diagnostics_of(uri, lambda found: bool(found))
    assert problem.range.start.line == bad
    lsp.change(uri, path.read_text(encoding="utf-8"))
    assert lsp.diagnostics_of(uri, lambda found: found == []) == []


def test_an_unsaved_change_in_the_core_pack_rechecks_the_packs_over_it(lsp, pack):
    """The core pack's file, edited in the editor and never saved (nothing is written), renames a card
    the modder's deck names: the deck's file gets the diagnostic; undone, it clears."""
    decks = lsp.open(pack / "decks.yaml")
    assert lsp.diagnostics_of(decks, lambda found: found == []) == []
    mechas = CORE / "mechas.yaml"
    core = lsp.open(mechas)
    original = mechas.read_text(encoding="utf-8")
    lsp.change(core, original.replace("id: lancer\n", "id: lancer-mk2\n"))
    [problem] = lsp.diagnostics_of(decks, lambda found: bool(found))
    assert "lancer" in problem.message
    assert mechas.read_text(encoding="utf-8") == original
    lsp.change(core, original)
    assert lsp.diagnostics_of(decks, lambda found: found == []) == []


def test_the_diagnostics_are_those_of_rulecraft_check_for_the_whole_stack(lsp, pack, tmp_path):
    """Two problems typed in two files of the pack (values no schema allows, found at one stage of the
    check): the server publishes, file by file, what `rulecraft
    check --format json` prints for the pack saved with those texts (code, message, range, hint), no more
    and no fewer."""
    originals = {name: (pack / name).read_text(encoding="utf-8") for name in ("commands.yaml", "decks.yaml")}
    typed = {"commands.yaml": originals["commands.yaml"].replace("windows: [main]", "windows: [mian]"),
             "decks.yaml": originals["decks.yaml"].replace("seat: a", "seat: z")}
    saved = tmp_path / pack.name
    shutil.copytree(pack, saved)
    for name, text in typed.items():
        (saved / name).write_text(text, encoding="utf-8")
    command = [sys.executable, "-m", "rulecraft.cli", "check", str(saved), "--format", "json"]
    printed = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, check=False)
    expected = {(Path(d["file"]).name, d["code"], d["message"], d["line"], d["column"], d["end_line"],
                 d["end_column"], (f"hint: {d['hint']}",) if d.get("hint") else ())
                for d in json.loads(printed.stdout)}

    uris = {name: from_fs_path(str(pack / name)) or "" for name in typed}
    for name, uri in uris.items():
        if uri not in lsp.versions:
            lsp.open(pack / name)
        lsp.change(uri, typed[name])
    lsp.diagnostics_of(uris["commands.yaml"], lambda _: all(lsp.diagnostics.get(u) for u in uris.values()))
    published = {(name, d.code, d.message, d.range.start.line + 1, d.range.start.character + 1,
                  d.range.end.line + 1, d.range.end.character + 1,
                  tuple(info.message for info in d.related_information or []))
                 for name, uri in uris.items() for d in lsp.diagnostics[uri]}
    assert len(expected) == 2 and published == expected
    for name, uri in uris.items():
        lsp.change(uri, originals[name])
    assert lsp.diagnostics_of(uris["decks.yaml"], lambda found: found == []) == []
