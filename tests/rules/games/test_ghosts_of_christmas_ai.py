"""Ghosts of Christmas' computer players: the look-ahead's and the playouts' own shortcuts agree
with the rules, and the playouts play as normal's aim."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.ai.hooks import hooks_for
from rules.ai.levels import NormalLevel
from rules.ai.rollouts import _play_out
from rules.games.ghosts_of_christmas.ai import _winner, aim_rollout, play_out, win_chance
from rules.games.ghosts_of_christmas.cards import DECK_SIZE, TOKEN_OF
from rules.games.ghosts_of_christmas.scoring import era_winner
from rules.games.ghosts_of_christmas.state import GhostsState
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


@pytest.mark.parametrize("options", [{}, {"tiny_tim": True}, {"beyond": True}])
@pytest.mark.parametrize("players", [3, 4])
def test_hards_quick_playout_is_its_playout_policy_played_move_by_move(players: int, options: dict[str, Any]) -> None:
    # Hard's playouts run on plain lists, not through the rules, for speed: they must end where the
    # rules would, with every seat's choices those of the playout policy, and the same lead.
    game = games()["ghosts-of-christmas"]
    search = hooks_for(game).rollout_search
    assert search is not None
    assert search.play_out is play_out
    assert search.policy is not None
    checked = 0
    for index, state in enumerate(random_states(game, players, options, count=40, seed=4)):
        if game.result(state) is not None:
            continue
        seat = min(game.to_act(state))
        world = game.determinize(state, seat, random.Random(index))
        slow = _play_out(game, game.copy_state(world), seat, random.Random(index), search.policy, search)
        assert play_out(game, game.copy_state(world), seat, random.Random(index)) == pytest.approx(slow)
        checked += 1
    assert checked >= 30


def test_the_playout_policy_bids_as_normal_does() -> None:
    game = games()["ghosts-of-christmas"]
    for index, state in enumerate(random_states(game, 3, {}, count=60, seed=9)):
        assert isinstance(state, GhostsState)
        if state.phase != "bid":
            continue
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        bid = aim_rollout(game, state, seat, legal, random.Random(index))
        assert bid == NormalLevel().choose(game, state, seat, random.Random(index))


def test_the_playout_policy_ducks_once_its_bid_is_met_and_takes_while_short() -> None:
    game = games()["ghosts-of-christmas"]
    state = game.setup(3, game.Options(), 3)
    assert isinstance(state, GhostsState)
    for seat in range(3):
        game._apply(state, state.turn, game.legal_actions(state, state.turn)[0])  # everyone bids 0, no red door
    seat = state.turn
    legal = game.legal_actions(state, seat)
    # First to play, nothing on the table: ducking plays its weakest card, taking its strongest.
    low = min(state.hands[seat], key=lambda c: win_chance(c, 3))
    assert aim_rollout(game, state, seat, legal, random.Random(0)).args[0] == TOKEN_OF[low]
    state.purple[seat] = 12
    high = max(state.hands[seat], key=lambda c: win_chance(c, 3))
    assert aim_rollout(game, state, seat, legal, random.Random(0)).args[0] == TOKEN_OF[high]
