"""Sugarfree's hard player: what it reads of a rival's hand from the rival's draws."""

from __future__ import annotations

import random

from rules.ai.levels import NormalLevel
from rules.games.sugarfree import GAME, ai
from rules.games.sugarfree.game import playable
from rules.games.sugarfree.state import SugarfreeState


def after_a_rival_draw(count: int) -> list[SugarfreeState]:
    """Seat 0's turns, in games between normal players, after seat 1 had to draw this hand."""
    found: list[SugarfreeState] = []
    normal = NormalLevel()
    for number in range(60):
        state = GAME.new_game(2, {}, 30_000 + number)
        rng = random.Random(number)
        while GAME.result(state) is None and len(found) < count:
            seat = min(GAME.to_act(state))
            if seat == 0 and ai.stuck_on(state.log, 1, len(state.hands[1])) is not None:
                found.append(GAME.copy_state(state))
            GAME.apply(state, seat, normal.choose(GAME, state, seat, rng))
    return found


def fitting_the_draw(state: SugarfreeState, hand: list[int]) -> tuple[int, int]:
    """How many of `hand` fit the top seat 1 last drew on, and how many it has kept since."""
    known = ai.stuck_on(state.log, 1, len(hand))
    assert known is not None
    top, named, kept = known
    return sum(1 for card in hand if playable(card, top, named)), kept


def test_a_rival_that_had_to_draw_holds_no_card_that_fitted_except_the_ones_gained_since() -> None:
    states = after_a_rival_draw(120)
    assert len(states) == 120
    for state in states:
        fitting, kept = fitting_the_draw(state, state.hands[1])
        assert fitting <= len(state.hands[1]) - kept


def test_hard_deals_such_a_rival_a_hand_that_did_not_fit_the_top_it_drew_on() -> None:
    rng = random.Random(4)
    worlds = 0
    for state in after_a_rival_draw(30):
        base = ai.canonical(state, 0)
        for _ in range(5):
            world = ai.determinize(GAME, base, 0, rng)
            assert isinstance(world, SugarfreeState)
            assert GAME.view(world, 0) == GAME.view(state, 0)
            hand = world.hands[1]
            fitting, kept = fitting_the_draw(world, hand)
            assert fitting <= len(hand) - kept
            assert sorted(hand + world.pile) == sorted(state.hands[1] + state.pile)
            worlds += 1
    assert worlds == 150
