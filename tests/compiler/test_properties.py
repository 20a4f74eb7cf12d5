"""Property tests: whatever text, bytes or mutation of the core pack comes in, loading and checking
end in diagnostics or success, never in an exception (issue 2 section 6)."""

from __future__ import annotations

import copy
import shutil
import tempfile
from importlib import resources
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.compiler.loader import load_bytes, load_text
from rulecraft.compiler.packs import MANIFEST
from rulecraft.plugins.wiring import check_packs

TOKENS = ["kind: ", "weapons", "entries:", "patch:", "remove:", "replace:", "id: ", "extends: ", "sword",
          "- ", "  ", "\n", ": ", "{", "}", "[", "]", ",", "&a ", "*a", "!!str ", "!x ", "<<: ", "? ",
          "'", '"', "#", "---", "...", "|", ">", "1", "-1", "2.5", "true", "null", "~", "\t", "é", "\\",
          "%YAML 1.1", "\ufeff", "damage: ", "cost: ", "credits: ", "name: "]
YAMLISH = st.lists(st.sampled_from(TOKENS) | st.text(max_size=3), max_size=60).map("".join)
CORE = resources.files("rulecraft.content").joinpath("tem-core")


def _well_formed(result) -> None:
    document, problems = result
    assert (document is None) == bool(problems)
    for d in problems:
        assert d.file == "f.yaml" and d.message and (d.line is None or d.line >= 1)


@settings(max_examples=300)
@given(YAMLISH)
def test_loader_never_crashes_on_yamlish_text(text):
    _well_formed(load_text(text, "f.yaml"))


@settings(max_examples=300)
@given(st.binary(max_size=200) | YAMLISH.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_loader_never_crashes_on_bytes(data):
    _well_formed(load_bytes(data, "f.yaml"))


def _check_pack_with(files: dict[str, bytes]):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "p"
        folder.mkdir()
        (folder / MANIFEST).write_text("id: p\nname: P\nversion: 1.0.0\ndepends: [{id: tem-core}]\n"
                                       f"files: [{', '.join(files)}]\n", encoding="utf-8")
        for name, data in files.items():
            (folder / name).write_bytes(data)
        return check_packs([folder])


@settings(max_examples=100)
@given(YAMLISH)
def test_checker_never_crashes_on_a_yamlish_file_over_the_core_pack(text):
    result = _check_pack_with({"weapons.yaml": text.encode("utf-8", "surrogatepass")})
    assert result.ok or result.diagnostics


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


IDS = ["sword", "energy-sword", "warhammer", "rules", "melee", "basic", "weapons"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=12), st.sampled_from(IDS))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(["id", "extends", "cost", "damage", "name", "x"]),
                                        inner, max_size=3), max_leaves=6)


def _strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value))
    return {value} if isinstance(value, str) and len(value) < 40 else set()


@st.composite
def mutated_core(draw):
    """The core pack with 1-3 random edits: set any value, delete, rename a key, duplicate a list item,
    or a same-type edit (another of the pack's strings, another small number) that passes the
    schema and so reaches resolution and the cross-reference checks."""
    names = list(yaml.safe_load(CORE.joinpath(MANIFEST).read_text(encoding="utf-8"))["files"])
    files = {n: yaml.safe_load(CORE.joinpath(n).read_text(encoding="utf-8")) for n in names}
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(names))
        data = files[name]
        paths = list(_paths(data))[1:]
        if not paths:  # an earlier edit made the whole file a scalar
            files[name] = draw(VALUES)
            continue
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = draw(st.sampled_from(["set", "delete", "rename", "duplicate", "same-type", "same-type"]))
        value = parent[key]
        if action == "same-type" and isinstance(value, str):  # plausible edits reach the later stages
            parent[key] = draw(st.sampled_from(sorted(_strings(files)) or [""]))
        elif action == "same-type" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = draw(st.integers(-1, 12))
        elif action == "set":
            parent[key] = draw(VALUES)
        elif action == "delete":
            del parent[key]
        elif action == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["id", "extends", "kind", "patch", "remove", "nmae", key + "s"]))] = \
                parent.pop(key)
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
    return {n: yaml.safe_dump(d, sort_keys=False, allow_unicode=True).encode() for n, d in files.items()}


@settings(max_examples=40)
@given(mutated_core())
def test_checker_never_crashes_on_mutations_of_the_core_pack(files):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "tem-core"
        shutil.copytree(str(CORE), folder)
        for name, data in files.items():
            (folder / name).write_bytes(data)
        result = check_packs([folder])
    assert result.ok or result.diagnostics
    for d in result.diagnostics:
        assert d.file and d.line, d  # every problem is located in a file
