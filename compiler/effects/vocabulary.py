"""Check: the effect DSL's vocabulary registry: triggers, verbs, attributes, value kinds, accumulators and
what `pay` pays with.

The grammar knows only the *shape* of an effect (triggers are words before a colon, a command is
a verb word followed by numbers and words); every meaning comes from this registry, so a plugin
adds a verb or a trigger by registering it here, never by editing the grammar or an ``if`` chain.
Each entry carries what the checker needs (argument types, allowed triggers, ranges), what the
Python back end needs (the call on the game's effect context) and what the English back end and the DSL
reference need (rule text, a one-line description, an example). The words themselves are each game's
(``GameDefinition.vocabulary``); this module holds the registry they are entered in.

Two mechanisms serve every game alike:

- **Whose ability it is.** An ability belongs to an entity of some kind (a card, a unit, a
  location: the game's ``ability_fields`` name it). A trigger, verb or attribute with ``kinds`` works only in
  abilities of those entity kinds, so "this unit" cannot appear on a command, whatever the trigger.
- **Named accumulators** (:class:`Accumulator`): numbers effects add to and the game's rules read where
  they apply: the damage of an attack, the cost being paid, a unit's power until end of turn. Declaring one
  gives the one general way to add to it, ``add N <name>`` (``+N <name>`` on a card); other verbs that change
  it say so with ``adds`` (and ``sign=-1`` for "reduce", "prevent").

``pay`` and ``pay up to`` are the language's; what they pay with is the game's (:class:`Payment`): the kind
of its words, the context method that pays and the read of how much the payer has.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

NUMBER = "number"
ARTICLES = frozenset({"a", "an", "the"})

# --- how a registry entry becomes an EffectContext call ---------------------------------


@dataclass(frozen=True, slots=True)
class Arg:
    """A verb's argument filled from the pattern slot ``name``."""

    name: str


@dataclass(frozen=True, slots=True)
class Const:
    """A constant argument (rendered with ``repr``)."""

    value: str | int


@dataclass(frozen=True, slots=True)
class Call:
    """``ctx.<method>(*args)``; ``method`` must be an EffectContext member (a plain identifier)."""

    method: str
    args: tuple[Arg | Const | Call | Choice, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    """Ask the player to pick one of ``options`` (a Call returning a sequence) with ``chooser``
    (``choose_zone``); the whole verb is skipped when there is no option."""

    chooser: str
    options: Call


# --- registry entries ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kind:
    """A named set of words (resources, statuses, weapon types): ``values`` maps word -> display."""

    name: str
    values: Mapping[str, str]
    description: str
    singular: Mapping[str, str] = field(default_factory=dict)  # display when the amount is 1


@dataclass(frozen=True, slots=True)
class Trigger:
    """When an ability runs. ``id`` is what the runtime fires; ``phrase`` how the DSL spells it."""

    id: str
    phrase: str
    text: str
    step: str
    example: str
    aliases: tuple[str, ...] = ()
    kinds: frozenset[str] | None = None  # entity kinds that may use it; None = all


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    type: str  # NUMBER or a Kind name
    low: int = 1
    high: int = 20


@dataclass(frozen=True, slots=True)
class Verb:
    """One command. ``pattern`` is words and ``{slot}`` placeholders, e.g. ``deal {amount} damage``.

    ``text`` renders the clause (lower case, no full stop); ``text_equal`` is used instead when
    the amount is not a plain number ("gain VP equal to ..."). ``scales`` names the slot that
    ``pay up to ...: ... each`` multiplies instead of repeating the verb.
    """

    id: str
    pattern: str
    slots: tuple[Slot, ...]
    call: Call
    text: str
    description: str
    example: str
    triggers: frozenset[str] | None = None
    text_equal: str | None = None
    scales: str | None = None
    kinds: frozenset[str] | None = None   # entity kinds whose abilities may use it; None = all
    adds: str | None = None               # the accumulator it changes, by ``sign`` times its amount
    sign: int = 1

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(w for w in self.pattern.split() if w not in ARTICLES)

    @property
    def head(self) -> str:
        return self.words[0]


@dataclass(frozen=True, slots=True)
class Attribute:
    """A read-only value of the game, e.g. ``health`` or ``attack-type``."""

    name: str
    type: str  # NUMBER or a Kind name
    call: Call
    text: str
    description: str
    example: str
    triggers: frozenset[str] | None = None
    low: int = 0  # the smallest value it can take; no upper bound: pack parameters can raise any maximum
    kinds: frozenset[str] | None = None   # entity kinds whose abilities may read it; None = all


@dataclass(frozen=True, slots=True)
class Accumulator:
    """A named modifier: a number effects add to and the rules read where it applies ("+1 power until end of
    turn", "the cost is reduced by 1"). :meth:`adding` builds the general way to add to it, ``add N <name>``;
    other verbs that change it name it in ``Verb.adds``."""

    name: str
    description: str     # what it is and where the rules read it

    def adding(self, call: Call, text: str, description: str, example: str,
               triggers: frozenset[str] | None = None, kinds: frozenset[str] | None = None,
               text_equal: str | None = None, tail: str = "", suffix: str = "",
               amount: Slot = Slot("amount", NUMBER)) -> Verb:
        """The verb ``add {amount} <name><tail>`` (``+N <name>`` on a card, when there is no tail): what it
        calls (its ``amount`` slot as ``Arg("amount")``), how it reads on a card and where it may be used, as
        for any verb. ``suffix`` tells apart the verb ids of several tails (targets)."""
        verb_id = f"add_{self.name.replace('-', '_')}" + (f"_{suffix}" if suffix else "")
        return Verb(verb_id, f"add {{amount}} {self.name}{tail}", (amount,), call, text, description, example,
                    triggers, text_equal, "amount", kinds, self.name)


@dataclass(frozen=True, slots=True)
class Payment:
    """What ``pay N WORD`` and ``pay up to N WORD: ... each`` pay with, in one game: the words of ``kind``,
    paid by ``ctx.<method>(word, amount)`` (``False`` when the payer cannot), with ``has`` the read of how
    much of ``Arg("word")`` the payer has (to offer only what it can afford)."""

    kind: str
    method: str
    has: Call


@dataclass(slots=True)
class Vocabulary:
    """The registry. ``register_*`` add entries; a duplicate name is a programming error."""

    kinds: dict[str, Kind] = field(default_factory=dict)
    triggers: dict[str, Trigger] = field(default_factory=dict)
    verbs: dict[str, Verb] = field(default_factory=dict)
    attributes: dict[str, Attribute] = field(default_factory=dict)
    phrases: dict[str, Trigger] = field(default_factory=dict)
    accumulators: dict[str, Accumulator] = field(default_factory=dict)
    payment: Payment | None = None          # what `pay` pays with; None: the game's effects pay nothing
    methods: frozenset[str] = frozenset()   # what handlers may call on ``ctx``: the game's effect context
    # the game's own examples quoted in error messages: "ability", "step", "pay", "pay_up_to", "may", and
    # "kind" (what `pay` pays with, e.g. "a resource")
    examples: dict[str, str] = field(default_factory=dict)
    guide: Any = None    # the game's prose for its DSL reference (``reference.ReferenceGuide``)
    _fingerprint: str | None = field(default=None, init=False, repr=False, compare=False)  # see fingerprint

    def register_context(self, methods: Iterable[str]) -> None:
        """Name the effect-context methods generated handlers may call (the verifier's allow-list); every
        call a verb or attribute makes must be one of them."""
        self._fingerprint = None
        self.methods = frozenset(methods)

    def register_accumulator(self, accumulator: Accumulator) -> Accumulator:
        """Declare an accumulator, before the verbs that change it (its ``adding`` one too)."""
        self._fingerprint = None
        _unique(self.accumulators, accumulator.name, "accumulator")
        self.accumulators[accumulator.name] = accumulator
        return accumulator

    def register_payment(self, payment: Payment) -> Payment:
        """Say what `pay` pays with (once): a registered kind, the paying method, the read of what one has."""
        self._fingerprint = None
        if self.payment is not None:
            raise ValueError("payment registered twice")
        if payment.kind not in self.kinds:
            raise ValueError(f"payment: unknown kind {payment.kind!r}")
        _check_call(Call(payment.method))
        _check_call(payment.has)
        self.payment = payment
        return payment

    def register_kind(self, kind: Kind) -> Kind:
        self._fingerprint = None
        _unique(self.kinds, kind.name, "kind")
        self.kinds[kind.name] = kind
        return kind

    def register_trigger(self, trigger: Trigger) -> Trigger:
        self._fingerprint = None
        _unique(self.triggers, trigger.id, "trigger")
        for phrase in (trigger.phrase, *trigger.aliases):
            _unique(self.phrases, phrase, "trigger phrase")
            self.phrases[phrase] = trigger
        self.triggers[trigger.id] = trigger
        return trigger

    def register_verb(self, verb: Verb) -> Verb:
        self._fingerprint = None
        _unique(self.verbs, verb.id, "verb")
        _check_call(verb.call)
        known = {s.name for s in verb.slots}
        placeholders = {w[1:-1] for w in verb.pattern.split() if w.startswith("{")}
        if placeholders != known:
            raise ValueError(f"verb {verb.id!r}: pattern slots {placeholders} != declared {known}")
        for slot in verb.slots:
            if slot.type != NUMBER and slot.type not in self.kinds:
                raise ValueError(f"verb {verb.id!r}: unknown slot type {slot.type!r}")
        if verb.adds is not None and verb.adds not in self.accumulators:
            raise ValueError(f"verb {verb.id!r}: unknown accumulator {verb.adds!r}")
        self.verbs[verb.id] = verb
        return verb

    def register_attribute(self, attribute: Attribute) -> Attribute:
        self._fingerprint = None
        _unique(self.attributes, attribute.name, "attribute")
        _check_call(attribute.call)
        self.attributes[attribute.name] = attribute
        return attribute

    def verbs_for(self, head: str) -> list[Verb]:
        return [v for v in self.verbs.values() if v.head == head]

    def kind_of_word(self, word: str) -> Kind | None:
        return next((k for k in self.kinds.values() if word in k.values), None)

    def fingerprint(self) -> str:
        """A hash of everything registered: part of the compiled-pack cache key (plugin set).

        Canonical (sets sorted), so it is the same in every process whatever PYTHONHASHSEED is. Worked
        out once and kept until the next ``register_*`` call: it was recomputed for every ability, and
        checking 10,000 abilities took 18-24 CPU s instead of 4.
        """
        if self._fingerprint is None:         # once per vocabulary, not once per ability (issue 28)
            tables = ("kinds", "triggers", "verbs", "attributes", "accumulators", "payment")
            entries = {name: _canonical(getattr(self, name)) for name in tables}
            self._fingerprint = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16]
        return self._fingerprint


def _canonical(value: object) -> object:
    if is_dataclass(value) and not isinstance(value, type):
        values = {f.name: _canonical(getattr(value, f.name)) for f in fields(value)}
        return {"@": type(value).__name__, **values}
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        members: list[Any] = [_canonical(v) for v in value]     # words and numbers: they sort
        return sorted(members)
    if isinstance(value, tuple | list):
        return [_canonical(v) for v in value]
    return value


def _unique(table: Mapping[str, object], name: str, what: str) -> None:
    if name in table:
        raise ValueError(f"{what} {name!r} registered twice")


def _check_call(call: Call | Choice | Arg | Const) -> None:
    """Method names become Python identifiers in generated code: only plain public names pass."""
    if isinstance(call, Choice):
        _check_call(Call(call.chooser))
        _check_call(call.options)
    elif isinstance(call, Call):
        if not call.method.isidentifier() or call.method.startswith("_"):
            raise ValueError(f"{call.method!r} is not a valid EffectContext method name")
        for arg in call.args:
            _check_call(arg)
