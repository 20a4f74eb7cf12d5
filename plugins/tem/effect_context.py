"""Run: the narrow interface between compiled effect handlers and the game (the effect context).

The effect DSL compiler (``rulecraft.compiler.effects``) turns every ability in a pack into a
:class:`CompiledAbility`: a trigger name and a plain Python ``handler(ctx)``. The runtime fires a
trigger at its rule step and calls the handler with an object implementing :class:`EffectContext`.
Generated handlers call *only* the members below, so this Protocol is the whole contract: the
runtime never imports the compiler, and the compiler never touches game state.

Conventions every member follows:

- ``who`` is ``"you"`` (the ability's owner) or ``"enemy"`` (the player you are in Combat with).
  Handlers only pass ``"enemy"`` from Combat triggers (the compiler's timing check ensures it).
- Amounts passed to verbs are always ``>= 1``: handlers skip a verb whose amount computes to 0 or
  less, so the runtime never sees a negative amount.
- Choices (``choose_*``) are player decisions: the runtime routes them to the owner's agent with the
  legal options, validates the answer and logs it, like every other decision. ``prompt`` is the
  ability's generated English text, for humans and logs.
- Names are the registry's (``rulecraft.compiler.effects.vocabulary``): resources ``energy``,
  ``credits``, ``vp``; statuses ``pilot``, ``power-armor``, ``mighty-mech``; weapon types ``area``,
  ``ranged``, ``melee``; tokens ``mine``, ``turret``.

Trigger ids (``CompiledAbility.trigger``) are those of ``rulecraft.plugins.tem.triggers``; the DSL
spells them as phrases (``before attack``, ``when you collect``, ...) and the compiler's timing
check limits which verbs and attributes each may use (``prevent`` only ``when attacked``,
``reduce the cost`` only ``when you deploy/upgrade/purchase`` *before* paying, ``enemy`` only in
Combat triggers).

Changes to this file are announced in commit messages: the runtime implements it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

Who = Literal["you", "enemy"]
Resource = Literal["energy", "credits", "vp"]
Status = Literal["pilot", "power-armor", "mighty-mech"]
WeaponType = Literal["area", "ranged", "melee"]
Token = Literal["mine", "turret"]
Zone = Hashable  # whatever the runtime uses to name a zone (a cell, an id); handlers only pass it back


@runtime_checkable
class EffectContext(Protocol):
    """What a compiled ability may read and do. One object per trigger firing (or reused: the runtime
    decides); handlers keep no reference to it after they return."""

    # --- reading the game (pure: no side effects) ------------------------------------------
    def health(self, who: Who) -> int:
        """Current health of ``who``'s status (Pilot side, Power Armor or Mighty Mech)."""

    def max_health(self, who: Who) -> int:
        """Full health of ``who``'s current status (rule parameters; Power Armor 9, Mighty Mech 11)."""

    def resource(self, who: Who, resource: Resource) -> int:
        """How much Energy, Credits or VP ``who`` has now."""

    def status(self, who: Who) -> Status:
        """``who``'s status: ``pilot``, ``power-armor`` or ``mighty-mech``."""

    def zone_value(self) -> int:
        """The printed value of the zone your pilot is in (0 for a zone without a value)."""

    def round(self) -> int:
        """The current round, 1-based (1..6 in the core game)."""

    def turn(self) -> int:
        """The current turn of the Execution phase, 1-based (1..4)."""

    def attack_type(self) -> WeaponType | None:
        """The type of the weapon the enemy just used against you (T13 counters); ``None`` when no
        enemy has attacked you in this Combat yet."""

    def weapon_type(self) -> WeaponType | None:
        """The type of the weapon you are attacking with (or just attacked with); ``None`` outside an
        attack."""

    def attack_damage(self) -> int:
        """The damage of the attack being resolved so far (after ``add_damage``/``prevent_damage``)."""

    def deployed(self, token: Token) -> int:
        """How many of your Mines or Turrets are deployed in the arena."""

    def weapons_owned(self, who: Who) -> int:
        """How many weapon cards ``who`` owns (equipped or in the stockpile; the T15 tie-break count)."""

    def adjacent_zones(self, who: Who) -> Sequence[Zone]:
        """The zones orthogonally adjacent to ``who``'s pilot that are inside the arena (T6 walls
        excluded). May be empty."""

    # --- doing things (verbs) -------------------------------------------------------------
    def deal_damage(self, amount: int) -> None:
        """Deal ``amount`` damage to the enemy outside the attack's own damage; it scores VP and can KO
        exactly like attack damage (T2)."""

    def add_damage(self, amount: int) -> None:
        """Increase the damage of the attack you are about to deal (``before attack``)."""

    def prevent_damage(self, amount: int) -> None:
        """Reduce the damage of the attack about to hit you (``when attacked``); never below 0."""

    def heal(self, amount: int) -> None:
        """Restore ``amount`` health to your status, never above its maximum (no effect in the Mighty
        Mech, as Power Up)."""

    def gain(self, resource: Resource, amount: int) -> None:
        """Gain Energy, Credits or VP."""

    def pay(self, resource: Resource, amount: int) -> bool:
        """Pay Energy, Credits or VP. Returns ``False`` and pays nothing if you have less than
        ``amount``; the handler then skips what the payment buys."""

    def enemy_loses(self, resource: Resource, amount: int) -> None:
        """The enemy loses ``amount`` Energy, Credits or VP (as much as it has; never below 0)."""

    def reduce_cost(self, amount: int) -> None:
        """Make the purchase, deployment or upgrade being paid for cheaper by ``amount`` (fired
        before the payment; the runtime never lets a cost drop below 0)."""

    def move(self, who: Who, zone: Zone) -> None:
        """Move ``who``'s pilot to ``zone`` (one of ``adjacent_zones(who)``). Moving the enemy during
        Combat ends the Combat without a retreat; entering a zone follows T8."""

    def ready_weapon(self) -> None:
        """Ready one of your exhausted weapons (you choose if several); nothing if none is exhausted."""

    def exhaust_enemy_weapon(self) -> None:
        """Exhaust one of the enemy's ready weapons (the enemy chooses); nothing if none is ready."""

    # --- choices (decisions routed to the owner's agent) ----------------------------------------
    def choose_amount(self, low: int, high: int, prompt: str) -> int:
        """An integer in ``low..high`` inclusive (``high >= low`` always)."""

    def choose_yes_no(self, prompt: str) -> bool:
        """Whether to use an optional effect ("you may ...")."""

    def choose_zone(self, options: Sequence[Zone], prompt: str) -> Zone:
        """One of ``options`` (never empty; handlers skip the choice when there is no option)."""

    def choose(self, options: Sequence[str], prompt: str) -> str:
        """One of several named options (e.g. which resource to pay with)."""

    # --- plugins ---------------------------------------------------------------------------
    def extension(self, name: str, *args: Any) -> Any:
        """A verb or attribute a plugin registered in the vocabulary: the runtime routes ``name``
        to the plugin that implements it. Core vocabulary never uses this."""


Handler = Callable[[EffectContext], None]
