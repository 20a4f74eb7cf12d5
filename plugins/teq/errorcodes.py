"""Diagnostics: the error codes only Tiny Epic Quest reports, registered through its ``error_codes`` member.

The core's codes (``rulecraft.compiler.errorcodes``: unknown references, counts, missing content) are every
game's; these name what only this game has: a map laid out from slots and a coast ring, temples linked to
legendary items, a quest row that needs both kinds of quest, region capacities, a spell library. Each is
pinned, with its example for the diagnostics reference, by a case of ``tests/content`` (the game's
``error_cases``).
"""

from __future__ import annotations

from rulecraft.compiler.errorcodes import ErrorCode

LAYOUT_SHAPE = ErrorCode("layout-shape", "A map layout does not fit its cards or its coast: a slot given "
                         "twice, slots unlike the regular and castle cards, a coast ring that is not the "
                         "coastal slots in clockwise order (Q2, Q6).")
LEGENDARY_LINKS = ErrorCode("legendary-links", "A legendary item is linked to a number of temples its track "
                            "cannot take: one temple per space after its start (Q26).")
QUEST_ROW = ErrorCode("quest-row", "The quest deck cannot fill the row by Q11's rule: it needs at least one "
                      "movement quest and one treasure quest.")
REGION_CAPACITY = ErrorCode("region-capacity", "A region's capacity is out of range: more players than the "
                            "game seats, or a castle open to more than its owner (Q4).")
SPELL_LIBRARY = ErrorCode("spell-library", "The spell library has a gap or a repeat, or an obelisk teaches a "
                          "spell level it does not hold (Q21, Q35).")

CODES = (LAYOUT_SHAPE, LEGENDARY_LINKS, QUEST_ROW, REGION_CAPACITY, SPELL_LIBRARY)
