"""Audit: every ability of the core pack (weapons, pilots, Mighty Mech sides) is run by the engine in at
least one scenario that shows it firing and what it did. This is what proves each compiled handler is
wired to the engine's triggers: a scenario covering ``ability/<id>`` must expect that ability's
``ability`` event (its source names the entity) and at least one more expectation (its effect)."""

from __future__ import annotations

from pathlib import Path

import yaml

from rulecraft.compiler.effects.pack import sites
from rulecraft.plugins.tem.build import core_pack_path
from rulecraft.plugins.wiring import check_packs

HERE = Path(__file__).parent


def core_abilities() -> dict[str, str]:
    """ability id (the entity id, or the Mighty Mech side id) -> the engine's ``ability`` event source."""
    result = check_packs([core_pack_path()])
    assert result.ok and result.stack is not None
    found = {}
    for site in sites(result.stack):
        entity = site.entity
        holder = "/".join(str(p) for p in site.holder)
        key = site.holder[-1] if site.holder else entity.id
        found[str(key)] = f"tem-core {entity.kind} {entity.id}" + (f" {holder}" if holder else "")
    return found


def scenarios() -> list[dict]:
    out = []
    for path in sorted(HERE.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            out += [s for s in data.get("scenarios") or () if isinstance(s, dict)]
    return out


def shows(scenario: dict, source: str) -> bool:
    then = scenario.get("then") or {}
    events = then.get("events") or []
    fired = any(e.get("e") == "ability" and e.get("source") == source for e in events)
    effect = [e for e in events if e.get("e") != "ability"] or then.get("players") or then.get("tokens")
    return fired and bool(effect) and "error" not in then


def test_the_core_pack_has_its_26_abilities():
    assert len(core_abilities()) == 26


def test_every_core_ability_is_shown_firing_by_a_scenario():
    abilities, suite = core_abilities(), scenarios()
    missing = [name for name, source in abilities.items()
               if not any(f"ability/{name}" in s.get("covers", ()) and shows(s, source) for s in suite)]
    assert not missing, f"abilities no scenario shows firing with its effect: {', '.join(missing)}"


def test_ability_covers_name_real_abilities():
    abilities = core_abilities()
    covers = [c for s in scenarios() for c in s.get("covers", ())]
    named = {c.removeprefix("ability/") for c in covers if c.startswith("ability/")}
    assert named <= set(abilities), sorted(named - set(abilities))
