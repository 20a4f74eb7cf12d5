"""Run: the kinds of decision Tiny Epic Quest asks, and the shape of their options.

Options are tuples of plain values (strings and ints), so logs, scenarios and agents read them alike. A
hero is named by its index on its player's mat (0, 1, 2); a region by its id in the pack. Every decision
is a :class:`rulecraft.runtime.decisions.Decision` asked through the core (``choose`` / ``StepChoice``).
"""

from __future__ import annotations

MOVEMENT_CARD = "movement-card"   # Q9: the day turn's leader picks a face-up movement card: its id
DAY = "day"                       # Q9: ("move", hero, region, direction or None) | ("idle",)
GAIN = "gain"                     # Q8, Q10, Q20, Q21: "health" | "power" (1 of either, up to the maximum)
QUEST = "quest"                   # Q12: which of two met movement quests; Q20: which treasure quest
ITEM = "item"                     # Q25: where a gained item goes: a hero index | "wait"
ARRANGE = "arrange"               # Q25, in steps: ("give", item, hero) | ("wait", item) | "done"
NIGHT = "night"                   # Q14: "roll" | "rest"
PREVENT = "prevent"               # Q16: pay to prevent one hit: "prevent" | "take"
USE = "use"                       # Q19, in steps: ("give", face, hero) | ("forge", symbol, hero)
                                  #   | ("sword", hero) | "done"
REST_ORDER = "rest-order"         # Q21, in steps: which hero resolves next (a hero index)
STAFF = "staff"                   # Q27: how many extra magic spaces the Staff pays for (an int)
ACTIVATE = "activate"             # Q31, in steps: which passive goblin turns active (a portal region id)
MOVE = "move"                     # an ability's MOVE (Q5): ("move", hero, region, direction) | ("stay",)
TARGET = "target"                 # an ability step's chosen hero (a hero index)

KINDS = (MOVEMENT_CARD, DAY, GAIN, QUEST, ITEM, ARRANGE, NIGHT, PREVENT, USE, REST_ORDER, STAFF, ACTIVATE,
         TARGET, MOVE)

IDLE = ("idle",)
STAY = ("stay",)
DONE = "done"
HEALTH, POWER = "health", "power"
ROLL, REST = "roll", "rest"
TAKE_HIT, PREVENT_HIT = "take", "prevent"
WAIT = "wait"
