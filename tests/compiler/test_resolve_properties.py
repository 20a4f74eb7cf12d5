"""Property tests of layering: patches and `extends` deep-merge, and every field's provenance names
the pack that set it (issue 2 section 4)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.compiler.packs import load_packs
from rulecraft.compiler.resolve import resolve

KEYS = st.sampled_from(["a", "b", "c", "cost", "damage", "tags"])
SCALARS = st.one_of(st.integers(-5, 5), st.booleans(), st.text("xyz", max_size=3), st.none())
FIELDS = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=2)
                      | st.dictionaries(KEYS, inner, max_size=3), max_leaves=8)
ENTITY = st.dictionaries(KEYS, FIELDS, max_size=4)


def merge(base: dict, own: dict) -> dict:
    """The documented semantics, written independently: mappings merge, anything else replaces."""
    out = dict(base)
    for key, value in own.items():
        out[key] = merge(out[key] if isinstance(out.get(key), dict) else {}, value) \
            if isinstance(value, dict) else value
    return out


def set_by(own: dict, base: dict, path: tuple) -> bool:
    """Whether ``own`` (a patch or a child) set the value at ``path`` (or an ancestor) over ``base``."""
    value, under = own, base
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return False
        value = value[key]
        under = under.get(key) if isinstance(under, dict) else None
        if not isinstance(value, dict):
            return True
    return not isinstance(value, dict) or (not value and not isinstance(under, dict))


def _resolve(files: dict[str, dict[str, str]]):
    with tempfile.TemporaryDirectory() as tmp:
        for pack_id, texts in files.items():
            folder = Path(tmp) / pack_id
            folder.mkdir()
            depends = "[{id: base}]" if pack_id != "base" else "[]"
            (folder / "pack.yaml").write_text(f"id: {pack_id}\nname: x\nversion: 1.0.0\ndepends: {depends}\n"
                                              f"files: [{', '.join(texts)}]\n")
            for name, text in texts.items():
                (folder / name).write_text(text)
        packs, problems = load_packs([Path(tmp) / p for p in files])
        assert problems == []
        return resolve(packs)


def _doc(section: str, items: list[dict]) -> str:
    return yaml.safe_dump({"kind": "weapons", section: items}, sort_keys=False)


@settings(max_examples=150)
@given(ENTITY, ENTITY)
def test_a_patch_deep_merges_and_provenance_names_the_setter(base, patch):
    stack, problems = _resolve({"base": {"w.yaml": _doc("entries", [{"id": "e", **base}])},
                                "top": {"w.yaml": _doc("patch", [{"id": "e", **patch}])}})
    assert problems == []
    entity = stack.get("weapons", "e")
    assert entity.data == merge({"id": "e", **base}, patch)
    for path, _, origin in entity.fields():
        assert origin.pack == ("top" if set_by(patch, base, path) else "base"), path


@settings(max_examples=150)
@given(ENTITY, ENTITY)
def test_extends_merges_the_parent_under_the_child_and_keeps_each_origin(parent, child):
    entries = [{"id": "parent", **parent}, {"id": "child", "extends": "parent", **child}]
    stack, problems = _resolve({"base": {"w.yaml": _doc("entries", entries[:1])},
                                "top": {"w.yaml": _doc("entries", entries[1:])}})
    assert problems == []
    entity = stack.get("weapons", "child")
    assert entity.data == merge(parent, {"id": "child", "extends": "parent", **child})
    own = {"id": "child", "extends": "parent", **child}
    for path, _, origin in entity.fields():
        assert origin.pack == ("top" if set_by(own, parent, path) else "base"), path
