"""Sugarfree's hard player: what it reads of a rival's hand from the rival's turns, and its own
cheaper playouts."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.ai.hooks import hooks_for
from rules.ai.levels import HardLevel, NormalLevel
from rules.ai.rollouts import _play_out
from rules.candy_kit.candy_deck import COPY, card_of
from rules.games.sugarfree import GAME, ai
from rules.games.sugarfree.game import ONE_DECK, PLAY, STOP
from rules.games.sugarfree.state import SugarfreeState
from tests.rules.normal_games import normal_turns


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


def turns_of_normal_games(games: int, every: int) -> list[SugarfreeState]:
    """Every `every`-th turn (any seat, any phase) of games between normal players."""
    return normal_turns(GAME, [(2 + n % 3, {}, 40_000 + n) for n in range(games)], every)


def generic_play_out(world: SugarfreeState, seat: int, seed: int, max_moves: int) -> list[float]:
    """The hand played to its end by the game's own moves and the playout policy, as paired
    rollouts play it when a game has no playout of its own: every seat's value."""
    search = hooks_for(GAME).rollout_search
    assert search is not None
    assert search.policy is not None
    generic = replace(search, play_out=None, max_moves=max_moves)
    _play_out(GAME, world, seat, random.Random(seed), search.policy, generic)
    return ai.lead(GAME, world)


def test_hards_own_playout_makes_the_same_moves_and_value_as_the_games_rules_do() -> None:
    phases: set[str] = set()
    checked = 0
    for index, state in enumerate(turns_of_normal_games(12, 7)):
        seat = min(GAME.to_act(state))
        world = ai.determinize(GAME, ai.canonical(state, seat), seat, random.Random(index))
        assert isinstance(world, SugarfreeState)
        for max_moves in (400, 1 + index % 9):
            ours, theirs = GAME.copy_state(world), GAME.copy_state(world)
            assert ai.play_out(GAME, ours, seat, random.Random(index), max_moves) == generic_play_out(
                theirs, seat, index, max_moves
            )
        phases.add(state.phase)
        checked += 1
    assert phases == {"play", "extra", "name"}
    assert checked > 200


def test_the_playouts_shed_the_card_normal_would_with_the_same_random_numbers() -> None:
    rng = random.Random(3)
    # Wild cards and the Rock (a treat worth nothing) often, since their scores tie or change.
    odd = [card for card in ONE_DECK if not card_of(card).is_treat or card_of(card).rank == 0]
    for index in range(2_000):
        hand = sorted(set(rng.sample(ONE_DECK, rng.randint(0, 5)) + rng.sample(odd, rng.randint(1, 5))))
        may_stop = index % 2 == 0
        next_size = rng.randint(1, 9)
        legal = [PLAY[card] for card in hand] + ([STOP] if may_stop else [])
        phase = "extra" if may_stop else "play"
        ours, theirs = random.Random(index), random.Random(index)
        chosen = ai._shed(hand, may_stop, len(hand), next_size, ours)
        action = ai.decide(hand, [len(hand), next_size], 0, phase, legal, theirs)
        assert chosen == (None if action == STOP else int(action.args[0]))
        assert ours.random() == theirs.random()


def test_a_readings_table_rules_out_exactly_the_cards_the_reading_does() -> None:
    seen = 0
    for state in during_normal_games(80):
        for reading in ai.readings(state.log, 1):
            table = reading.ruled_out()
            for card in (*ONE_DECK, *(COPY + card for card in ONE_DECK)):
                assert (card % COPY in table) == reading.rules_out(card)
            seen += 1
    assert seen > 100


def test_hard_chooses_the_same_card_for_the_same_seed() -> None:
    # Few playouts, so that any randomness besides the seed's would change some choices.
    for index, state in enumerate(during_normal_games(40)):
        moves = {HardLevel(iterations=12).choose(GAME, state, 0, random.Random(index)) for _ in range(3)}
        assert len(moves) == 1
    hard = HardLevel()  # and with its whole budget
    state = during_normal_games(1)[0]
    assert len({hard.choose(GAME, state, 0, random.Random(1)) for _ in range(2)}) == 1
