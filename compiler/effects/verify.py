"""Generate: verify generated handler source against an allow-list before it is ever compiled, then load it.

Defence in depth for "a pack is data": the generator never splices user text into code, and this
check proves it for every handler, including handlers read back from the compiled-pack cache (a
file in a user-writable folder). Allowed: one ``def ability(ctx)``; assignments to temporaries
``_vN``; ``if``/``else``/``while``; ``+ - *`` and unary minus (a folded negative literal),
comparisons, ``and``/``or``/``not``; int, str and tuple-of-str constants; and calls of the form
``ctx.<EffectContext member>(...)``. Anything else (imports, attributes other than ``ctx.member``,
subscripts, dunder names, lambdas, ...) is refused.

The limits are those of what the generator emits, so that even a cache entry edited by hand cannot
hang or allocate without bound: at most :data:`MAX_SOURCE` characters and :data:`MAX_NODES` nodes;
numbers within the DSL's own range (``MAX_VALUE``), short texts, short tuples; no product of two
temporaries (no squaring chains); and a ``while`` only in the generator's counted shape for "pay up
to N ... each" (``_vC = 0`` / ``while _vC < _vP:`` / ... / ``_vC += 1`` as its last statement, nothing
else assigns ``_vC`` or ``_vP`` in the loop, ``_vP`` is only ever assigned an amount the player chose
with ``ctx.choose_amount``, loops never nest), so every loop runs at most the amount chosen.
"""

from __future__ import annotations

import ast
import re

from rulecraft.runtime.compiled import HANDLER_FUNCTION

MAX_VALUE = 999  # the DSL's range: any literal or folded constant above this is a typo, not a game value
FUNCTION = HANDLER_FUNCTION      # the one function a handler's source defines (the runtime's name for it)
_TEMP = re.compile(r"_v[0-9]+\Z")
MAX_SOURCE = 16_000       # characters of one handler; generated ones are a few hundred
MAX_NODES = 2_000
MAX_TEXT = 1_000          # a prompt or a resource word
MAX_TUPLE = 32
_NODES = (ast.Module, ast.FunctionDef, ast.arguments, ast.arg, ast.Expr, ast.Assign, ast.AugAssign,
          ast.If, ast.While, ast.Pass, ast.Call, ast.Attribute, ast.Name, ast.Constant, ast.Tuple,
          ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.Compare, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq,
          ast.NotEq, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.Load, ast.Store)


class UnsafeCode(ValueError):
    """Generated (or cached) code contains something outside the allow-list: never run it."""


def _fail(node: ast.AST, why: str) -> UnsafeCode:
    return UnsafeCode(f"line {getattr(node, 'lineno', '?')}: {why}")


def _limits(node: ast.AST) -> None:
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) is int and abs(value) > MAX_VALUE:
            raise _fail(node, f"number {value} is outside the DSL's range (up to {MAX_VALUE})")
        if type(value) is str and len(value) > MAX_TEXT:
            raise _fail(node, f"a text of {len(value)} characters is longer than any generated one")
    if isinstance(node, ast.Tuple) and len(node.elts) > MAX_TUPLE:
        raise _fail(node, f"a tuple of {len(node.elts)} items is longer than any generated one")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and all(
            any(isinstance(n, ast.Name) and n.id != "ctx" for n in ast.walk(side))
            for side in (node.left, node.right)):
        raise _fail(node, "a product of two temporaries is not allowed")


def _assigned(node: ast.AST) -> list[str]:
    """The temporaries a statement assigns (its own targets only)."""
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _check_loops(function: ast.FunctionDef) -> None:
    """Every ``while`` has the generator's counted shape, bounded by a chosen amount (module doc)."""
    chosen = {name for node in ast.walk(function) for name in _assigned(node)
              if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
              and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "choose_amount"}
    other = {name for node in ast.walk(function) for name in _assigned(node)
             if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                     and isinstance(node.value.func, ast.Attribute)
                     and node.value.func.attr == "choose_amount")}
    for parent in ast.walk(function):
        body = getattr(parent, "body", None)
        blocks = [body, getattr(parent, "orelse", None)] if isinstance(body, list) else []
        for block in filter(None, blocks):
            for index, loop in enumerate(block):
                if isinstance(loop, ast.While):
                    _check_loop(loop, block[index - 1] if index else None, chosen - other)


def _check_loop(loop: ast.While, before: ast.stmt | None, bounds: set[str]) -> None:
    test = loop.test
    if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Lt) and isinstance(test.comparators[0], ast.Name)):
        raise _fail(loop, "a loop must count up to an amount: while _vC < _vP")
    counter, bound = test.left.id, test.comparators[0].id
    if bound not in bounds:
        raise _fail(loop, f"a loop's bound {bound} must be an amount chosen with ctx.choose_amount")
    if not (isinstance(before, ast.Assign) and _assigned(before) == [counter]
            and isinstance(before.value, ast.Constant) and before.value.value == 0):
        raise _fail(loop, f"a loop's counter {counter} must start at 0 just before it")
    last = loop.body[-1]
    if not (isinstance(last, ast.AugAssign) and _assigned(last) == [counter] and isinstance(last.op, ast.Add)
            and isinstance(last.value, ast.Constant) and last.value.value == 1) or loop.orelse:
        raise _fail(loop, f"a loop must end with {counter} += 1")
    for statement in loop.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.While):
                raise _fail(node, "loops cannot nest")
            if node is not last and {counter, bound} & set(_assigned(node)):
                raise _fail(node, "a loop's counter and bound cannot change inside it")


def context_methods(context: type) -> frozenset[str]:
    """The public methods of a game's effect-context Protocol: all a handler may call on ``ctx``."""
    return frozenset(name for name in vars(context)
                     if not name.startswith("_") and callable(getattr(context, name)))


def verify(source: str, methods: frozenset[str]) -> ast.Module:
    """Parse ``source`` and check every node, calls only to ``ctx.<one of methods>`` (the game's effect
    context, :func:`context_methods`); returns the tree ready for ``compile``."""
    if len(source) > MAX_SOURCE:
        raise UnsafeCode(f"a handler of {len(source)} characters is longer than any generated one")
    tree = ast.parse(source, mode="exec")
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise UnsafeCode(f"a handler of more than {MAX_NODES} syntax nodes is larger than any generated one")
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        raise _fail(tree, "expected exactly one function definition")
    function = tree.body[0]
    args = function.args
    if (function.name != "ability" or function.decorator_list or function.returns
            or [a.arg for a in args.args] != ["ctx"] or args.posonlyargs or args.kwonlyargs
            or args.vararg or args.kwarg or args.defaults):
        raise _fail(function, "the handler must be 'def ability(ctx)'")
    for node in ast.walk(function):
        if not isinstance(node, _NODES):
            raise _fail(node, f"{type(node).__name__} is not allowed")
        _limits(node)
        if isinstance(node, ast.Name) and node.id != "ctx" and not _TEMP.match(node.id):
            raise _fail(node, f"name {node.id!r} is not allowed")
        if isinstance(node, ast.Name) and node.id == "ctx" and isinstance(node.ctx, ast.Store):
            raise _fail(node, "ctx cannot be assigned")
        if isinstance(node, ast.Attribute) and not (
                isinstance(node.value, ast.Name) and node.value.id == "ctx" and node.attr in methods):
            raise _fail(node, f"attribute {node.attr!r} is not an EffectContext method")
        if isinstance(node, ast.Call) and (not isinstance(node.func, ast.Attribute) or node.keywords):
            raise _fail(node, "only ctx.<method>(...) calls are allowed")
        if isinstance(node, ast.Constant) and type(node.value) not in (int, str, bool):
            raise _fail(node, f"constant {node.value!r} is not allowed")
        if isinstance(node, ast.Attribute | ast.Tuple) and isinstance(node.ctx, ast.Store):
            raise _fail(node, "only temporaries can be assigned")
    for node in ast.walk(function):  # a bare ctx.method reference (not called) could leak a bound method
        if isinstance(node, ast.Attribute):
            parents = [p for p in ast.walk(function) if isinstance(p, ast.Call) and p.func is node]
            if not parents:
                raise _fail(node, "ctx methods may only be called")
    _check_loops(function)
    return tree


def load(source: str, filename: str, methods: frozenset[str]):
    """Verify (calls only to ``ctx.<one of methods>``), compile and run generated source without builtins;
    returns the handler function. ``filename`` names the pack, file, line and entity, so a traceback points
    at the card. Here, not beside the generator: a warm load (source from the compiled-effects cache) needs
    no compiler stage but this one (start-up)."""
    tree = verify(source, methods)
    namespace: dict[str, object] = {"__builtins__": {}}
    exec(compile(tree, filename, "exec"), namespace)  # verified allow-listed code only
    return namespace[FUNCTION]
