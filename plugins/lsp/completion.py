"""Completion: the game's DSL words inside an effect string (only those allowed for the entity kind and,
after the colon, the trigger typed), and ids where an id is expected (a patch's, replace's or remove's
``id``, ``extends``, a manifest's ``depends``, and a key among keys naming entities, as a deck's cards)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from lsprotocol import types

from rulecraft.compiler.effects.vocabulary import Vocabulary
from rulecraft.compiler.resolve import Stack
from rulecraft.plugins.lsp.context import Effect

SLOT = re.compile(r"\{(\w+)\}")
CHANGES = frozenset({"patch", "replace", "remove"})


def _allowed(kinds: frozenset[str] | None, entity_kind: str | None) -> bool:
    return kinds is None or entity_kind is None or entity_kind in kinds


def effect_words(vocabulary: Vocabulary, entity_kind: str | None,
                 effect: Effect) -> list[types.CompletionItem]:
    """Triggers before the colon; after it, the verbs, attributes, accumulators and words allowed there."""
    if effect.trigger is None:
        return [types.CompletionItem(t.phrase, kind=types.CompletionItemKind.Event, detail=t.text)
                for t in vocabulary.triggers.values() if _allowed(t.kinds, entity_kind)]
    trigger = next((t.id for t in vocabulary.triggers.values()
                    if effect.trigger in (t.phrase, *t.aliases)), None)
    items = []
    for verb in vocabulary.verbs.values():
        if _allowed(verb.kinds, entity_kind) and (trigger is None or verb.triggers is None
                                                  or trigger in verb.triggers):
            snippet, count = verb.pattern, 0
            for count, slot in enumerate(SLOT.findall(verb.pattern), 1):
                snippet = snippet.replace(f"{{{slot}}}", f"${{{count}:{slot}}}", 1)
            items.append(types.CompletionItem(verb.pattern, kind=types.CompletionItemKind.Function,
                                              detail=verb.description, insert_text=snippet,
                                              insert_text_format=types.InsertTextFormat.Snippet))
    items += [types.CompletionItem(a.name, kind=types.CompletionItemKind.Property, detail=a.description)
              for a in vocabulary.attributes.values()
              if _allowed(a.kinds, entity_kind) and (trigger is None or a.triggers is None
                                                     or trigger in a.triggers)]
    items += [types.CompletionItem(a.name, kind=types.CompletionItemKind.Variable, detail=a.description)
              for a in vocabulary.accumulators.values()]
    items += [types.CompletionItem(word, kind=types.CompletionItemKind.EnumMember, detail=kind.description)
              for kind in vocabulary.kinds.values() for word in kind.values]
    return items


def entity_ids(stack: Stack, kind: str | None) -> list[types.CompletionItem]:
    """The ids of the stack's entities of ``kind`` (every kind when unknown), each with its pack."""
    kinds = [kind] if kind is not None else stack.kinds()
    return [types.CompletionItem(e.id, kind=types.CompletionItemKind.Reference,
                                 detail=f"{e.kind} from {e.locate().pack}")
            for k in kinds for e in stack.of_kind(k)]


def keyed_ids(stack: Stack, siblings: list[str]) -> list[types.CompletionItem]:
    """For a key among keys that name entities (a deck's cards), the ids of the kinds those keys name."""
    kinds = {entity.kind for key in siblings for entity in stack.find(key)}
    return [item for kind in sorted(kinds) for item in entity_ids(stack, kind)]


def pack_ids(ids: Iterable[str]) -> list[types.CompletionItem]:
    return [types.CompletionItem(pack, kind=types.CompletionItemKind.Module) for pack in sorted(ids)]
