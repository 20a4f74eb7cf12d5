"""Run: Tiny Epic Quest, the third game rulecraft hosts (issue 23; RULINGS Q1-Q35).

Heroes move by shared movement cards in the day and push their luck with five dice at night, on a map
built at setup from cards of two regions each. The built ruleset is ``model``; the pack is
``content/teq-core`` and its schemas ``schemas/teq/``.
"""
