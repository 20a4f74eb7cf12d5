"""Run: the errors that stop a game cleanly (the game is marked aborted, never left half-updated)."""

from __future__ import annotations


class GameError(RuntimeError):
    """The game cannot go on (a plugin failed, the step cap was hit); ``game.aborted`` says why."""


class StepCapExceeded(GameError):
    """The game took more steps than ``Rules.step_cap``: some rule or plugin loops."""


class PluginError(GameError):
    """A plugin's hook implementation raised; names the plugin and the hook."""

    def __init__(self, plugin: str, hook: str, error: BaseException) -> None:
        super().__init__(f"plugin {plugin!r} failed in hook {hook}: {type(error).__name__}: {error}")
        self.plugin, self.hook, self.error = plugin, hook, error


class AbilityError(GameError):
    """A compiled ability's handler raised; names the card (its origin) and the trigger."""

    def __init__(self, origin: str, trigger: str, error: BaseException) -> None:
        super().__init__(f"ability {origin} failed at {trigger}: {type(error).__name__}: {error}")
        self.origin, self.trigger, self.error = origin, trigger, error
