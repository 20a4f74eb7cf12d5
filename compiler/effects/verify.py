"""Generate: verify generated handler source against an allow-list before it is ever compiled.

Defence in depth for "a pack is data": the generator never splices user text into code, and this
check proves it for every handler, including handlers read back from the compiled-pack cache (a
file in a user-writable folder). Allowed: one ``def ability(ctx)``; assignments to temporaries
``_vN``; ``if``/``else``/``while``; ``+ - *`` and unary minus (a folded negative literal),
comparisons, ``and``/``or``/``not``; int, str and tuple-of-str constants; and calls of the form
``ctx.<EffectContext member>(...)``. Anything else (imports, attributes other than ``ctx.member``,
subscripts, dunder names, lambdas, ...) is refused.
"""

from __future__ import annotations

import ast
import re

from rulecraft.runtime.effect_context import EffectContext

ALLOWED_METHODS = frozenset(name for name in vars(EffectContext)
                            if not name.startswith("_") and callable(getattr(EffectContext, name)))
_TEMP = re.compile(r"_v[0-9]+\Z")
_NODES = (ast.Module, ast.FunctionDef, ast.arguments, ast.arg, ast.Expr, ast.Assign, ast.AugAssign,
          ast.If, ast.While, ast.Pass, ast.Call, ast.Attribute, ast.Name, ast.Constant, ast.Tuple,
          ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.Compare, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq,
          ast.NotEq, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.Load, ast.Store)


class UnsafeCode(ValueError):
    """Generated (or cached) code contains something outside the allow-list: never run it."""


def _fail(node: ast.AST, why: str) -> UnsafeCode:
    return UnsafeCode(f"line {getattr(node, 'lineno', '?')}: {why}")


def verify(source: str) -> ast.Module:
    """Parse ``source`` and check every node; returns the tree ready for ``compile``."""
    tree = ast.parse(source, mode="exec")
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
        if isinstance(node, ast.Name) and node.id != "ctx" and not _TEMP.match(node.id):
            raise _fail(node, f"name {node.id!r} is not allowed")
        if isinstance(node, ast.Name) and node.id == "ctx" and isinstance(node.ctx, ast.Store):
            raise _fail(node, "ctx cannot be assigned")
        if isinstance(node, ast.Attribute) and not (
                isinstance(node.value, ast.Name) and node.value.id == "ctx" and node.attr in ALLOWED_METHODS):
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
    return tree
