"""Blind Candy Shuffle's hard player guesses worlds that agree with what it has seen."""

from __future__ import annotations

import random

from rules.candy_kit.knocking import RoundEnd
from rules.contract import act
from rules.games.blind_candy_shuffle import GAME, ai
from rules.games.blind_candy_shuffle.state import BlindState


def played(seed: int) -> BlindState:
    """Two players: both look at two slots and make a move; seat 1 keeps a card it drew."""
    state = GAME.new_game(2, {}, seed)
    while not all(state.looked):
        seat = state.turn
        GAME.apply(state, seat, act("look", 1, 2))
        if state.turn == seat:
            GAME.apply(state, seat, act("draw"))
            GAME.apply(state, seat, act("place", 4) if seat == 1 else act("drop"))
    return state


def cards(state: BlindState) -> list[int]:
    held = [card for slots in state.slots for card in slots]
    drawn = [] if state.drawn is None else [state.drawn]
    return sorted([*held, *state.discard, *state.pile, *drawn])


def test_a_guess_shows_the_seat_what_it_saw_and_holds_the_same_cards() -> None:
    for seed in range(8):
        state = played(seed)
        base = ai.canonical(state, 0)
        for k in range(6):
            world = ai.determinize(GAME, base, 0, random.Random(k))
            assert isinstance(world, BlindState)
            assert GAME.view(world, 0) == GAME.view(state, 0)
            assert cards(world) == cards(state)


def test_the_same_random_source_gives_the_same_guess() -> None:
    base = ai.canonical(played(3), 0)
    first = ai.determinize(GAME, base, 0, random.Random(9))
    again = ai.determinize(GAME, base, 0, random.Random(9))
    assert first == again


def test_the_playouts_count_a_rivals_taken_cards_as_seen_as_normal_does() -> None:
    # Seat 0 knows a 10 and a 9; its other two slots are worth the average of the cards it has
    # not seen. The rival's four 12s, taken from the discard pile, bring that average under 5.5,
    # so the expected total stays under 30 and normal draws; left uncounted, it would knock.
    state = GAME.new_game(2, {}, 0)
    rival, mine = [13, 27, 41, 55], [11, 10]
    rest = [card for card in range(57) if card not in (*rival, *mine, 0)]
    state.slots = [[*mine, rest[0], rest[1]], rival]
    state.knows = [[1, 1, 0, 0], [3, 3, 3, 3]]
    state.discard, state.pile = [0], rest[2:]
    state.phase, state.turn, state.looked, state.drawn, state.knocker = "turn", 0, [True, True], None, None
    legal = GAME.legal_actions(state, 0)
    assert act("knock") in legal
    assert ai.normal(GAME, GAME.view(state, 0), legal, random.Random(0)) == act("draw")
    assert ai.exact(GAME, state, 0, legal, random.Random(0)) == act("draw")


def test_a_playout_scores_the_lost_candy_first_and_the_rounds_totals_a_little() -> None:
    state = GAME.new_game(2, {}, 3)
    state.lives = [2, 3]
    closer = state.model_copy(update={"last_round": RoundEnd(round=1, hands=[[], []], scores=[20, 22], losers=[0])})
    further = state.model_copy(update={"last_round": RoundEnd(round=1, hands=[[], []], scores=[5, 30], losers=[0])})
    near, far = ai.standing(GAME, closer), ai.standing(GAME, further)
    assert near[0] < near[1]  # the candy lost decides
    assert far[0] < far[1]
    assert far[0] < near[0] < -0.5  # a close round is a little less bad for its loser
    assert near[0] - far[0] < 0.5
