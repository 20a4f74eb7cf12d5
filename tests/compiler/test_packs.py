"""Load (packs): discovery by id, load order, versions (issue 2 section 4)."""

from __future__ import annotations

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.packs import PackFinder, load_packs, shipped_packs

WEAPONS = {"weapons.yaml": "kind: weapons\n"}


def test_core_pack_is_shipped_and_found_by_id():
    assert "tem-core" in [folder.name for folder in shipped_packs()]
    assert PackFinder().find("tem-core") is not None


def test_load_order_is_dependencies_first_then_by_id(packs):
    base = packs.pack("base", WEAPONS)
    zeta = packs.pack("zeta", WEAPONS, depends="[{id: base}]")
    alpha = packs.pack("alpha", WEAPONS, depends="[{id: zeta}]")
    beta = packs.pack("beta", WEAPONS, depends="[{id: base}]")
    for order in ([alpha, beta, zeta, base], [base, zeta, beta, alpha]):
        loaded, problems = load_packs(order)
        assert problems == []
        assert [p.id for p in loaded] == ["base", "beta", "zeta", "alpha"]
    alpha_pack = loaded[-1]
    assert alpha_pack.requires == {"base", "zeta"} and alpha_pack.depends_on("base")


def test_pack_path_is_searched_before_shipped_packs(packs):
    """A --pack-path copy of tem-core (here version 9.0.0) wins over the shipped one."""
    own = packs.pack("tem-core", WEAPONS, version="9.0.0")
    variant = packs.pack("variant", WEAPONS, depends="[{id: tem-core, version: '>=9'}]")
    loaded, problems = load_packs([variant], [own.parent])
    assert problems == []
    assert [(p.id, str(p.version)) for p in loaded] == [("tem-core", "9.0.0"), ("variant", "1.0.0")]


def test_explicit_paths_win_over_shipped_packs(packs):
    explicit = packs.pack("tem-core", WEAPONS, version="7.0.0")
    loaded, problems = load_packs([explicit, packs.pack("v", WEAPONS, depends="[{id: tem-core}]")])
    assert problems == [] and str(loaded[0].version) == "7.0.0"


def test_a_manifest_path_names_its_folder(packs):
    folder = packs.pack("solo", WEAPONS)
    loaded, problems = load_packs([folder / "pack.yaml"])
    assert problems == [] and loaded[0].id == "solo"


def test_prerelease_versions_satisfy_ranges_that_name_them(packs):
    packs.pack("base", WEAPONS, version="2.0.0-rc.1")
    top = packs.pack("top", WEAPONS, depends="[{id: base, version: '>=2.0.0rc1'}]")
    loaded, problems = load_packs([top], [top.parent])
    assert problems == [] and [p.id for p in loaded] == ["base", "top"]


def test_a_longer_dependency_cycle_is_reported_on_every_edge(packs):
    a = packs.pack("a", WEAPONS, depends="[{id: b}]")
    b = packs.pack("b", WEAPONS, depends="[{id: c}]")
    c = packs.pack("c", WEAPONS, depends="[{id: a}]")
    loaded, problems = load_packs([a, b, c])
    assert loaded == []
    assert sorted((d.code, d.file.rsplit("/", 2)[-2]) for d in problems) == [
        (codes.DEPENDENCY_CYCLE, "a"), (codes.DEPENDENCY_CYCLE, "b"), (codes.DEPENDENCY_CYCLE, "c")]


def test_a_misspelt_files_entry_suggests_the_folder_file_it_was_meant_to_be(packs):
    """Issue 10: a misspelt `files` entry says "did you mean", once (no unlisted-file warning besides)."""
    folder = packs.pack("typo", WEAPONS)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("[weapons.yaml]", "[rules/weapon.yaml]"),
                        encoding="utf-8")
    (folder / "rules").mkdir()
    (folder / "weapons.yaml").rename(folder / "rules" / "weapons.yaml")
    _, problems = load_packs([folder])
    hint = "did you mean 'rules/weapons.yaml'?"
    assert [(p.code, p.hint) for p in problems] == [(codes.MISSING_FILE, hint)]


def test_a_missing_file_with_nothing_close_lists_the_unlisted_yaml_files(packs):
    folder = packs.pack("far", WEAPONS)
    (folder / "weapons.yaml").rename(folder / "zzz.yaml")
    _, problems = load_packs([folder])
    missing = [p for p in problems if p.code is codes.MISSING_FILE]
    assert [p.hint for p in missing] == ["files not listed yet: zzz.yaml"]


def test_a_misspelt_dependency_suggests_the_pack_it_probably_means(packs):
    """Issue 20 item 5: `tem-kore` leads to `tem-core` (any findable pack: shipped or on --pack-path)."""
    typo = packs.pack("mine", WEAPONS, depends="[{id: tem-kore}]")
    local = packs.pack("my-base", WEAPONS)
    _, [problem] = load_packs([typo])
    assert problem.code is codes.MISSING_DEPENDENCY and problem.hint.startswith("did you mean 'tem-core'?")
    _, [problem] = load_packs([packs.pack("other", WEAPONS, depends="[{id: my-bsae}]")], [local.parent])
    assert problem.hint.startswith("did you mean 'my-base'?")
    _, [problem] = load_packs([packs.pack("lone", WEAPONS, depends="[{id: zzzz-qqqq}]")])
    assert "did you mean" not in problem.hint
