"""Content-kind schemas are their entity part inside the one layering envelope (issue 21 item 5): every
kind schema of every registered game, and the test plugin's, is written from the ``<kind>.entity.json``
beside it and is that part's output now; a malformed part is refused naming what is wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from rulecraft.cli.kind_schemas import main
from rulecraft.compiler.kind_schema import IDENTITY, LAYERS, PartError, kind_schema, schema_text
from rulecraft.compiler.validate import schema_file
from rulecraft.runtime import games

ROOT = Path(__file__).resolve().parents[2]
PARTS = sorted(p for folder in ("schemas", "tests") for p in (ROOT / folder).rglob("*.entity.json"))
BOUNTIES = ROOT / "tests/compiler/plugin_kind/rulecraft_test_bounties/bounties.schema.json"


def _kind_schemas() -> list[Path]:
    found = {Path(str(schema_file(resource))) for game in games.known_games()
             for resource in games.get(game).kinds.values()}
    return sorted(found | {BOUNTIES})


@pytest.mark.parametrize("schema", _kind_schemas(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_kind_schema_is_its_entity_parts_output(schema):
    part = schema.with_name(schema.name.replace(".schema.json", ".entity.json"))
    assert part.is_file(), f"{schema.relative_to(ROOT)} has no entity part beside it"
    name, text = schema_text(part.name, part.read_text(encoding="utf-8"))
    assert name == schema.name
    assert schema.read_text(encoding="utf-8") == text, (
        f"{schema.relative_to(ROOT)} is stale: run `make schemas`")


def test_the_check_finds_every_part_current():
    assert len(PARTS) >= 15
    assert main(["--check", *map(str, PARTS)]) == 0


def test_the_envelope_is_the_top_level_and_the_identity_of_every_kind():
    part = {"title": "Gems", "description": "Gems.", "definitions": {
        "fields": {"type": "object", "additionalProperties": False,
                   "properties": {"name": {"type": "string"}}},
        "entity": {"allOf": [{"$ref": "#/definitions/fields"}, {"required": ["id", "name"]}]}}}
    schema = kind_schema(part, "gems")
    Draft7Validator.check_schema(schema)
    assert list(schema["properties"]) == ["kind", *LAYERS]
    assert schema["properties"]["kind"]["const"] == "gems"
    assert list(schema["definitions"]["fields"]["properties"]) == [*IDENTITY, "name"]
    checker = Draft7Validator(schema)
    assert checker.is_valid({"kind": "gems", "entries": [{"id": "ruby", "name": "Ruby"}],
                             "patch": [{"id": "opal", "name": "Opal"}], "remove": ["jade"]})
    assert not checker.is_valid({"kind": "gems", "entries": [{"id": "ruby"}]})      # incomplete, no extends
    assert checker.is_valid({"kind": "gems", "entries": [{"id": "ruby", "extends": "opal"}]})
    assert not checker.is_valid({"kind": "gems", "patch": [{"name": "Opal"}]})      # a patch needs its id
    assert part["definitions"]["fields"]["properties"] == {"name": {"type": "string"}}, "part unchanged"


@pytest.mark.parametrize(("part", "message"), [
    ({"title": "T"}, "needs definitions.fields and definitions.entity"),
    ({"definitions": {"fields": {}, "entity": {}}, "properties": {}}, "has properties: only $id"),
    ({"definitions": {"fields": {"properties": {"id": {}}}, "entity": {}}}, "defines id: the envelope does"),
])
def test_a_part_the_envelope_cannot_take_is_refused_naming_why(part, message):
    with pytest.raises(PartError, match=re.escape(message)):
        kind_schema(part, "gems")


def test_the_command_writes_a_stale_schema_and_check_lists_it(tmp_path, capsys):
    source = ROOT / "schemas/tem/colours.entity.json"
    part = tmp_path / "colours.entity.json"
    part.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["--check", str(part)]) == 1
    assert not (tmp_path / "colours.schema.json").exists()
    assert "stale:" in capsys.readouterr().out
    assert main([str(part)]) == 0
    written = (tmp_path / "colours.schema.json").read_text(encoding="utf-8")
    assert written == (ROOT / "schemas/tem/colours.schema.json").read_text(encoding="utf-8")
    assert main(["--check", str(part)]) == 0


def test_a_part_that_is_not_json_is_an_error_naming_its_file(tmp_path, capsys):
    part = tmp_path / "gems.entity.json"
    part.write_text("{not json", encoding="utf-8")
    assert main([str(part)]) == 2
    assert f"error: {part}: gems.entity.json: not JSON" in capsys.readouterr().err
