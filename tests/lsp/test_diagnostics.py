"""Issue 26: `rulecraft lsp` gives `check`'s diagnostics as the modder types, from the unsaved buffer, at
their ranges, with the hint as related information and did-you-mean as a quick fix; fixed, they clear."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

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
