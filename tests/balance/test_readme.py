"""The README's "Writing an agent" example runs as written and plays a whole legal game."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_writing_an_agent_example_runs_as_written(capsys):
    text = README.read_text(encoding="utf-8")
    section = text.split("## Writing an agent", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    namespace: dict = {}
    exec(compile(code, "README.md (Writing an agent)", "exec"), namespace)
    game, standings = namespace["game"], namespace["standings"]
    assert game.finished and not game.aborted
    assert standings[0]["rank"] == 1 and len(standings) == 4
    assert "'rank': 1" in capsys.readouterr().out
