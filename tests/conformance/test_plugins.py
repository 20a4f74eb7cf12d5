"""Conformance: the game's plugin manager builds (issue 12 item 4): the shared hookspecs plus the game's own,
its built-in plugins registered, every first-party variant loadable into it, and ``check_pending`` passes."""

from __future__ import annotations

from conformance_harness import definition

from rulecraft.plugins import hookspecs
from rulecraft.plugins.facade import MARK, PREFIX
from rulecraft.plugins.manager import make_hooks, make_manager, spec_modules


def _specs(module) -> set[str]:
    return {name for name in vars(module) if name.startswith(PREFIX) and callable(getattr(module, name))}


def test_its_manager_holds_the_shared_hookspecs_and_its_own(game):
    spec = definition(game)
    manager = make_manager(game, installed=False)     # make_manager checks every implementation
    defined = {name for name, caller in vars(manager.pm.hook).items() if caller.spec is not None}
    assert defined == set().union(*(_specs(module) for module in spec_modules(spec)))
    assert _specs(hookspecs) <= defined
    assert manager.names == [str(ref) for ref in spec.builtin_plugins]


def test_every_first_party_variant_loads_into_it(game):
    for name in definition(game).variants:
        assert name in make_manager(game, [name], installed=False).names


def test_its_facade_has_a_step_for_every_rule_hook(game):
    """Every rule step is written once, as its hookspec: the facade's attributes are derived from them."""
    hooks = make_hooks(game, installed=False)
    for module in spec_modules(definition(game)):
        for name in _specs(module):
            registration = getattr(getattr(module, name), MARK, True) is None
            assert hasattr(hooks, name.removeprefix(PREFIX)) != registration, name
