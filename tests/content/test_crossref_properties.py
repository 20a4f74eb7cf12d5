"""Property tests: random schema-valid variants of the core pack never crash the cross-reference checks,
every problem is located, and a stack that passes really is playable (the checks are sound).
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from importlib import resources
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.plugins.wiring import check_packs

RULES_FIELDS = json.loads(resources.files("rulecraft.schemas.tem").joinpath("rules.schema.json")
                          .read_text("utf-8"))["definitions"]["fields"]["properties"]
INTEGERS = {name: (p["minimum"], p["maximum"]) for name, p in RULES_FIELDS.items()
            if p.get("type") == "integer"}
# Keep the numbers near the core pack's so that some variants pass and the soundness checks run.
NEAR = {name: st.integers(max(lo, 0), min(hi, 12)) for name, (lo, hi) in INTEGERS.items()}

rules_patch = st.dictionaries(st.sampled_from(sorted(NEAR)), st.nothing(), max_size=3).flatmap(
    lambda keys: st.fixed_dictionaries({k: NEAR[k] for k in keys}))
row = st.lists(st.sampled_from("RRRB.M"), min_size=1, max_size=6).map(" ".join)
arena_patch = st.fixed_dictionaries({"id": st.sampled_from(["arena-2p", "arena-3p", "arena-4p"]),
                                     "layout": st.lists(row, min_size=1, max_size=6)})
card = st.fixed_dictionaries({"colour": st.sampled_from(["red", "blue", "purple"]),
                              "movement": st.sampled_from(["step", "double-jump", "diagonal-jump"]),
                              "action": st.sampled_from(["collect", "purchase", "none"])})


def rarely(draw) -> bool:
    """True one time in four: most variants change one thing, so that some pass and soundness is tested."""
    return draw(st.integers(0, 3)) == 0


@st.composite
def variants(draw) -> dict[str, dict]:
    files: dict[str, dict] = {}
    if patch := draw(rules_patch):
        files["rules.yaml"] = {"kind": "rules", "patch": [{"id": "rules", **patch}]}
    if rarely(draw) and (arenas := draw(st.lists(arena_patch, max_size=2, unique_by=lambda a: a["id"]))):
        files["arenas.yaml"] = {"kind": "arenas", "patch": arenas}
    if rarely(draw) and (cards := draw(st.lists(card, max_size=2))):
        files["program-cards.yaml"] = {"kind": "program-cards",
                                       "entries": [{"id": f"extra-{i}", **c} for i, c in enumerate(cards)]}
    if rarely(draw):
        files["colours.yaml"] = {"kind": "colours", "remove": [draw(st.sampled_from(["red", "yellow"]))]}
    return files


def _write(folder: Path, files: dict[str, dict]) -> None:
    folder.mkdir()
    manifest = {"id": "variant", "name": "Variant", "version": "1.0.0", "rulecraft": ">=0.1",
                "depends": [{"id": "tem-core"}], "files": list(files)}
    (folder / "pack.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    for name, data in files.items():
        (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def _assert_playable(stack) -> None:
    """What a clean check promises about arenas, colours and program cards."""
    rules = stack.rules.data
    colours = {c.id for c in stack.of_kind("colours")}
    assert len(colours) >= rules["max_players"]
    for arena in stack.of_kind("arenas"):
        grid = [r.split(" ") for r in arena.data["layout"]]
        assert len({len(r) for r in grid}) == 1
        cells = Counter(c for r in grid for c in r)
        assert cells["B"] == arena.data["players"] + arena.data["robots"] and cells["M"] == 1
    cards = Counter(c.data["colour"] for c in stack.of_kind("program-cards") if not c.data.get("ad_hoc"))
    assert all(cards[c] == rules["program_hand_size"] for c in colours)
    assert rules["program_picks"] <= rules["program_hand_size"]
    assert all(r <= rules["rounds"] for r in rules["scoring_rounds"])


@settings(max_examples=80)
@given(variants())
def test_random_variants_get_located_diagnostics_or_a_playable_game(files):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "variant"
        _write(folder, files)
        result = check_packs([folder])
    for d in result.diagnostics:
        assert d.file and d.line and d.column, d
    if result.ok:
        _assert_playable(result.stack)
