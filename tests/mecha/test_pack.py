"""The mecha-core pack and its schemas: M3 deck rules, M21 the designed card set, M22 designed values."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator

from rulecraft.plugins.mecha.model import (
    COMMAND,
    KEYWORDS,
    MECHA,
    TOWER,
    WINDOWS,
    build_ruleset,
)
from rulecraft.plugins.mecha.pack import load_stack

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "mecha-core"
SCHEMAS = ROOT / "schemas" / "mecha"


def _docs():
    manifest = yaml.safe_load((PACK / "pack.yaml").read_text())
    return {name: yaml.safe_load((PACK / name).read_text()) for name in manifest["files"]}


@pytest.mark.parametrize("name", ["rules.yaml", "towers.yaml", "mechas.yaml", "commands.yaml", "decks.yaml"])
def test_every_pack_file_is_valid_against_its_schema(name):
    doc = _docs()[name]
    schema = json.loads((SCHEMAS / f"{doc['kind']}.schema.json").read_text())
    Draft7Validator.check_schema(schema)
    errors = [e.message for e in Draft7Validator(schema).iter_errors(doc)]
    assert errors == []


def _properties(node, path=""):
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            yield f"{path}.{key}", value
        for key, value in node.items():
            yield from _properties(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _properties(value, f"{path}[{i}]")


@pytest.mark.parametrize("schema", sorted(p.name for p in SCHEMAS.glob("*.schema.json")))
def test_every_schema_property_has_a_description(schema):
    tree = json.loads((SCHEMAS / schema).read_text())
    missing = [path for path, prop in _properties(tree) if "description" not in prop]
    assert missing == []


def test_a_schema_refuses_a_misspelt_keyword_and_a_bad_window():
    schema = json.loads((SCHEMAS / "mechas.schema.json").read_text())
    bad = {"kind": "mechas", "entries": [{"id": "x", "name": "X", "cost": 1, "power": 1, "durability": 1,
                                         "keywords": [{"armor": 1}]}]}
    assert list(Draft7Validator(schema).iter_errors(bad))
    schema = json.loads((SCHEMAS / "commands.schema.json").read_text())
    bad = {"kind": "commands", "entries": [{"id": "x", "name": "X", "windows": ["draw"],
                                           "ability": "when played: draw 1"}]}
    assert list(Draft7Validator(schema).iter_errors(bad))


def test_m21_twenty_designed_cards_4_towers_11_mechas_5_commands_and_two_legal_seat_decks(core):
    types = Counter(card.type for card in core.cards.values())
    assert types == {TOWER: 4, MECHA: 11, COMMAND: 5}
    assert core.cards["radio-tower"].name == "Radio Tower"
    assert len(core.decks) == 2 and all(core.seat_decks)
    assert all(len(deck.cards) == core.rules.deck_size for deck in core.decks.values())   # M3: test_checks
    used = {cid for deck in core.decks.values() for cid in deck.cards}
    assert used == set(core.cards)


def _found():
    stack = load_stack(PACK)
    return {kind: [e.data for e in stack.of_kind(kind)] for kind in stack.kinds()}


def test_m21_the_set_uses_every_keyword_twice_time_counters_and_a_command_for_each_window(core):
    found = _found()
    cards = [c for kind in ("towers", "mechas", "commands") for c in found[kind]]
    keyword_cards = Counter(name for c in cards
                            for name in {k for inst in c.get("keywords", ()) for k in inst})
    assert all(keyword_cards[k] >= 2 for k in KEYWORDS), keyword_cards
    assert any(c.get("time") for c in cards)
    assert any(a.trigger == "last-time-counter" for c in core.cards.values() for a in c.abilities)
    windows = {w for c in found["commands"] for w in c["windows"]}
    assert windows == set(WINDOWS)


def test_m22_every_card_and_both_decks_are_marked_designed():
    found = _found()
    for kind in ("towers", "mechas", "commands", "decks"):
        for entity in found[kind]:
            assert entity.get("designed"), f"{kind}:{entity['id']} is not marked designed"
    radio = next(t for t in found["towers"] if t["id"] == "radio-tower")
    assert "name" not in radio["designed"]          # the one name the text gives


def test_the_engine_refuses_what_it_could_not_play():
    with pytest.raises(ValueError, match="unknown cards: ghost"):
        build_ruleset([], [{"id": "d", "cards": {"ghost": 1}}])
    with pytest.raises(ValueError, match="cannot take target"):
        build_ruleset([{"id": "x", "name": "X", "type": "command", "windows": ["main"],
                        "effects": [{"verb": "damage", "amount": 1}]}], [])
