"""Issue 26: completion of the game's DSL words inside an effect string and of ids where an id goes; hover
with the ability's English and generated handler, each field's provenance and an entry's last measured
rates; go to definition into the pack defining an id, the core pack included; references, rename and
highlighting, one-line and spanning lines (Mecha Game's packs; Tiny Epic Mechs' too)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.pack import game_vocabulary

CORE = Path(__file__).resolve().parents[2] / "content" / "mecha-core"


@pytest.fixture(scope="module")
def opened(lsp, pack):
    """The pack's files, opened and checked clean (so the server holds the resolved stack)."""
    uris = {name: lsp.open(pack / name) for name in ("commands.yaml", "decks.yaml")}
    for uri in uris.values():
        assert lsp.diagnostics_of(uri, lambda found: found is not None) == []
    return uris


def position(path: Path, text: str, after: str = "") -> types.Position:
    """The position of ``text`` in ``path`` (just past ``after`` inside it, when given)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if text in line:
            return types.Position(number, line.index(text) + len(after))
    raise AssertionError(f"{text!r} not in {path}")


def labels(lsp, uri: str, at: types.Position) -> list[str]:
    answer = lsp.run(lsp.client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), at)))
    items = answer.items if isinstance(answer, types.CompletionList) else answer or []
    return [item.label for item in items]


def test_completion_in_an_effect_string_offers_the_words_its_entity_kind_allows(lsp, pack, opened):
    commands = pack / "commands.yaml"
    verbs = labels(lsp, opened["commands.yaml"], position(commands, "when played: deal", "when played: "))
    assert "deal {amount} damage to an enemy unit" in verbs and "draw {amount}" in verbs
    # a command has no "this" on the table and is never "attacked" (kinds, triggers of mecha's words)
    assert "deal {amount} damage to this" not in verbs and "add {amount} armour to the attacker" not in verbs
    triggers = labels(lsp, opened["commands.yaml"], position(commands, '"when played', '"'))
    assert triggers == ["when played"]


def test_completion_after_a_verbs_first_words_offers_only_their_continuations(lsp, pack, opened):
    commands = pack / "commands.yaml"
    at = position(commands, "when played: deal 2 damage", "when played: deal 2 ")
    answer = lsp.run(lsp.client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(opened["commands.yaml"]), types.Position(at.line, at.character + 3))))
    items = {item.label: item for item in answer}       # the cursor after "deal 2 dam"
    assert "damage to an enemy unit" in items and "draw {amount}" not in items
    start = types.Position(at.line, at.character)
    edit = items["damage to an enemy unit"].text_edit
    assert edit.range == types.Range(start, types.Position(at.line, at.character + 3))   # replaces "dam"


def test_completion_of_a_patch_id_offers_the_stacks_ids_of_that_kind(lsp, pack, opened):
    decks = pack / "decks.yaml"
    ids = labels(lsp, opened["decks.yaml"], position(decks, "id: iron-bastion", "id: "))
    assert {"iron-bastion", "skyline-assault"} <= set(ids) and "lancer" not in ids


def hover_text(lsp, uri: str, at: types.Position) -> str:
    params = types.HoverParams(types.TextDocumentIdentifier(uri), at)
    answer = lsp.run(lsp.client.text_document_hover_async(params))
    assert answer is not None
    return answer.contents.value


def test_hover_over_an_ability_shows_its_english_its_handler_and_where_it_was_set(lsp, pack, opened):
    commands = pack / "commands.yaml"
    text = hover_text(lsp, opened["commands.yaml"], position(commands, "ability:", "abil"))
    assert "Deal 2 damage to an enemy unit" in text
    [handler] = compile_effect("when played: deal 2 damage to an enemy unit", "commands",
                               game_vocabulary("mecha")).python
    assert f"Generated handler:\n\n```python\n{handler}\n```" in text     # what `explain --emit python` shows
    line = position(commands, "ability:").line + 1
    assert f"set by my-mecha {commands.relative_to(pack.parent)}:{line}:" in text


def test_hover_over_an_entry_shows_its_last_measured_rates_from_the_workspaces_build_folder(lsp, pack,
                                                                                           opened):
    """The comparison `sim --compare mecha-core my-mecha --out build/compare` wrote (tests/lsp/reports);
    what it says is pinned in test_measured.py."""
    commands = pack / "commands.yaml"
    at = position(commands, "id: quick-strike", "id: qu")
    assert "Last measured" not in hover_text(lsp, opened["commands.yaml"], at)
    build = pack.parent / "build" / "compare"
    build.mkdir(parents=True)
    shutil.copy(Path(__file__).parent / "reports" / "compare.json", build)
    broken = pack / "build" / "report.json"           # newer, and no report: skipped, with a log line
    broken.parent.mkdir()
    broken.write_text('{"run": {"packs": ["my-mecha"]}, "card_win": [', encoding="utf-8")
    later = (build / "compare.json").stat().st_mtime + 60
    os.utime(broken, (later, later))
    logs = len(lsp.logs)
    try:
        text = hover_text(lsp, opened["commands.yaml"], at)
    finally:
        shutil.rmtree(pack.parent / "build")
        shutil.rmtree(pack / "build")
    assert "Last measured (the comparison build/compare/compare.json, " in text
    assert "- win rate when played: 45.5% in B (new in B)" in text
    assert [line.split(":")[0] for line in lsp.logs[logs:]] == [f"ignored the report {broken.resolve()}"]


def test_hover_over_a_patched_field_names_the_patching_pack(lsp, pack, opened):
    decks = pack / "decks.yaml"
    text = hover_text(lsp, opened["decks.yaml"], position(decks, "notes: Patched", "notes: Pa"))
    assert text.startswith("**decks:iron-bastion** `notes` = `Patched by the language server tests.`")
    assert "set by my-mecha" in text


def test_go_to_definition_from_a_deck_entry_lands_in_the_core_packs_file(lsp, pack, opened):
    decks = pack / "decks.yaml"
    [where] = lsp.run(lsp.client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(opened["decks.yaml"]), position(decks, "lancer: 3", "lan"))))
    assert Path(to_fs_path(where.uri)) == CORE / "mechas.yaml"
    line = (CORE / "mechas.yaml").read_text(encoding="utf-8").splitlines()[where.range.start.line]
    assert "id: lancer" in line


def test_go_to_definition_from_depends_opens_the_core_packs_manifest(lsp, pack, opened):
    manifest = pack / "pack.yaml"
    uri = lsp.open(manifest)
    lsp.diagnostics_of(uri, lambda found: found is not None)
    [where] = lsp.run(lsp.client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(uri), position(manifest, "id: mecha-core", "id: mec"))))
    assert where.uri == from_fs_path(str(CORE / "pack.yaml"))


def test_tiny_epic_mechs_core_pack_is_checked_and_completed_too(lsp, tmp_path_factory):
    """Any registered game: a copy of tem-core, edited unsaved in its largest file, gets its diagnostic,
    and completion after a condition's `if` offers Tiny Epic Mechs' attributes."""
    core = tmp_path_factory.mktemp("tem") / "tem-core"
    shutil.copytree(CORE.parent / "tem-core", core)
    weapons = core / "weapons.yaml"
    uri = lsp.open(weapons)
    assert lsp.diagnostics_of(uri, lambda found: found is not None) == []
    at = position(weapons, "when attacked: if attack-type", "when attacked: if ")
    assert {"health", "energy", "attack-type"} <= set(labels(lsp, uri, at))
    lsp.change(uri, weapons.read_text(encoding="utf-8").replace("prevent 1 damage", "prevnt 1 damage", 1))
    [problem] = lsp.diagnostics_of(uri, lambda found: bool(found))
    assert problem.code == "effect-unknown-word" and problem.range.start.line == at.line


def test_find_references_of_a_card_lists_every_pack_naming_it(lsp, pack, opened):
    decks = pack / "decks.yaml"
    found = lsp.run(lsp.client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(opened["decks.yaml"]),
        position=position(decks, "lancer: 3", "lan"),
        context=types.ReferenceContext(include_declaration=True))))
    files = {Path(to_fs_path(where.uri)).resolve() for where in found}
    assert files == {decks.resolve(), (CORE / "mechas.yaml").resolve(), (CORE / "decks.yaml").resolve()}


def test_rename_changes_the_modders_pack_only(lsp, pack, opened):
    commands, decks = pack / "commands.yaml", pack / "decks.yaml"
    edit = lsp.run(lsp.client.text_document_rename_async(types.RenameParams(
        types.TextDocumentIdentifier(opened["decks.yaml"]), position(decks, "quick-strike: 1", "qu"),
        "swift-strike")))
    changes = {Path(to_fs_path(uri)).resolve(): list(edits) for uri, edits in edit.changes.items()}
    assert set(changes) == {commands.resolve(), decks.resolve()}
    for file, edits in changes.items():
        [one] = edits
        line = file.read_text(encoding="utf-8").splitlines()[one.range.start.line]
        assert line[one.range.start.character:one.range.end.character] == "quick-strike"
        assert one.new_text == "swift-strike"
    # an id mecha-core defines is not the modder's to rename, replaced here or not: its references there
    # would name nothing
    for named, after in (("lancer: 3", "lan"), ("id: skyline-assault", "id: sky")):
        with pytest.raises(Exception, match="defined in mecha-core"):
            lsp.run(lsp.client.text_document_rename_async(types.RenameParams(
                types.TextDocumentIdentifier(opened["decks.yaml"]), position(decks, named, after), "spear")))


def test_go_to_definition_from_a_replace_lands_on_the_entry_it_replaces(lsp, pack, opened):
    decks = pack / "decks.yaml"
    [where] = lsp.run(lsp.client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(opened["decks.yaml"]),
        position(decks, "id: skyline-assault", "id: sky"))))
    assert Path(to_fs_path(where.uri)) == CORE / "decks.yaml"


def test_semantic_tokens_mark_the_dsl_by_the_games_vocabulary(lsp, pack, opened):
    legend = lsp.capabilities.semantic_tokens_provider.legend.token_types
    answer = lsp.run(lsp.client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        types.TextDocumentIdentifier(opened["commands.yaml"]))))
    lines = (pack / "commands.yaml").read_text(encoding="utf-8").splitlines()
    marked, line, start = [], 0, 0
    for index in range(0, len(answer.data), 5):
        step, offset, length, kind, _ = answer.data[index:index + 5]
        line, start = line + step, (start + offset if step == 0 else offset)
        marked.append((lines[line][start:start + length], legend[kind]))
    assert marked[:4] == [("when", "event"), ("played", "event"), ("deal", "function"), ("2", "number")]
    assert ("enemy", "function") in marked and ("an", "function") not in marked


SPANNING = ("  - id: twin-strike\n    name: Twin Strike\n    windows: [main]\n    designed: true\n"
            "    ability: |\n      when played: deal 1 damage\n        to an enemy unit\n"
            "      when played: draw 1\n"
            "  - id: long-strike\n    name: Long Strike\n    windows: [main]\n    designed: true\n"
            "    ability: 'when played: deal 1\n      damage to an enemy unit'\n")


def test_completion_inside_an_effect_string_spanning_lines_reads_the_whole_string(lsp, pack, opened):
    """On the block's continuation line the cursor is inside `deal 1 damage to ...` (its verb on the line
    above); on the folded string's second line, after `deal 1`; both unsaved."""
    uri, text = opened["commands.yaml"], (pack / "commands.yaml").read_text(encoding="utf-8")
    lsp.change(uri, text + SPANNING)
    lines = (text + SPANNING).splitlines()
    try:
        continued = labels(lsp, uri, types.Position(lines.index("        to an enemy unit"), 11))   # "to |"
        folded = labels(lsp, uri, types.Position(lines.index("      damage to an enemy unit'"), 6))
        second = labels(lsp, uri, types.Position(lines.index("      when played: draw 1"), 6))
        after = labels(lsp, uri, types.Position(lines.index("      damage to an enemy unit'"), 30))
    finally:
        lsp.change(uri, text)
    assert "an enemy unit" in continued and "draw {amount}" not in continued
    assert "damage to an enemy unit" in folded and "if" not in folded
    assert second == ["when played"]                      # the block's second ability starts with a trigger
    assert after == []                                    # past the closing quote: no longer in the string


def test_semantic_tokens_mark_an_effect_string_spanning_lines_where_each_word_is(lsp, pack, opened):
    """A block scalar (`|`, two abilities, one continued on an indented line) and a folded quoted scalar,
    in the unsaved buffer: each token at its own line and column of the file."""
    commands = pack / "commands.yaml"
    text = commands.read_text(encoding="utf-8")
    spanning = text + SPANNING
    lsp.change(opened["commands.yaml"], spanning)
    legend = lsp.capabilities.semantic_tokens_provider.legend.token_types
    try:
        answer = lsp.run(lsp.client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
            types.TextDocumentIdentifier(opened["commands.yaml"]))))
    finally:
        lsp.change(opened["commands.yaml"], text)
    lines = spanning.splitlines()
    marked, line, start = [], 0, 0
    for index in range(0, len(answer.data), 5):
        step, offset, length, kind, _ = answer.data[index:index + 5]
        line, start = line + step, (start + offset if step == 0 else offset)
        marked.append((line, start, lines[line][start:start + length], legend[kind]))
    block = lines.index("    ability: |")
    assert (block + 2, 8, "to", "keyword") in marked and (block + 2, 14, "enemy", "function") in marked
    assert (block + 3, 6, "when", "event") in marked and (block + 3, 24, "1", "number") in marked
    folded = lines.index("    ability: 'when played: deal 1")
    assert (folded, 32, "1", "number") in marked and (folded + 1, 6, "damage", "function") in marked
    assert len(marked) == len(set(marked))


def test_completion_of_a_new_card_in_a_deck_offers_the_stacks_cards(lsp, pack, opened):
    """A key typed among keys that name entities (a deck's cards) is offered the ids of their kinds."""
    decks = pack / "decks.yaml"
    text = decks.read_text(encoding="utf-8")
    typing = text.replace("      quick-strike: 1\n", "      quick-strike: 1\n      sk\n")
    lsp.change(opened["decks.yaml"], typing)
    at = position(decks, "quick-strike: 1")
    ids = set(labels(lsp, opened["decks.yaml"], types.Position(at.line + 1, 8)))
    lsp.change(opened["decks.yaml"], text)
    assert {"skyhawk", "lancer", "radio-tower", "overdrive", "quick-strike"} <= ids
    assert "skyline-assault" not in ids          # a deck is no card


def test_completion_of_a_depends_entry_offers_the_stacks_packs(lsp, pack, opened):
    manifest = pack / "pack.yaml"
    uri = from_fs_path(str(manifest)) or ""
    if uri not in lsp.versions:
        lsp.open(manifest)
    lsp.diagnostics_of(uri, lambda found: found is not None)
    assert labels(lsp, uri, position(manifest, "id: mecha-core", "id: ")) == ["mecha-core", "my-mecha"]
