"""A test plugin for any game with an effect DSL: for every verb of the game, a synonym ``echo <verb>``.

``echo draw 1`` is Mecha Game's ``draw 1``, ``echo heal 1`` TEM's ``heal 1``: the same call, the same
English, under a word only this plugin registers. A pack using it checks only with this plugin, and builds
only when the game's builder compiles with the vocabulary the wiring gives it (issue 21 item 8).
"""

from __future__ import annotations

import dataclasses

from rulecraft.plugins.hookspecs import hookimpl

WORD = "echo"


@hookimpl
def rulecraft_register_vocabulary(vocabulary):
    for verb in list(vocabulary.verbs.values()):
        vocabulary.register_verb(dataclasses.replace(verb, id=f"{WORD}_{verb.id}",
                                                     pattern=f"{WORD} {verb.pattern}"))
