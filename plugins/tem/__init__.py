"""Run: Tiny Epic Mechs, rulecraft's first game plugin; its definition is ``plugins.tem.game.GAME``."""
