"""Test data: a fingerprint of the rule texts, so the "own words" check runs without them.

The rule texts live outside the repository and no test may read them. This
script reads them and writes ``rule-fingerprint.json`` beside it: a hash of every run of
``SHINGLE`` words (never the words themselves) and the ids of the settled rulings in RULINGS.md. The
sections of RULINGS.md named in ``RULINGS_SECTIONS`` (Mecha Game's, Tiny Epic Quest's) are fingerprinted
too, so our own rulings pages do not copy them either (the Tiny Epic Mechs pages were written before
RULINGS.md said the same in places, so its T and R sections are not).
Run it after the rule texts change, then review and commit the result:

    .venv/bin/python tests/docs/rule_fingerprint.py RULES_DIR     # the folder holding the rule texts

Tests only read the JSON, through ``load()`` and ``shingle_hashes()``.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FINGERPRINT = Path(__file__).with_name("rule-fingerprint.json")
RULE_TEXTS = ["tiny-epic-mechs-rulebook.txt", "tiny-epic-mechs-quick-reference-and-robot-pilots.txt",
              "mecha-game-rules.txt", "tiny-epic-quest-overview.txt"]
RULINGS_SECTIONS = ["Mecha Game", "Tiny Epic Quest"]
SETTLED = re.compile(r"^- \*\*([TRMQ]\d+) ", re.MULTILINE)   # the hosted games' rulings: TEM, Robots, Mecha,
                                                            # Quest
SHINGLE = 8


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shingle_hash(run: list[str]) -> str:
    return hashlib.blake2b(" ".join(run).encode("utf-8"), digest_size=8).hexdigest()


def shingle_hashes(text: str) -> dict[str, str]:
    """Each run of SHINGLE words of ``text`` by its hash (the words are kept only to report a copy)."""
    ours = words(text)
    return {shingle_hash(ours[i:i + SHINGLE]): " ".join(ours[i:i + SHINGLE])
            for i in range(len(ours) - SHINGLE + 1)}


def load() -> dict:
    return json.loads(FINGERPRINT.read_text(encoding="utf-8"))


def section(markdown: str, title: str) -> str:
    """The ``## title`` section of ``markdown``, up to the next ``## `` heading."""
    found = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", markdown, re.MULTILINE | re.DOTALL)
    return found.group(1) if found else ""


def fingerprint(rules: Path) -> dict:
    rulings = (rules / "RULINGS.md").read_text(encoding="utf-8")
    source = " ".join([*((rules / name).read_text(encoding="utf-8") for name in RULE_TEXTS),
                       *(section(rulings, title) for title in RULINGS_SECTIONS)])
    return {
        "about": "hashes of every 8-word run of the rule texts; made by tests/docs/rule_fingerprint.py",
        "texts": [*RULE_TEXTS, *(f"RULINGS.md: {title}" for title in RULINGS_SECTIONS)],
        "shingle": SHINGLE,
        "hash": "blake2b, 8 bytes, of the run's lower-case words joined by one space",
        "settled_rulings": SETTLED.findall(rulings),
        "shingles": sorted(shingle_hashes(source)),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: rule_fingerprint.py RULES_DIR (the folder holding the rule texts)", file=sys.stderr)
        return 2
    rules = Path(argv[0])
    if not all((rules / name).is_file() for name in [*RULE_TEXTS, "RULINGS.md"]):
        print(f"no rule texts in {rules}; pass their folder", file=sys.stderr)
        return 2
    text = json.dumps(fingerprint(rules), indent=0) + "\n"
    FINGERPRINT.write_text(text, encoding="utf-8")
    print(f"wrote {FINGERPRINT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
