"""The plugin guide's sample runs as written, and the hooks reference lists every hook."""

from __future__ import annotations

import re
import shlex
import sys
import tomllib
from pathlib import Path

from rulecraft.cli.kind_schemas import main as kind_schemas
from rulecraft.cli.main import main
from rulecraft.compiler.docgen.hooks import hooks_reference
from rulecraft.plugins.manager import make_manager, spec_modules
from rulecraft.runtime.games import get

GUIDE = Path(__file__).resolve().parents[2] / "site" / "docs" / "guides" / "plugins.md"


def _entry_point(text: str) -> tuple[str, str]:
    """The guide's pyproject.toml entry point: (registered name, module)."""
    pyproject = re.search(r'^```toml title="pyproject.toml"\n(.*?)^```', text, re.MULTILINE | re.DOTALL)
    return tomllib.loads(pyproject.group(1))["project"]["entry-points"]["rulecraft.plugins.tem"].popitem()


def test_crowd_bonus_plugin_runs_as_written(tmp_path, install_plugin, capsys):
    text = GUIDE.read_text(encoding="utf-8")
    sample = re.compile(r'^```python title="([^"]+)"\n(.*?)^```', re.MULTILINE | re.DOTALL)
    name, source = sample.search(text).groups()
    (tmp_path / name).write_text(source, encoding="utf-8")
    registered, module = _entry_point(text)
    assert (registered, f"{module}.py") == ("crowd-bonus", name)
    install_plugin(registered, module, tmp_path)     # what `pip install -e .` of the guide's folder does
    command = shlex.split(re.search(r"^```sh\n(rulecraft sim .*)\n```", text, re.MULTILINE).group(1))
    assert main(command[1:]) == 0
    report = capsys.readouterr().out
    assert re.search(r"crowd bonus\s*│\s*3\.00", report), "3 scoring rounds x 1 VP, as the guide says"


def test_bounties_content_kind_sample_checks_and_explains_as_written(tmp_path, monkeypatch, install_plugin,
                                                                    capsys):
    text = GUIDE.read_text(encoding="utf-8")
    files = dict(re.findall(r'^```\w+ title="([^"]+)"\n(.*?)^```', text, re.MULTILINE | re.DOTALL))
    assert {"bounties/__init__.py", "bounties/bounties.entity.json", "my-bounties/pack.yaml",
            "my-bounties/bounties.yaml"} <= set(files)
    for name, body in files.items():
        if name.startswith(("bounties/", "my-bounties/")):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(body, encoding="utf-8")
    generate = re.search(r"^```sh\n(python -m rulecraft.cli.kind_schemas .*)\n```", text, re.MULTILINE)
    command = shlex.split(generate.group(1))
    assert kind_schemas([str(tmp_path / part) for part in command[3:]]) == 0
    assert (tmp_path / "bounties" / "bounties.schema.json").is_file()
    install_plugin("bounties", "bounties", tmp_path)
    monkeypatch.delitem(sys.modules, "bounties", raising=False)
    monkeypatch.chdir(tmp_path)
    block = re.search(r"^```sh\n(rulecraft check my-bounties\n.*?)^```", text, re.MULTILINE | re.DOTALL)
    commands = [shlex.split(line) for line in block.group(1).splitlines()]
    try:
        for command in commands:
            assert main(command[1:]) == 0, " ".join(command)
    finally:
        sys.modules.pop("bounties", None)
    captured = capsys.readouterr()
    assert "check ok: tem-core, my-bounties: 0 error(s)" in captured.err
    assert re.search(r"vp\s.*my-bounties/bounties.yaml:5:9", captured.out)


def test_hooks_reference_lists_every_hook_of_the_plugin_manager(core_site):
    page = core_site.page("reference/hooks.html")
    manager = make_manager("tem", installed=False)
    specs = [name for name in dir(manager.pm.hook) if name.startswith("rulecraft_")]
    assert len(specs) >= 20
    missing = [name for name in specs if f"<code>{name}(" not in page]
    assert not missing, f"hooks missing from the reference: {missing}"
    assert "*firstresult*" in hooks_reference(spec_modules(get("tem")))
