"""A tiny test plugin: registers the effect DSL verb ``overclock N`` (gain N Energy) and runs it."""

from __future__ import annotations

from rulecraft.compiler.effects.vocabulary import NUMBER, Arg, Call, Const, Slot, Verb
from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_register_vocabulary(vocabulary):
    vocabulary.register_verb(Verb(
        "overclock", "overclock {amount}", (Slot("amount", NUMBER),),
        Call("extension", (Const("overclock"), Arg("amount"))), "overclock {amount}",
        "Gain Energy by overclocking (test plugin).", "after attack: overclock 2"))


@hookimpl
def rulecraft_effect_extension(game, ctx, name, args):
    if name == "overclock":
        ctx.gain("energy", args[0])
        return True
    return None
