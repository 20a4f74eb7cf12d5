"""Data that passed its JSON Schema is recorded in the user's signed store and not validated again
(issue 14: a warm ``check`` does not even import jsonschema). A record only ever says "no error", is keyed
by the schema, the validating code and the data itself, and counts only when signed with the user's own
secret in a private folder: a forged or copied record cannot hide an error."""

from __future__ import annotations

import pytest

from rulecraft.compiler import signed_store, validate
from rulecraft.compiler.loader import load_bytes

WEAPONS = "rulecraft.schemas.tem:weapons.schema.json"
VALID = b"""kind: weapons
entries:
  - id: energy-sword
    name: Energy Sword
    tier: basic
    type: melee
    cost: {credits: 2}
    damage: 2
    power_damage: 3
    vp: 0
    copies: 4
"""


@pytest.fixture
def validations(tmp_path, monkeypatch) -> list[str]:
    """Every schema a real (jsonschema) validation is made against from now on."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    made: list[str] = []
    real = validate.validate_instance

    def counting(data, checker, locate):
        made.append(checker.schema.get("$id", "?"))
        return real(data, checker, locate)

    monkeypatch.setattr(validate, "validate_instance", counting)
    return made


def _doc(text: bytes, name: str = "pk/weapons.yaml"):
    return load_bytes(text, name)[0]


def _check(doc):
    return validate.validate_document(doc, {"weapons": WEAPONS})


def test_valid_data_is_validated_once(validations):
    doc = _doc(VALID)
    assert _check(doc) == []
    assert _check(_doc(VALID, "elsewhere/weapons.yaml")) == []       # the same data in another file
    assert len(validations) == 1


def test_changed_data_is_validated_again(validations):
    _check(_doc(VALID))
    assert _check(_doc(VALID.replace(b"damage: 2", b"damage: 1"))) == []
    assert len(validations) == 2


def test_invalid_data_is_never_recorded(validations):
    broken = _doc(VALID.replace(b"type: melee", b"type: meelee"))
    first, second = _check(broken), _check(broken)
    assert first and [d.code for d in second] == [d.code for d in first]
    assert len(validations) == 2


def _forge(data, name: str, secret: bytes) -> None:
    key = validate.record_key(data, name)
    signed_store.folder().mkdir(parents=True, exist_ok=True, mode=0o700)
    path = signed_store.folder() / f"valid-{key}"
    path.write_bytes(signed_store._mac(secret, "valid", key, b"") + b"\n")
    path.chmod(0o600)


@pytest.mark.parametrize("forger", ["unsigned", "another user's secret"])
def test_a_forged_record_cannot_hide_an_error(validations, forger):
    _check(_doc(VALID))                                  # the user's store and secret exist
    broken = _doc(VALID.replace(b"type: melee", b"type: meelee"))
    secret = b"\0" * 32 if forger == "unsigned" else b"another user's secret, 32 bytes"[:32].ljust(32)
    _forge(broken.data, WEAPONS, secret)
    assert [d.code.code for d in _check(broken)] == ["enum-value"]


def test_records_in_a_folder_others_can_write_are_not_trusted(validations):
    _check(_doc(VALID))
    signed_store.folder().chmod(0o777)
    _check(_doc(VALID))
    assert len(validations) == 2


def test_a_record_of_another_schema_does_not_count(validations):
    doc = _doc(VALID)
    _check(doc)
    assert validate.record_key(doc.data, WEAPONS) != validate.record_key(doc.data, WEAPONS, "entity")
    assert validate.record_key(doc.data, WEAPONS) != validate.record_key(doc.data, "pack")
