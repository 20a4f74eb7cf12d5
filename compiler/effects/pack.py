"""Check: every effect of a resolved pack stack compiles, and hand-written card text has not drifted.

Which fields hold effects is the game's (``GameDefinition.ability_fields``: content kind -> the entity kind
its triggers see and the paths of the mappings holding an ``ability``). Next to an ``ability`` a mapping may
carry a hand-written ``text``; it must equal the generated text unless ``text_override`` says why it
differs (``text-drift``).

``check_stack_effects`` is the last stage of ``rulecraft.compiler.check`` (``rulecraft check``);
``compile_stack`` gives the runtime every ability as a ``CompiledAbility``. Both go through the per-user
cache (``compiled_sites``): when the pack files, rulecraft and the vocabulary are unchanged, no effect is
parsed; the check only reads the generated texts, the runtime's handlers are verified before they load.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.diagnostics import Diagnostic
from rulecraft.compiler.effects import cache
from rulecraft.compiler.effects.build import CompiledEffect, compile_effect, load_handlers
from rulecraft.compiler.effects.locate import position_in_scalar
from rulecraft.compiler.effects.verify import UnsafeCode
from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.loader import Document, JsonPath, Span, value_at
from rulecraft.compiler.packs import rulecraft_version
from rulecraft.compiler.resolve import Entity, Stack
from rulecraft.compiler.stack_plugins import StackPlugins, ask_plugins
from rulecraft.runtime.compiled import CompiledAbility
from rulecraft.runtime.games import get

LOG = logging.getLogger("rulecraft.effects.cache")

Holders = Callable[[dict[str, Any]], Iterable[JsonPath]]

AbilityFields = Mapping[str, tuple[str, Holders]]
"""Stack kind -> (entity kind the triggers see, function giving the paths of mappings that hold an
``ability``): what a game's ``ability_fields`` member names."""


def ability_fields(game: str | None) -> AbilityFields:
    """The ability fields of the game registered as ``game`` (none for a stack of no game)."""
    ref = get(game).ability_fields if game is not None else None
    return ref.load() if ref is not None else {}


@dataclass(frozen=True, slots=True)
class EffectSite:
    """One ``ability`` string in the stack: the entity, the path of the mapping holding it."""

    entity: Entity
    entity_kind: str
    holder: JsonPath
    mapping: dict[str, Any]

    @property
    def source(self) -> str:
        return self.mapping["ability"]

    @property
    def key(self) -> tuple[str, str, JsonPath]:
        """The site's key in :class:`CompiledPack` (kind, entity id, holder path)."""
        return self.entity.kind, self.entity.id, self.holder

    @property
    def origin(self) -> str:
        where = self.entity.locate((*self.holder, "ability"))
        part = "/".join(str(p) for p in self.holder)
        name = f"{self.entity.kind} {self.entity.id}" + (f" {part}" if part else "")
        return f"{where.file}:{where.line}:{where.column} ({where.pack} {name})"


def game_vocabulary(game: str | None) -> Vocabulary:
    """A fresh registry of the game's own words (no plugin's): its ``GameDefinition.vocabulary``."""
    ref = get(game).vocabulary if game is not None else None
    return ref.load()() if ref is not None else Vocabulary()


def sites(stack: Stack) -> Iterator[EffectSite]:
    """Every effect string of the stack, in kind then definition order."""
    for kind, (entity_kind, holders) in ability_fields(stack.game).items():
        for entity in stack.of_kind(kind):
            for holder in holders(entity.data):
                mapping = value_at(entity.data, holder)
                if isinstance(mapping, dict) and isinstance(mapping.get("ability"), str):
                    yield EffectSite(entity, entity_kind, holder, mapping)


class Locator:
    """Finds the YAML scalar an entity field came from, to place carets inside effect strings."""

    def __init__(self, stack: Stack):
        self.documents: dict[str, Document] = {d.path: d for p in stack.packs for d in p.documents}
        self.scalars: dict[str, dict[tuple[int, int], Span]] = {}

    def scalar(self, file: str, line: int, column: int) -> tuple[Document, Span] | None:
        document = self.documents.get(file)
        if document is None:
            return None
        if file not in self.scalars:
            spans = document.spans.values()
            self.scalars[file] = {(s.line, s.column): s for s in spans if s.style is not None}
        span = self.scalars[file].get((line, column))
        return (document, span) if span is not None else None

    def diagnostics(self, site: EffectSite, compiled: CompiledEffect) -> list[Diagnostic]:
        where = site.entity.locate((*site.holder, "ability"))
        found = self.scalar(where.file, where.line, where.column)
        out = []
        for problem in compiled.problems:
            start, end = (where.line, where.column), None
            if found is not None:
                document, span = found
                start = position_in_scalar(document.text, span, site.source, problem.start)
                end_line, last = position_in_scalar(document.text, span, site.source, problem.end - 1)
                end = (end_line, last + 1)
            out.append(Diagnostic.spanning(problem.code, problem.message, where.file, start, end,
                                           problem.hint))
        return out


def _normalize(text: str) -> str:
    return " ".join(text.split())


def drift(site: EffectSite, texts: tuple[str, ...] | None) -> Diagnostic | None:
    """``text-drift`` when a hand-written ``text`` differs from the generated one without a reason
    (``texts``: the site's generated texts, ``None`` when its effect did not compile)."""
    written = site.mapping.get("text")
    if not isinstance(written, str) or site.mapping.get("text_override") or texts is None:
        return None
    generated = "\n".join(texts)
    if _normalize(written) == _normalize(generated):
        return None
    return site.entity.diagnostic(codes.TEXT_DRIFT, "`text` differs from the text generated from `ability`",
                                  (*site.holder, "text"),
                                  hint=f"generated: {generated!r}; use it, or say why in `text_override`")


def stack_vocabulary(stack: Stack, plugins: StackPlugins) -> tuple[Vocabulary | None, list[Diagnostic]]:
    """The vocabulary the stack's effects compile with: the words of the stack's game plus those of the
    plugins (built-in, installed, and named in the packs' manifests), as the runtime will have them,
    from the plugin host (``plugins``). A named plugin that cannot be loaded is a ``plugin-unavailable``
    diagnostic at its manifest entry (vocabulary ``None``)."""
    game = str(stack.game)
    return ask_plugins(stack.packs, lambda names: plugins.vocabulary(names, game))


def check_effects(stack: Stack, vocabulary: Vocabulary) -> list[Diagnostic]:
    """Every effect compiles with ``vocabulary`` (located diagnostics otherwise) and no card text drifted.

    The effects are compiled through the per-user cache (:func:`compiled_sites`): an unchanged clean stack
    is not parsed again, and a check leaves the cache warm for the ``sim`` or ``play`` that follows. A check
    runs no handler, so it loads none (a game need not run generated handlers at all)."""
    compiled = compiled_sites(stack, vocabulary, stack_key(stack, vocabulary))
    out = list(compiled.diagnostics)
    for site in compiled.sites:
        item = compiled.items.get(site.key)
        problem = drift(site, tuple(item["texts"]) if item is not None else None)
        if problem is not None:
            out.append(problem)
    return out


def check_stack_effects(stack: Stack, plugins: StackPlugins) -> list[Diagnostic]:
    """The effects stage of ``rulecraft check``: :func:`check_effects` with the vocabulary of the stack's
    game and plugins (:func:`stack_vocabulary`)."""
    vocabulary, problems = stack_vocabulary(stack, plugins)
    return problems if vocabulary is None else check_effects(stack, vocabulary)


@dataclass(slots=True)
class CompiledPack:
    """Every ability of a stack, ready for the runtime, keyed by (kind, entity id, holder path)."""

    abilities: dict[tuple[str, str, JsonPath], tuple[CompiledAbility, ...]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    from_cache: bool = False

    def get(self, kind: str, entity_id: str, holder: JsonPath = ()) -> tuple[CompiledAbility, ...]:
        return self.abilities.get((kind, entity_id, tuple(holder)), ())


def stack_key(stack: Stack, vocabulary: Vocabulary) -> str:
    """The cache key of a stack's compiled effects: rulecraft's version, the stack's game and the
    fingerprint of the vocabulary it compiles with (the game's words and its plugins'), and every file."""
    parts = [str(rulecraft_version()), f"game:{stack.game}", vocabulary.fingerprint()]
    for pack in stack.packs:
        parts += [pack.id, str(pack.version)]
        for document in pack.documents:
            parts += [document.path, document.text]
    return cache.cache_key(parts)


Item = dict[str, Any]
"""One compiled site, as the cache stores it: kind, id, holder, origin, triggers, python, texts, binding."""


@dataclass(slots=True)
class CompiledSites:
    """The stack's sites, the compiled form of every clean one (by site key, in site order), the
    diagnostics of the others, and the text of the cache entry they were read from (``None``: compiled
    just now)."""

    sites: list[EffectSite]
    items: dict[tuple[str, str, JsonPath], Item]
    diagnostics: list[Diagnostic]
    entry_text: str | None = None


def compiled_sites(stack: Stack, vocabulary: Vocabulary, key: str | None) -> CompiledSites:
    """Every site compiled: from the cache entry under ``key`` when every item there is bound to its site's
    current source (:func:`cache.binding`), else from source, written to the cache when all are clean."""
    found_sites = list(sites(stack))
    if key is not None:
        found = cache.read(key)
        if found is not None:
            text, entry = found
            try:
                return CompiledSites(found_sites, _bound_items(entry, found_sites, vocabulary), [], text)
            except (KeyError, TypeError, ValueError) as exc:
                LOG.debug("compiled-effects cache entry %s ignored, recompiling: %s", key[:12], exc)
    return _fresh(stack, found_sites, vocabulary, key)


def _fresh(stack: Stack, found_sites: list[EffectSite], vocabulary: Vocabulary,
           key: str | None) -> CompiledSites:
    result = CompiledSites(found_sites, {}, [])
    locator = Locator(stack)
    fingerprint = vocabulary.fingerprint()
    for site in found_sites:
        compiled = compiled_effect(site.source, site.entity_kind, vocabulary)
        result.diagnostics += locator.diagnostics(site, compiled)
        if compiled.ok:
            result.items[site.key] = {
                "kind": site.entity.kind, "id": site.entity.id, "holder": list(site.holder),
                "origin": site.origin, "triggers": list(compiled.triggers), "python": list(compiled.python),
                "texts": list(compiled.texts),
                "binding": cache.binding(site.source, site.entity_kind, fingerprint,
                                         compiled.triggers, compiled.python, compiled.texts)}
    if key is not None and not result.diagnostics:
        cache.write(key, {"entries": list(result.items.values())})
    return result


# This process's compiled effects by (source, entity kind, vocabulary fingerprint), which is all a compile
# reads: a sweep's every point is a new stack (a new cache key) whose effects are nearly all the ones the
# point before compiled (issue 27: ~0.1 s a point). Bounded; a compile is pure and its result frozen, so
# sharing is safe.
_COMPILED: dict[tuple[str, str | None, str], CompiledEffect] = {}
_COMPILED_LIMIT = 4096


def compiled_effect(source: str, entity_kind: str | None, vocabulary: Vocabulary) -> CompiledEffect:
    """``compile_effect``, or what this process compiled already from the same source, entity kind and
    vocabulary (a game's builder compiles its abilities through it too: a sweep builds every point)."""
    key = (source, entity_kind, vocabulary.fingerprint())
    found = _COMPILED.get(key)
    if found is None:
        if len(_COMPILED) >= _COMPILED_LIMIT:
            _COMPILED.clear()
        found = _COMPILED[key] = compile_effect(source, entity_kind, vocabulary)
    return found


def _bound_items(entry: dict[str, Any], found_sites: list[EffectSite],
                 vocabulary: Vocabulary) -> dict[tuple, Item]:
    """The cached items, each re-bound to the stack's current effect source (:func:`cache.binding`);
    ValueError when any item does not match what its site would compile to, or a site has no item."""
    items = {(item["kind"], item["id"], tuple(item["holder"])): item for item in entry["entries"]}
    fingerprint = vocabulary.fingerprint()
    bound = {}
    for site in found_sites:
        item = items.pop(site.key, None)
        if item is None:
            raise ValueError(f"no cached ability for {site.key}")
        if item["binding"] != cache.binding(site.source, site.entity_kind, fingerprint, item["triggers"],
                                            item["python"], item["texts"]):
            raise ValueError(f"the cached ability of {site.key} was not compiled from its current source")
        bound[site.key] = item
    if items:
        raise ValueError(f"cached abilities for sites the stack does not have: {sorted(items)[:3]}")
    return bound


def _handlers(compiled: CompiledSites, vocabulary: Vocabulary) -> CompiledPack:
    """Runnable abilities of the compiled sites, each verified first (``load_handlers``), or the ones this
    process verified already from the very same source, origin and vocabulary (a sweep's next point)."""
    fingerprint = vocabulary.fingerprint()
    abilities = {}
    for key, item in compiled.items.items():
        loaded = (tuple(item["triggers"]), tuple(item["python"]), tuple(item["texts"]), item["origin"])
        found = _VERIFIED.get((*loaded, fingerprint))
        if found is None:
            if len(_VERIFIED) >= _COMPILED_LIMIT:
                _VERIFIED.clear()
            found = _VERIFIED[(*loaded, fingerprint)] = load_handlers(*loaded, vocabulary.methods)
        abilities[key] = found
    return CompiledPack(abilities, compiled.diagnostics, from_cache=compiled.entry_text is not None)


# This process's verified handlers by what they were loaded from (triggers, sources, texts, origin) and the
# vocabulary's fingerprint: abilities are immutable, so a sweep's points share them. Bounded.
_VERIFIED: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], str, str],
                tuple[CompiledAbility, ...]] = {}


# This process's loads from the cache: key -> (the entry's text, what it loaded to). The check stage and
# the builder both ask for the same stack; the second is handed the handlers the first verified, as long
# as the entry file still holds the very text they were verified from (start-up, issue 14).
_LOADED: dict[str, tuple[str, CompiledPack]] = {}
_LOADED_LIMIT = 8       # a sweep loads many stacks, one after the other


def compile_stack(stack: Stack, vocabulary: Vocabulary, use_cache: bool = True) -> CompiledPack:
    """Compile every effect of the stack into runnable abilities; unchanged packs load from the per-user
    cache. A cached handler that fails verification makes the whole stack compile again from source."""
    key = stack_key(stack, vocabulary) if use_cache else None
    compiled = compiled_sites(stack, vocabulary, key)
    text = compiled.entry_text
    if key is None or text is None:
        return _handlers(compiled, vocabulary)
    if key in _LOADED and _LOADED[key][0] == text:
        return _LOADED[key][1]
    try:
        loaded = _handlers(compiled, vocabulary)
    except (UnsafeCode, SyntaxError) as exc:
        LOG.debug("compiled-effects cache entry %s ignored, recompiling: %s", key[:12], exc)
        return _handlers(_fresh(stack, compiled.sites, vocabulary, key), vocabulary)
    if len(_LOADED) >= _LOADED_LIMIT:
        _LOADED.clear()
    _LOADED[key] = (text, loaded)
    return loaded
