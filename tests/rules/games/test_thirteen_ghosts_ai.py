"""13 Ghosts' hard player guesses the rival's Crypt as a normal player hides it."""

from __future__ import annotations

import random

from rules.ai.hooks import hooks_for
from rules.games.thirteen_ghosts.cards import number_of
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from rules.registry import games
from tests.rules.test_ai_heuristics import thirteen_ghosts


def test_hard_deals_a_rival_a_crypt_it_would_rather_hold_as_rarely_as_normal_hides_one() -> None:
    game = games()["13-ghosts"]
    # The answers leave the rival's Crypt 5 (a question) or 10 (a red card, worth more in hand).
    state = thirteen_ghosts(my_crypt=3, my_hand=7, their_crypt=10, their_hand=1, possible=[5, 10])
    hooks = hooks_for(game)
    assert hooks.determinize is not None
    crypts = []
    for seed in range(300):
        world = hooks.determinize(game, state, 0, random.Random(seed))
        assert isinstance(world, ThirteenGhostsState)
        assert world.crypt[0] == state.crypt[0]
        assert world.hand[0] == state.hand[0]
        crypt = world.crypt[1]
        assert crypt is not None
        crypts.append(number_of(crypt))
    assert set(crypts) == {5, 10}
    # Normal hides the 10 only when dealt two cards worth 3 in hand: 1.5 times in 9 against the 5's 7.5.
    assert 0.08 < crypts.count(10) / len(crypts) < 0.28
