"""Issue 12: ``Player.resource`` names Energy and Credits only; a third name is a bug, never Credits."""

from __future__ import annotations

import pytest

from rulecraft.plugins.tem.state import Player


def test_energy_and_credits_are_read_and_set_by_name():
    p = Player(0, "red")
    p.set_resource("energy", 3)
    p.set_resource("credits", 5)
    assert (p.resource("energy"), p.resource("credits"), p.energy, p.credits) == (3, 5, 3, 5)


@pytest.mark.parametrize("name", ["vp", "shields", "Credits", ""])
def test_an_unknown_resource_is_refused_not_aliased_to_credits(name):
    p = Player(0, "red")
    with pytest.raises(KeyError, match="no resource"):
        p.resource(name)
    with pytest.raises(KeyError, match="no resource"):
        p.set_resource(name, 1)
    assert p.credits == 0
