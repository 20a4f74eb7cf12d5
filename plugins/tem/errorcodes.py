"""Diagnostics: the error codes only Tiny Epic Mechs reports, registered through its ``error_codes`` member.

The core's codes (``rulecraft.compiler.errorcodes``) are every game's; these name what only this game has:
its arenas of zones and Base slots, its weapons' Power Attack. Each is pinned, with its example for the
diagnostics reference, by a case of ``tests/content`` (the game's ``error_cases``).
"""

from __future__ import annotations

from rulecraft.compiler.errorcodes import ErrorCode, Severity

ARENA_SHAPE = ErrorCode("arena-shape", "An arena cannot be played: ragged rows, Base slots unlike its seats, "
                        "not one Mech cell, too many Resource cells, unreachable zones.")
WEAK_POWER_ATTACK = ErrorCode("weak-power-attack", "A weapon's Power Attack is not stronger than its normal "
                              "attack.", Severity.WARNING)
SCENARIO_ARENA = ErrorCode("scenario-arena", "A scenario (or its file's `defaults`) puts a piece on a cell "
                           "its table's board does not have, or covers the cells its players need.")

CODES = (ARENA_SHAPE, WEAK_POWER_ATTACK, SCENARIO_ARENA)
