"""The sim report's outputs pinned byte for byte: the terminal report, report.json, records.csv and (their
images aside, which depend on matplotlib's version) report.html of Tiny Epic Mechs, Mecha Game, Tiny Epic
Quest (solo too) and Pig, alone and compared, so that a change to the report skeleton or a game's declared
blocks shows here.
Regenerate with ``python tests/balance/test_report_goldens.py`` after a change meant to change them."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import pytest

from rulecraft.cli.main import main

GOLDENS = Path(__file__).parent / "report_goldens"
ROOT = Path(__file__).resolve().parents[2]
ONE_PILOT = "tests/packs/variant-one-pilot"       # relative, as the pinned report names it
RUNS = {
    "tem": ["content/tem-core", "--games", "12", "--agents", "heuristic,random"],
    "tem-compare": ["--compare", "content/tem-core", ONE_PILOT, "--games", "12",
                    "--agents", "heuristic,random"],
    "mecha": ["--game", "mecha", "--games", "12"],
    "mecha-compare": ["--game", "mecha", "--compare", "mecha-core", "tests/packs/variant-mecha-quick-reactor",
                      "--games", "12"],
    "teq": ["--game", "teq", "--games", "12", "--agents", "heuristic,random"],
    "teq-solo": ["--game", "teq", "--games", "12", "--players", "1", "--agents", "heuristic"],
    "pig-compare": ["--game", "pig", "--compare", "pig-core", "pig-core", "--games", "8"],
}
FILES = ("report.json", "records.csv", "report.html", "a-report.json", "compare.json", "compare.csv")


def _outputs(name: str, out: Path) -> dict[str, str]:
    """The run's terminal report and files, the run's times and images blanked."""
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert main(["sim", *RUNS[name], "--seed", "1", "--quiet", "--out", str(out)]) == 0
    found = {"terminal.txt": text.getvalue()}
    for file in FILES:
        if (out / file).exists():
            data = (out / file).read_text("utf-8")
            data = re.sub(r'"seconds": [0-9.e+-]+', '"seconds": 0', data)
            data = re.sub(r"<td>seconds</td><td>[0-9.e+-]+</td>", "<td>seconds</td><td>0</td>", data)
            data = data.replace(str(ROOT), "ROOT")      # a shipped pack's folder (Pig's) is absolute
            found[file] = re.sub(r"base64,[A-Za-z0-9+/=]+", "base64,PNG", data)
    return found


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_report_is_the_pinned_one(name, tmp_path):
    if name.startswith("pig"):
        pytest.importorskip("rulecraft_pig")
    for file, text in _outputs(name, tmp_path / name).items():
        assert text == (GOLDENS / name / file).read_text("utf-8"), f"{name}/{file}"


if __name__ == "__main__":
    import runpy
    import shutil
    import tempfile

    session = runpy.run_path(str(ROOT / "tests" / "conftest.py"))   # registers the test-only games (Pig)
    with tempfile.TemporaryDirectory() as tmp:
        for name in sys.argv[1:] or RUNS:
            (GOLDENS / name).mkdir(parents=True, exist_ok=True)
            for file, text in _outputs(name, Path(tmp) / name).items():
                (GOLDENS / name / file).write_text(text, "utf-8")
    shutil.rmtree(session["SESSION_TMP"], ignore_errors=True)
