"""The packs Pig ships (``pig-core``, and ``pig-big``, Big Pig on top of it), read with importlib.resources
like rulecraft's own."""
