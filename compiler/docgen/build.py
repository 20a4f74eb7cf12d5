"""Generate: build the rules site for any pack stack (``rulecraft docs``), or serve it with live rebuilds.

The site's sources (``mkdocs.yml`` and ``docs/``) ship as the ``rulecraft.site`` package. We load that
``mkdocs.yml`` and point its ``rulecraft`` plugin at the requested stack through mkdocs' own config
overrides, so building and serving use one mechanism and the source tree is never written to.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from mkdocs.commands.build import build
from mkdocs.commands.serve import serve
from mkdocs.config import load_config

PLUGIN = "rulecraft"


@contextlib.contextmanager
def site_config() -> Iterator[Path]:
    """The packaged ``mkdocs.yml`` as a real file (``docs_dir`` is resolved next to it)."""
    with resources.as_file(resources.files("rulecraft.site")) as folder:
        yield Path(folder) / "mkdocs.yml"


def overrides(config_file: Path, packs: Sequence[Path], pack_path: Sequence[Path],
              scenarios: Path | None = None, plugins: Sequence[str] = ()) -> dict[str, Any]:
    """mkdocs config overrides that make the ``rulecraft`` plugin document ``packs`` with the variant
    ``plugins`` (and link the rulings to the scenario tests under ``scenarios``, when given)."""
    mkdocs_plugins = []
    for item in yaml.safe_load(config_file.read_text(encoding="utf-8"))["plugins"]:
        if isinstance(item, dict) and PLUGIN in item:
            options = dict(item[PLUGIN] or {})
            options["packs"] = [str(p.resolve()) for p in packs]
            options["pack_path"] = [str(p.resolve()) for p in pack_path]
            options["plugins"] = list(plugins)
            if scenarios is not None:
                options["scenarios"] = str(scenarios.resolve())
            item = {PLUGIN: options}
        mkdocs_plugins.append(item)
    return {"plugins": mkdocs_plugins}


def build_site(packs: Sequence[Path], out: Path, pack_path: Sequence[Path] = (),
               scenarios: Path | None = None, plugins: Sequence[str] = ()) -> None:
    """Build the strict site for ``packs`` into ``out``; mkdocs errors raise ``MkDocsException``."""
    with site_config() as config_file:
        config = load_config(str(config_file), site_dir=str(out.resolve()), strict=True,
                             **overrides(config_file, packs, pack_path, scenarios, plugins))
        build(config)


def serve_site(packs: Sequence[Path], pack_path: Sequence[Path] = (), scenarios: Path | None = None,
               plugins: Sequence[str] = (), dev_addr: str | None = None) -> None:
    """Serve the site for ``packs``, rebuilding when the site sources or a pack change."""
    with site_config() as config_file:
        serve(str(config_file), livereload=True, watch=[str(p.resolve()) for p in packs],
              dev_addr=dev_addr, **overrides(config_file, packs, pack_path, scenarios, plugins))


class _Messages(logging.Handler):
    """mkdocs' warnings and errors, one line each (the mkdocs CLI normally installs this)."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"mkdocs: {record.levelname.lower()}: {record.getMessage()}")


@contextlib.contextmanager
def mkdocs_messages(level: int = logging.WARNING) -> Iterator[None]:
    logger = logging.getLogger("mkdocs")
    handler = _Messages(level)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
