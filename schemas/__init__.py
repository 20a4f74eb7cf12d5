"""JSON Schemas (draft-07) for every content kind, read through importlib.resources."""
