"""Mecha Game's JSON Schemas (draft-07): one per content kind, and its rule scenarios."""
