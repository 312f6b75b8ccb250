"""Checking a corpus of scenarios: running them, golden rulings, selection, reports and coverage."""
