"""Parse: effect strings into the syntax tree (``nodes.py``), with errors in the author's words.

The LALR parser is built once per process, lazily, from ``effects.lark`` (package data) with
``strict=True`` so a grammar change that introduces a conflict fails loudly; its tables are kept per user
as signed data, never a pickle (``parser_cache``). Hostile input is stopped *before*
parsing: strings longer than ``MAX_CHARS``, deeper than ``MAX_DEPTH`` parentheses or with more
than ``MAX_OPERATORS`` operators get ``effect-too-complex``, so nothing downstream can recurse
or loop without bound. Syntax errors are phrased with lark's ``match_examples`` (as in lark's
``examples/advanced/error_reporting_lalr.py``) and a plain-words fallback, never token names.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Collection, Mapping
from importlib import resources

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from rulecraft.compiler import errorcodes as codes
from rulecraft.compiler.effects import nodes as n
from rulecraft.compiler.effects.parser_cache import cached_parser
from rulecraft.compiler.effects.problems import Problem

MAX_CHARS = 600
MAX_DEPTH = 8
MAX_OPERATORS = 48
MAX_DIGITS = 6
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_OPERATOR = re.compile(r"[-+*]|<=|>=|!=|[<>=]|\b(?:and|or|if|not)\b")


PARSER_OPTIONS = {"strict": True, "propagate_positions": True, "maybe_placeholders": False}


def grammar() -> str:
    return resources.files("rulecraft.compiler.effects").joinpath("effects.lark").read_text("utf-8")


@functools.cache
def parser() -> Lark:
    return cached_parser(grammar(), **PARSER_OPTIONS)


def lex(source: str) -> list[tuple[str, str, int]]:
    """The tokens of an effect string as (terminal name, text, offset), for an editor's highlighting; as
    many as lex before a character no token starts with (the check reports it). The length cap holds."""
    found: list[tuple[str, str, int]] = []
    if len(source) > MAX_CHARS:
        return found
    with contextlib.suppress(UnexpectedInput):
        for token in parser().lex(source):
            found.append((token.type, str(token), token.start_pos or 0))
    return found


def _span(meta_or_token) -> n.Span:
    return n.Span(meta_or_token.start_pos, meta_or_token.end_pos, meta_or_token.line, meta_or_token.column)


def _word(token: Token) -> n.Word:
    return n.Word(str(token), _span(token))


@v_args(meta=True)
class ToNodes(Transformer):
    """One method per grammar rule, each building one node (the python-hcl2 pattern)."""

    def start(self, meta, children):
        return n.Effect(tuple(children), _span(meta))

    def ability(self, meta, children):
        trigger, body = children
        return n.Ability(trigger, body, _span(meta))

    def trigger(self, meta, words):
        return tuple(_word(w) for w in words)

    def body(self, meta, sentences):
        return tuple(sentences)

    def if_stmt(self, meta, children):
        condition, then, *rest = children
        return n.If(condition, then, rest[0] if rest else None, _span(meta))

    def else_branch(self, meta, children):
        return children[0]

    def may(self, meta, children):
        return n.May(children[0], _span(meta))

    def steps(self, meta, children):
        return n.Steps(tuple(children), _span(meta))

    def command(self, meta, children):
        verb, *args = children
        return n.Command(_word(verb), tuple(args), _span(meta))

    def bonus(self, meta, children):
        sign, *args = children  # "+1 damage" reads as "add 1 damage"; "-" has no verb and is reported
        verb = n.Word("add" if sign == "+" else str(sign), _span(sign))
        return n.Command(verb, tuple(args), _span(meta))

    def pay(self, meta, children):
        amount, resource = children
        return n.Pay(amount, _word(resource), _span(meta))

    def pay_up_to(self, meta, children):
        limit, *resources, body = children
        return n.PayUpTo(limit, tuple(_word(r) for r in resources), body, _span(meta))

    def any_of(self, meta, children):
        return n.AnyOf(tuple(children), _span(meta))

    def all_of(self, meta, children):
        return n.AllOf(tuple(children), _span(meta))

    def negation(self, meta, children):
        return n.Negation(children[0], _span(meta))

    def comparison(self, meta, children):
        left, *ops, right = children
        return n.Comparison(left, " ".join(str(op) for op in ops), right, _span(meta))

    def binary(self, meta, children):
        left, op, right = children
        return n.Binary(left, str(op), right, _span(meta))

    def number(self, meta, children):
        token = children[0]
        value = int(token) if len(token) <= MAX_DIGITS else None  # never int() a megabyte of digits
        return n.Number(value, str(token), _span(token))

    def name(self, meta, children):
        word = _word(children[0])
        return n.Name(word, word.span)


_TO_NODES = ToNodes()

# Messages are templates: {ability}, {step}, {pay}, {pay_up_to} and {may} become ", e.g. '...'" with the
# game's own example (``Vocabulary.examples``), or nothing; {kind} names what `pay` pays with.
_NO_COLON = "expected ':' after the trigger{ability}"
_SECOND_TRIGGER = "a new ability must start on a new line"

# Error messages by parser state, learned from broken examples (lark's match_examples).
_EXAMPLES: dict[str, list[str]] = {
    "an ability starts with its trigger{ability}": [
        "", ": gain 1 vp", "1", "(", "+", "."],
    _NO_COLON: [
        "after attack", "after attack 1", "after attack (", "after attack +", "after attack .", "a", "a 1",
        "a (", "a .", "a: b\nc", "a: b\nc 1", "a: b\nc d", "a: b\nc d 1"],
    "expected what the ability does after ':'{step}": [
        "a:", "a: 1", "a: .", "a: (", "a: b. 1", "a: b and", "a: b and 1", "a: if b > 1 then",
        "a: if b > 1 then 1", "a: if b > 1 then c else", "a: if b > 1 then c else 1",
        "a: you may", "a: you may 1", "a: pay up to 1 b:", "a: pay up to 1 b: 1"],
    "expected a number or an attribute": [
        "a: if", "a: if b >", "a: if b is", "a: if b is not",
        "a: b 1 +", "a: b 1 *", "a: b (", "a: b (1 +", "a: pay", "a: pay :", "a: pay up to",
        "a: pay up to :", "a: if not", "a: if b > 1 and", "a: if b > 1 or"],
    "expected a comparison (<, <=, >, >=, =, !=, is, is not) in the condition": [
        "a: if b then", "a: if b", "a: if b c", "a: if (1) then", "a: if b + 1 then"],
    "expected 'then' after the condition": [
        "a: if b > 1 gain", "a: if b > 1", "a: if b > 1 :", "a: if b is c d", "a: if b > 1 ."],
    "expected 'up to' or an amount after 'pay'": ["a: pay up", "a: pay up 1"],
    "expected {kind} after the amount{pay}": [
        "a: pay 1", "a: pay 1 .", "a: pay 1 :", "a: pay up to 1", "a: pay up to 1 :", "a: pay up to 1 or"],
    "'pay up to' needs ':' and then what each payment buys{pay_up_to}": [
        "a: pay up to 1 b", "a: pay up to 1 b .", "a: pay up to 1 b c"],
    "'pay up to ...:' must end with 'each'{pay_up_to}": [
        "a: pay up to 1 b: c", "a: pay up to 1 b: c .", "a: pay up to 1 b: c d :"],
    "expected 'may' after 'you'{may}": ["a: you", "a: you gain"],
    "expected ')' to close the '('": ["a: b (1", "a: b (1 + 2", "a: b (1 c"],
    "a ')' without its '('": ["a: b 1)", "a: b)"],
    _SECOND_TRIGGER: ["a: b c:", "a: b 1:", "a: b c d:", "a: b 1 c d:", "a: b 1 c:",
                                               "a: b c d e:"],
    "expected the end of the ability or 'and', '.', 'else'": ["a: if b > 1 then c d:", "a: b. c:"],
}

_FRIENDLY = {
    "WORD": "a word", "NUMBER": "a number", "COLON": "':'", "DOT": "'.'", "LPAR": "'('",
    "RPAR": "')'", "COMPARE": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*'", "IS": "'is'",
    "NOT": "'not'", "_NL": "a new line", "$END": "the end", "AND": "'and'", "OR": "'or'",
    "IF": "'if'", "THEN": "'then'", "ELSE": "'else'", "YOU": "'you'", "MAY": "'may'", "PAY": "'pay'",
    "UP": "'up'", "TO": "'to'", "EACH": "'each'",
}


def _describe(token: Token | None) -> str:
    if token is None or token.type == "$END":
        return "end of the effect"
    if token.type == "_NL":
        return "a line break"
    return f"'{token}'"


def _expected(exc: UnexpectedInput) -> str:
    expected = sorted({_FRIENDLY.get(t, t.lower()) for t in getattr(exc, "expected", ()) or ()})
    return ", ".join(expected[:-1]) + (" or " if len(expected) > 1 else "") + expected[-1] if expected else ""


_WORDS = re.compile(r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*")


def _trigger_words(source: str, start: int, end: int) -> list[re.Match[str]]:
    """The run of words (only blanks between them) that ends right before ``end``, searched from ``start``."""
    run: list[re.Match[str]] = []
    edge = end
    for match in reversed(list(_WORDS.finditer(source, start, end))):
        if source[match.end():edge].strip():
            break
        run.insert(0, match)
        edge = match.start()
    return run


def _caret_in_trigger(source: str, label: str, start: int,
                      phrases: Collection[str]) -> tuple[int, int] | None:
    """Where a trigger error really is. The grammar takes every word before ':' as the trigger, so it
    notices a missing ':' or a second trigger only at the next non-word, one or more tokens late:

    - missing ':' (``after attack gain 1 vp``): the first word past the longest known trigger phrase;
    - a second ability on the line (``... gain 1 vp when used: heal 1``): the longest known trigger
      phrase that ends right before the ':'.

    ``None`` (keep the parser's position) when no known phrase tells where the trigger ends.
    """
    words = _trigger_words(source, source.rfind("\n", 0, start) + 1, start)
    texts = [w.group() for w in words]
    if label == _NO_COLON:
        known = [count for count in range(1, len(words)) if " ".join(texts[:count]) in phrases]
        return (words[known[-1]].start(), words[known[-1]].end()) if known else None
    if label == _SECOND_TRIGGER:
        known = [count for count in range(len(words), 0, -1) if " ".join(texts[-count:]) in phrases]
        return (words[-known[0]].start(), start + 1) if known else None
    return None


def _templated(label: str, examples: Mapping[str, str]) -> str:
    """A message template with the game's examples (``Vocabulary.examples``) filled in, or left out."""
    fields = {key: f", e.g. '{examples[key]}'" if key in examples else ""
              for key in ("ability", "step", "pay", "pay_up_to", "may")}
    return label.format(kind=examples.get("kind", "what to pay with"), **fields)


def _syntax_problem(source: str, exc: UnexpectedInput, phrases: Collection[str] = (),
                    examples: Mapping[str, str] | None = None) -> Problem:
    if isinstance(exc, UnexpectedCharacters):
        at = exc.pos_in_stream
        assert at is not None    # lark sets it for every character it cannot lex
        return Problem(codes.EFFECT_SYNTAX, f"'{source[at]}' cannot appear in an effect", at, at + 1,
                       hint="effects use words, whole numbers, + - *, comparisons (< <= > >= = !=), "
                            "':' after the trigger and '.' between sentences")
    token = exc.token if isinstance(exc, UnexpectedToken) else None
    if token is None or token.type == "$END":
        start = len(source.rstrip())
        end = start + 1
    else:
        start, end = token.start_pos, token.end_pos
    try:
        label = exc.match_examples(parser().parse, _EXAMPLES, use_accepts=True)
    except Exception:  # pragma: no cover - match_examples re-parses our own examples only
        label = None
    found = _describe(token)
    moved = _caret_in_trigger(source, label, start, phrases) if label else None
    if moved is not None:
        start, end = moved
        found = f"'{source[start:end]}'"
    previous = source[:start].split()
    after = f" after '{previous[-1]}'" if previous else ""
    if label:
        message = f"{_templated(label, examples or {})}; found {found}{after}".replace("found end",
                                                                                        "found the end")
    else:
        expected = _expected(exc)
        message = f"unexpected {_describe(token)}{after}" + (f"; expected {expected}" if expected else "")
    return Problem(codes.EFFECT_SYNTAX, message, start, max(end, start + 1))


def _limits(source: str) -> Problem | None:
    if len(source) > MAX_CHARS:
        return Problem(codes.EFFECT_TOO_COMPLEX,
                       f"effect is {len(source):,} characters long; the limit is {MAX_CHARS}",
                       MAX_CHARS, MAX_CHARS + 1, hint="split it into several abilities or simplify it")
    depth = 0
    for offset, char in enumerate(source):
        depth += (char == "(") - (char == ")")
        if depth > MAX_DEPTH:
            return Problem(codes.EFFECT_TOO_COMPLEX,
                           f"parentheses are nested more than {MAX_DEPTH} deep", offset, offset + 1)
    operators = list(_OPERATOR.finditer(source))
    if len(operators) > MAX_OPERATORS:
        extra = operators[MAX_OPERATORS]
        return Problem(codes.EFFECT_TOO_COMPLEX,
                       f"effect has more than {MAX_OPERATORS} operators and conditions",
                       extra.start(), extra.end(), hint="split it into several abilities")
    return None


def parse(source: str, phrases: Collection[str] = (), examples: Mapping[str, str] | None = None
          ) -> tuple[n.Effect | None, list[Problem]]:
    """Parse one effect string. Returns the tree, or ``None`` and one problem explaining why not.

    Letters are case-insensitive (ASCII only, so offsets never shift). ``phrases`` are the known trigger
    phrases: with them a trigger error's caret lands on the word at fault (see ``_caret_in_trigger``).
    ``examples`` are the game's, quoted in syntax errors (``Vocabulary.examples``).
    """
    problem = _limits(source)
    if problem is not None:
        return None, [problem]
    text = source.translate(_ASCII_LOWER)
    try:
        tree = parser().parse(text)
    except UnexpectedInput as exc:
        return None, [_syntax_problem(text, exc, phrases, examples)]
    return _TO_NODES.transform(tree), []

