"""Sweep: simulate a grid of rule and card values and suggest the value that meets a target (issue 15)."""
