"""Run: the hook specifications a rule variant implements, grouped by game stage.

Implement any of these in a module or class, mark the functions with ``@hookimpl`` and name the plugin
in a pack's ``plugins:`` or install it under the ``rulecraft.plugins.tem`` entry-point group (a plugin
of Tiny Epic Mechs). Every hook receives the running :class:`~rulecraft.plugins.tem.engine.Game` as
``game``; players are
:class:`~rulecraft.plugins.tem.state.Player` objects. Hooks marked *firstresult* stop at the first
implementation that returns something other than ``None``; the built-in rules
(``rulecraft.plugins.tem.core``) are registered first, as ``tryfirst=False`` ordinary plugins, so a variant's
implementation runs before them and can replace their answer.
"""

from __future__ import annotations

from rulecraft.plugins.facade import FIRST, FLAG, ITEMS, KEY, answers, is_flag, or_argument
from rulecraft.plugins.hookspecs import hookspec
from rulecraft.plugins.tem import results


# --- setup ------------------------------------------------------------------------------------
@hookspec
def rulecraft_setup_start(game):
    """Setup is about to start: the players exist, nothing is dealt."""


@hookspec(firstresult=True)
@answers(FLAG)
def rulecraft_setup_player(game, player):
    """Set up ``player`` (pilot, status, health, resources, supplies) instead of the core rule (keep 1 of
    the dealt pilots); return True when handled."""


@hookspec(firstresult=True)
@answers(FLAG)
def rulecraft_place_bases(game):
    """Place every player's Base (``game.place_base``) instead of the core order of T5; return True when
    handled."""


@hookspec(firstresult=True)
@answers(FIRST, check=results.seat)
def rulecraft_starting_player(game):
    """Return the seat holding the Starting Token for the next round (at setup: the first), or None for
    the core rule (random at setup, then passed clockwise, T5)."""


@hookspec
def rulecraft_setup_done(game):
    """Setup is complete: arena, bases, Mines, weapons and the Advanced row are in place."""


# --- program ----------------------------------------------------------------------------------
@hookspec
def rulecraft_round_start(game):
    """A round begins (``game.round`` is its number), before the Program phase."""


@hookspec(firstresult=True)
@answers(or_argument("options"), check=results.options)
def rulecraft_program_options(game, player, options):
    """Return the legal ``(card, orientation)`` program options for ``player`` (default: ``options``)."""


# --- movement ---------------------------------------------------------------------------------
@hookspec(firstresult=True)
@answers(FIRST, check=results.cell)
def rulecraft_move_destination(game, player, card, orientation):
    """Return the cell a program card moves ``player`` to (``-1`` = blocked by a wall), or None for the
    core rule (T4, T6, T7)."""


# --- entering a zone --------------------------------------------------------------------------
@hookspec
def rulecraft_zone_entered(game, player, cell):
    """``player`` entered ``cell``, before its Mines, Combat and Turrets resolve (T8)."""


@hookspec(firstresult=True)
@answers(FIRST, check=is_flag)
def rulecraft_token_hurts(game, player, token):
    """Return False when another player's Mine or Turret ``token`` does nothing to ``player`` entering its
    zone (it stays where it is), or None for the core rule (it triggers, T8)."""


# --- actions ----------------------------------------------------------------------------------
@hookspec(firstresult=True)
@answers(FLAG)
def rulecraft_perform_action(game, player, action):
    """Perform a card's ``action`` instead of the core rule; return True when handled."""


# --- combat -----------------------------------------------------------------------------------
@hookspec
def rulecraft_combat_start(game, attacker, defender):
    """Combat started: ``attacker`` moved into ``defender``'s zone and scored (T2, T13)."""


@hookspec
def rulecraft_attack(game, attacker, target, weapon, power):
    """An attack with ``weapon`` (a Power Attack if ``power``) is about to deal its damage."""


@hookspec(firstresult=True)
@answers(FLAG)
def rulecraft_out_of_weapons(game, player, combat):
    """``player`` must attack with no ready weapon: return True after readying some (``combat.exhausted``)
    to go on instead of the core rule (retreat, T13)."""


@hookspec
def rulecraft_combat_end(game, attacker, defender, outcome):
    """Combat ended with ``outcome``: ``"ko"``, ``"retreat"`` or ``"separated"``."""


# --- KO and retreat ---------------------------------------------------------------------------
@hookspec
def rulecraft_knocked_out(game, player, by):
    """``player`` was KO'd, by a Combat opponent ``by`` or by a Mine/Turret (``by`` None, T9)."""


@hookspec(firstresult=True)
@answers(FLAG)
def rulecraft_respawn(game, player, by):
    """Apply a KO's consequences to ``player`` (Ad Hoc Mode, status, health, where it goes, the Mighty
    Mech) instead of the core rule (Getting KO'd, T9); return True when handled."""


@hookspec
def rulecraft_retreated(game, player, opponent):
    """``player`` retreated from Combat with ``opponent`` (T13)."""


# --- the Mighty Mech ----------------------------------------------------------------------------
@hookspec(firstresult=True)
@answers(FIRST, check=is_flag)
def rulecraft_may_take_mech(game, player, entering):
    """Return whether ``player`` may take the empty Mighty Mech (``entering`` its zone, or surrendered by a
    KO), or None for the core rule (full-health Power Armor and an Advanced weapon, E1)."""


@hookspec
def rulecraft_mech_taken(game, player):
    """``player`` took control of the Mighty Mech (``player.mech_side`` is the chosen side)."""


# --- scoring ----------------------------------------------------------------------------------
@hookspec
@answers(ITEMS, check=results.scores)
def rulecraft_round_scores(game, player):
    """Return ``[(source, vp), ...]`` that ``player`` scores in a scoring round (T14)."""


@hookspec
def rulecraft_round_end(game):
    """The round ended (after any scoring), before the Starting Token passes."""


# --- end of game ------------------------------------------------------------------------------
@hookspec
@answers(ITEMS, check=results.scores)
def rulecraft_final_scores(game, player):
    """Return ``[(source, vp), ...]`` that ``player`` scores at game end (weapons' VP, T12)."""


@hookspec(firstresult=True)
@answers(KEY, check=results.sort_key)
def rulecraft_standing_key(game, player):
    """Return a sort key (higher wins; equal keys share the victory) for the final standings (T15)."""


@hookspec
def rulecraft_game_end(game, standings):
    """The game is over; ``standings`` is the final ranking."""
