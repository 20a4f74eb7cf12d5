"""The plugin guide's sample runs as written, and the hooks reference lists every hook."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from rulecraft.cli.main import main
from rulecraft.compiler.docgen.hooks import hooks_reference
from rulecraft.plugins import hookspecs
from rulecraft.plugins.manager import make_manager

GUIDE = Path(__file__).resolve().parents[2] / "site" / "docs" / "guides" / "plugins.md"


def test_crowd_bonus_plugin_runs_as_written(tmp_path, monkeypatch, capsys):
    text = GUIDE.read_text(encoding="utf-8")
    sample = re.compile(r'^```python title="([^"]+)"\n(.*?)^```', re.MULTILINE | re.DOTALL)
    name, source = sample.search(text).groups()
    (tmp_path / name).write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    command = shlex.split(re.search(r"^```sh\n(rulecraft sim .*)\n```", text, re.MULTILINE).group(1))
    assert main(command[1:]) == 0
    report = capsys.readouterr().out
    assert re.search(r"crowd bonus\s*│\s*3\.00", report), "3 scoring rounds x 1 VP, as the guide says"


def test_hooks_reference_lists_every_hook_of_the_plugin_manager(core_site):
    page = core_site.page("reference/hooks.html")
    specs = [name for name in dir(make_manager(installed=False).pm.hook) if name.startswith("rulecraft_")]
    assert len(specs) >= 20
    missing = [name for name in specs if f"<code>{name}(" not in page]
    assert not missing, f"hooks missing from the reference: {missing}"
    assert "*firstresult*" in hooks_reference(hookspecs)
