"""Modding outside this repository (issue 10, item 4): ``rulecraft new pack`` and ``rulecraft schemas``.

A scaffolded pack passes ``rulecraft check`` (no warning either) and its scenario passes
``rulecraft test``; every YAML file names a schema that exists beside it; nothing the user has is
ever overwritten: ``new pack`` refuses a folder with files, ``schemas --write`` refuses files it did
not write or that were edited since.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import yaml

from rulecraft.cli.main import main
from rulecraft.compiler.scaffold import ENABLE
from rulecraft.compiler.schema_export import shipped_schemas
from rulecraft.plugins.tem.scenarios import ruleset_for
from rulecraft.plugins.wiring import check_packs

MODELINE = "# yaml-language-server: $schema="


@pytest.fixture
def scaffold(tmp_path: Path, capsys) -> Path:
    folder = tmp_path / "my-pack"
    assert main(["new", "pack", str(folder), "--depends", "tem-core"]) == 0
    capsys.readouterr()
    return folder


def enable(folder: Path, name: str) -> None:
    """What the file tells a modder: remove the `# ` before each line of the disabled example."""
    path = folder / name
    head, marker, example = path.read_text(encoding="utf-8").partition(ENABLE)
    assert marker, f"{name} has no disabled example"
    path.write_text(head + "".join(line.removeprefix("# ") for line in example.splitlines(keepends=True)),
                    encoding="utf-8")


def test_a_new_pack_is_inert_until_its_example_is_enabled(scaffold: Path, capsys):
    """Issue 20: the scaffold adds no pilot (a comparison showed pilot rows moved by construction); the
    example pilot is commented out and its rule test waits in examples/. Uncommented and moved as the
    README says, the pilot is in the stack and its scenario passes."""
    result = check_packs([scaffold])
    assert result.ok and result.diagnostics == [], result.diagnostics
    assert [p.id for p in result.packs] == ["tem-core", "my-pack"]
    assert result.stack.get("pilots", "my-pack-rookie") is None
    assert not (scaffold / "scenarios").exists()
    readme = " ".join((scaffold / "README.md").read_text(encoding="utf-8").split())
    assert "## Enable an example" in readme and "move the file into `scenarios/`" in readme
    enable(scaffold, "pilots.yaml")
    (scaffold / "scenarios").mkdir()
    (scaffold / "examples" / "first.yaml").rename(scaffold / "scenarios" / "first.yaml")
    enabled = check_packs([scaffold])
    assert enabled.ok and enabled.diagnostics == [], enabled.diagnostics
    assert enabled.stack.get("pilots", "my-pack-rookie") is not None
    assert main(["test", str(scaffold / "scenarios")]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


def test_with_examples_the_pilot_is_live_and_its_scenario_passes(tmp_path: Path, capsys):
    folder = tmp_path / "live"
    assert main(["new", "pack", str(folder), "--depends", "tem-core", "--examples"]) == 0
    assert "rulecraft test" in capsys.readouterr().out
    result = check_packs([folder])
    assert result.ok and result.stack.get("pilots", "live-rookie") is not None
    assert "Enable an example" not in (folder / "README.md").read_text(encoding="utf-8")
    assert main(["test", str(folder / "scenarios")]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    pilots = folder / "pilots.yaml"      # the scenario tests the pilot for real: change it and it fails
    pilots.write_text(pilots.read_text(encoding="utf-8").replace("gain 1 energy", "gain 2 energy"),
                      encoding="utf-8")
    ruleset_for.cache_clear()            # one process per command outside a test: the stack is read anew
    assert main(["test", str(folder / "scenarios")]) == 1


def test_every_yaml_file_names_its_own_schema_relative_to_itself(scaffold: Path):
    files = sorted(scaffold.rglob("*.yaml"))
    assert len(files) == 10  # the manifest, eight kinds, one scenario file (in examples/)
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(MODELINE), path
        schema = (path.parent / first[len(MODELINE):]).resolve()
        assert schema.is_file(), f"{path.name} names {schema}, which does not exist"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        kind = "pack" if path.name == "pack.yaml" else data.get("kind", "scenario")
        assert schema.name == f"{kind}.schema.json"
    folder = scaffold / "schemas"
    exported = [p.relative_to(folder).as_posix() for p in folder.rglob("*.schema.json")]
    assert sorted(exported) == sorted(shipped_schemas({"tem"}))      # its own game's only (issue 20)
    assert {name.partition("/")[0] for name in exported if "/" in name} == {"tem"}


def test_vscode_settings_map_every_file_to_an_existing_schema(scaffold: Path):
    settings = json.loads((scaffold / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    mapped = {glob: schema for schema, globs in settings["yaml.schemas"].items() for glob in globs}
    for path in scaffold.glob("*.yaml"):
        assert (scaffold / mapped[path.name]).is_file()
    assert (scaffold / mapped["scenarios/*.yaml"]).name == "scenario.schema.json"


def test_new_pack_refuses_a_folder_with_files_and_leaves_them(tmp_path: Path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["new", "pack", str(folder)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_new_pack_usage_errors(tmp_path: Path, capsys):
    assert main(["new", "pack", str(tmp_path / "My_Pack")]) == 2
    assert "not a pack id" in capsys.readouterr().err
    assert main(["new", "pack", str(tmp_path / "ok"), "--depends", "no-such-pack"]) == 2
    assert "no pack 'no-such-pack' found" in capsys.readouterr().err
    assert not (tmp_path / "ok").exists()


def test_new_pack_onto_a_long_name_or_a_dangling_symlink_is_a_usage_error(tmp_path: Path, capsys):
    """Issue 28: both were crashes (exit 3: a file name too long, a FileExistsError)."""
    assert main(["new", "pack", str(tmp_path / ("a" * 300))]) == 2
    assert "300 characters long; at most 64" in capsys.readouterr().err
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    assert main(["new", "pack", str(dangling)]) == 2
    assert "which does not exist" in capsys.readouterr().err
    assert not (tmp_path / "nowhere").exists()


def test_the_new_pack_guide_runs_as_written(tmp_path: Path, monkeypatch, capsys):
    """site/docs/guides/new-pack.md: its `sh` block's commands all succeed, in order, in an empty folder."""
    page = (Path(__file__).resolve().parents[2] / "site" / "docs" / "guides" / "new-pack.md")
    block = page.read_text(encoding="utf-8").split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split() for line in block.splitlines() if line.startswith("rulecraft ")]
    assert [c[1] for c in commands] == ["new", "check", "schemas", "new", "test"]
    monkeypatch.chdir(tmp_path)
    for command in commands:
        assert main(command[1:]) == 0, " ".join(command)


def test_a_pack_over_a_pack_rulecraft_does_not_ship(tmp_path: Path, capsys):
    """`--depends` finds packs on --pack-path; the manifest names the version found and the scenario the
    dependency's folder (rulecraft test has no --pack-path), so check and test both pass."""
    packs = Path(__file__).resolve().parents[1] / "packs"
    folder = tmp_path / "heavier"
    command = ["new", "pack", str(folder), "--depends", "variant-heavy-metal", "--pack-path", str(packs),
               "--examples"]
    assert main(command) == 0
    manifest = yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8"))
    assert manifest["depends"] == [{"id": "variant-heavy-metal", "version": ">=0.1,<1"}]
    result = check_packs([folder], [packs])
    assert result.ok and result.diagnostics == []
    assert [p.id for p in result.packs] == ["tem-core", "variant-heavy-metal", "heavier"]
    assert main(["test", str(folder / "scenarios")]) == 0


def test_a_game_without_examples_of_its_own_gets_a_patch_of_each_kind(tmp_path: Path, capsys):
    """Mecha Game brings no `scaffold` member: its new pack is the shared one (a manifest, a patch of one
    entity per kind, the game's schemas, VS Code settings, a README) and checks clean; no scenario is
    written, since only a game can write a rule test that means something."""
    folder = tmp_path / "my-mecha"
    assert main(["new", "pack", str(folder), "--depends", "mecha-core"]) == 0
    assert "rulecraft test" not in capsys.readouterr().out
    result = check_packs([folder])
    assert result.ok and result.diagnostics == [], result.diagnostics
    assert result.game == "mecha" and [p.id for p in result.packs] == ["mecha-core", "my-mecha"]
    manifest = yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8"))
    kinds = [kind for kind in result.stack.kinds() if result.stack.of_kind(kind)]
    assert manifest["files"] == [f"{kind}.yaml" for kind in kinds]
    for name in manifest["files"]:
        first = (folder / name).read_text(encoding="utf-8").splitlines()[0]
        assert first == f"{MODELINE}schemas/mecha/{name.removesuffix('.yaml')}.schema.json"
    assert not (folder / "scenarios").exists()
    assert "rulecraft test" not in (folder / "README.md").read_text(encoding="utf-8")


def test_vscode_settings_start_this_installations_language_server(scaffold: Path):
    """Issue 26: the editor set-up in two minutes: the settings start `rulecraft lsp` through the generic
    client the folder recommends, with the `rulecraft` installed beside the Python that wrote the pack."""
    settings = json.loads((scaffold / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    command = Path(settings["glspc.server.command"])
    assert command == Path(sys.executable).with_name("rulecraft") and command.is_file()
    assert settings["glspc.server.commandArguments"] == ["lsp"]
    assert settings["glspc.server.languageId"] == ["yaml"]
    extensions = json.loads((scaffold / ".vscode" / "extensions.json").read_text(encoding="utf-8"))
    assert extensions["recommendations"] == ["redhat.vscode-yaml", "zsol.vscode-glspc"]
