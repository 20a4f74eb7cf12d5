"""A tiny variant plugin for the --compare test: every player scores 5 more VP at each scoring round."""

from rulecraft.plugins.hookspecs import hookimpl


@hookimpl
def rulecraft_round_scores(game, player):
    return [("scoring-bonus", 5)]
