"""Diagnostics: the registry of every error code the core reports, and how a game adds its own.

Codes are stable, kebab-case and documented once, like mypy's ``errorcodes.py``: tools, tests and users
match on the code, never on the message. Each stage of the core adds its codes in its own section below
(``REGISTRY``; a code registered twice is a bug and fails at import). A game's codes are the game's: it
defines them as :class:`ErrorCode` s in its own module and registers them through its definition's
``error_codes`` member, so the core's registry names no game. ``owners(games)`` gathers the core's codes
and each game's, and refuses a code that two owners register (:class:`CodeClash`, naming both).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rulecraft.runtime.games import GameDefinition, GameLoadError


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class ErrorCode:
    code: str
    summary: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        return self.code


REGISTRY: dict[str, ErrorCode] = {}
CODE_FORM = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")   # kebab-case, what a case's `code:` matches


def register(code: str, summary: str, severity: Severity = Severity.ERROR) -> ErrorCode:
    """Add a code to the registry; a duplicate is a programming error."""
    if code in REGISTRY:
        raise ValueError(f"error code {code!r} registered twice")
    entry = ErrorCode(code, summary, severity)
    REGISTRY[code] = entry
    return entry


# --- usage and internal ------------------------------------------------------------------
USAGE = register("usage", "The command was called with arguments it cannot use.")
FILE_NOT_FOUND = register("file-not-found", "A path named on the command line or in a pack does not exist.")
INTERNAL = register("internal-error", "A bug in rulecraft, not in your content; please report it.")

# --- load: reading YAML safely -----------------------------------------------------------
FILE_TOO_LARGE = register("file-too-large", "A content file is larger than the loader accepts.")
NOT_UTF8 = register("not-utf8", "A content file is not valid UTF-8 text.")
BYTE_ORDER_MARK = register("byte-order-mark", "A content file starts with a byte order mark.")
YAML_SYNTAX = register("yaml-syntax", "The file is not well-formed YAML.")
YAML_ANCHOR = register("yaml-anchor", "Anchors and aliases are not allowed; `extends:` reuses an entry.")
YAML_DUPLICATE_KEY = register("duplicate-key", "A mapping names the same key twice.")
YAML_TAG = register("yaml-tag", "A tag outside YAML's core schema was used.")
YAML_TOO_DEEP = register("too-deep", "Nesting is deeper than the loader accepts.")
YAML_COMPLEX_KEY = register("complex-key", "A mapping key is a list or mapping; keys must be plain text.")
YAML_MULTI_DOCUMENT = register("multiple-documents", "A content file holds more than one YAML document.")

# --- validate: JSON Schema checks of files and resolved entities --------------------------
SCHEMA_TYPE = register("schema-type", "A value has the wrong type (text where a number belongs, ...).")
SCHEMA_REQUIRED = register("schema-required", "A required field is missing.")
UNKNOWN_KEY = register("unknown-key", "A mapping has a key its schema does not know (often a typo).")
ENUM_VALUE = register("enum-value", "A value is not one of the allowed choices.")
SCHEMA_RANGE = register("schema-range", "A number, text or list is outside its allowed size or range.")
SCHEMA_PATTERN = register("schema-pattern", "A text value does not have the required form.")
SCHEMA_VIOLATION = register("schema-violation", "A value breaks its schema in a way no other code names.")
UNKNOWN_KIND = register("unknown-kind", "A content file names a `kind` rulecraft has no schema for.")

# --- packs: manifests, discovery and load order -------------------------------------------
MISSING_MANIFEST = register("missing-manifest", "A pack folder has no `pack.yaml`.")
PACK_MANIFEST = register("pack-manifest", "A pack manifest is inconsistent (bad version, duplicate pack id).")
MISSING_FILE = register("missing-file", "A file listed in a manifest's `files` does not exist.")
UNLISTED_FILE = register("unlisted-file", "A YAML file in a pack folder is not listed in `files`.",
                         Severity.WARNING)
DEPENDENCY_CYCLE = register("dependency-cycle", "Packs depend on each other in a cycle.")
MISSING_DEPENDENCY = register("missing-dependency", "A pack depends on a pack that cannot be found.")
VERSION_MISMATCH = register("version-mismatch", "A dependency's version is outside the range a pack needs.")
RULECRAFT_VERSION = register("rulecraft-version", "A pack needs a rulecraft version other than this one.")

# --- resolve: layering packs into one stack ----------------------------------------------
DUPLICATE_ID = register("duplicate-id", "Two entities of the same kind share an id across the stack.")
UNKNOWN_ID = register("unknown-id", "replace/patch/remove/extends names an id that does not exist.")
EXTENDS_CYCLE = register("extends-cycle", "Entities extend each other in a cycle.")
PATCH_CONFLICT = register("patch-conflict", "Two unrelated packs change the same field.")

# --- effects: the effect DSL (parse, check, generate; rulecraft.compiler.effects) ---------
EFFECT_SYNTAX = register("effect-syntax", "An effect string does not follow the DSL's grammar.")
EFFECT_UNKNOWN_WORD = register("effect-unknown-word", "An effect uses a word the vocabulary does not know.")
EFFECT_ARGUMENTS = register("effect-arguments", "A verb's words or arguments do not match its pattern.")
EFFECT_TYPE = register("effect-type", "A value has the wrong type (a status where a number belongs, ...).")
EFFECT_TIMING = register("effect-timing", "A verb, attribute or trigger is used where its timing forbids it.")
EFFECT_RANGE = register("effect-range", "A number in an effect is outside its allowed range.")
EFFECT_UNREACHABLE = register("effect-unreachable", "A branch of an `if` can never run.")
EFFECT_TOO_COMPLEX = register("effect-too-complex", "An effect string is too long or nested too deeply.")
TEXT_DRIFT = register("text-drift", "A hand-written `text` differs from the text generated from the ability.")

# --- cross-references: what the content means together (each game's `stack_checks`) ---------
UNKNOWN_REFERENCE = register("unknown-reference", "A field names an entity that does not exist (a "
                             "colour, ...).")
MISSING_CONTENT = register("missing-content", "A game lacks a component its rules need (a unique piece, a "
                           "board for a player count).")
COUNT_MISMATCH = register("count-mismatch", "A number of components disagrees with the rule parameters "
                          "(cards per colour or per deck, Bases, the box's inventory).")
RULE_PARAMETER = register("rule-parameter", "Rule parameters contradict each other.")
DESIGNED_UNSET = register("designed-unset", "`designed` names a field the entity does not set.",
                          Severity.WARNING)

# --- print: print-and-play card sheets (rulecraft.compiler.docgen.cards.pdf) ----------------------
CARD_TEXT_OVERFLOW = register("card-text-overflow", "A card's text does not fit on the printed card.")

# --- scenarios: rule tests run by `rulecraft test` (compiler/scenario_files.py, a game's `check`) ----
SCENARIO_GAME = register("scenario-game", "A scenario file does not say its game (`game:`), or names one "
                         "that is not installed or has no rule scenarios.")
SCENARIO_STEP = register("scenario-step", "A scenario step does not do exactly one thing, or `setup` is "
                         "misplaced.")
SCENARIO_SEAT = register("scenario-seat", "A scenario names a player whose colour is not one of its seats.")
SCENARIO_NAME = register("scenario-name", "Two scenarios of one file share a name.")
SCENARIO_PACK = register("scenario-pack", "A scenario's pack folder does not exist.")

# --- generate: a resolved stack -> the runtime's model (each game's `builder`) -------------------
ENGINE_UNSUPPORTED = register("engine-unsupported", "A rule parameter has a value the engine cannot play.")

# --- effects with plugins: the vocabulary of the plugins a pack names (compiler/effects/pack.py) -----
PLUGIN_UNAVAILABLE = register("plugin-unavailable", "A pack names a plugin that cannot be loaded, so its "
                              "effect words are unknown.")

# --- plugin content kinds: kinds the plugins a pack names add (compiler/stack_plugins.py) ----------
KIND_CLASH = register("kind-clash", "A plugin registers a content kind that is already a shipped kind or "
                      "another plugin's.")
PLUGIN_KIND_SCHEMA = register("plugin-kind-schema", "A plugin's content kind names a schema file that "
                              "cannot be read as JSON.")

# --- diagnostics that find the cause (issue 10; compiler/indentation.py) ------------------------
YAML_INDENTATION = register("yaml-indentation", "A line's indentation lines up with no block around it, "
                            "or nests under a key that already holds a value.")

# --- safety: packs are data (compiler/stack_plugins.py, compiler/packs.py) -------------------------------
PLUGIN_UNKNOWN = register("plugin-unknown", "A pack names a plugin neither shipped with rulecraft nor "
                          "registered by an installed distribution; a name is never imported as a module.")
PLUGIN_WRONG_GAME = register("plugin-wrong-game", "A pack names a plugin of another game: a plugin declares "
                             "the game it extends (its entry-point group) and is never loaded into another.")
FILE_OUTSIDE_PACK = register("file-outside-pack", "A file a pack lists resolves (through a symlink) to a "
                             "place outside the pack folder; packs read only their own files.")
NOT_A_REGULAR_FILE = register("not-a-regular-file", "A file a pack lists is a folder, a device, a pipe or a "
                              "symlink loop, not a regular file.")
CONTROL_CHARACTER = register("control-character", "A content file holds a NUL byte or a control character "
                             "(other than tab and line breaks).")

# --- games: which game a stack is for (compiler/stack_game.py) ------------------------------------------
GAME_UNKNOWN = register("game-unknown", "A manifest's `game` names no registered game (`rulecraft games`).")
GAME_MISMATCH = register("game-mismatch", "Packs of two games are mixed: a pack depends on or is checked "
                                          "with a pack for another game.")
GAME_MISSING = register("game-missing", "No pack of the stack says which game it is for, directly or "
                                        "through what it depends on.")


# --- owners: the core's codes and each game's (``GameDefinition.error_codes``) ----------------------------
CORE = "core"   # the owner name of the codes above


@dataclass(frozen=True, slots=True)
class CodeOwner:
    """Who registers a set of codes: the core (``game`` empty) or a game, by its id and display name."""

    name: str
    game: str
    codes: tuple[ErrorCode, ...]

    def __str__(self) -> str:
        return f"game {self.game!r}" if self.game else "the core"


class CodeClash(GameLoadError):
    """A code registered by two owners, or a game's code that is no kebab-case :class:`ErrorCode`."""


def game_codes(game: GameDefinition) -> tuple[ErrorCode, ...]:
    """The codes ``game`` registers: its ``error_codes`` member (a tuple of :class:`ErrorCode`), loaded."""
    found = game.error_codes.load() if game.error_codes is not None else ()
    if not isinstance(found, tuple | list) or not all(isinstance(c, ErrorCode) for c in found):
        raise CodeClash(f"game {game.id!r}: error_codes ({game.error_codes}) must be a tuple of ErrorCode")
    for entry in found:
        if not CODE_FORM.match(entry.code):
            raise CodeClash(f"game {game.id!r} registers error code {entry.code!r}, which is not kebab-case")
    return tuple(found)


def owners(games: Iterable[GameDefinition]) -> list[CodeOwner]:
    """The core's codes, then each game's in the order given; a code two owners register (the core and a
    game, two games, or one game twice) is a :class:`CodeClash` naming both."""
    found = [CodeOwner(CORE, "", tuple(REGISTRY.values()))]
    found += [CodeOwner(game.name, game.id, game_codes(game)) for game in games]
    seen: dict[str, CodeOwner] = {}
    for owner in found:
        for entry in owner.codes:
            first = seen.get(entry.code)
            if first is not None:
                twice = f"{owner} registers error code {entry.code!r} twice"
                raise CodeClash(twice if first is owner else
                                f"error code {entry.code!r} is registered by {first} and by {owner}")
            seen[entry.code] = owner
    return found


def every_code(games: Iterable[GameDefinition]) -> dict[str, ErrorCode]:
    """Every code of the core and of ``games``, by code (each owner's in its order)."""
    return {entry.code: entry for owner in owners(games) for entry in owner.codes}
