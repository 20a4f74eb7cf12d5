"""Plugins: rule variants and built-in behaviour, hosted with pluggy."""
