"""Grammar-driven fuzzing: whatever the grammar can produce either compiles or gets diagnostics.

Strings come from the DSL's own lark grammar (hypothesis.extra.lark.from_lark), with words drawn
from the vocabulary so that many of them get past the checker into both back ends; compiled
handlers are then run against a recording context. Nothing may raise: not the parser, the checker,
the generators, the verifier or a handler.
"""

from __future__ import annotations

from effect_fakes import RecordingContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from rulecraft.compiler.effects.build import compile_effect, load_handlers
from rulecraft.compiler.effects.parse import parser
from rulecraft.plugins.tem.vocabulary import VOCABULARY

WORDS = sorted({*(w for phrase in VOCABULARY.phrases for w in phrase.split()),
                *(w for v in VOCABULARY.verbs.values() for w in v.pattern.split() if not w.startswith("{")),
                *VOCABULARY.attributes, *(w for k in VOCABULARY.kinds.values() for w in k.values)})
TERMINALS = {
    "WORD": st.one_of(st.sampled_from(WORDS), st.from_regex(r"[a-z][a-z0-9]{0,6}", fullmatch=True)),
    "NUMBER": st.one_of(st.integers(0, 25).map(str), st.from_regex(r"[0-9]{1,30}", fullmatch=True)),
    "COMPARE": st.sampled_from(["<", "<=", ">", ">=", "=", "!="]),
    "ADD_OP": st.sampled_from(["+", "-"]),
    "MUL_OP": st.just("*"),
    "_NL": st.just("\n"),
    "_CONTINUATION": st.just("\n  "),
    "__IGNORE_0": st.just(" "),
}  # explicit strategies for every pattern terminal: regex generation with lexer filtering is slow
BODY_TERMINALS = {k: v for k, v in TERMINALS.items() if k != "_NL"}
KINDS = st.sampled_from(["weapon", "pilot", "mech-power"])
# Grammar-driven examples are long (hundreds of symbols each), so fewer of them keep the suite fast.
# from_lark filters some drawn strings internally (the lexer must read them back whole): not our filter.
FUZZ = settings(max_examples=40,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.data_too_large])


def compiles_or_explains(source: str, kind: str) -> None:
    compiled = compile_effect(source, kind, VOCABULARY)
    if not compiled.ok:
        assert compiled.problems and not compiled.python
        for problem in compiled.problems:
            assert 0 <= problem.start <= len(source) + 1 and problem.message
        return
    assert len(compiled.python) == len(compiled.texts) == len(compiled.abilities)
    for ability in load_handlers(compiled.triggers, compiled.python, compiled.texts, "<fuzz>",
                              VOCABULARY.methods):
        assert ability.text
        ability.handler(RecordingContext())


@FUZZ
@given(source=from_lark(parser(), explicit=TERMINALS), kind=KINDS)
def test_grammar_generated_effects_compile_or_explain(source, kind):
    compiles_or_explains(source, kind)


@FUZZ
@given(trigger=st.sampled_from(sorted(VOCABULARY.phrases)),
       body=from_lark(parser(), start="body", explicit=BODY_TERMINALS), kind=KINDS)
def test_bodies_after_a_real_trigger_compile_or_explain(trigger, body, kind):
    compiles_or_explains(f"{trigger}: {body}", kind)


def _amount() -> st.SearchStrategy[str]:
    numbers = [a.name for a in VOCABULARY.attributes.values() if a.type == "number"]
    atom = st.one_of(st.integers(0, 25).map(str), st.sampled_from(numbers))
    return st.one_of(atom, st.tuples(atom, st.sampled_from(["+", "-", "*"]), atom).map(" ".join))


@st.composite
def _command(draw) -> str:
    verb = draw(st.sampled_from(sorted(VOCABULARY.verbs.values(), key=lambda v: v.id)))
    words = []
    for word in verb.pattern.split():
        if word == "{amount}":
            words.append(draw(_amount()))
        elif word.startswith("{"):
            words.append(draw(st.sampled_from(sorted(VOCABULARY.kinds["resource"].values))))
        else:
            words.append(word)
    return " ".join(words)


@st.composite
def _steps(draw) -> str:
    resources = sorted(VOCABULARY.kinds["resource"].values)
    pay = st.tuples(st.just("pay"), _amount(), st.sampled_from(resources)).map(" ".join)
    up_to = st.tuples(st.integers(1, 4).map(str), st.sampled_from(resources), _command()).map(
        lambda t: f"pay up to {t[0]} {t[1]}: {t[2]} each")
    steps = draw(st.lists(st.one_of(_command(), pay, up_to), min_size=1, max_size=3))
    return ("you may " if draw(st.booleans()) else "") + " and ".join(steps)


@st.composite
def _condition(draw) -> str:
    numbers = [a.name for a in VOCABULARY.attributes.values() if a.type == "number"]
    kinds = [a for a in VOCABULARY.attributes.values() if a.type != "number"]
    numeric = st.tuples(st.sampled_from(numbers), st.sampled_from(["<", "<=", ">", ">=", "=", "!="]),
                        _amount()).map(" ".join)
    valued = st.sampled_from(kinds).flatmap(
        lambda a: st.sampled_from(sorted(VOCABULARY.kinds[a.type].values)).map(lambda v: f"{a.name} is {v}"))
    tests = draw(st.lists(st.one_of(numeric, valued), min_size=1, max_size=3))
    return draw(st.sampled_from([" and ", " or "])).join(tests)


@st.composite
def vocabulary_effects(draw) -> str:
    """Effects assembled from the registry's own words and patterns: most pass the parser, so the
    checker's timing/range rules and both back ends get exercised."""
    abilities = []
    for _ in range(draw(st.integers(1, 2))):
        sentences = []
        for _ in range(draw(st.integers(1, 2))):
            if draw(st.booleans()):
                otherwise = f" else {draw(_steps())}" if draw(st.booleans()) else ""
                sentences.append(f"if {draw(_condition())} then {draw(_steps())}{otherwise}")
            else:
                sentences.append(draw(_steps()))
        abilities.append(f"{draw(st.sampled_from(sorted(VOCABULARY.phrases)))}: {'. '.join(sentences)}")
    return "\n".join(abilities)


@settings(max_examples=200)
@given(source=vocabulary_effects(), kind=KINDS)
def test_vocabulary_built_effects_compile_or_explain(source, kind):
    compiles_or_explains(source, kind)


@settings(max_examples=300)
@given(source=st.text(max_size=200), kind=KINDS)
def test_arbitrary_text_never_crashes_the_compiler(source, kind):
    compiles_or_explains(source, kind)
