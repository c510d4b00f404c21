"""Sugarfree's hard player: what it reads of a rival's hand from the rival's turns."""

from __future__ import annotations

import random

from rules.ai.levels import NormalLevel
from rules.games.sugarfree import GAME, ai
from rules.games.sugarfree.state import SugarfreeState


def during_normal_games(count: int) -> list[SugarfreeState]:
    """Seat 0's turns, in games between normal players, once seat 1 has had a turn this hand."""
    found: list[SugarfreeState] = []
    normal = NormalLevel()
    for number in range(60):
        state = GAME.new_game(2, {}, 30_000 + number)
        rng = random.Random(number)
        while GAME.result(state) is None and len(found) < count:
            seat = min(GAME.to_act(state))
            if seat == 0 and ai.readings(state.log, 1):
                found.append(GAME.copy_state(state))
            GAME.apply(state, seat, normal.choose(GAME, state, seat, rng))
    return found


def broken(readings: list[ai.Reading], hand: list[int]) -> list[ai.Reading]:
    """The readings `hand` breaks: more ruled-out cards than the rival has drawn since."""
    return [r for r in readings if sum(1 for card in hand if r.rules_out(card)) > r.gained]


def test_a_normal_rivals_hand_keeps_to_what_its_turns_tell() -> None:
    states = during_normal_games(300)
    assert len(states) == 300
    kinds = set()
    for state in states:
        readings = ai.readings(state.log, 1)
        kinds |= {r.above is None for r in readings}
        assert broken(readings, state.hands[1]) == []
    assert kinds == {True, False}  # both draws and chosen cards were read


def test_the_readings_rule_out_cards_a_uniform_deal_would_give() -> None:
    rng = random.Random(2)
    states = during_normal_games(60)
    uniform = sum(1 for state in states if broken(ai.readings(state.log, 1), GAME.determinize(state, 0, rng).hands[1]))
    assert uniform > 10


def test_hard_deals_a_rival_a_hand_its_turns_allow() -> None:
    rng = random.Random(4)
    worlds = 0
    for state in during_normal_games(40):
        base = ai.canonical(state, 0)
        for _ in range(5):
            world = ai.determinize(GAME, base, 0, rng)
            assert isinstance(world, SugarfreeState)
            assert GAME.view(world, 0) == GAME.view(state, 0)
            assert broken(ai.readings(world.log, 1), world.hands[1]) == []
            assert sorted(world.hands[1] + world.pile) == sorted(state.hands[1] + state.pile)
            worlds += 1
    assert worlds == 200
