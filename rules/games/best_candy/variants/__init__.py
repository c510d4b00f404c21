"""Where the King-Sized expansion and the sixteen variant games will live.

How one slots in without rewriting the base game:
- an option field on `BestCandyOptions` (state.py) that defaults to the base game;
- a module here holding what differs: a deck builder (cards come from
  `cards.py`, the one data module), a different `deal.start_hand` step, a
  scoring sheet, or its own trick rules built on `trick.py` and rules/kit/tricks.py;
- `BestCandy` (game.py) keeps one job per method (`_keep`, `_take`, `_play`,
  `_finish_trick`, `_finish_hand`), so a variant overrides only the step it
  changes, and `configurations()` lists the variant's player counts for the
  generic test suite.
"""
