"""Generate: the effect DSL reference (Markdown) from the vocabulary registry.

Every trigger, verb, attribute and value is listed with its description and an example, and each
example is compiled on the spot to show the rule text it prints, so the reference documents the
registry as it is (plugins included) and cannot show an example that does not compile. Verbs that say
the same thing to different targets (one verb per target, as Mecha Game's ``deal N damage to ...``) are
one row, their targets listed in it; a section the vocabulary has nothing for is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulecraft.compiler import errorcodes
from rulecraft.compiler.effects.build import compile_effect
from rulecraft.compiler.effects.vocabulary import NUMBER, Verb, Vocabulary


@dataclass(frozen=True, slots=True)
class ReferenceGuide:
    """The prose of a game's DSL reference: the syntax section (examples in the game's words), what is
    said before the triggers table, and the entity kind the verb examples are compiled for."""

    syntax: str
    triggers: str
    verb_kind: str | None = None

def _row(*cells: str) -> str:
    return "| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |"


def _example(source: str, entity_kind: str | None, vocabulary: Vocabulary) -> str:
    compiled = compile_effect(source, entity_kind, vocabulary)
    return compiled.text if compiled.ok else "(does not compile: " + compiled.problems[0].message + ")"


def _owner(example: str, kinds: frozenset[str] | None, default: str | None, vocabulary: Vocabulary
           ) -> str | None:
    """The entity kind to compile a verb's example for: the guide's ``default`` unless the verb's ``kinds`` or
    those of the example's trigger leave it out (then the first kind both allow)."""
    trigger = vocabulary.phrases.get(example.partition(":")[0].strip())
    allowed = [k for k in (kinds, trigger.kinds if trigger else None) if k is not None]
    if not allowed:
        return default
    both = frozenset.intersection(*allowed)
    return default if default in both or not both else sorted(both)[0]


def _usable(verb: Verb, vocabulary: Vocabulary) -> str:
    return ("any trigger" if verb.triggers is None else
            ", ".join(f"`{t.phrase}`" for t in vocabulary.triggers.values() if t.id in verb.triggers))


def _verb_groups(verbs: Sequence[Verb]) -> list[list[Verb]]:
    """Neighbouring verbs with one description and the same slots (one verb per target of one action)."""
    groups: list[list[Verb]] = []
    for verb in verbs:
        last = groups[-1][0] if groups else None
        if last is not None and (last.description, last.slots) == (verb.description, verb.slots):
            groups[-1].append(verb)
        else:
            groups.append([verb])
    return groups


def _split(group: Sequence[Verb]) -> tuple[list[str], list[list[str]], list[str]]:
    """The words every pattern of ``group`` starts with, each one's own middle, and the words all end with."""
    words = [v.pattern.split() for v in group]
    head = 0
    while all(len(w) > head for w in words) and len({w[head] for w in words}) == 1:
        head += 1
    tail = 0
    while all(len(w) > head + tail for w in words) and len({w[-1 - tail] for w in words}) == 1:
        tail += 1
    return words[0][:head], [w[head:len(w) - tail] for w in words], words[0][len(words[0]) - tail:]


def _pattern(group: Sequence[Verb]) -> str:
    if len(group) == 1:
        return group[0].pattern
    head, _, tail = _split(group)
    return " ".join([*head, "TARGET", *tail])


def _targets(group: Sequence[Verb], vocabulary: Vocabulary) -> str:
    """``TARGET`` is one of: each verb's own words, with where it may be used when that is narrower."""
    _, middles, _ = _split(group)
    parts = []
    for verb, middle in zip(group, middles, strict=True):
        limits = [f"in {_usable(verb, vocabulary)}"] if verb.triggers is not None else []
        limits += [f"{', '.join(sorted(verb.kinds))} only"] if verb.kinds else []
        parts.append(f"`{' '.join(middle) or '(none)'}`" + (f" ({'; '.join(limits)})" if limits else ""))
    return "TARGET is one of: " + ", ".join(parts) + "."


NO_GUIDE = ReferenceGuide("Abilities are a trigger, a colon and what happens.\n", "")


def reference(vocabulary: Vocabulary) -> str:
    """The whole reference of a game's vocabulary as Markdown, with the game's own prose
    (``vocabulary.guide``)."""
    guide = vocabulary.guide if isinstance(vocabulary.guide, ReferenceGuide) else NO_GUIDE
    out = ["# The effect DSL", "", guide.syntax, "## Triggers", "", guide.triggers, "",
           _row("trigger", "id", "fires", "example", "prints"), _row(*["---"] * 5)]
    for t in vocabulary.triggers.values():
        kind = next(iter(sorted(t.kinds))) if t.kinds else None
        also = f" (also: {', '.join(f'`{a}`' for a in t.aliases)})" if t.aliases else ""
        only = f" Only {', '.join(sorted(t.kinds))} abilities." if t.kinds else ""
        out.append(_row(f"`{t.phrase}`{also}", f"`{t.id}`", t.step + "." + only, f"`{t.example}`",
                        _example(t.example, kind, vocabulary)))
    out += ["", "## Verbs", "", _row("verb", "usable", "does", "example", "prints"), _row(*["---"] * 5)]
    for group in _verb_groups(list(vocabulary.verbs.values())):
        v = group[0]
        ranges = "; ".join(f"{s.name} {s.low}-{s.high}" for s in v.slots if s.type == NUMBER)
        kind = _owner(v.example, v.kinds, guide.verb_kind, vocabulary)
        does = v.description + (f" ({ranges})" if ranges else "")
        if len(group) == 1:
            usable = _usable(v, vocabulary)
            does += f" Only {', '.join(sorted(v.kinds))} abilities." if v.kinds else ""
        else:
            usable = "as each target allows"
            does += " " + _targets(group, vocabulary)
        out.append(_row(f"`{_pattern(group)}`", usable, does, f"`{v.example}`",
                        _example(v.example, kind, vocabulary)))
    if vocabulary.attributes:
        out += ["", "## Attributes", "", "Read-only values of the game, usable where a number (or value) "
                "goes.", "", _row("attribute", "type", "meaning", "readable", "example"), _row(*["---"] * 5)]
    for a in vocabulary.attributes.values():
        readable = ("any trigger" if a.triggers is None else
                    ", ".join(f"`{t.phrase}`" for t in vocabulary.triggers.values() if t.id in a.triggers))
        out.append(_row(f"`{a.name}`", a.type, a.description, readable, f"`{a.example}`"))
    if vocabulary.kinds:
        out += ["", "## Values", "", _row("kind", "words", "meaning"), _row(*["---"] * 3)]
    for k in vocabulary.kinds.values():
        out.append(_row(k.name, ", ".join(f"`{w}`" for w in k.values), k.description))
    out += ["", "## Errors", "", "Every problem is reported at its file, line and column, with the caret "
            "under the offending word.", "", _row("code", "meaning"), _row("---", "---")]
    effect_codes = [c for c in errorcodes.REGISTRY.values()
                    if c.code.startswith("effect-") or c.code == "text-drift"]
    out += [_row(f"`{c.code}`", c.summary) for c in effect_codes]
    return "\n".join(out) + "\n"
