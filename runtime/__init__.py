"""The runtime: plays a compiled pack by the rules. It knows nothing of YAML."""
