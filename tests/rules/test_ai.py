"""Every computer level on every registered game: legal moves, fairness, determinism.

Fair by construction means a level decides from what its seat may know and from its rng
alone, so it must choose the same move in a state and in any determinization of it for
that seat (which resamples everything the seat cannot see, seed included).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rules.ai.arena import play_game
from rules.ai.hooks import GameHooks, hooks_for
from rules.ai.ismcts import _decided, _Node
from rules.ai.levels import EasyLevel, HardLevel, NormalLevel, RandomLevel
from rules.contract import Game, GameState
from rules.players import LEVELS, Player, RandomPlayer, player_for
from rules.registry import games

CASES = [
    pytest.param(game, players, options, id=f"{game.id}-{players}p-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for game in games().values()
    for players, options in game.configurations()
]

#: Small budgets keep the whole file within seconds; the search is the same at any budget.
PLAYERS: dict[str, Player] = {
    "random": RandomLevel(),
    "easy": EasyLevel(),
    "normal": NormalLevel(),
    "hard": HardLevel(iterations=12),
}


def random_states(game: Game[Any], players: int, options: dict[str, Any], count: int, seed: int) -> list[GameState]:
    """States reached by random play, at random depths, from a few seeds."""
    rng = random.Random(seed)
    states: list[GameState] = []
    game_seed = seed
    while len(states) < count:
        state = game.new_game(players, options, game_seed)
        game_seed += 1
        stop = rng.randrange(1, 120)
        for _ in range(stop):
            if game.result(state) is not None:
                break
            seat = rng.choice(sorted(game.to_act(state)))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        if game.result(state) is None:
            states.append(state)
    return states


@pytest.mark.parametrize(("game", "players", "options"), CASES)
@pytest.mark.parametrize("level", list(PLAYERS))
def test_a_level_chooses_the_same_move_in_every_determinization_of_its_seat(
    game: Game[Any], players: int, options: dict[str, Any], level: str
) -> None:
    player = PLAYERS[level]
    for index, state in enumerate(random_states(game, players, options, count=4, seed=17)):
        for seat in sorted(game.to_act(state)):
            for k in range(2):
                other = game.determinize(state, seat, random.Random(1000 + index * 10 + k))
                mine = player.choose(game, state, seat, random.Random(k))
                theirs = player.choose(game, other, seat, random.Random(k))
                assert mine == theirs, f"{level} at seat {seat} read something it may not see"


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_level_returns_a_legal_action_on_random_states(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    for index, state in enumerate(random_states(game, players, options, count=12, seed=5)):
        for seat in sorted(game.to_act(state)):
            legal = game.legal_actions(state, seat)
            for level, player in PLAYERS.items():
                action = player.choose(game, state, seat, random.Random(index))
                assert action in legal, f"{level} chose {action.token()}, not a legal action"


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_level_never_changes_the_state_it_decides_on(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    state = random_states(game, players, options, count=1, seed=23)[0]
    before = game.dump_state(state)
    seat = min(game.to_act(state))
    for player in PLAYERS.values():
        player.choose(game, state, seat, random.Random(3))
    assert game.dump_state(state) == before


@pytest.mark.parametrize("game", list(games().values()), ids=lambda g: g.id)
def test_hard_with_a_fixed_seed_and_budget_always_chooses_the_same_move(game: Game[Any]) -> None:
    players, options = game.configurations()[-1]
    for state in random_states(game, players, options, count=3, seed=31):
        seat = min(game.to_act(state))
        moves = {HardLevel(iterations=25).choose(game, state, seat, random.Random(7)) for _ in range(3)}
        assert len(moves) == 1


#: Games whose hard player searches a tree (the others rank their moves by paired rollouts, which
#: spend their whole budget: early stopping is the tree search's).
TREE_SEARCH_GAMES = [game for game in games().values() if hooks_for(game).rollout_search is None]


@pytest.mark.parametrize("game", TREE_SEARCH_GAMES, ids=lambda game: game.id)
def test_hard_stopping_early_chooses_the_move_its_whole_budget_chooses(game: Game[Any]) -> None:
    players, options = game.configurations()[0]
    for index, state in enumerate(random_states(game, max(2, players), options, count=3, seed=41)):
        seat = min(game.to_act(state))
        early, full = HardLevel(iterations=40), HardLevel(iterations=40, early_stop=False)
        move = early.choose(game, state, seat, random.Random(index))
        assert move == full.choose(game, state, seat, random.Random(index))
        assert not full.last.stopped_early
        assert early.last.stopped_early == (early.last.iterations < full.last.iterations)


def test_hard_stops_once_its_leading_move_cannot_be_overtaken() -> None:
    game = games()["closest-ghost"]
    assert game in TREE_SEARCH_GAMES
    stopped = []
    for index, state in enumerate(random_states(game, 2, {}, count=6, seed=5)):
        player = HardLevel(iterations=200)
        player.choose(game, state, min(game.to_act(state)), random.Random(index))
        if player.last.stopped_early:
            stopped.append(player.last.iterations)
    assert stopped
    assert max(stopped) < 200


def test_a_leading_move_is_decided_only_when_the_remaining_iterations_cannot_catch_it_up() -> None:
    root = _Node(actor=-1)
    for key, visits in ((("a", ()), 10), (("b", ()), 3), (("c", ()), 1)):
        root.children[key] = _Node(actor=0)
        root.children[key].visits = visits
    assert _decided(root, 6)
    assert not _decided(root, 7)  # seven more visits would tie b with a
    assert not _decided(_Node(actor=-1), 0)


def test_hard_stops_at_its_time_budget_using_the_clock_it_is_given() -> None:
    game = games()["closest-ghost"]
    state = random_states(game, 2, {}, count=1, seed=2)[0]
    ticks = iter(range(1000))
    player = HardLevel(iterations=500, seconds=5, clock=lambda: float(next(ticks)))
    player.choose(game, state, min(game.to_act(state)), random.Random(0))
    # One tick to set the deadline, then one per iteration: five ticks of budget, five iterations.
    assert player.last.iterations == 5


def test_a_time_budget_without_a_clock_is_refused() -> None:
    with pytest.raises(ValueError, match="clock"):
        HardLevel(seconds=1.0)


def test_player_for_knows_every_level_and_refuses_others() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard", "random"}
    for level in LEVELS:
        assert player_for(level) is LEVELS[level]
    with pytest.raises(ValueError, match="unknown computer level"):
        player_for("impossible")


def test_the_random_player_keeps_its_old_name() -> None:
    assert isinstance(player_for("random"), RandomPlayer)


def test_the_ai_package_is_not_taken_for_a_game() -> None:
    assert all(not type(game).__module__.startswith("rules.ai") for game in games().values())


def test_a_game_without_its_own_ai_module_gets_every_level_from_its_legal_actions() -> None:
    from tests.sessions.toy import TOY

    assert hooks_for(TOY) == GameHooks()
    result = play_game(TOY, {}, [player_for("hard"), player_for("normal"), player_for("easy")], seed=1)
    assert sorted(result.places)[0] == 1


def test_hard_plays_its_games_own_hard_policy_when_it_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.ai.hooks as hooks_module

    game = games()["31-candies"]
    asked: list[int] = []

    def own(game: Game[Any], view: Any, legal: list[Any], rng: random.Random) -> Any:
        asked.append(view.seat)
        return legal[-1]

    monkeypatch.setitem(hooks_module._FOUND, game.id, dataclasses.replace(hooks_for(game), hard=own))
    for index, state in enumerate(random_states(game, 3, {}, count=5, seed=2)):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        assert HardLevel(iterations=12).choose(game, state, seat, random.Random(index)) == legal[-1]
    assert len(asked) >= 3


def test_hard_searches_only_the_moves_its_game_calls_sensible() -> None:
    from tests.rules.test_ai_heuristics import thirteen_ghosts

    game = games()["13-ghosts"]
    # Only 7 and 11 can still be the rival's Crypt: 3 is ours, 9 is in our hand.
    state = thirteen_ghosts(my_crypt=3, my_hand=9, their_crypt=7, their_hand=1, possible=[3, 7, 9, 11])
    for k in range(4):
        move = HardLevel(iterations=30).choose(game, state, 0, random.Random(k))
        assert move.kind != "attack" or move.args[0] in (7, 11)


def test_hard_samples_its_worlds_with_the_games_determinize_hook_when_it_has_one() -> None:
    from rules.ai.ismcts import SearchBudget, search

    game = games()["31-candies"]
    state = random_states(game, 3, {}, count=1, seed=4)[0]
    seat = min(game.to_act(state))
    sampled: list[int] = []

    def sample(game: Game[Any], state: GameState, seat: int, rng: random.Random) -> GameState:
        sampled.append(seat)
        world: GameState = game.determinize(state, seat, rng)
        return world

    hooks = dataclasses.replace(hooks_for(game), determinize=sample)
    search(game, state, seat, random.Random(0), SearchBudget(iterations=7, early_stop=False), hooks)
    assert sampled == [seat] * 7


def test_the_search_first_favours_the_move_of_the_games_prior_when_it_has_one() -> None:
    from rules.ai.ismcts import SearchBudget, search

    game = games()["31-candies"]
    state = random_states(game, 3, {}, count=1, seed=4)[0]
    seat = min(game.to_act(state))
    normal = {NormalLevel().choose(game, state, seat, random.Random(k)) for k in range(6)}
    other = next(action for action in game.legal_actions(state, seat) if action not in normal)

    def prior(game: Game[Any], view: Any, legal: list[Any], rng: random.Random) -> Any:
        return other

    # So strong a bias that, once each move is tried, every visit goes to the prior's move.
    hooks = dataclasses.replace(hooks_for(game), prior=prior, prior_bias=1e9)
    assert search(game, state, seat, random.Random(0), SearchBudget(iterations=40), hooks) == other


@pytest.mark.parametrize(
    ("game_id", "players", "together"),
    [
        # Three players send their ghosts together: after ours, two rivals are left, then one.
        ("ghosts-love-candy", 3, "send"),
        # Two players keep their favourite suits together: after ours, the rival is left alone.
        ("best-candy", 2, "keep"),
    ],
)
def test_the_search_never_lets_a_rival_choosing_at_the_same_time_see_its_choice(
    game_id: str, players: int, together: str
) -> None:
    from rules.ai.ismcts import _iterate, _key

    # The last rival to choose is alone to act, but it still chooses blind: it is no node of the tree.
    game = games()[game_id]
    state = game.new_game(players, {}, 5)
    assert game.to_act(state) == frozenset(range(players))
    hooks = dataclasses.replace(hooks_for(game), opponents_in_tree=True)
    policy = hooks.rollout or (lambda game, state, seat, legal, rng: rng.choice(legal))
    rng = random.Random(0)
    root = _Node(actor=-1)
    roots = {_key(action) for action in game.legal_actions(state, 0)}
    for _ in range(60):
        world = game.determinize(state, 0, rng)
        _iterate(game, world, 0, root, rng, hooks, policy, 0.7, roots, None)
    below = [key for child in root.children.values() for key in child.children]
    assert below
    assert all(kind != together for kind, _ in below)
