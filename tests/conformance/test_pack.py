"""Conformance: the game's own pack checks clean, and `docs`, `print` and its DSL reference build from it."""

from __future__ import annotations

import re

import pytest
from conformance_harness import checked, definition, gap, pack_folder

from rulecraft.cli.main import main
from rulecraft.compiler.diagnostics import format_human, has_errors
from rulecraft.compiler.stack_diff import content_diff
from rulecraft.plugins.wiring import check_packs


def test_its_default_pack_checks_clean_and_names_the_game(game, request):
    gap(request, game, "pack")
    result = checked(game)
    assert not has_errors(result.diagnostics), format_human(result.diagnostics)
    assert result.game == game and result.stack.game == game
    assert set(result.stack.kinds()) <= set(definition(game).kinds), "a kind the definition does not declare"


@pytest.mark.parametrize("examples", [False, True], ids=["inert", "examples"])
def test_a_new_pack_over_its_default_pack_checks_clean(game, request, tmp_path, capsys, examples):
    """`rulecraft new pack` writes a pack of any game (its own examples, else a patch of every kind) which
    checks clean with no warning and carries its own game's schemas only. By default every example is
    commented out: the pack's stack has exactly its dependency's content (issue 20: a comparison shows
    only what the modder changed); with `--examples` they are live and its scenarios, if the game writes
    any, pass."""
    gap(request, game, "pack")
    folder = tmp_path / "my-pack"
    flags = ["--examples"] if examples else []
    assert main(["new", "pack", str(folder), "--depends", definition(game).default_pack, *flags]) == 0
    result = check_packs([folder])
    assert result.ok and result.diagnostics == [], format_human(result.diagnostics)
    assert result.game == game
    assert sorted(p.name for p in (folder / "schemas").iterdir() if p.is_dir()) == [game]
    if not examples:
        assert content_diff(checked(game).stack, result.stack) == []
        assert not (folder / "scenarios").exists()
    if (folder / "scenarios").is_dir():
        capsys.readouterr()
        assert main(["test", str(folder / "scenarios")]) == 0, capsys.readouterr().out


def test_docs_builds_its_rules_site(game, request, tmp_path, capsys):
    """Every game gets a rules site (its generated pages, when it declares ``docs_pages``, are added)."""
    gap(request, game, "docs")
    pytest.importorskip("mkdocs")
    out = tmp_path / "site"
    code = main(["docs", str(pack_folder(game)), "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    assert (out / "index.html").is_file()


def test_print_builds_its_cards(game, request, tmp_path, capsys):
    """A game with ``card_templates`` prints its cards (PDF and PNG previews); one without is refused as a
    usage error (exit 2) that says why, before anything is written."""
    gap(request, game, "print")
    pytest.importorskip("fpdf")
    out, preview = tmp_path / "cards.pdf", tmp_path / "preview"
    code = main(["print", str(pack_folder(game)), "--out", str(out), "--preview", str(preview)])
    err = capsys.readouterr().err
    if definition(game).card_templates is None:
        assert code == 2 and "has no card templates" in err and "Traceback" not in err, err
        assert not out.exists() and not preview.exists()
    else:
        assert code == 0, err
        assert out.read_bytes().startswith(b"%PDF")
        assert sorted(preview.glob("page-*.png"))


def test_its_dsl_reference_is_complete(game):
    """Every word of the game's vocabulary is in its reference with a description and an example (the
    reference compiles each example as it prints it)."""
    spec = definition(game)
    if spec.vocabulary is None:
        pytest.skip(f"{game} declares no effect DSL vocabulary")
    from rulecraft.compiler.effects.reference import reference

    vocabulary = spec.vocabulary.load()()
    text = reference(vocabulary)
    entries = [*((f"`{t.phrase}`", t.step, t.example) for t in vocabulary.triggers.values()),
               *((f"`{v.pattern}`", v.description, v.example) for v in vocabulary.verbs.values()),
               *((f"`{a.name}`", a.description, a.example) for a in vocabulary.attributes.values())]
    assert entries, f"{game}: an empty vocabulary"
    # verbs of one action to several targets share a row: `deal {amount} damage to TARGET`, its targets listed
    rows = re.findall(r"^\| `([^`]*TARGET[^`]*)` \|.*TARGET is one of: (.*)\. \|", text, re.M)
    shared = {" ".join(row.replace("TARGET", target if target != "(none)" else "").split())
              for row, targets in rows for target in re.findall(r"`([^`]+)`", targets)}
    for word, description, example in entries:
        assert word in text or word.strip("`") in shared, f"{game}: {word} is missing from the DSL reference"
        assert description.strip() and example.strip(), f"{game}: {word} has no description or example"
    for kind in vocabulary.kinds.values():
        assert kind.description.strip(), f"{game}: kind {kind.name} has no description"
        for value in kind.values:
            assert f"`{value}`" in text, f"{game}: {kind.name} value {value!r} is missing from the reference"
