"""Test harness: the suite is hermetic; no test reads a file outside the repository.

A user's clone has nothing beside it, so a test that reads there passes only on
machines that happen to have it. An audit hook (PEP 578) sees every ``open``, ``os.listdir`` and
``os.scandir`` of this process from collection to the end of the session; one outside the allowed
places fails the test that made it, even when the code under test catches the error. Allowed: the
repository, the Python installation and its packages (the venv, the stdlib), this session's
temporary folder, and the system folders libraries read (/dev, /proc, /sys, /etc, /usr). The user's
home is not allowed: HOME, the caches and configuration (``XDG_*``, matplotlib's) point into the
session's temporary folder, so a library looking in ``~`` (matplotlib scans ``~/.fonts``) finds it empty.
Subprocesses (mkdocs builds, the browser) are not watched; what they read is named by the tests.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import site
import sys
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No test is timed (speed is measured in bench/): on a busy machine Hypothesis's deadline and its too-slow
# health check fail a correct property, so both are off for the whole suite.
settings.register_profile("rulecraft", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("rulecraft")

ROOT = Path(__file__).resolve().parents[1]
SYSTEM = ("/dev", "/proc", "/sys", "/etc", "/usr", "/lib", "/lib64", "/bin", "/sbin")
WATCHED = {"open", "os.listdir", "os.scandir"}

# One temporary folder for the whole session, made before anything reads HOME; everything the tests and
# the libraries they use write "somewhere temporary" goes here.
SESSION_TMP = Path(tempfile.mkdtemp(prefix="rulecraft-tests-")).resolve()
PRIVATE = {"HOME": "home", "TMPDIR": "tmp", "XDG_CACHE_HOME": "cache", "XDG_CONFIG_HOME": "config",
           "XDG_DATA_HOME": "data", "MPLCONFIGDIR": "matplotlib"}
for variable, folder in PRIVATE.items():
    (SESSION_TMP / folder).mkdir()
    os.environ[variable] = str(SESSION_TMP / folder)
tempfile.tempdir = os.environ["TMPDIR"]


def write_distribution(site_folder: Path, name: str, version: str, groups: dict[str, dict[str, str]]) -> None:
    """The metadata ``pip install`` writes for a distribution (its name, version and entry points, by group)
    in ``site_folder``: what the registries read to find games and plugins."""
    dist = site_folder / f"{name.replace('-', '_').replace('.', '_')}-{version}.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{key} = {target}\n" for key, target in points.items())
        for group, points in groups.items()), encoding="utf-8")


def _register_test_games() -> None:
    """The test-only games (``tests/games/<game>/``, each a distribution of its own) are registered for this
    session only, never in the user's venv: each gets the metadata ``pip install`` would write (its name,
    version and entry points, read from its ``pyproject.toml``) in the session's folder, and its sources go on
    ``sys.path``, so the registry finds it through ``rulecraft.games`` as any third-party game, and a
    user's ``rulecraft games`` after ``make test`` lists the shipped games only. Subprocesses get the same
    folders through ``PYTHONPATH``."""
    site_folder = SESSION_TMP / "test-games"
    sources = []
    for pyproject in sorted((ROOT / "tests" / "games").glob("*/pyproject.toml")):
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        write_distribution(site_folder, project["name"], project["version"], project.get("entry-points", {}))
        sources.append(str(pyproject.parent))
    added = [*sources, str(site_folder)]
    sys.path[:0] = added
    os.environ["PYTHONPATH"] = os.pathsep.join([*added, *filter(None, [os.environ.get("PYTHONPATH")])])


_register_test_games()


def _installation() -> list[str]:
    """The interpreter, the venv and every package folder on sys.path, but no folder holding the
    repository (a PYTHONPATH of its parent must not open the folders beside the clone)."""
    places = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *site.getsitepackages(),
              *(p for p in sys.path if p)}
    resolved = {Path(p).resolve() for p in places}
    return sorted(str(p) for p in resolved if not ROOT.is_relative_to(p))


ALLOWED = tuple(os.path.join(p, "") for p in [str(ROOT), str(SESSION_TMP), *_installation(), *SYSTEM])


class ReadOutsideRepository(Exception):
    """A test touched a path outside the repository (not an OSError, so `except OSError` cannot hide it)."""


class _Guard:
    def __init__(self) -> None:
        self.active = False
        self.extra: tuple[str, ...] = ()     # pytest's basetemp, once known
        self.violations: list[str] = []
        self.reported = 0                    # violations already turned into a failed report

    def allowed(self, path: str) -> bool:
        full = os.path.join(os.path.realpath(path), "")
        return full.startswith(ALLOWED + self.extra)

    def __call__(self, event: str, args: tuple) -> None:
        if not self.active or event not in WATCHED or not args:
            return
        path = args[0]
        if isinstance(path, int) or path is None:     # an open file descriptor, or listdir(None) = cwd
            return
        path = os.fsdecode(path)
        if not self.allowed(path):
            message = f"{event}({path!r}) reads outside the repository; tests must be hermetic"
            self.violations.append(message)
            raise ReadOutsideRepository(message)


GUARD = _Guard()
sys.addaudithook(GUARD)


def pytest_configure(config: pytest.Config) -> None:
    GUARD.active = True


def pytest_sessionstart(session: pytest.Session) -> None:
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is not None:                   # --basetemp may put pytest's folder anywhere
        run = factory.getbasetemp().resolve()
        if "PYTEST_XDIST_WORKER" in os.environ:
            run = run.parent                  # the workers' run folder (popen-gwN each, built_once's folders)
        GUARD.extra = (os.path.join(str(run), ""),)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """The tests (and their fixtures' teardowns) are over: pytest's own reports (``--junitxml``, a plugin's
    file) may go anywhere the user names, and a read now could fail no test, only crash the summary."""
    GUARD.active = False


def pytest_unconfigure(config: pytest.Config) -> None:
    GUARD.active = False
    shutil.rmtree(SESSION_TMP, ignore_errors=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A read outside the repository fails the test's phase, even if the code under test caught it."""
    report = yield
    new, GUARD.reported = GUARD.violations[GUARD.reported:], len(GUARD.violations)
    if new and report.outcome != "failed":
        report.outcome = "failed"
        report.longrepr = "\n".join(new)
    return report


@pytest.fixture
def install_plugin(tmp_path_factory, monkeypatch):
    """``install_plugin(name, module, folder, game="tem")``: make ``module`` (found in ``folder``) an
    installed plugin of ``game`` registered as ``name``, as ``pip install`` would: a distribution's metadata
    with an entry point in the game's group (``rulecraft.plugins.<game>``) on ``sys.path``. The registry
    finds installed plugins this way only (never by module name)."""

    def install(name: str, module: str, folder: Path, game: str = "tem") -> None:
        site = tmp_path_factory.mktemp("site-packages")
        write_distribution(site, module, "0.1.0", {f"rulecraft.plugins.{game}": {name: module}})
        monkeypatch.syspath_prepend(str(folder))
        monkeypatch.syspath_prepend(str(site))

    return install


@pytest.fixture(scope="session")
def built_once(tmp_path_factory) -> Callable[[str, Callable[[Path], None]], Path]:
    """``built_once(name, build)``: a folder ``build(folder)`` filled, made once for the whole run and only
    read afterwards. In one process a temporary folder; under pytest-xdist a folder every worker of the run
    shares (beside the workers' own temporary folders), made by the first worker that needs it while the
    others wait on a file lock (a build that failed left no mark, so the next one tries again and fails
    its own tests as well)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")

    def made(name: str, build: Callable[[Path], None]) -> Path:
        if worker is None:
            folder = tmp_path_factory.mktemp(name)
            build(folder)
            return folder
        shared = tmp_path_factory.getbasetemp().parent     # the run's folder, with a popen-gwN per worker
        folder, done = shared / name, shared / f"{name}.done"
        with (shared / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)               # released when the file closes
            if not done.exists():
                with contextlib.suppress(FileNotFoundError):
                    shutil.rmtree(folder)                  # a failed attempt's leftovers
                folder.mkdir()
                build(folder)
                done.touch()
        return folder

    return made
