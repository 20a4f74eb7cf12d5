"""Fixtures every test folder may use."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def install_plugin(tmp_path_factory, monkeypatch):
    """``install_plugin(name, module, folder)``: make ``module`` (found in ``folder``) an installed plugin
    registered as ``name``, as ``pip install`` would: a distribution's metadata with a ``rulecraft`` entry
    point on ``sys.path``. The registry finds plugins this way only (never by module name)."""

    def install(name: str, module: str, folder: Path) -> None:
        site = tmp_path_factory.mktemp("site-packages")
        dist = site / f"{module.replace('.', '_')}-0.1.0.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1.0\n",
                                       encoding="utf-8")
        (dist / "entry_points.txt").write_text(f"[rulecraft]\n{name} = {module}\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(folder))
        monkeypatch.syspath_prepend(str(site))

    return install
