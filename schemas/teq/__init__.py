"""Tiny Epic Quest's JSON Schemas (draft-07): one per content kind."""
