"""The hard player's paired rollouts (`rules.ai.rollouts`): every move is judged in the same worlds,
and normal's move is left only on evidence."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from rules.ai.hooks import RolloutSearch, hooks_for
from rules.ai.levels import HardLevel, NormalLevel
from rules.ai.rollouts import _pick, choose
from rules.contract import Action, Game, GameState
from rules.games.sugarfree.state import SugarfreeState
from rules.registry import games
from tests.rules.test_ai import random_states

SUGARFREE = games()["sugarfree"]


def test_normals_move_is_kept_when_no_move_does_better() -> None:
    assert _pick([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], default=1, margin=1.0) == 1


def test_a_better_move_is_taken_only_when_it_beats_normals_by_more_than_its_error() -> None:
    # Ahead by 1 in every world: no doubt.
    assert _pick([[0.0, 5.0, 9.0], [1.0, 6.0, 10.0]], default=0, margin=1.0) == 1
    # Ahead on average, but by less than the spread of its lead from world to world.
    assert _pick([[0.0, 5.0, 9.0], [3.0, 2.0, 10.0]], default=0, margin=1.0) == 0


def _sugarfree_position() -> tuple[SugarfreeState, list[Action]]:
    for state in random_states(SUGARFREE, 2, {}, count=40, seed=3):
        assert isinstance(state, SugarfreeState)
        seat = min(SUGARFREE.to_act(state))
        legal = SUGARFREE.legal_actions(state, seat)
        if seat == 0 and state.phase == "play" and len(legal) >= 3:
            return state, legal
    raise AssertionError("no position with three moves")


def test_every_move_is_judged_in_the_same_worlds_so_a_small_edge_shows_through_a_large_deal_luck() -> None:
    state, legal = _sugarfree_position()
    view = SUGARFREE.view(state, 0)
    normal = NormalLevel().choose(SUGARFREE, state, 0, random.Random(0))
    better = next(action for action in legal if action != normal)

    def value(game: Game[Any], world: GameState) -> list[float]:
        assert isinstance(world, SugarfreeState)
        # Each world's luck (its seed) is a thousand times the move's edge.
        luck = float(world.seed % 1000)
        edge = 1.0 if world.discard[-1] == int(better.args[0]) else 0.0
        return [luck + edge, -luck - edge]

    setup = RolloutSearch(playouts=12, stage=lambda world: 0, value=value, max_moves=0)
    move, playouts = choose(SUGARFREE, state, 0, random.Random(5), hooks_for(SUGARFREE), setup)
    assert move == better
    assert playouts == math.ceil(12 / len(legal)) * len(legal)
    assert SUGARFREE.view(state, 0) == view


@pytest.mark.parametrize("game_id", ["sugarfree", "candy-climb", "31-candies", "up-and-down-the-block"])
def test_the_playouts_play_every_seat_as_its_normal_player_would(game_id: str) -> None:
    game = games()[game_id]
    hooks = hooks_for(game)
    assert hooks.rollout_search is not None
    assert hooks.rollout_search.policy is not None
    assert hooks.normal is not None
    checked = 0
    for state in random_states(game, 2, {}, count=30, seed=8):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        played = hooks.rollout_search.policy(game, state, seat, legal, random.Random(checked))
        assert played == hooks.normal(game, game.view(state, seat), legal, random.Random(checked))
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game_id", ["sugarfree", "candy-climb", "31-candies", "up-and-down-the-block"])
def test_hard_judges_its_moves_by_paired_rollouts_within_the_budget_it_is_given(game_id: str) -> None:
    game = games()[game_id]
    for index, state in enumerate(random_states(game, 2, {}, count=4, seed=11)):
        seat = min(game.to_act(state))
        player = HardLevel(iterations=6)
        move = player.choose(game, state, seat, random.Random(index))
        assert move in game.legal_actions(state, seat)
        assert player.last.iterations <= 6 + len(game.legal_actions(state, seat))
