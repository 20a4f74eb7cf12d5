"""The packs Pig ships (``pig-core``), read with importlib.resources like rulecraft's own."""
