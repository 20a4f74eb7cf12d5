"""Generate: build the rules site for any pack stack (``rulecraft docs``), or serve it with live rebuilds.

The site's sources (``mkdocs.yml`` and ``docs/``) ship as the ``rulecraft.site`` package. We write a
temporary copy of that ``mkdocs.yml`` whose ``rulecraft`` plugin points at the requested stack and
whose paths are absolute, then hand it to mkdocs: building and serving use one mechanism, mkdocs can
reload it on every rebuild, and the source tree is never written to.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from mkdocs.commands.build import build
from mkdocs.commands.serve import serve
from mkdocs.config import load_config

PLUGIN = "rulecraft"


def configured(site: Path, packs: Sequence[Path], pack_path: Sequence[Path], scenarios: Path | None,
               plugins: Sequence[str]) -> dict[str, Any]:
    """The site's mkdocs config with absolute paths and the ``rulecraft`` plugin set to this stack."""
    config = yaml.safe_load((site / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(site / config.get("docs_dir", "docs"))
    for index, item in enumerate(config["plugins"]):
        if isinstance(item, dict) and PLUGIN in item:
            options = dict(item[PLUGIN] or {})
            default = options.get("scenarios")
            options.update(packs=[str(p.resolve()) for p in packs],
                           pack_path=[str(p.resolve()) for p in pack_path], plugins=list(plugins))
            chosen = scenarios if scenarios is not None else site / default if default else None
            if chosen is not None:
                options["scenarios"] = str(chosen.resolve())
            if options.get("examples"):   # the diagnostic cases beside the site's sources, when present
                options["examples"] = str((site / options["examples"]).resolve())
            config["plugins"][index] = {PLUGIN: options}
    return config


@contextlib.contextmanager
def site_config(packs: Sequence[Path], pack_path: Sequence[Path] = (), scenarios: Path | None = None,
                plugins: Sequence[str] = ()) -> Iterator[Path]:
    """A temporary ``mkdocs.yml`` for this stack, removed afterwards."""
    with resources.as_file(resources.files("rulecraft.site")) as site, \
            tempfile.TemporaryDirectory(prefix="rulecraft-docs-") as folder:
        config_file = Path(folder) / "mkdocs.yml"
        config = configured(Path(site), packs, pack_path, scenarios, plugins)
        config_file.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        yield config_file


def build_site(packs: Sequence[Path], out: Path, pack_path: Sequence[Path] = (),
               scenarios: Path | None = None, plugins: Sequence[str] = ()) -> None:
    """Build the strict site for ``packs`` into ``out``; mkdocs errors raise ``MkDocsException``."""
    with site_config(packs, pack_path, scenarios, plugins) as config_file:
        build(load_config(str(config_file), site_dir=str(out.resolve()), strict=True))


def serve_site(packs: Sequence[Path], pack_path: Sequence[Path] = (), scenarios: Path | None = None,
               plugins: Sequence[str] = (), dev_addr: str | None = None) -> None:
    """Serve the site for ``packs``, rebuilding when the site sources or a pack change."""
    with site_config(packs, pack_path, scenarios, plugins) as config_file:
        serve(str(config_file), livereload=True, watch=[str(p.resolve()) for p in packs], dev_addr=dev_addr)


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
