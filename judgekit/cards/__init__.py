"""Finding cards in the pool: the query language of `judgekit cards` (query.py)."""
