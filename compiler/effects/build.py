"""Generate: compile one effect string end to end: parse, check, then both back ends.

``compile_effect`` is the effect compiler's single entry point for one string: it returns the
syntax tree, the typed abilities, every problem, and, when there is no error, each ability's
Python handler source and English text. ``load_handlers`` turns that into runnable
``CompiledAbility`` objects for the runtime.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulecraft.compiler.effects.problems import Problem
from rulecraft.compiler.effects.verify import load
from rulecraft.compiler.errorcodes import Severity
from rulecraft.runtime.compiled import CompiledAbility

if TYPE_CHECKING:
    from rulecraft.compiler.effects import ir, nodes
    from rulecraft.compiler.effects.vocabulary import Vocabulary


@dataclass(frozen=True, slots=True)
class CompiledEffect:
    """Everything the compiler learned about one effect string."""

    source: str
    tree: nodes.Effect | None
    abilities: tuple[ir.Ability, ...]
    problems: tuple[Problem, ...]
    python: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not any(p.code.severity is Severity.ERROR for p in self.problems)

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    @property
    def triggers(self) -> tuple[str, ...]:
        return tuple(a.trigger.id for a in self.abilities)


def compile_effect(source: str, entity_kind: str | None, vocabulary: Vocabulary) -> CompiledEffect:
    """Parse, check and (when clean) generate Python and English for one effect string."""
    # Imported here, not above: the parser imports lark, and the checker and generators their node and IR
    # classes, which a load from the warm compiled-effects cache never needs (start-up, issue 14).
    from rulecraft.compiler.effects import text as tx
    from rulecraft.compiler.effects.check import check
    from rulecraft.compiler.effects.parse import parse
    from rulecraft.compiler.effects.pygen import generate

    tree, problems = parse(source, vocabulary.phrases, vocabulary.examples)
    if tree is None:
        return CompiledEffect(source, None, (), tuple(problems))
    abilities, problems = check(tree, vocabulary, entity_kind)
    result = CompiledEffect(source, tree, tuple(abilities), tuple(problems))
    if not result.ok:
        return result
    return CompiledEffect(source, tree, tuple(abilities), tuple(problems),
                          tuple(generate(a) for a in abilities), tuple(tx.ability_text(a) for a in abilities))


def load_handlers(triggers: tuple[str, ...], python: tuple[str, ...], texts: tuple[str, ...],
                  origin: str, methods: frozenset[str]) -> tuple[CompiledAbility, ...]:
    """Runnable abilities from generated (or cached) source; each source is verified first, against the
    game's effect-context ``methods`` (``Vocabulary.methods``).

    ``origin`` (``pack/file:line:column (kind id)``) becomes the code's filename, so a runtime
    error's traceback names the card.
    """
    return tuple(CompiledAbility(trigger, load(source, origin, methods), text, origin)
                 for trigger, source, text in zip(triggers, python, texts, strict=True))
