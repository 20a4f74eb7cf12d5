"""A tiny test plugin: adds the content kind ``bounties`` and pays each bounty's VP in every scoring round."""

from __future__ import annotations

from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_register_content_kinds():
    return [("bounties", "rulecraft_test_bounties:bounties.schema.json")]


@hookimpl
def rulecraft_round_scores(game, player):
    return [(f"bounty: {bounty['name']}", bounty["vp"]) for bounty in game.ruleset.extra.get("bounties", ())]
