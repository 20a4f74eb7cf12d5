"""Run: the trigger ids the engine fires, at which rule step (the DSL vocabulary names the same ids).

A compiled ability (``CompiledAbility.trigger``) runs when the engine fires its trigger for the
ability's owner. Which abilities are active (engine ruling E8, in the DSL reference):

- the pilot's ability (in the Mighty Mech, the side's power instead) at every trigger of its owner;
- a weapon's ability only while the weapon is equipped: at the attack triggers (``WEAPON_IN_USE``)
  only for the weapon attacking, at every other trigger for each equipped weapon;
- ``on_bought`` only for the weapon just bought, equipped or not (it has just become yours).

At the paying triggers (``PAYING``) a cost change counts toward what you can afford (E4); every
other effect of those abilities waits until the action is paid for, and is dropped when it is not.
"""

BEFORE_ATTACK = "before_attack"        # you are about to attack (may add damage)
BEFORE_POWER_ATTACK = "before_power_attack"  # you are about to deal a Power Attack
WHEN_ATTACKED = "when_attacked"        # an attack is about to hit you (may prevent damage)
AFTER_ATTACK = "after_attack"          # your attack has been dealt
WHEN_USED = "when_used"                # the weapon was used to attack (e.g. Warhammer's +1 VP)
COMBAT_START = "combat_start"          # Combat starts, for both players
COMBAT_END = "combat_end"
ON_COLLECT = "on_collect"              # after a Collect action
ON_PURCHASE = "on_purchase"            # a Purchase action, before a weapon is chosen (cost changes, E4)
ON_BOUGHT = "on_bought"                # the weapon just bought, after paying for it, before equipping
ON_DEPLOY = "on_deploy"                # before paying a Mine or Turret (may modify the cost)
ON_UPGRADE = "on_upgrade"              # before paying the Upgrade (may modify the cost)
ON_ENTER_ZONE = "on_enter_zone"        # you moved into a zone (before T8's Mines and Combat)
ON_KO = "on_ko"                        # you KO'd someone
ON_KOED = "on_koed"                    # you were KO'd
AFTER_RETREAT = "after_retreat"        # you retreated and moved
ROUND_START = "round_start"
ROUND_END = "round_end"
ON_SCORING = "on_scoring"              # a scoring round (T14)

ALL = (BEFORE_ATTACK, BEFORE_POWER_ATTACK, WHEN_ATTACKED, AFTER_ATTACK, WHEN_USED, COMBAT_START,
       COMBAT_END, ON_COLLECT, ON_PURCHASE, ON_BOUGHT, ON_DEPLOY, ON_UPGRADE, ON_ENTER_ZONE, ON_KO, ON_KOED,
       AFTER_RETREAT, ROUND_START, ROUND_END, ON_SCORING)
WEAPON_IN_USE = frozenset({BEFORE_ATTACK, BEFORE_POWER_ATTACK, AFTER_ATTACK, WHEN_USED, ON_BOUGHT})
"""Triggers that run only the ability of the one weapon concerned (attacking, or just bought)."""
PAYING = frozenset({ON_PURCHASE, ON_DEPLOY, ON_UPGRADE})
"""Triggers fired before a payment: cost changes apply at once, other effects once it is paid."""
