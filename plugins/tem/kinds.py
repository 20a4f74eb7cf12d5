"""Run: the kinds of decision Tiny Epic Mechs asks its players, and the rule its program's picks follow.

The runtime core knows no decision kind; these are TEM's (``Decision.kind``), in the order they usually
come up. A program uses each card once (T4): its picks are distinct in their first element.
"""

from __future__ import annotations

from operator import itemgetter

from rulecraft.runtime.decisions import Distinct

PILOT = "pilot"                  # keep one of the dealt pilots
BASE = "base"                    # where to place your Base (T5)
SETUP_MINE = "setup-mine"        # the secret Mine on your Base (T17)
BASIC_WEAPON = "basic-weapon"    # the secret Basic weapon pick
PROGRAM = "program"              # 4 of 8 cards, in order, each with an orientation (T4)
AD_HOC_CARD = "ad-hoc-card"      # any card and orientation, in Ad Hoc Mode (T11)
EQUIP = "equip"                  # which owned weapons to equip (T12)
TAKE_MECH = "take-mech"          # take the Mighty Mech: a side id, or None to decline
ATTACK = "attack"                # (weapon id, power attack?) (T13)
BOOST = "boost"                  # how much to pay for an ability (choose_amount)
ABILITY_CHOICE = "ability-choice"  # any other choice an ability asks for
POWER_UP = "power-up"            # ("heal", energy) | ("upgrade",) | None
PURCHASE = "purchase"            # a weapon id | None
MINE_NUMBER = "mine-number"      # a Mine number from supply | None
DEPLOY_TURRET = "deploy-turret"  # True | False
MOVE_TOKEN = "move-token"        # which deployed token to move (a cell) | None
ZONE = "zone"                    # which zone among tied closest ones (T10)

KINDS = (PILOT, BASE, SETUP_MINE, BASIC_WEAPON, PROGRAM, AD_HOC_CARD, EQUIP, TAKE_MECH, ATTACK, BOOST,
         ABILITY_CHOICE, POWER_UP, PURCHASE, MINE_NUMBER, DEPLOY_TURRET, MOVE_TOKEN, ZONE)

ONE_USE_PER_CARD = Distinct(itemgetter(0), "a card")   # T4: each program card at most once
