"""Tiny Epic Mechs' JSON Schemas (draft-07): one per content kind, and its rule scenarios."""
