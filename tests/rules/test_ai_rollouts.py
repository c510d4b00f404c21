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


#: The games whose hard player judges by paired rollouts, and a table size to try each at.
PAIRED = [
    ("sugarfree", 2),
    ("candy-climb", 2),
    ("31-candies", 2),
    ("ghosts-love-candy", 3),
    ("up-and-down-the-block", 2),
    ("13-ghosts", 2),
    ("best-house", 3),
    ("blind-candy-shuffle", 2),
]


@pytest.mark.parametrize(("game_id", "players"), PAIRED)
def test_the_playouts_play_every_seat_as_its_normal_player_would(game_id: str, players: int) -> None:
    game = games()[game_id]
    hooks = hooks_for(game)
    assert hooks.rollout_search is not None
    assert hooks.rollout_search.policy is not None
    assert hooks.normal is not None
    checked = 0
    for state in random_states(game, players, {}, count=30, seed=8):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        played = hooks.rollout_search.policy(game, state, seat, legal, random.Random(checked))
        assert played == hooks.normal(game, game.view(state, seat), legal, random.Random(checked))
        checked += 1
    assert checked >= 10


def test_the_searching_seat_plays_on_by_its_own_policy_and_the_others_by_theirs() -> None:
    state, _ = _sugarfree_position()
    seen: dict[str, set[int]] = {"own": set(), "others": set()}

    def recorder(name: str) -> Any:
        def policy(game: Game[Any], world: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
            seen[name].add(seat)
            return legal[0]

        return policy

    setup = RolloutSearch(
        playouts=4,
        stage=lambda world: 0,
        value=lambda game, world: [0.0, 0.0],
        policy=recorder("others"),
        own_policy=recorder("own"),
        max_moves=30,
    )
    choose(SUGARFREE, state, 0, random.Random(2), hooks_for(SUGARFREE), setup)
    assert seen == {"own": {0}, "others": {1}}


@pytest.mark.parametrize(("game_id", "players"), PAIRED)
def test_hard_judges_its_moves_by_paired_rollouts_within_the_budget_it_is_given(game_id: str, players: int) -> None:
    game = games()[game_id]
    for index, state in enumerate(random_states(game, players, {}, count=4, seed=11)):
        seat = min(game.to_act(state))
        player = HardLevel(iterations=6)
        move = player.choose(game, state, seat, random.Random(index))
        assert move in game.legal_actions(state, seat)
        assert player.last.iterations <= 6 + len(game.legal_actions(state, seat))


def test_a_game_may_size_its_playouts_by_the_table() -> None:
    # Ghosts Love Candy plays each playout to the end of the game: more turns at a bigger table.
    game = games()["ghosts-love-candy"]
    search = hooks_for(game).rollout_search
    assert search is not None
    spent: dict[int, int] = {}
    for players in (3, 6):
        state = game.new_game(players, {}, 4)
        _move, spent[players] = choose(game, state, 0, random.Random(1), hooks_for(game), search)
    # Every ghost is a choice at the first round: 9 of them at three players, 7 at six.
    assert spent[3] == math.ceil(100 / 9) * 9
    assert spent[6] == math.ceil(100 * 3 * 8 / (6 * 6) / 7) * 7
