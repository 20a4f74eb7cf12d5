"""Validate: schema errors mapped to positions, best match for anyOf, did-you-mean, built once."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft7Validator

from rulecraft.compiler.loader import load_text
from rulecraft.compiler.schema_export import schema_files
from rulecraft.compiler.validate import validate_document, validator
from rulecraft.plugins.tem.game import GAME

PILOT = """\
kind: pilots
entries:
  - id: ace
    name: Ace
    health: 4
    ability: "at round start: gain 1 energy"
    designed: {designed}
"""


def _found(text: str) -> list[tuple[str, int, int, str | None]]:
    document, problems = load_text(text, "f.yaml")
    assert problems == []
    return [(d.code.code, d.line, d.column, d.hint) for d in validate_document(document, GAME.kinds)]


def test_anyof_reports_the_closest_branch_with_did_you_mean():
    """`designed` is `true` or a list of field names: a misspelt name is one enum error at the item."""
    assert _found(PILOT.format(designed="[helth]")) == [("enum-value", 7, 16, "did you mean 'health'?")]


def test_a_keyword_union_is_judged_by_the_branch_nearest_the_misspelt_key():
    """Issue 20 item 5: Mecha Game's keywords are a oneOf of one-key objects (M16). A misspelt keyword is
    judged against the branch whose key is nearest (did you mean 'flight'), not the first or last branch;
    a known keyword with a bad value against its own branch."""
    from rulecraft.plugins.mecha.game import GAME as MECHA

    def found(keyword: str) -> list[tuple[str, int, int, str | None]]:
        text = f"kind: mechas\npatch:\n  - id: scout-drone\n    keywords: [{{speed: 2}}, {keyword}]\n"
        document, problems = load_text(text, "f.yaml")
        assert problems == []
        return [(d.code.code, d.line, d.column, d.hint) for d in validate_document(document, MECHA.kinds)]

    assert found("{flyght: true}") == [("unknown-key", 4, 29, "did you mean 'flight'?")]
    [(code, _, column, _)] = found("{armour: 0}")
    assert (code, column) == ("schema-range", 37)


def test_anyof_wrong_shape_is_one_error_not_one_per_branch():
    assert len(_found(PILOT.format(designed="false"))) == 1


def test_errors_are_all_reported_in_file_order():
    text = PILOT.format(designed="true").replace("health: 4", "helth: four") + "    colour: red\n"
    codes = [(code, line) for code, line, _, _ in _found(text)]
    assert codes == [("unknown-key", 5), ("unknown-key", 8)]


def test_a_misspelt_required_field_is_one_diagnostic_at_the_key():
    """Issue 10: the cause (unknown key 'helth', meant 'health') is reported, not also the consequence."""
    [(code, line, column, hint)] = _found(PILOT.format(designed="true").replace("health: 4", "helth: 4"))
    assert (code, line, column) == ("unknown-key", 5, 5) and hint.startswith("rename it to 'health'")


def test_an_unknown_key_far_from_every_missing_field_leaves_both_diagnostics():
    text = PILOT.format(designed="true").replace("health: 4", "colour: red")
    assert [code for code, *_ in _found(text)] == ["schema-required", "unknown-key"]


def test_unknown_kind_suggests_the_closest_kind():
    assert _found("kind: pilot\n") == [("unknown-kind", 1, 7, "did you mean 'pilots'?")]


def test_validators_are_built_once():
    weapons = GAME.kinds["weapons"]
    assert validator(weapons) is validator(weapons)
    assert validator(weapons, "entity") is validator(weapons, "entity")


@pytest.mark.parametrize("name", sorted(schema_files()))
def test_every_schema_is_valid_draft7_with_descriptions(name):
    """Editors read these schemas too (yaml-language-server), and the docs read their descriptions: the
    manifest's and every schema of every registered game."""
    schema = json.loads(schema_files()[name].read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    missing = []

    def walk(node, path):
        if (path and path[-1] in ("if", "not")) or path == ("definitions", "entity"):
            return  # conditions and the entity's restated constraints: the fields carry the descriptions
        if isinstance(node, dict):
            for key, prop in node.get("properties", {}).items():
                if isinstance(prop, dict) and "description" not in prop and "$ref" not in prop:
                    missing.append("/".join((*path, key)))
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, (*path, str(index)))

    walk(schema, ())
    assert not missing, f"properties without a description: {missing}"
