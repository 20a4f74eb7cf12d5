"""Content packs shipped with rulecraft, read through importlib.resources."""
