"""31 Candies' hard player guesses rivals' hands that agree with what it has seen, and that have
improved as a rival's hand does over a round."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.games.thirty_one_candies import GAME, ai
from rules.games.thirty_one_candies.scoring import distance
from rules.games.thirty_one_candies.state import ThirtyOneState
from rules.players import player_for

NORMAL = player_for("normal")


def positions(games: int, players: int = 3) -> Iterator[ThirtyOneState]:
    """Every position of some games between normal players (a copy each)."""
    for seed in range(games):
        state = GAME.new_game(players, {}, 40 + seed)
        for number in range(150):
            if GAME.result(state) is not None:
                break
            yield GAME.copy_state(state)
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, NORMAL.choose(GAME, state, seat, random.Random(number)))


def mean(values: list[int]) -> float:
    return sum(values) / len(values)


def cards(state: ThirtyOneState) -> list[int]:
    return sorted([*(card for hand in state.hands for card in hand), *state.discard, *state.pile])


def test_a_guess_shows_the_seat_what_it_saw_and_holds_the_same_cards() -> None:
    for number, state in enumerate(positions(3)):
        seat = min(GAME.to_act(state))
        for watcher in {seat, (seat + 1) % state.players}:
            world = ai.determinize(GAME, state, watcher, random.Random(number))
            assert isinstance(world, ThirtyOneState)
            assert GAME.view(world, watcher) == GAME.view(state, watcher)
            assert cards(world) == cards(state)
            assert GAME.legal_actions(world, watcher) == GAME.legal_actions(state, watcher)


def test_the_same_random_source_gives_the_same_guess() -> None:
    state = list(positions(1))[20]
    assert ai.determinize(GAME, state, 0, random.Random(9)) == ai.determinize(GAME, state, 0, random.Random(9))


def test_a_rival_some_turns_into_a_round_is_guessed_nearer_31_than_a_hand_as_dealt() -> None:
    # Normal players' hands near 31 as a round goes on (about 16 from 31 as dealt, 7-9 after four
    # turns each): a uniform guess would put every rival back at the deal.
    late = [state for state in positions(6) if ai.turns_this_round(state) >= 4 and state.phase == "turn"]
    assert len(late) >= 30
    uniform: list[int] = []
    guessed: list[int] = []
    real: list[int] = []
    for number, state in enumerate(late):
        rival = (state.turn + 1) % state.players
        if not state.lives[rival]:
            continue
        real.append(distance(state.hands[rival]))
        uniform.append(distance(GAME.determinize(state, state.turn, random.Random(number)).hands[rival]))
        world = ai.determinize(GAME, state, state.turn, random.Random(number))
        assert isinstance(world, ThirtyOneState)
        guessed.append(distance(world.hands[rival]))
    assert mean(guessed) < mean(uniform) - 3
    assert abs(mean(guessed) - mean(real)) < abs(mean(uniform) - mean(real))
