"""Ghosts of Christmas' computer players: the look-ahead's own shortcuts agree with the rules, and
hard is that look-ahead with more guessed deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ai.hooks import hooks_for
from rules.ai.levels import HardLevel, NormalLevel
from rules.games.ghosts_of_christmas import ai
from rules.games.ghosts_of_christmas.ai import HARD_DEALS, _winner, hard
from rules.games.ghosts_of_christmas.cards import DECK_SIZE
from rules.games.ghosts_of_christmas.scoring import era_winner
from rules.registry import games
from tests.rules.test_ai import random_states


def test_the_look_aheads_era_winner_is_the_rules_era_winner() -> None:
    # The look-ahead scores thousands of eras a decision, so it has a quick copy of `era_winner`
    # without the trick core's bookkeeping: it must name the same seat for every era.
    rng = random.Random(12)
    for _ in range(20_000):
        players = rng.choice((3, 4))
        row: list[int | None] = list(rng.sample(range(DECK_SIZE), players))
        leader = rng.randrange(players)
        assert _winner(row, leader) == era_winner(row, leader)[0], (row, leader)


@pytest.mark.parametrize("options", [{}, {"tiny_tim": True}])
def test_hard_bids_as_normal_and_plays_normals_look_ahead_over_more_guessed_deals(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games()["ghosts-of-christmas"]
    assert hooks_for(game).hard is hard
    asked: list[int] = []

    def counting(view: Any, me: int, hand: list[int], count: int, rng: random.Random) -> Any:
        asked.append(count)
        return dealing(view, me, hand, count, rng)

    dealing = ai._round_deals
    monkeypatch.setattr(ai, "_round_deals", counting)
    checked = 0
    for index, state in enumerate(random_states(game, 3, options, count=12, seed=5)):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        asked.clear()
        chosen = HardLevel().choose(game, state, seat, random.Random(index))
        assert chosen in legal
        if legal[0].kind == "bid":
            assert chosen == NormalLevel().choose(game, state, seat, random.Random(index))
            continue
        NormalLevel().choose(game, state, seat, random.Random(index))
        assert asked[0] == HARD_DEALS * asked[1]
        checked += 1
    assert checked >= 5
