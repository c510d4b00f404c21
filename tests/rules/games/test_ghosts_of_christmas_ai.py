"""Ghosts of Christmas' computer players: the look-ahead's own shortcuts agree with the rules."""

from __future__ import annotations

import random

from rules.games.ghosts_of_christmas.ai import _winner
from rules.games.ghosts_of_christmas.cards import DECK_SIZE
from rules.games.ghosts_of_christmas.scoring import era_winner


def test_the_look_aheads_era_winner_is_the_rules_era_winner() -> None:
    # The look-ahead scores thousands of eras a decision, so it has a quick copy of `era_winner`
    # without the trick core's bookkeeping: it must name the same seat for every era.
    rng = random.Random(12)
    for _ in range(20_000):
        players = rng.choice((3, 4))
        row: list[int | None] = list(rng.sample(range(DECK_SIZE), players))
        leader = rng.randrange(players)
        assert _winner(row, leader) == era_winner(row, leader)[0], (row, leader)
