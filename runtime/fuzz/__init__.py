"""Run: ``rulecraft fuzz``'s core: games as choice streams (``choices``), what they exercised
(``coverage``), one game and its failure (``games``), the steered run (``run``) and the shrinker
(``shrink``). It names no game: a game brings its invariants and its scenarios' ``transcript``."""
