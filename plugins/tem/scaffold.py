"""Generate: a new content pack, ready for an editor and for ``rulecraft check`` and ``rulecraft test``.

``scaffold_pack(folder, stack)`` writes, for a pack layered over ``stack`` (its dependencies, checked):

- ``pack.yaml`` naming the dependencies with the version range of the ones found;
- one example file per content kind the stack has: a new pilot (``pilots.yaml``), and for every other
  kind a ``patch`` of one of the dependency's entities (only its ``notes``, so the game is unchanged
  until the author changes it), each with comments on ``entries``/``replace``/``patch``/``remove``;
- ``schemas/`` with the JSON Schemas (``rulecraft.compiler.schema_export``) and, in every YAML file, a
  ``# yaml-language-server: $schema=`` modeline relative to it, so the pack works in any folder and
  its schemas are refreshed with ``rulecraft schemas --write schemas``;
- ``.vscode/settings.json`` mapping each file to its schema (``yaml.schemas``) for VS Code;
- ``scenarios/first.yaml``, a rule test of the new pilot's ability (naming the folders of dependencies
  rulecraft does not ship, which ``rulecraft test`` cannot look up by id), and a ``README.md``.

It writes only into a folder that does not exist or is empty: nothing of the author's is overwritten.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from rulecraft.compiler.packs import Pack, shipped_packs
from rulecraft.compiler.resolve import Stack
from rulecraft.compiler.schema_export import export_schemas
from rulecraft.compiler.validate import SUFFIX

SCHEMAS = "schemas"
GAME_ID = "tem"
SCENARIO = "scenarios/first.yaml"
PILOT_KIND = "pilots"


class ScaffoldRefused(Exception):
    """The target folder exists and is not empty."""


@dataclass(frozen=True, slots=True)
class NewPack:
    """What to scaffold: the pack id and folder, and the checked stack of its dependencies."""

    id: str
    folder: Path
    depends: tuple[Pack, ...]
    stack: Stack

    @property
    def pilot_id(self) -> str:
        return f"{self.id}-rookie"


def _modeline(kind_schema: str, depth: int = 0) -> str:
    """The modeline naming a schema of the export: the manifest's at its top, a kind's under ``tem/``."""
    where = kind_schema if kind_schema == "pack" else f"{GAME_ID}/{kind_schema}"
    return f"# yaml-language-server: $schema={'../' * depth}{SCHEMAS}/{where}{SUFFIX}\n"


def _range(pack: Pack) -> str:
    """Versions compatible with the one found: the same major version, this minor or later."""
    version = pack.version
    return f">={version.major}.{version.minor},<{version.major + 1}"


def manifest(new: NewPack, files: list[str]) -> str:
    depends = "".join(f"  - {{id: {p.id}, version: \"{_range(p)}\"}}\n" for p in new.depends) or "  []\n"
    listed = "".join(f"  - {name}\n" for name in files)
    return (f"{_modeline('pack')}"
            f"# The pack manifest: see the pack format on the rulecraft docs site.\n"
            f"id: {new.id}\nname: {new.id.replace('-', ' ').title()}\nversion: 0.1.0\n"
            f"description: A new pack over {', '.join(p.id for p in new.depends) or 'nothing yet'}.\n"
            f"rulecraft: \">=0.1,<1\"\ndepends:\n{depends}plugins: []\nfiles:\n{listed}")


SECTIONS_HELP = """\
# Sections (any of them, in this order): `entries` adds new entities; `replace` swaps a dependency's
# entity for a whole new one; `patch` changes some fields of one (only what it names); `remove` drops
# one by id. `rulecraft explain . {kind}:<id>` shows where each field of an entity came from.
"""


def pilots_file(new: NewPack) -> str:
    return (f"{_modeline(PILOT_KIND)}kind: {PILOT_KIND}\n{SECTIONS_HELP.format(kind=PILOT_KIND)}"
            f"# An example new pilot; its ability is tested by {SCENARIO}. Every value is designed.\n"
            f"entries:\n  - id: {new.pilot_id}\n    name: Rookie\n    health: 5\n"
            f"    ability: \"when you collect: gain 1 energy\"\n    designed: true\n")


def patch_file(kind: str, entity_id: str, owner: str) -> str:
    return (f"{_modeline(kind)}kind: {kind}\n{SECTIONS_HELP.format(kind=kind)}"
            f"# An example patch of {owner}'s '{entity_id}': it sets only `notes`, so the game is "
            f"unchanged.\npatch:\n  - id: {entity_id}\n    notes: An example patch by this pack; edit or "
            f"remove it.\n")


SCENARIO_TEMPLATE = """\
# Rule tests for this pack: `rulecraft test scenarios`. Each scenario sets up a table (`given`),
# plays steps (`when`) and checks the result (`then`); see the scenario guide on the docs site.
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


def _outside_rulecraft(new: NewPack) -> list[str]:
    """The dependency folders a scenario must name, relative to ``scenarios/``: the shipped packs are found
    by id, any other only by its folder (``rulecraft test`` has no ``--pack-path``)."""
    shipped = {str(folder) for folder in shipped_packs()}
    scenarios = (new.folder / SCENARIO).parent.resolve()
    return [Path(os.path.relpath(Path(str(p.folder)).resolve(), scenarios)).as_posix()
            for p in new.stack.packs if str(p.folder) not in shipped]


def scenario_file(new: NewPack) -> str:
    outside = _outside_rulecraft(new)
    found = ", after its dependencies that rulecraft does not ship" if outside else ", over its dependencies"
    return _modeline("scenario", 1) + SCENARIO_TEMPLATE.format(pilot=new.pilot_id, pack=new.id,
                                                               packs=", ".join([*outside, ".."]), found=found)


README_TEMPLATE = """\
# {pack}

A rulecraft content pack over {depends}, made by `rulecraft new pack`.

## Work on it

```sh
rulecraft check .                 # validate and resolve: every problem at file:line:column
rulecraft test scenarios          # run the rule tests in scenarios/
rulecraft explain . pilots:{pilot}   # an entity and where each field came from
rulecraft schemas --write schemas # refresh the editor schemas after upgrading rulecraft
```

## Files

- `pack.yaml`: the manifest (id, version, dependencies, the files in load order).
{kinds}- `{scenario}`: a first rule test.
- `schemas/`: the JSON Schemas each YAML file names in its first line, for the YAML language server
  (VS Code's YAML extension reads `.vscode/settings.json` too).
"""


def readme(new: NewPack, kinds: list[str]) -> str:
    listed = "".join(f"- `{kind}.yaml`: {kind} (an example to edit).\n" for kind in kinds)
    depends = ", ".join(p.id for p in new.depends)
    return README_TEMPLATE.format(pack=new.id, depends=depends, pilot=new.pilot_id, kinds=listed,
                                  scenario=SCENARIO)


def vscode_settings(kinds: list[str]) -> str:
    mapping = {f"./{SCHEMAS}/pack{SUFFIX}": ["pack.yaml"]}
    mapping |= {f"./{SCHEMAS}/{GAME_ID}/{kind}{SUFFIX}": [f"{kind}.yaml"] for kind in kinds}
    mapping[f"./{SCHEMAS}/{GAME_ID}/scenario{SUFFIX}"] = ["scenarios/*.yaml"]
    return json.dumps({"yaml.schemas": mapping}, indent=2) + "\n"


def files_of(new: NewPack) -> dict[str, str]:
    """Every file of the new pack but the schemas: relative path -> text."""
    kinds = [kind for kind in new.stack.kinds() if new.stack.of_kind(kind)]
    kinds += [] if PILOT_KIND in kinds else [PILOT_KIND]  # the scenario tests the example pilot
    examples: dict[str, str] = {}
    for kind in kinds:
        if kind == PILOT_KIND:
            examples[f"{kind}.yaml"] = pilots_file(new)
        else:
            entity = new.stack.of_kind(kind)[0]
            examples[f"{kind}.yaml"] = patch_file(kind, entity.id, entity.locate().pack)
    return {"pack.yaml": manifest(new, list(examples)), **examples, SCENARIO: scenario_file(new),
            "README.md": readme(new, kinds), ".vscode/settings.json": vscode_settings(kinds)}


def scaffold_pack(new: NewPack) -> list[Path]:
    """Write the new pack (see module docstring); refuse a folder that exists and is not empty."""
    folder = new.folder
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldRefused(f"{folder} already exists and is not empty; choose a new folder")
    written = []
    for name, text in files_of(new).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    export_schemas(folder / SCHEMAS)
    return written
