"""Files stay inside their pack (issue 9): every file a pack reads resolves, after symlinks, inside the pack
folder and is a regular file; the size cap counts the bytes actually read.

The symlinks are made at run time (git symlinks to /etc are fragile); each case is checked through the
real CLI, and no line of the linked file may reach the output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from security_helpers import cli, write_pack

from rulecraft.compiler import loader
from rulecraft.plugins.wiring import check_packs

SECRET = "RULECRAFT_TEST_SECRET_9f3b"


def _linked(tmp_path: Path, target: str | Path, name: str = "weapons.yaml") -> Path:
    folder = write_pack(tmp_path / "pk", files=f"[{name}]")
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).symlink_to(target)
    return folder


@pytest.mark.parametrize(("target", "code"), [("/etc/passwd", "file-outside-pack"),
                                              ("/proc/self/environ", "file-outside-pack"),
                                              ("/dev/zero", "file-outside-pack")])
def test_a_symlink_out_of_the_pack_is_refused_at_its_manifest_entry(tmp_path, target, code):
    if not Path(target).exists():
        pytest.skip(f"{target} does not exist on this system")
    folder = _linked(tmp_path, target)
    result = cli("check", str(folder), cwd=tmp_path, timeout=20)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert f"pack.yaml:7:9: error[{code}]: 'weapons.yaml' leads outside the pack folder" in out
    assert "root:" not in out and "PATH=" not in out and "Traceback" not in out


def test_the_environment_of_the_process_never_reaches_a_diagnostic(tmp_path):
    folder = _linked(tmp_path, "/proc/self/environ")
    env = {**os.environ, "RULECRAFT_TEST_SECRET": SECRET}
    result = subprocess.run([sys.executable, "-m", "rulecraft.cli", "check", str(folder)], cwd=tmp_path,
                            env=env, capture_output=True, text=True, timeout=20)
    assert result.returncode == 1 and SECRET not in result.stdout + result.stderr


def test_a_symlink_loop_is_not_a_regular_file(tmp_path):
    folder = write_pack(tmp_path / "pk", files="[weapons.yaml]")
    (folder / "weapons.yaml").symlink_to(folder / "loop.yaml")
    (folder / "loop.yaml").symlink_to(folder / "weapons.yaml")
    [problem] = [d for d in check_packs([folder]).diagnostics if d.level == "error"]
    assert (problem.code.code, problem.line, problem.column) == ("not-a-regular-file", 7, 9)
    assert "symlink loop" in problem.message


def test_a_sub_folder_linked_outside_the_pack_is_not_followed(tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "weapons.yaml").write_text("kind: weapons\nentries: []\n", encoding="utf-8")
    folder = write_pack(tmp_path / "pk", files="[sub/weapons.yaml]")
    (folder / "sub").symlink_to(outside, target_is_directory=True)
    [problem] = check_packs([folder]).diagnostics
    assert (problem.code.code, problem.line, problem.column) == ("file-outside-pack", 7, 9)


def test_a_symlink_inside_the_pack_is_fine(tmp_path):
    folder = write_pack(tmp_path / "pk", files="[weapons.yaml]")
    (folder / "real").mkdir()
    (folder / "real" / "weapons.yaml").write_text("kind: weapons\nentries: []\n", encoding="utf-8")
    (folder / "weapons.yaml").symlink_to(Path("real") / "weapons.yaml")
    assert check_packs([folder]).ok


def test_a_manifest_linked_outside_the_pack_is_refused(tmp_path):
    real = write_pack(tmp_path / "real")
    folder = tmp_path / "pk"
    folder.mkdir()
    (folder / "pack.yaml").symlink_to(real / "pack.yaml")
    [problem] = check_packs([folder]).diagnostics
    assert problem.code.code == "file-outside-pack" and problem.file.endswith("pk/pack.yaml")


def test_a_fifo_is_refused_without_blocking(tmp_path):
    folder = write_pack(tmp_path / "pk", files="[weapons.yaml]")
    os.mkfifo(folder / "weapons.yaml")
    result = cli("check", str(folder), cwd=tmp_path, timeout=20)
    assert result.returncode == 1
    assert "error[not-a-regular-file]: 'weapons.yaml' is a pipe, not a regular file" in result.stdout


def test_the_size_cap_counts_bytes_read_not_the_size_a_file_reports(monkeypatch):
    """/proc files report size 0 whatever they hold; the loader reads at most cap + 1 bytes."""
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("no /proc on this system")
    assert status.stat().st_size == 0
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 16)
    document, [problem] = loader.load_file(status)
    assert document is None and problem.code.code == "file-too-large"


def test_the_loader_refuses_a_device_on_the_open_descriptor():
    """The last guard, should a path change between the pack's check and the read: /dev/zero is never
    read (it would never end)."""
    document, [problem] = loader.load_file(Path("/dev/zero"))
    assert document is None and problem.code.code == "not-a-regular-file"


def test_an_editors_buffer_opens_no_file_the_pack_may_not_read(tmp_path):
    """Issue 26: `rulecraft lsp` reads open buffers in place of their files, only after the file passed
    every check: a buffer for the target of a link out of the pack is never read."""
    outside = tmp_path / "outside.yaml"
    outside.write_text("kind: weapons\n", encoding="utf-8")
    folder = _linked(tmp_path, outside)
    result = check_packs([folder], buffers={outside.resolve(): b"kind: weapons\nentries: []\n"})
    assert [d.code.code for d in result.diagnostics] == ["file-outside-pack"]


def test_an_editors_buffer_is_read_in_place_of_its_file(tmp_path):
    folder = write_pack(tmp_path / "pk", files="[weapons.yaml]")
    (folder / "weapons.yaml").write_text("kind: weapons\n", encoding="utf-8")
    unsaved = {(folder / "weapons.yaml").resolve(): b"kind: weapons\nentries: [\n"}
    [problem] = check_packs([folder], buffers=unsaved).diagnostics
    assert problem.code.code == "yaml-syntax" and problem.file.endswith("weapons.yaml")
