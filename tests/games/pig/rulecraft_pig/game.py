"""Run: the definition of Pig as a game plugin, registered as ``pig`` under ``rulecraft.games`` by its own
distribution (``tests/games/pig/pyproject.toml``), exactly as a third-party game would be.

Pig leaves out what it does not offer (no DSL, print templates or terminal board, no ``determinize``: it hides
nothing, every seat's view is the whole state, and every roll is seen); it adds one rule step to the shared
plugin hooks (``rulecraft_pig.hookspecs``), so its plugins install under ``rulecraft.plugins.pig``. Every
member it has is a
:class:`~rulecraft.runtime.games.Ref`, so importing this module imports no engine or schema.
"""

from __future__ import annotations

from types import MappingProxyType

from rulecraft.runtime.games import GameDefinition, Ref

GAME = GameDefinition(
    id="pig",
    name="Pig",
    players=(1, 4),
    default_pack="pig-core",
    description="Roll a die as often as you dare; a 1 loses the turn's points. First to the goal wins; solo, "
                "reach it within a few turns.",
    packs="rulecraft_pig.content",
    kinds=MappingProxyType({"pig-rules": "rulecraft_pig:pig-rules.schema.json"}),
    stack_checks=(Ref("rulecraft_pig.checks"),),
    error_codes=Ref("rulecraft_pig.checks:CODES"),   # its own code, beside the core's
    error_cases="cases",
    rulings=("P",),     # cited in the engine: P1 roll, P2 bust, P3 hold, P4 goal, P5 solo, P6 Big Pig
    builder=Ref("rulecraft_pig.model:build"),
    engine=Ref("rulecraft_pig.engine:Pig"),
    agents=MappingProxyType({"heuristic": Ref("rulecraft_pig.agents:HoldAt20")}),   # hold at 20
    hookspecs=Ref("rulecraft_pig.hookspecs"),
    invariants=Ref("rulecraft_pig.invariants:watch"),
    lead=Ref("rulecraft_pig.lead:LEAD"),      # each seat's score so far (sim's measures of how it plays)
    variants=MappingProxyType({"pig-planted": Ref("rulecraft_pig.planted")}),   # a planted bug (fuzz tests)
    scenario_adapter=Ref("rulecraft_pig.scenarios"),
    scenarios="scenarios",
    web=Ref("rulecraft_pig.web:Board"),     # its board in `rulecraft serve`
)
