"""Run: Mecha Game, the second game rulecraft hosts (issue 13; RULINGS M1-M22).

A two-player card battler on a 7x5 grid: towers provide bandwidth, mechas fight, commands answer in three
response windows. The engine is plain, typed Python in one module per rule area (``board``, ``model``,
``state``, ``engine``, ``actions``, ``combat``, ``effects``, ``views``, ``agents``); the designed card set
(M21) is the pack ``content/mecha-core`` and its schemas are ``schemas/mecha/``.
"""
