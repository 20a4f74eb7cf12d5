"""Run: the hook specifications a rule variant implements, grouped by game stage.

Implement any of these in a module or class, mark the functions with ``@hookimpl`` and name the plugin
in a pack's ``plugins:`` or install it under the ``rulecraft`` entry-point group. Every hook receives the
running :class:`~rulecraft.plugins.tem.engine.Game` as ``game``; players are
:class:`~rulecraft.plugins.tem.state.Player` objects. Hooks marked *firstresult* stop at the first
implementation that returns something other than ``None``; the built-in rules
(``rulecraft.plugins.tem.core``) are registered first, as ``tryfirst=False`` ordinary plugins, so a variant's
implementation runs before them and can replace their answer.
"""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("rulecraft")
hookimpl = pluggy.HookimplMarker("rulecraft")


# --- registration -----------------------------------------------------------------------------
@hookspec
def rulecraft_register_content_kinds():
    """Return a list of ``(kind, schema_resource)`` pairs: new content kinds a pack may contain.

    ``kind`` is the value of a content file's ``kind:`` (kebab-case; it must not be a shipped kind or
    another plugin's). ``schema_resource`` is the string ``"package:file.schema.json"``: a JSON Schema
    (draft-07) file inside an importable package, read with ``importlib.resources`` (so it works from a
    wheel or a zip). It has the layout of the shipped ``<kind>.schema.json`` files: the whole file
    (``kind``, ``entries``, ``replace``, ``patch``, ``remove``) with ``definitions.fields`` and
    ``definitions.entity``. Only packs whose stack names the plugin may contain the kind; its resolved
    entities reach the game as read-only plain data, ``game.ruleset.extra[kind]``."""


@hookspec
def rulecraft_register_vocabulary(vocabulary):
    """Add triggers, verbs or attributes to the effect DSL's vocabulary registry (``vocabulary``)."""


@hookspec(firstresult=True)
def rulecraft_effect_extension(game, ctx, name, args):
    """Perform the plugin-registered DSL word ``name`` for an ability (``ctx`` is its EffectContext)."""


# --- setup ------------------------------------------------------------------------------------
@hookspec
def rulecraft_setup_start(game):
    """Setup is about to start: the players exist, nothing is dealt."""


@hookspec(firstresult=True)
def rulecraft_setup_player(game, player):
    """Set up ``player`` (pilot, status, health, resources, supplies) instead of the core rule (keep 1 of
    the dealt pilots); return True when handled."""


@hookspec(firstresult=True)
def rulecraft_place_bases(game):
    """Place every player's Base (``game.place_base``) instead of the core order of T5; return True when
    handled."""


@hookspec(firstresult=True)
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
def rulecraft_program_options(game, player, options):
    """Return the legal ``(card, orientation)`` program options for ``player`` (default: ``options``)."""


# --- movement ---------------------------------------------------------------------------------
@hookspec(firstresult=True)
def rulecraft_move_destination(game, player, card, orientation):
    """Return the cell a program card moves ``player`` to (``-1`` = blocked by a wall), or None for the
    core rule (T4, T6, T7)."""


# --- entering a zone --------------------------------------------------------------------------
@hookspec
def rulecraft_zone_entered(game, player, cell):
    """``player`` entered ``cell``, before its Mines, Combat and Turrets resolve (T8)."""


@hookspec(firstresult=True)
def rulecraft_token_hurts(game, player, token):
    """Return False when another player's Mine or Turret ``token`` does nothing to ``player`` entering its
    zone (it stays where it is), or None for the core rule (it triggers, T8)."""


# --- actions ----------------------------------------------------------------------------------
@hookspec(firstresult=True)
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
def rulecraft_respawn(game, player, by):
    """Apply a KO's consequences to ``player`` (Ad Hoc Mode, status, health, where it goes, the Mighty
    Mech) instead of the core rule (Getting KO'd, T9); return True when handled."""


@hookspec
def rulecraft_retreated(game, player, opponent):
    """``player`` retreated from Combat with ``opponent`` (T13)."""


# --- the Mighty Mech ----------------------------------------------------------------------------
@hookspec(firstresult=True)
def rulecraft_may_take_mech(game, player, entering):
    """Return whether ``player`` may take the empty Mighty Mech (``entering`` its zone, or surrendered by a
    KO), or None for the core rule (full-health Power Armor and an Advanced weapon, E1)."""


@hookspec
def rulecraft_mech_taken(game, player):
    """``player`` took control of the Mighty Mech (``player.mech_side`` is the chosen side)."""


# --- scoring ----------------------------------------------------------------------------------
@hookspec
def rulecraft_round_scores(game, player):
    """Return ``[(source, vp), ...]`` that ``player`` scores in a scoring round (T14)."""


@hookspec
def rulecraft_round_end(game):
    """The round ended (after any scoring), before the Starting Token passes."""


# --- end of game ------------------------------------------------------------------------------
@hookspec
def rulecraft_final_scores(game, player):
    """Return ``[(source, vp), ...]`` that ``player`` scores at game end (weapons' VP, T12)."""


@hookspec(firstresult=True)
def rulecraft_standing_key(game, player):
    """Return a sort key (higher wins; equal keys share the victory) for the final standings (T15)."""


@hookspec
def rulecraft_game_end(game, standings):
    """The game is over; ``standings`` is the final ranking."""
