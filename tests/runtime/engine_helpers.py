"""Helpers for engine rule tests: a two-player table on the small ruleset with known zones."""

from __future__ import annotations

from rulecraft.plugins.tem import api
from rulecraft.runtime.decisions import ScriptedAgent

# Small-ruleset zones: zone-i has value 1 + i % 3; i % 3 == 0 Energy, 1 Credits, 2 both.
ZONES = {"r0c1": "zone-0", "r0c3": "zone-1", "r1c0": "zone-3", "r1c1": "zone-2", "r1c2": "zone-6",
         "r1c3": "zone-4", "r1c4": "zone-9", "r2c1": "zone-5", "r2c3": "zone-7", "r3c1": "zone-8",
         "r3c2": "zone-10", "r3c3": "zone-11"}


class Recorder(ScriptedAgent):
    """A strict scripted agent that also keeps every decision it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = []

    def decide(self, decision, view):
        self.asked.append(decision)
        return super().decide(decision, view)


def two_players(ruleset, **kwargs):
    """Red (seat 0, pilot-0, health 5) based at r0c2, Blue (seat 1, pilot-1, health 6) at r2c0."""
    agents = [Recorder(), Recorder()]
    return api.table(ruleset, colours=("red", "blue"), agents=agents, zones=ZONES, **kwargs)


def kinds(events, *names):
    return [e["e"] for e in events if e["e"] in names]
