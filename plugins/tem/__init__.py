"""Run: Tiny Epic Mechs, rulecraft's first game plugin; its definition is ``plugins.tem.game.GAME``."""

from rulecraft.runtime.native import check_fresh

check_fresh(__file__)   # the optional compiled game loop matches its sources (runtime.native)
