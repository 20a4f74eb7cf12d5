"""Generate: a new content pack of any game, ready for an editor and for ``rulecraft check``.

``scaffold_pack(new, examples)`` writes, for a pack layered over ``new.stack`` (its dependencies, checked):

- ``pack.yaml`` naming the dependencies with the version range of the ones found;
- one example file per content kind the stack has: the game's own example of that kind if it brings one
  (its GameDefinition's ``scaffold`` member, e.g. a new entity a rule test checks), else a ``patch`` of one
  of the dependency's entities (a note, or one of its own values set again where its kind has no
  ``notes``), each with comments on the four sections. Every example is commented out: a new pack adds
  and changes nothing until its author enables one, so a comparison of it against its dependencies shows
  only the author's changes (issue 20); ``NewPack.enabled`` (``new pack --examples``) writes them live;
- the game's other examples (a first rule test), under ``examples/`` while its example is disabled, else
  under ``scenarios/``;
- ``schemas/`` with the JSON Schemas (``rulecraft.compiler.schema_export``) and, in every YAML file, a
  ``# yaml-language-server: $schema=`` modeline relative to it, so the pack works in any folder and
  its schemas are refreshed with ``rulecraft schemas --write schemas``;
- ``.vscode/settings.json`` mapping each file to its schema (``yaml.schemas``) for VS Code and starting
  ``rulecraft lsp`` (the installed ``rulecraft`` that wrote the pack) through the generic LSP client that
  ``.vscode/extensions.json`` recommends beside the YAML extension, and a ``README.md``.

It writes only into a folder that does not exist or is empty: nothing of the author's is overwritten.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulecraft.compiler.packs import Pack, shipped_packs
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.schema_export import export_schemas
from rulecraft.compiler.validate import SUFFIX, load_schema
from rulecraft.runtime import games

SCHEMAS = "schemas"
SCENARIOS = "scenarios"
EXAMPLES = "examples"    # a disabled scaffold's rule tests of its examples, until they are enabled


class ScaffoldRefused(Exception):
    """The target folder exists and is not empty."""


@dataclass(frozen=True, slots=True)
class NewPack:
    """What to scaffold: the pack id and folder, and the checked stack of its dependencies (whose game,
    ``stack.game``, is the new pack's)."""

    id: str
    folder: Path
    depends: tuple[Pack, ...]
    stack: Stack
    enabled: bool = False     # the examples as live content (``new pack --examples``), not commented out

    @property
    def game(self) -> str:
        assert self.stack.game is not None, "a checked stack has a game"
        return self.stack.game


@dataclass(frozen=True, slots=True)
class Example:
    """One of a game's own example files: ``path`` is ``KIND.yaml`` for a content kind (listed in the
    manifest) or a scenario file under ``scenarios/``; ``text`` has no modeline (the scaffold adds it);
    ``about`` is its README line; ``entity`` (``KIND:ID``) the one the README's ``explain`` shows."""

    path: str
    text: str
    about: str
    entity: str | None = None


def _modeline(new: NewPack, kind_schema: str, depth: int = 0) -> str:
    """The modeline naming a schema of the export: the manifest's at its top, a kind's under the game's."""
    where = kind_schema if kind_schema == "pack" else f"{new.game}/{kind_schema}"
    return f"# yaml-language-server: $schema={'../' * depth}{SCHEMAS}/{where}{SUFFIX}\n"


def _range(pack: Pack) -> str:
    """Versions compatible with the one found: the same major version, this minor or later."""
    version = pack.version
    return f">={version.major}.{version.minor},<{version.major + 1}"


def manifest(new: NewPack, files: list[str]) -> str:
    depends = "".join(f"  - {{id: {p.id}, version: \"{_range(p)}\"}}\n" for p in new.depends) or "  []\n"
    listed = "".join(f"  - {name}\n" for name in files)
    return (f"{_modeline(new, 'pack')}"
            f"# The pack manifest: see the pack format on the rulecraft docs site.\n"
            f"id: {new.id}\nname: {new.id.replace('-', ' ').title()}\nversion: 0.1.0\n"
            f"description: A new pack over {', '.join(p.id for p in new.depends) or 'nothing yet'}.\n"
            f"rulecraft: \">=0.1,<1\"\ndepends:\n{depends}plugins: []\nfiles:\n{listed}")


SECTIONS_HELP = """\
# Sections (any of them, in this order): `entries` adds new entities; `replace` swaps a dependency's
# entity for a whole new one; `patch` changes some fields of one (only what it names); `remove` drops
# one by id. `rulecraft explain . {kind}:<id>` shows where each field of an entity came from.
"""


ENABLE = "# The example below is disabled: remove the `# ` before each of its lines to enable it.\n"


def disabled(body: str) -> str:
    """``body`` commented out, every line behind one ``# `` (its comments too): the pack changes nothing
    until the author removes them (an editor's toggle-comment gives ``body`` back exactly)."""
    return ENABLE + "".join(f"# {line}" for line in body.splitlines(keepends=True))


def kind_file(new: NewPack, kind: str, body: str, enabled: bool = False) -> str:
    """A content file of ``kind``: its modeline, its ``kind:`` and the sections' help, then ``body``,
    commented out unless ``enabled``."""
    return (f"{_modeline(new, kind)}kind: {kind}\n{SECTIONS_HELP.format(kind=kind)}"
            f"{body if enabled else disabled(body)}")


def _takes_notes(game: str, kind: str) -> bool:
    """Whether the game's ``kind`` has a ``notes`` field (its schema's ``definitions.fields``)."""
    resource = games.get(game).kinds.get(kind)
    fields = load_schema(resource).get("definitions", {}).get("fields", {}) if resource else {}
    return "notes" in fields.get("properties", {})


def patch_body(new: NewPack, entity: Entity) -> str:
    """A patch that leaves the game as it is: a note, where the kind has ``notes``, else one of the
    entity's own values set again (its ``name`` if it has one)."""
    owner = entity.locate().pack
    if _takes_notes(new.game, entity.kind):
        return (f"# An example patch of {owner}'s '{entity.id}': it sets only `notes`, so the game plays "
                f"the same.\npatch:\n  - id: {entity.id}\n    notes: An example patch by this pack; edit or "
                f"remove it.\n")
    scalars = [key for key, value in entity.data.items()
               if key != "id" and isinstance(value, str | int | float | bool)]
    field = "name" if "name" in scalars else scalars[0] if scalars else None
    restated = f"    {field}: {json.dumps(entity.data[field])}\n" if field else ""
    what = f"sets `{field}` to the value it has" if field else "names it and changes nothing"
    return (f"# An example patch of {owner}'s '{entity.id}': it {what}, so the game plays the same.\n"
            f"patch:\n  - id: {entity.id}\n{restated}")


def scenario_packs(new: NewPack, scenario: str) -> list[str]:
    """The ``packs`` a scenario file at ``scenario`` (relative to the pack) names: the dependency folders
    rulecraft does not ship, relative to it (the shipped packs are found by id, any other only by its
    folder: ``rulecraft test`` has no ``--pack-path``), then the new pack."""
    shipped = {str(folder) for folder in shipped_packs()}
    here = (new.folder / scenario).parent.resolve()
    outside = [Path(os.path.relpath(Path(str(p.folder)).resolve(), here)).as_posix()
               for p in new.stack.packs if str(p.folder) not in shipped]
    return [*outside, Path(os.path.relpath(new.folder.resolve(), here)).as_posix()]


README_TEMPLATE = """\
# {pack}

A rulecraft content pack over {depends}, made by `rulecraft new pack`.

## Work on it

```sh
rulecraft check .                 # validate and resolve: every problem at file:line:column
{test}rulecraft explain . {entity}   # an entity and where each field came from
rulecraft schemas --write schemas # refresh the editor schemas after upgrading rulecraft
```

{enable}## Files

- `pack.yaml`: the manifest (id, version, dependencies, the files in load order).
{files}- `schemas/`: the JSON Schemas each YAML file names in its first line, for the YAML language server
  (VS Code's YAML extension reads `.vscode/settings.json` too).
"""
TEST_LINE = f"rulecraft test {SCENARIOS}          # run the rule tests in {SCENARIOS}/\n"
ENABLE_TEXT = ("The pack changes nothing yet: the example in each content file is commented out, so a "
               "comparison (`rulecraft sim --compare`) shows only what you change. To enable one, remove the "
               "`# ` before its lines (an editor's toggle-comment on the selection does it). {tests}"
               "`rulecraft new pack NAME --examples` writes a pack with every example enabled.")
TESTS_TEXT = (f"Its rule test waits in `{EXAMPLES}/`: move the file into `{SCENARIOS}/` once the example "
              f"it tests is enabled, then run `rulecraft test {SCENARIOS}`. ")


def readme(new: NewPack, listed: list[tuple[str, str]], entity: str, scenarios: bool) -> str:
    files = "".join(f"- `{path}`: {about}\n" for path, about in listed)
    text = ENABLE_TEXT.format(tests=TESTS_TEXT if scenarios else "")
    enable = "" if new.enabled else f"## Enable an example\n\n{textwrap.fill(text, 104)}\n\n"
    return README_TEMPLATE.format(pack=new.id, depends=", ".join(p.id for p in new.depends), entity=entity,
                                  files=files, test=TEST_LINE if scenarios and new.enabled else "",
                                  enable=enable)


# VS Code's YAML extension (the schemas) and a generic LSP client (``rulecraft lsp``): it offers both.
VSCODE_EXTENSIONS = ["redhat.vscode-yaml", "zsol.vscode-glspc"]


def lsp_command() -> str:
    """The ``rulecraft`` beside the running Python (a venv's), so the editor starts this installation's
    server wherever its PATH leads; plain ``rulecraft`` when there is none."""
    script = Path(sys.executable).with_name("rulecraft")
    return str(script) if script.is_file() else "rulecraft"


def vscode_settings(new: NewPack, kinds: list[str]) -> str:
    mapping = {f"./{SCHEMAS}/pack{SUFFIX}": ["pack.yaml"]}
    mapping |= {f"./{SCHEMAS}/{new.game}/{kind}{SUFFIX}": [f"{kind}.yaml"] for kind in kinds}
    mapping[f"./{SCHEMAS}/{new.game}/scenario{SUFFIX}"] = [f"{SCENARIOS}/*.yaml"]
    server = {"glspc.server.command": lsp_command(), "glspc.server.commandArguments": ["lsp"],
              "glspc.server.languageId": ["yaml"]}
    return json.dumps({"yaml.schemas": mapping, **server}, indent=2) + "\n"


def files_of(new: NewPack, examples: Sequence[Example] = ()) -> dict[str, str]:
    """Every file of the new pack but the schemas: relative path -> text."""
    own = {example.path: example for example in examples}
    kinds = [kind for kind in new.stack.kinds() if new.stack.of_kind(kind)]
    kinds += [path.removesuffix(".yaml") for path in own
              if "/" not in path and path.removesuffix(".yaml") not in kinds]
    content: dict[str, str] = {}
    listed: list[tuple[str, str]] = []
    entities = [example.entity for example in examples if example.entity and new.enabled]
    for kind in kinds:
        path = f"{kind}.yaml"
        if path in own:
            content[path] = kind_file(new, kind, own[path].text, new.enabled)
            listed.append((path, own[path].about))
        else:
            first = new.stack.of_kind(kind)[0]
            content[path] = kind_file(new, kind, patch_body(new, first), new.enabled)
            listed.append((path, f"{kind} (an example to edit)."))
            entities.append(f"{kind}:{first.id}")
    folder = SCENARIOS if new.enabled else EXAMPLES
    scenarios = {f"{folder}/{path.removeprefix(SCENARIOS + '/')}":
                 (f"{_modeline(new, 'scenario', path.count('/'))}{example.text}", example.about)
                 for path, example in own.items() if path.startswith(f"{SCENARIOS}/")}
    listed += [(path, about if new.enabled else f"{about} Move it into `{SCENARIOS}/` when you enable "
                                                 "the example it tests.")
               for path, (_, about) in scenarios.items()]
    return {"pack.yaml": manifest(new, list(content)), **content,
            **{path: text for path, (text, _) in scenarios.items()},
            "README.md": readme(new, listed, entities[0] if entities else "KIND:ID", bool(scenarios)),
            ".vscode/settings.json": vscode_settings(new, kinds),
            ".vscode/extensions.json": json.dumps({"recommendations": VSCODE_EXTENSIONS}, indent=2) + "\n"}


def scaffold_pack(new: NewPack, examples: Sequence[Example] = ()) -> list[Path]:
    """Write the new pack (see module docstring) with the game's ``examples``; refuse a folder that exists
    and is not empty."""
    folder = new.folder
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldRefused(f"{folder} already exists and is not empty; choose a new folder")
    written = []
    for name, text in files_of(new, examples).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    export_schemas(folder / SCHEMAS, {new.game})
    return written
