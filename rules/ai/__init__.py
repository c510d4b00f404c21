"""Computer players for every game: three levels built once, fed by per-game hooks.

- `levels.py`: the `easy`, `normal` and `hard` players (and `random`).
- `hooks.py`: finds a game's own `rules/<package>/ai.py` by convention.
- `ismcts.py`: single-observer information-set Monte Carlo tree search (hard).
- `heuristics.py`: small helpers the per-game heuristics share.

This package defines no `GAME`, so the registry never takes it for a game.
"""
