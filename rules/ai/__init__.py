"""Computer players for every game: three levels built once, fed by per-game hooks.

- `levels.py`: the `easy`, `normal` and `hard` players (and `random`).
- `hooks.py`: finds a game's own `rules/games/<package>/ai.py` by convention.
- `ismcts.py`: single-observer information-set Monte Carlo tree search (hard).
- `arena.py`: plays whole games between players, for tournaments and benchmarks.

The small helpers the per-game heuristics share are in `rules/kit/heuristics.py`, below the
games; this package stands above them (it finds their `ai.py` through the registry).
"""
