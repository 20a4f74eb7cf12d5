"""A second game for the game-mismatch case: a definition only (the case never plays it)."""

from rulecraft.runtime.games import GameDefinition

GAME = GameDefinition(id="dice-race", name="Dice race (a test game of this case)", players=(2, 4),
                      default_pack="dice-core")
