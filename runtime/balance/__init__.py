"""Run and Report: balance simulations (many seeded games in parallel), per-game records and the report."""
