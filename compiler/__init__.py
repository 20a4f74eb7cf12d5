"""The compiler: load, validate, resolve, parse and check, generate. It knows nothing of agents."""
