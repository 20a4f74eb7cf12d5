"""The runtime: plays a compiled pack by the rules. It knows nothing of YAML."""

from rulecraft.runtime.native import check_fresh

check_fresh(__file__)   # the optional compiled game loop matches its sources (runtime.native)
