"""Scenario files: the YAML a judge writes, validated at the boundary and turned into engine state."""
