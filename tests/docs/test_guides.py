"""The author guides' code samples run as written: files are written, commands are run, results checked."""

from __future__ import annotations

import ast
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

from rulecraft.cli.main import main
from rulecraft.compiler.validate import load_schema
from rulecraft.plugins.tem.game import SCENARIO_SCHEMA

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "site" / "docs"
MECHA_DOCS = ROOT / "plugins" / "mecha" / "site" / "docs"
TEQ_DOCS = ROOT / "plugins" / "teq" / "site" / "docs"
FILE_BLOCK = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)^```', re.MULTILINE | re.DOTALL)
SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)


def samples(page: str, docs: Path = DOCS) -> tuple[dict[str, str], list[list[str]]]:
    text = (docs / page).read_text(encoding="utf-8")
    files = {name: body for name, body in FILE_BLOCK.findall(text)}
    commands = [shlex.split(line) for block in SHELL_BLOCK.findall(text) for line in block.splitlines()
                if line.startswith("rulecraft ")]
    return files, commands


def run_as_written(files: dict[str, str], commands: list[list[str]], folder: Path, monkeypatch) -> None:
    """Write a page's files into ``folder`` and run its commands there, each exiting 0."""
    for name, body in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(folder)
    for command in commands:
        assert main(command[1:]) == 0, " ".join(command)


def test_modding_tutorial_runs_as_written(tmp_path, monkeypatch, capsys):
    files, commands = samples("guides/modding.md")
    assert set(files) == {"my-pack/pack.yaml", "my-pack/weapons.yaml"}
    assert [c[1] for c in commands] == ["check", "explain", "sim", "docs"]
    run_as_written(files, commands, tmp_path, monkeypatch)
    captured = capsys.readouterr()
    err = captured.err
    assert "check ok: tem-core, my-pack: 0 error(s)" in err  # what the tutorial promises
    weapons = (tmp_path / "build" / "my-site" / "reference" / "weapons.html").read_text(encoding="utf-8")
    assert "Ion Harpoon" in weapons
    assert "After you attack: The enemy loses 1 Credit." in weapons  # generated from the new ability
    assert "changed by <code>my-pack</code>: damage, power_damage" in weapons
    # the comparison the tutorial reads: B - A per card, the new weapon marked, the notes it explains
    comparison = json.loads((tmp_path / "build" / "compare" / "compare.json").read_text(encoding="utf-8"))
    rows = {row["metric"]: row for row in comparison["rows"]}
    assert comparison["paired"] and comparison["games"] == 200
    changed = {(c["id"], c["field"]) for c in comparison["content"]["changes"]}     # what my-pack changes
    assert {("energy-sword", "damage"), ("energy-sword", "power_damage"),
            ("ion-harpoon", "(entity)")} <= changed
    assert all(c["set_by"]["pack"] == "my-pack" for c in comparison["content"]["changes"])
    assert rows["weapon energy-sword: win rate when owned"]["value"] > 0     # +1 damage, +1 Power Attack
    assert rows["weapon ion-harpoon: purchase rate"]["status"] == "new in B"
    assert len([r for r in comparison["rows"] if r["group"] == "pilot"]) == 2 * 8      # every pilot, twice
    out = " ".join(captured.out.split())
    for words in ("B - A: my-pack minus tem-core", "Holm's adjustment", "shared victory", "agents' choices",
                  "new in B"):
        assert words in out, words
    page = (tmp_path / "build" / "compare" / "report.html").read_text(encoding="utf-8")
    assert "Pilots: B - A" in page and "Weapons: B - A" in page


def test_mecha_modding_tutorial_runs_as_written(tmp_path, monkeypatch, capsys):
    """Mecha Game's tutorial (its site's guides/modding.md): a new mecha, a deck patched with a 0 (M24)."""
    files, commands = samples("guides/modding.md", MECHA_DOCS)
    assert set(files) == {"my-mecha/pack.yaml", "my-mecha/mechas.yaml", "my-mecha/decks.yaml"}
    assert [c[1] for c in commands] == ["check", "explain", "sim", "docs"]
    run_as_written(files, commands, tmp_path, monkeypatch)
    captured = capsys.readouterr()
    assert "check ok: mecha-core, my-mecha: 0 error(s)" in captured.err      # what the tutorial promises
    assert "cards.scout-drone" in captured.out and "my-mecha/decks.yaml:5:20" in captured.out   # explain
    comparison = json.loads((tmp_path / "build" / "compare" / "compare.json").read_text(encoding="utf-8"))
    assert comparison["paired"] and comparison["games"] == 200
    cards = {row["subject"]: row for row in comparison["rows"] if row["group"] == "card"}     # issue 20
    assert cards["warden"]["status"] == "new in B" and cards["lancer"]["a_n"] > 0
    assert [d["deck"] for d in comparison["decks"]["b"]] == ["skyline-assault", "iron-bastion"]
    assert ("warden", "(entity)", "new entity") in {(c["id"], c["field"], c["change"])
                                                    for c in comparison["content"]["changes"]}
    mechas = (tmp_path / "build" / "my-site" / "reference" / "mechas.html").read_text(encoding="utf-8")
    assert "Warden" in mechas and "When this enters: Draw 1." in mechas     # generated from the ability
    decks = (tmp_path / "build" / "my-site" / "reference" / "decks.html").read_text(encoding="utf-8")
    skyline = decks[decks.index('id="skyline-assault"'):decks.index('id="iron-bastion"')]
    assert "Warden" in skyline and "Scout Drone" not in skyline             # the 0 took the drones out


def test_quest_modding_tutorial_runs_as_written(tmp_path, monkeypatch, capsys):
    """Tiny Epic Quest's tutorial (its site's guides/modding.md): a grotto patched field by field (Q3, Q8)
    and a rule parameter (Q22)."""
    files, commands = samples("guides/modding.md", TEQ_DOCS)
    assert set(files) == {"my-quest/pack.yaml", "my-quest/map-cards.yaml", "my-quest/rules.yaml"}
    assert [c[1] for c in commands] == ["check", "explain", "sim", "docs"]
    run_as_written(files, commands, tmp_path, monkeypatch)
    captured = capsys.readouterr()
    assert "check ok: teq-core, my-quest: 0 error(s), 0 warning(s)" in captured.err   # what it promises
    assert "left.ability" in captured.out and "my-quest/map-cards.yaml:7:16" in captured.out   # explain
    assert "left.feature" in captured.out and "teq-core" in captured.out      # merged, not replaced
    comparison = json.loads((tmp_path / "build" / "compare" / "compare.json").read_text(encoding="utf-8"))
    assert comparison["paired"] and comparison["games"] == 200
    rows = {row["metric"]: row for row in comparison["rows"]}
    assert rows["mean spell level"]["value"] > 0            # the row the tutorial reads: no level lost
    site = tmp_path / "build" / "my-site"
    card = (site / "reference" / "map.html").read_text(encoding="utf-8")
    assert "Ember Hollow" in card and "When a hero enters: Gain 1 power and deal 1 damage" in card
    assert "Its spell level drops by 0" in (site / "rulebook" / "night.html").read_text(encoding="utf-8")


def test_scenario_guide_example_passes_rulecraft_test(tmp_path, monkeypatch, capsys):
    files, commands = samples("guides/scenarios.md")
    assert next(iter(files)) == "first.yaml" and [c[1] for c in commands] == ["test"]
    (tmp_path / "first.yaml").write_text(files["first.yaml"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(commands[0][1:]) == 0
    out = capsys.readouterr().out
    assert out.count("PASS first.yaml") == 2


def test_every_scenario_file_of_the_guide_passes(tmp_path, capsys):
    """Each format addition the guide shows (offered, combat, facing, ...) is a complete file that passes."""
    files, _ = samples("guides/scenarios.md")
    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
        assert main(["test", str(tmp_path / name)]) == 0, capsys.readouterr()
        out = capsys.readouterr().out
        assert "PASS" in out and "FAIL" not in out, out


def test_scenario_format_reference_names_every_schema_field(core_site):
    schema = load_schema(SCENARIO_SCHEMA)
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            names.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    page = core_site.page("reference/scenario-format.html")
    missing = sorted(n for n in names if not re.search(rf"<code>[^<]*\b{re.escape(n)}</code>", page))
    assert not missing, f"scenario fields missing from the reference: {missing}"


def test_agent_guide_sample_plays_a_game(tmp_path):
    text = (DOCS / "guides" / "agents.md").read_text(encoding="utf-8")
    sample = re.search(r'^```python title="my_agent.py"\n(.*?)^```', text, re.MULTILINE | re.DOTALL).group(1)
    assert "python my_agent.py" in text
    (tmp_path / "my_agent.py").write_text(sample, encoding="utf-8")
    done = subprocess.run([sys.executable, "my_agent.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    standings = [ast.literal_eval(line) for line in done.stdout.splitlines()]
    assert [s["rank"] for s in standings] == sorted(s["rank"] for s in standings)
    assert {s["colour"] for s in standings} == {"red", "blue"}


def test_smallest_agent_sample_plays_a_whole_legal_game(capsys):
    text = (DOCS / "guides" / "agents.md").read_text(encoding="utf-8")
    sample = re.search(r'^```python title="my_random.py"\n(.*?)^```', text, re.MULTILINE | re.DOTALL).group(1)
    namespace: dict = {}
    exec(compile(sample, "agents.md (my_random.py)", "exec"), namespace)
    game, standings = namespace["game"], namespace["standings"]
    assert game.finished and not game.aborted
    assert standings[0].rank == 1 and standings[0].won and len(standings) == 4
    assert "'rank': 1" in capsys.readouterr().out


def test_the_games_page_lists_what_rulecraft_games_prints(capsys):
    """The listing on the games page is the command's real output for rulecraft's own games (the lines of
    the `rulecraft` distribution: a test-only game such as Pig is installed for the suite alone)."""
    text = (DOCS / "developer" / "games.md").read_text(encoding="utf-8")
    shown = re.search(r"^```console\n\$ rulecraft games\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    assert shown is not None, "developer/games.md shows no `rulecraft games` listing"
    assert main(["games"]) == 0
    printed = [line for line in capsys.readouterr().out.splitlines() if line.endswith("(rulecraft)")]
    assert shown.group(1).splitlines() == printed


def test_agent_environment_training_loop_runs_as_written():
    """Issue 25 item 3: the guide's training loop, a dozen games instead of its 400 (``python train.py``)."""
    text = (DOCS / "guides" / "agent-environment.md").read_text(encoding="utf-8")
    sample = re.search(r'^```python title="train.py"\n(.*?)^```', text, re.MULTILINE | re.DOTALL).group(1)
    assert "`python train.py`" in text and "train(400)" in sample
    namespace: dict = {"__name__": "guide"}
    exec(compile(sample, "agent-environment.md (train.py)", "exec"), namespace)
    table, rewards = namespace["train"](12)
    assert len(rewards) == 12 and set(rewards) <= {0.0, 0.5, 1.0}
    assert table and all(0.0 <= value <= 1.0 for value in table.values())
    assert {decision for decision, _ in table} >= {"main"}      # Mecha Game's turn, learned by the table
