"""Run: the rule step Pig adds to the hooks every game shares, its ``GameDefinition.hookspecs``.

A third-party game's hookspecs are written as a first-party game's are: rulecraft's ``hookspec`` marker, one
function per step. A plugin of Pig registers under the ``rulecraft.plugins.pig`` entry-point group and
receives the running :class:`~rulecraft_pig.engine.Pig` as ``game``.
"""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookspec


# --- a turn -----------------------------------------------------------------------------------
@hookspec
def rulecraft_turn_end(game, seat, banked):
    """``seat``'s turn ended: it banked ``banked`` points by holding, or 0 on a bust."""
