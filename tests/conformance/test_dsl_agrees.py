"""Conformance: what ``check`` accepts, the build compiles and the verifier passes (issue 28, item 3).

``rulecraft check`` and the builder compile an effect through the same ``compile_effect``, but only the
builder loads the handler, through the verifier (``compiler/effects/verify.py``: an allow-list with a
shape for every loop). So a checker that accepts what the generator cannot express safely is found only
by ``sim``, as exit 3: ``pay up to 2 energy: pay up to 2 credits: exhaust an enemy weapon each each`` once
passed ``check`` and nested two loops. This property builds effects from every game's own vocabulary,
nesting every form the grammar allows (payments inside payments, ``you may``, ``if``/``else`` chains,
arithmetic up to the DSL's range), and requires each to be refused by the checker at a located problem, or
to load: generated, verified and compiled.
"""

from __future__ import annotations

from functools import cache

import pytest
from conformance_harness import checked, pack_folder
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecraft.compiler.diagnostics import has_errors
from rulecraft.compiler.effects.build import compile_effect, load_handlers
from rulecraft.compiler.effects.vocabulary import NUMBER, Vocabulary
from rulecraft.compiler.variations import point_layers
from rulecraft.plugins.wiring import build_ruleset, check_packs
from rulecraft.runtime import games
from rulecraft.runtime.balance.sweep.grid import Assignment

COMPARE = ["<", "<=", ">", ">=", "=", "!="]


@cache
def _vocabulary(game: str) -> Vocabulary | None:
    ref = games.get(game).vocabulary
    return ref.load()() if ref is not None else None


def _entity_kinds(game: str) -> list[str]:
    ref = games.get(game).ability_fields
    return sorted({entity_kind for entity_kind, _ in ref.load().values()}) if ref is not None else []


def _allowed(entry, trigger: str, kind: str) -> bool:
    """Whether a trigger, verb or attribute may be used at ``trigger`` in an ability of ``kind``."""
    triggers, kinds = getattr(entry, "triggers", None), entry.kinds
    return (triggers is None or trigger in triggers) and (kinds is None or kind in kinds)


def _mostly(likely: st.SearchStrategy, rarely: st.SearchStrategy) -> st.SearchStrategy:
    """``likely`` nine times in ten (hypothesis's one_of weighs its parts alike)."""
    return st.tuples(st.integers(0, 9), likely, rarely).map(lambda t: t[1] if t[0] else t[2])


@st.composite
def effects(draw, game: str, kinds: list[str]) -> tuple[str, str]:
    """One effect string of ``game`` (one or two abilities) and the entity kind (of ``kinds``) whose
    ability it is."""
    vocabulary = _with_vocabulary(game)
    kind = draw(st.sampled_from(kinds))
    phrases = sorted(vocabulary.phrases)
    owned = [p for p in phrases if _allowed(vocabulary.phrases[p], "", kind)] or phrases
    lines = []
    for _ in range(draw(st.integers(1, 2))):
        phrase = draw(st.sampled_from(owned) if draw(st.integers(0, 9)) else st.sampled_from(phrases))
        sentence = _sentences(game, vocabulary.phrases[phrase].id, kind)
        sentences = [draw(sentence) for _ in range(draw(st.integers(1, 2)))]
        lines.append(f"{phrase}: {'. '.join(sentences)}")
    return "\n".join(lines), kind


@cache
def _sentences(game: str, trigger: str, kind: str) -> st.SearchStrategy[str]:
    """The sentences of one trigger's abilities on one kind of entity, built once per game, trigger and
    kind (building hypothesis strategies is what costs, not drawing from them): mostly words the checker
    takes there, sometimes any of the vocabulary, so refusals are exercised too."""
    vocabulary = _with_vocabulary(game)
    verbs = sorted(vocabulary.verbs.values(), key=lambda v: v.id)
    attributes = sorted(vocabulary.attributes.values(), key=lambda a: a.name)
    readable = [a for a in attributes if _allowed(a, trigger, kind)] or attributes
    numbers = [a.name for a in readable if a.type == NUMBER]
    valued = [a for a in readable if a.type != NUMBER and a.type in vocabulary.kinds]

    def word(of: str) -> st.SearchStrategy[str]:
        return st.sampled_from(sorted(vocabulary.kinds[of].values))

    small = st.integers(1, 4).map(str)
    atom = st.one_of(small, *([st.sampled_from(numbers)] if numbers else []))
    binary = st.tuples(atom, st.sampled_from(["+", "-", "*"]), atom).map(" ".join)
    nested = st.tuples(binary.map(lambda e: f"({e})"), st.sampled_from(["+", "*"]), atom).map(" ".join)
    amount = _mostly(st.one_of(small, atom, binary),
                     st.one_of(nested, st.integers(0, 999).map(str)))     # up to the DSL's range

    def command(verb) -> st.SearchStrategy[str]:
        slots = {s.name: s for s in verb.slots}
        parts = []
        for token in verb.pattern.split():
            slot = slots.get(token[1:-1]) if token.startswith("{") else None
            if slot is None:
                parts.append(st.just(token))
            elif slot.type == NUMBER:
                parts.append(st.one_of(st.integers(slot.low, slot.high).map(str), amount))
            else:
                parts.append(word(slot.type))
        return st.tuples(*parts).map(" ".join)

    fitting = [v for v in verbs if _allowed(v, trigger, kind)] or verbs
    step = _mostly(st.one_of(*map(command, fitting)), st.one_of(*map(command, verbs)))
    payment = vocabulary.payment
    steps = st.lists(step, min_size=1, max_size=2).map(" and ".join)
    if payment is not None:
        resource = word(payment.kind)
        pay = st.tuples(amount, resource).map(lambda t: f"pay {t[0]} {t[1]}")
        limit = st.one_of(st.integers(1, 10).map(str), amount)
        resources = st.lists(resource, min_size=1, max_size=2, unique=True).map(" or ".join)
        for _ in range(2):       # payments inside payments, two deep
            up_to = st.tuples(limit, resources, steps).map(lambda t: f"pay up to {t[0]} {t[1]}: {t[2]} each")
            steps = st.lists(st.one_of(step, pay, up_to), min_size=1, max_size=2).map(" and ".join)
    clause = st.one_of(steps, steps.map(lambda s: f"you may {s}"))
    tests = [st.tuples(amount, st.sampled_from(COMPARE), amount).map(" ".join)]
    if valued:
        tests.append(st.sampled_from(valued).flatmap(lambda a: st.tuples(
            st.just(a.name), st.sampled_from(["is", "is not"]), word(a.type)).map(" ".join)))
    test = st.one_of(*tests)
    test = st.one_of(test, test.map(lambda t: f"not {t}"))
    condition = st.tuples(st.lists(test, min_size=1, max_size=2), st.sampled_from([" and ", " or "])).map(
        lambda t: t[1].join(t[0]))
    if_ = st.tuples(condition, clause).map(lambda t: f"if {t[0]} then {t[1]}")
    for _ in range(2):       # else, else if
        tail = st.one_of(st.just(""), clause.map(lambda c: f" else {c}"), if_.map(lambda c: f" else {c}"))
        if_ = st.tuples(condition, clause, tail).map(lambda t: f"if {t[0]} then {t[1]}{t[2]}")
    return st.one_of(clause, if_)


def _with_vocabulary(game: str) -> Vocabulary:
    """The game's vocabulary (one per test session: the strategies are built from it once)."""
    vocabulary = _vocabulary(game)
    if vocabulary is None:
        pytest.skip(f"{game} declares no effect DSL vocabulary")
    return vocabulary


def test_what_the_checker_accepts_loads_as_a_handler(game):
    """Accepted by the checker => generated, verified and compiled (``load_handlers``): never an
    ``UnsafeCode`` at ``sim``; refused => located problems and no code. For a game that runs generated
    handlers (its vocabulary names an effect context); many effects, no pack (fast)."""
    vocabulary = _with_vocabulary(game)
    if not vocabulary.methods:
        pytest.skip(f"{game} runs no generated handler (its builder reads the checked abilities)")

    @settings(max_examples=150, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(drawn=effects(game, _entity_kinds(game)))
    def agrees(drawn: tuple[str, str]) -> None:
        source, kind = drawn
        compiled = compile_effect(source, kind, vocabulary)
        if not compiled.ok:
            assert compiled.problems and not compiled.python
            assert all(0 <= p.start < p.end <= len(source) + 1 for p in compiled.problems)
            return
        loaded = load_handlers(compiled.triggers, compiled.python, compiled.texts, "<property>",
                               vocabulary.methods)
        assert len(loaded) == len(compiled.abilities) and all(a.text for a in loaded)

    agrees()


def _ability_sites(game: str) -> list[tuple[str, str, str]]:
    """(content kind, entity id, entity kind) of every entity of the game's default pack holding its
    ``ability`` at the top and no hand-written ``text`` (which a generated ability would drift from)."""
    stack = checked(game).stack
    ref = games.get(game).ability_fields
    if stack is None or ref is None:
        return []
    return [(kind, entity.id, entity_kind) for kind, (entity_kind, holders) in ref.load().items()
            for entity in stack.of_kind(kind)
            if () in list(holders(entity.data)) and "text" not in entity.data]


def test_what_check_accepts_in_a_pack_builds(game):
    """The whole way, as ``rulecraft check`` then ``sim`` take it: an effect put on an entity of the
    default pack (a generated patch layer, as a sweep's point is) that ``check_packs`` passes is built by
    the game's own builder (its handlers loaded, or its abilities read as steps), for every game."""
    _with_vocabulary(game)
    sites = _ability_sites(game)
    if not sites:
        pytest.skip(f"{game}'s default pack has no entity holding an ability")
    folder = pack_folder(game)

    @settings(max_examples=10, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(site=st.sampled_from(sites), data=st.data())
    def agrees(site: tuple[str, str, str], data: st.DataObject) -> None:
        kind, entity_id, entity_kind = site
        source, _ = data.draw(effects(game, [entity_kind]))
        layers = point_layers((Assignment(kind, entity_id, ("ability",), source, "property"),))
        result = check_packs([folder], layers=layers)
        if not has_errors(result.diagnostics):
            assert build_ruleset(result) is not None

    agrees()
