"""Parse: what the effect grammar allows at the cursor in an effect string, from lark's LALR parser
itself (its interactive parser and ``accepts()``, the pattern of lark's
``examples/advanced/error_reporting_lalr.py``), not a table of positions: in a trigger, where a step
starts, inside a command after its verb, in an expression, or where only the language's keywords go.
Completion turns that into the game's words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lark import Token
from lark.exceptions import UnexpectedInput

from rulecraft.compiler.effects.parse import MAX_CHARS, parser

PARTIAL = re.compile(r"[a-z0-9-]*\Z")
STEP = "PAY"            # a step may start where `pay` may: the grammar's mark of a step's start
OPERATORS = frozenset({"ADD_OP", "MUL_OP"})
PAYING = frozenset({"UP", "TO", "OR"})   # the words of `pay up to N energy or credits` around its amount
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")  # as parse lowers


@cache
def keywords() -> dict[str, str]:
    """The grammar's keyword terminals (``IF`` -> ``if``): its literal words."""
    return {t.name: t.pattern.value for t in parser().terminals
            if t.pattern.type == "str" and t.pattern.value.isalpha()}


@dataclass(frozen=True, slots=True)
class Place:
    """The cursor's place in the grammar. ``partial`` is the word being typed (the editor filters by it),
    ``accepts`` the terminals the parser takes at its start; ``trigger`` the trigger's words typed so far
    when the cursor is in a trigger (and ``trigger_length`` the characters they and ``partial`` take
    before the cursor); ``command`` a command's head and arguments typed after it (``None`` for an
    argument that is no plain word), with ``open`` when the cursor is inside an argument's expression;
    ``paying`` when it is past the amount of a ``pay`` (where what it pays with goes); ``compared`` the
    word a comparison's right side is compared with (``if attack-type is |``); ``under`` the ability's
    trigger."""

    partial: str
    accepts: frozenset[str]
    trigger: tuple[str, ...] | None = None
    trigger_length: int = 0
    command: tuple[str | None, ...] = ()
    open: bool = False
    paying: bool = False
    compared: str | None = None
    under: str | None = None

    @property
    def step(self) -> bool:
        return STEP in self.accepts

    @property
    def keywords(self) -> list[str]:
        return [word for name, word in keywords().items() if name in self.accepts]


def _arguments(tokens: list[Token]) -> tuple[list[str | None], bool]:
    """A command's arguments: a plain word as its text, any other expression (a number, ``(1 + x)``,
    ``health * 2``) as ``None``; and whether the last is still open (an operator or ``(`` before the
    cursor)."""
    items: list[str | None] = []
    depth, join = 0, False
    for token in tokens:
        if token.type in OPERATORS:
            join = True
            continue
        inside = depth > 0 or join
        if token.type == "LPAR":
            depth += 1
        elif token.type == "RPAR":
            depth -= 1
        if inside and items:
            items[-1] = None
        elif token.type != "RPAR":
            items.append(str(token) if token.type == "WORD" else None)
        join = False
    return items, depth > 0 or join


def _compared(tokens: list[Token]) -> str | None:
    """The word on the left of the comparison the cursor is on the right of (``health >``, ``x is not``)."""
    names = [t.type for t in tokens[-3:]]
    for tail in (["WORD", "IS", "NOT"], ["WORD", "IS"], ["WORD", "COMPARE"]):
        if names[-len(tail):] == tail:
            return str(tokens[-len(tail)])
    return None


def place(before: str) -> Place | None:
    """Where the cursor at the end of ``before`` (the effect string up to it) is, or ``None`` when the text
    before it does not parse (its diagnostic says why) or is past the length cap."""
    text = before.translate(_ASCII_LOWER)
    partial = PARTIAL.search(text).group(0)  # type: ignore[union-attr]   # the pattern matches ""
    text = text[:len(text) - len(partial)]
    if len(text) > MAX_CHARS:
        return None
    interactive = parser().parse_interactive(text)
    tokens: list[Token] = []
    step_at = 0                    # the index of the token the current step starts with
    try:
        for token in interactive.iter_parse():
            if STEP in interactive.accepts():
                step_at = len(tokens)
            tokens.append(token)
        accepts = frozenset(interactive.accepts())
    except UnexpectedInput:
        return None
    ability = next((i + 1 for i in range(len(tokens) - 1, -1, -1) if tokens[i].type == "_NL"), 0)
    if "WORD" in accepts:
        trial = interactive.copy()
        trial.feed_token(Token("WORD", "x"))
        if "COLON" in trial.accepts():
            words = tokens[ability:]
            start = words[0].start_pos or 0 if words else len(text)
            return Place(partial, accepts, tuple(map(str, words)), len(before) - start)
    colon = next((i for i in range(ability, len(tokens)) if tokens[i].type == "COLON"), len(tokens))
    under = " ".join(map(str, tokens[ability:colon])) or None
    if STEP in accepts or "WORD" not in accepts:
        return Place(partial, accepts, under=under)
    command = tokens[step_at:]
    if command and command[0].type == "ADD_OP":          # "+1 damage" is the verb "add 1 damage"
        head, rest = ("add" if str(command[0]) == "+" else None), command[1:]
    elif command and command[0].type == "WORD":
        head, rest = str(command[0]), command[1:]
    else:
        amount, inside = _arguments([t for t in command[1:] if t.type not in PAYING])
        paying = bool(command) and command[0].type == STEP and bool(amount) and not inside
        return Place(partial, accepts, paying=paying, compared=_compared(tokens), under=under)
    items, inside = _arguments(rest)
    return Place(partial, accepts, command=(head, *items), open=inside, under=under)
