"""The hostile corpus: malformed and malicious packs, logs and command lines, each built into a fresh
folder at run time (symlinks to /etc and /proc, multi-megabyte files and bombs are not committed).

Each case is ``build(folder) -> Case``: it writes what it needs under ``folder`` and says how to run
the real CLI there and what must come out: the exit code (1 content, 2 usage), the error code, and where
the diagnostic must point (``file:line:col``, or the path a usage error must name).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CORE_DEPENDENCY = '  - {id: tem-core, version: ">=1.0,<2"}\n'


@dataclass(frozen=True)
class Case:
    argv: tuple[str, ...]
    exit: int
    code: str
    at: str                      # "file:line:col" of a located diagnostic, or the text a usage error names


def manifest(folder: Path, files: str = "[weapons.yaml]", pack_id: str = "hostile", extra: str = "",
             depends: str = CORE_DEPENDENCY) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(f"id: {pack_id}\nname: Hostile\nversion: 1.0.0\ndepends:\n{depends}"
                                      f"{extra}files: {files}\n", encoding="utf-8")
    return folder


def weapons(folder: Path, body: str | bytes, name: str = "weapons.yaml") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text(body, encoding="utf-8")
    return path


WEAPON = ("  - id: {id}\n    name: Boom\n    tier: advanced\n    type: melee\n    cost: {{credits: 1}}\n"
          "    damage: {damage}\n    power_damage: 3\n    vp: 1\n    copies: 1\n    ability: {ability}\n")


def _check(pack: str = "pk") -> tuple[str, ...]:
    return ("check", pack)


CASES: dict[str, Callable[[Path], Case]] = {}


def case(function: Callable[[Path], Case]) -> Callable[[Path], Case]:
    CASES[function.__name__.replace("_", "-")] = function
    return function


# --- YAML bombs and hazards ---------------------------------------------------------------------------
@case
def billion_laughs(root: Path) -> Case:
    lines = ["kind: weapons", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
    weapons(manifest(root / "pk"), "\n".join(lines) + "\n")
    return Case(_check(), 1, "yaml-anchor", "pk/weapons.yaml:2:4")


@case
def deep_nesting(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: weapons\nentries: " + "[" * 100_000 + "]" * 100_000 + "\n")
    return Case(_check(), 1, "too-deep", "pk/weapons.yaml:2:")


@case
def oversized_file(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: weapons\n# " + "x" * (3 * 1024 * 1024) + "\n")
    return Case(_check(), 1, "file-too-large", "pk/weapons.yaml:1:1")


@case
def python_tag(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: !!python/object/apply:os.system ['touch PWNED']\n")
    return Case(_check(), 1, "yaml-tag", "pk/weapons.yaml:1:7")


@case
def many_duplicate_keys(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: weapons\n" + "name: x\n" * 50_000)
    return Case(_check(), 1, "duplicate-key", "pk/weapons.yaml:3:1")


@case
def binary_garbage(root: Path) -> Case:
    weapons(manifest(root / "pk"), bytes(range(256)) * 64)
    return Case(_check(), 1, "not-utf8", "pk/weapons.yaml:2:118")


@case
def invalid_utf8(root: Path) -> Case:
    weapons(manifest(root / "pk"), b"kind: weapons\nentries: []\n# \xff\xfe\xfd\n")
    return Case(_check(), 1, "not-utf8", "pk/weapons.yaml:3:3")


@case
def nul_in_manifest(root: Path) -> Case:
    manifest(root / "pk")
    path = root / "pk" / "pack.yaml"
    path.write_bytes(path.read_bytes().replace(b"name: Hostile", b"name: Host\x00ile"))
    return Case(_check(), 1, "control-character", "pk/pack.yaml:2:11")


@case
def terminal_escapes(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: weapons\nentries: []\n\x1b]0;pwned\x07\x1b[2J\n")
    return Case(_check(), 1, "control-character", "pk/weapons.yaml:3:1")


# --- numbers, entries, DSL payloads ---------------------------------------------------------------------
@case
def huge_numbers(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: weapons\nentries:\n" + WEAPON.format(
        id="boom", damage="9" * 5000, ability='"after attack: gain 1 vp"'))
    return Case(_check(), 1, "yaml-syntax", "pk/weapons.yaml:8:13")   # more digits than Python converts


@case
def huge_dsl_number(root: Path) -> Case:
    weapons(manifest(root / "pk"), "kind: weapons\nentries:\n" + WEAPON.format(
        id="boom", damage=2, ability='"after attack: gain ' + "9" * 4000 + ' vp"'))
    return Case(_check(), 1, "schema-range", "pk/weapons.yaml:12:14")   # longer than an ability may be


@case
def python_in_a_block_scalar(root: Path) -> Case:
    payload = "|\n      __import__('os').system('touch PWNED')\n      gain 1 vp"
    weapons(manifest(root / "pk"), "kind: weapons\nentries:\n" + WEAPON.format(id="boom", damage=2,
                                                                               ability=payload))
    return Case(_check(), 1, "effect-syntax", "pk/weapons.yaml:13:")


@case
def dsl_nesting_bomb(root: Path) -> Case:
    ability = '"after attack: ' + "if vp > 0 then " * 2000 + 'gain 1 vp"'
    weapons(manifest(root / "pk"), "kind: weapons\nentries:\n" + WEAPON.format(id="boom", damage=2,
                                                                               ability=ability))
    return Case(_check(), 1, "schema-range", "pk/weapons.yaml:12:14")


@case
def many_errors(root: Path) -> Case:
    """3,000 effect errors in one file: each caret is located without rescanning the file (this took
    minutes before)."""
    body = "kind: weapons\nentries:\n" + "".join(WEAPON.format(id=f"w{i}", damage=2, ability='"gain 1 vp"')
                                                for i in range(3000))
    weapons(manifest(root / "pk"), body)
    return Case(_check(), 1, "effect-syntax", "pk/weapons.yaml:12:")


# --- pack structure -------------------------------------------------------------------------------------
@case
def path_traversal(root: Path) -> Case:
    manifest(root / "pk", files="[../../../../etc/passwd.yaml]")
    return Case(_check(), 1, "schema-pattern", "pk/pack.yaml:6:9")


@case
def absolute_path(root: Path) -> Case:
    manifest(root / "pk", files="[/etc/hostile.yaml]")
    return Case(_check(), 1, "schema-pattern", "pk/pack.yaml:6:9")


def _link(root: Path, target: str | Path) -> Path:
    folder = manifest(root / "pk")
    (folder / "weapons.yaml").symlink_to(target)
    return folder


@case
def symlink_to_etc_passwd(root: Path) -> Case:
    _link(root, "/etc/passwd")
    return Case(_check(), 1, "file-outside-pack", "pk/pack.yaml:6:9")


@case
def symlink_to_proc_environ(root: Path) -> Case:
    _link(root, "/proc/self/environ")
    return Case(_check(), 1, "file-outside-pack", "pk/pack.yaml:6:9")


@case
def symlink_to_dev_zero(root: Path) -> Case:
    _link(root, "/dev/zero")
    return Case(_check(), 1, "file-outside-pack", "pk/pack.yaml:6:9")


@case
def symlink_loop(root: Path) -> Case:
    folder = _link(root, "loop.yaml")
    (folder / "loop.yaml").symlink_to("weapons.yaml")
    return Case(_check(), 1, "not-a-regular-file", "pk/pack.yaml:6:9")


@case
def linked_sub_folder(root: Path) -> Case:
    elsewhere = root / "elsewhere"
    weapons(elsewhere, "kind: weapons\nentries: []\n")
    folder = manifest(root / "pk", files="[linked/weapons.yaml]")
    (folder / "linked").symlink_to(elsewhere, target_is_directory=True)
    return Case(_check(), 1, "file-outside-pack", "pk/pack.yaml:6:9")


@case
def fifo(root: Path) -> Case:
    os.mkfifo(manifest(root / "pk") / "weapons.yaml")
    return Case(_check(), 1, "not-a-regular-file", "pk/pack.yaml:6:9")


@case
def folder_as_file(root: Path) -> Case:
    (manifest(root / "pk") / "weapons.yaml").mkdir()
    return Case(_check(), 1, "not-a-regular-file", "pk/pack.yaml:6:9")


@case
def dependency_cycle(root: Path) -> Case:
    manifest(root / "a", files="[]", pack_id="a", depends="  - {id: b}\n")
    manifest(root / "b", files="[]", pack_id="b", depends="  - {id: a}\n")
    return Case(("check", "a", "b"), 1, "dependency-cycle", "a/pack.yaml:5:10")


@case
def extends_cycle(root: Path) -> Case:
    weapons(manifest(root / "pk"),
            "kind: weapons\nentries:\n  - {id: x, extends: y}\n  - {id: y, extends: x}\n")
    return Case(_check(), 1, "extends-cycle", "pk/weapons.yaml:3:")


@case
def conflicting_patches(root: Path) -> Case:
    for name in ("a", "b"):
        weapons(manifest(root / name, pack_id=name), "kind: weapons\npatch:\n  - {id: warhammer, vp: 5}\n")
    return Case(("check", "a", "b"), 1, "patch-conflict", "b/weapons.yaml:3:")


@case
def plugin_module_names(root: Path) -> Case:
    folder = manifest(root / "pk", files="[]", extra="plugins: [os, this]\n")
    (folder / "this.py").write_text("open('PWNED', 'w')\n", encoding="utf-8")
    return Case(_check(), 1, "plugin-unknown", "pk/pack.yaml:6:11")


# --- logs and outputs -----------------------------------------------------------------------------------
def _log(root: Path, header: str) -> Path:
    (root / "game.jsonl").write_text(header + '\n{"e":"setup-start"}\n', encoding="utf-8")
    return root / "game.jsonl"


@case
def log_naming_a_module(root: Path) -> Case:
    _log(root, '{"rulecraft_log":1,"packs":["builtin:tem-core"],"plugins":["venv.__main__"],"seed":1,'
               '"colours":["red","blue"],"agents":["random","random"]}')
    return Case(("replay", "game.jsonl"), 2, "usage", "game.jsonl:1:")


@case
def log_with_an_object_seed(root: Path) -> Case:
    _log(root, '{"rulecraft_log":1,"packs":[],"plugins":[],"seed":{"a":[1]},"colours":["red","blue"],'
               '"agents":[]}')
    return Case(("replay", "game.jsonl", "--watch", "--delay", "0"), 2, "usage", "game.jsonl:1:")


@case
def log_resume_with_a_bad_seat(root: Path) -> Case:
    _log(root, '{"rulecraft_log":1,"packs":[],"plugins":[],"seed":1,"colours":["red","blue"],"agents":[],'
               '"play":{"human":9}}')
    return Case(("play", "--resume", "game.jsonl"), 2, "usage", "game.jsonl:1:")


# Crafted play logs of each game (issue 28): each is a usage error naming the log's line, for `replay` and
# `play --resume` alike, never a crash.
PLAY_HEADERS = {
    "tem": {"rulecraft_log": 1, "game": "tem", "packs": ["builtin:tem-core"],
            "stack": [{"id": "tem-core", "version": "1.0.0"}], "plugins": [], "seed": 1,
            "colours": ["red", "blue", "green", "yellow"], "agents": ["human", "random", "random", "random"],
            "play": {"human": 0, "solo": False}},
    "mecha": {"rulecraft_log": 1, "game": "mecha", "packs": ["builtin:mecha-core"],
              "stack": [{"id": "mecha-core", "version": "0.1.0"}], "plugins": [], "seed": 1,
              "colours": ["a", "b"], "agents": ["human", "random"], "play": {"human": 0, "solo": False}},
}
OTHER_GAME = {"tem": "mecha", "mecha": "tem"}


def _crafted_log(game: str, craft: str, command: tuple[str, ...]) -> Callable[[Path], Case]:
    def build(root: Path) -> Case:
        import json

        head = dict(PLAY_HEADERS[game])
        events = ['{"e":"setup-start"}']
        line = 1
        if craft == "other-game":            # loads the other game's core pack: not what the log is of
            head["game"] = OTHER_GAME[game]
        elif craft == "solo":                # Tiny Epic Mechs' solo seats 3 players; Mecha Game has none
            head["play"] = {"human": 0, "solo": True}
        elif craft == "nested-answer":
            events.append('{"e":"decision","player":0,"kind":"x","answer":' + "[" * 100_000 + "]" * 100_000
                          + "}")
            line = 3
        text = json.dumps(head, separators=(",", ":"))
        if craft == "long-seed":
            text = text.replace('"seed":1', '"seed":' + "9" * 5000)
        (root / "game.jsonl").write_text("\n".join([text, *events]) + "\n", encoding="utf-8")
        return Case((*command, "game.jsonl"), 2, "usage", f"game.jsonl:{line}:")
    return build


for _game in PLAY_HEADERS:
    for _craft in ("other-game", "nested-answer", "solo", "long-seed"):
        for _name, _command in (("replay", ("replay",)), ("resume", ("play", "--resume"))):
            CASES[f"{_game}-log-{_craft}-{_name}"] = _crafted_log(_game, _craft, _command)


@case
def log_of_binary_garbage(root: Path) -> Case:
    (root / "game.jsonl").write_bytes(bytes(range(256)))
    return Case(("replay", "game.jsonl"), 2, "usage", "game.jsonl")


@case
def docs_out_over_a_pack(root: Path) -> Case:
    manifest(root / "pk", files="[]")
    (root / "README.md").write_text("mine\n", encoding="utf-8")
    return Case(("docs", "pk", "--out", "."), 2, "usage", ". holds files rulecraft did not write")


@case
def sim_out_over_a_pack(root: Path) -> Case:
    manifest(root / "pk", files="[]")
    return Case(("sim", "--games", "1", "--quiet", "--out", "pk"), 2, "usage", "pk holds files")
