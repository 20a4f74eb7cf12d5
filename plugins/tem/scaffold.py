"""Generate: Tiny Epic Mechs' own example files of a new pack (its GameDefinition's ``scaffold`` member),
which the shared scaffold (``rulecraft.compiler.scaffold``) writes beside a patch of every other kind.

- ``pilots.yaml``: a new pilot, the Rookie, whose ability (gain 1 Energy when collecting) is designed
  (commented out, like every example, until the author enables it);
- ``scenarios/first.yaml``: a rule test of that ability, which fails as soon as the ability changes
  (naming the folders of dependencies rulecraft does not ship, which ``rulecraft test`` cannot look up by
  id).
"""

from __future__ import annotations

from rulecraft.compiler.scaffold import Example, NewPack, scenario_packs

SCENARIO = "scenarios/first.yaml"
PILOT_KIND = "pilots"


def pilot_id(new: NewPack) -> str:
    return f"{new.id}-rookie"


def pilots_body(new: NewPack) -> str:
    return (f"# An example new pilot; its ability is tested by {SCENARIO}. Every value is designed.\n"
            f"entries:\n  - id: {pilot_id(new)}\n    name: Rookie\n    health: 5\n"
            f"    ability: \"when you collect: gain 1 energy\"\n    designed: true\n")


SCENARIO_TEMPLATE = """\
# Rule tests for this pack: `rulecraft test scenarios`. Each scenario sets up a table (`given`),
# plays steps (`when`) and checks the result (`then`); see the scenario guide on the docs site.
game: tem
defaults:
  packs: [{packs}]   # this pack (the folder above this file){found}

scenarios:
  - name: the Rookie gains 1 Energy when collecting
    covers: [ability/{pilot}]
    given: {{players: {{red: {{pilot: {pilot}, at: r1c2}}}}}}
    when: [{{play: red-collect E}}]
    then:
      events:
        - {{e: ability, player: red, trigger: on_collect, source: {pack} pilots {pilot}}}
        - {{e: gain, player: red, resource: energy, amount: 1, source: ability}}
"""


def scenario_body(new: NewPack) -> str:
    packs = scenario_packs(new, SCENARIO)
    found = ", after its dependencies that rulecraft does not ship" if len(packs) > 1 else \
        ", over its dependencies"
    return SCENARIO_TEMPLATE.format(pilot=pilot_id(new), pack=new.id, packs=", ".join(packs), found=found)


def examples(new: NewPack) -> list[Example]:
    """The new pilot and its rule test."""
    return [Example(f"{PILOT_KIND}.yaml", pilots_body(new), f"{PILOT_KIND} (an example to edit).",
                    f"{PILOT_KIND}:{pilot_id(new)}"),
            Example(SCENARIO, scenario_body(new), "a first rule test.")]
