"""Issue 26: completion of the game's DSL words inside an effect string and of ids where an id goes; hover
with the ability's English and each field's provenance; go to definition into the pack defining an id,
the core pack included (Mecha Game's packs)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

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


def test_completion_of_a_patch_id_offers_the_stacks_ids_of_that_kind(lsp, pack, opened):
    decks = pack / "decks.yaml"
    ids = labels(lsp, opened["decks.yaml"], position(decks, "id: iron-bastion", "id: "))
    assert {"iron-bastion", "skyline-assault"} <= set(ids) and "lancer" not in ids


def hover_text(lsp, uri: str, at: types.Position) -> str:
    params = types.HoverParams(types.TextDocumentIdentifier(uri), at)
    answer = lsp.run(lsp.client.text_document_hover_async(params))
    assert answer is not None
    return answer.contents.value


def test_hover_over_an_ability_shows_its_english_and_where_it_was_set(lsp, pack, opened):
    commands = pack / "commands.yaml"
    text = hover_text(lsp, opened["commands.yaml"], position(commands, "ability:", "abil"))
    assert "Deal 2 damage to an enemy unit" in text
    line = position(commands, "ability:").line + 1
    assert f"set by my-mecha {commands.relative_to(pack.parent)}:{line}:" in text


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
