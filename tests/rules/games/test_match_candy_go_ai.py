"""Match Candy-Go's hard player: its own cheaper playout makes the game's moves and values."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.ai.hooks import GameHooks, RolloutSearch, hooks_for
from rules.ai.levels import HardLevel
from rules.ai.rollouts import _play_out, choose
from rules.games.match_candy_go import GAME, ai
from rules.games.match_candy_go.state import MatchState
from tests.rules.normal_games import normal_turns


def turns_of_normal_games(games: int, every: int) -> list[MatchState]:
    """Every `every`-th turn (any seat, either step) of games between normal players, with two
    and three seats and the pair bonus, and each game's end."""
    tables = [(2 + n % 2, {"pair_bonus": True} if n % 3 == 2 else {}, 50_000 + n) for n in range(games)]
    return normal_turns(GAME, tables, every, ends=True)


def search() -> RolloutSearch:
    found = hooks_for(GAME).rollout_search
    assert found is not None
    assert found.play_out is ai.play_out  # hard plays its playouts by the game's own
    return found


def generic_play_out(world: MatchState, seat: int, rng: random.Random, max_moves: int) -> list[float]:
    """The hand played to its end by the game's own moves and the playout policy, as paired
    rollouts play it when a game has no playout of its own: every seat's value."""
    setup = search()
    assert setup.policy is not None
    _play_out(GAME, world, seat, rng, setup.policy, replace(setup, play_out=None, max_moves=max_moves))
    return ai.lead(GAME, world)


def test_hards_own_playout_makes_the_same_moves_and_value_as_the_games_rules_do() -> None:
    kinds: set[tuple[int, str, bool]] = set()
    checked = 0
    for index, state in enumerate(turns_of_normal_games(9, 3)):
        seat = min(GAME.to_act(state), default=0)
        base = ai.canonical(state, seat)
        assert isinstance(base, MatchState)
        world = GAME.determinize(base, seat, random.Random(index))
        for max_moves in (400, 1 + index % 11):
            ours, theirs = GAME.copy_state(world), GAME.copy_state(world)
            our_rng, their_rng = random.Random(index), random.Random(index)
            assert ai.play_out(GAME, ours, seat, our_rng, max_moves) == generic_play_out(
                theirs, seat, their_rng, max_moves
            )
            assert our_rng.random() == their_rng.random()  # the same random numbers drawn
        kinds.add((state.players, state.phase, state.over))
        checked += 1
    assert kinds == {(players, phase, False) for players in (2, 3) for phase in ("hand", "deck")} | {
        (2, "hand", True),
        (3, "hand", True),
    }
    assert checked > 250


def test_the_playouts_lay_a_card_when_none_joins_as_the_games_rules_do() -> None:
    # A table where no hand card joins a stack: the hand card is laid, by the same choice.
    rng = random.Random(5)
    laid = 0
    for index, state in enumerate(turns_of_normal_games(6, 1)):
        if state.over or state.phase != "hand":
            continue
        seat = state.turn
        if GAME.legal_actions(state, seat)[0].kind != "lay":
            continue
        world = GAME.determinize(state, seat, rng)
        ours, theirs = GAME.copy_state(world), GAME.copy_state(world)
        our_rng, their_rng = random.Random(index), random.Random(index)
        assert ai.play_out(GAME, ours, seat, our_rng, 1) == generic_play_out(theirs, seat, their_rng, 1)
        assert our_rng.random() == their_rng.random()  # the same choice among the cards
        laid += 1
    assert laid > 5


def paired(playouts: int, own: bool) -> tuple[GameHooks, RolloutSearch]:
    setup = search()
    return hooks_for(GAME), replace(setup, playouts=playouts, play_out=setup.play_out if own else None)


def test_hard_chooses_what_the_generic_playouts_would_for_the_same_seed() -> None:
    states = [state for state in turns_of_normal_games(3, 5) if not state.over]
    differs = 0
    for index, state in enumerate(states[:30]):
        seat = min(GAME.to_act(state))
        hooks, own = paired(40, True)
        _, generic = paired(40, False)
        ours = choose(GAME, state, seat, random.Random(index), hooks, own)
        theirs = choose(GAME, state, seat, random.Random(index), hooks, generic)
        assert ours == theirs
        normal = hooks.normal
        assert normal is not None
        legal = GAME.legal_actions(state, seat)
        differs += ours[0] != normal(GAME, GAME.view(state, seat), legal, random.Random(index))
    assert differs > 0  # some choices were the playouts', not normal's


def test_hard_chooses_the_same_move_for_the_same_seed() -> None:
    states = [state for state in turns_of_normal_games(2, 7) if not state.over]
    # Few playouts, so that any randomness besides the seed's would change some choices.
    for index, state in enumerate(states[:20]):
        seat = min(GAME.to_act(state))
        moves = {HardLevel(iterations=30).choose(GAME, state, seat, random.Random(index)) for _ in range(3)}
        assert len(moves) == 1
    state = states[1]
    hard = HardLevel()  # and with its whole budget
    seat = min(GAME.to_act(state))
    assert len({hard.choose(GAME, state, seat, random.Random(1)) for _ in range(2)}) == 1
