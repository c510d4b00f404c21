"""Up and Down the Block's computer players: the hard player's reading of a rival's last discard,
its cheaper copy of normal's choices, the discards it weighs, and its own cheaper playouts."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.ai.hooks import hooks_for
from rules.ai.levels import HardLevel, NormalLevel
from rules.ai.rollouts import _play_out
from rules.games.up_and_down import GAME, ai
from rules.games.up_and_down.game import BOTH_DECKS, ONE_DECK, TURN_LIMIT, wild, wild_keys
from rules.games.up_and_down.melds import best_split, left_over, out_discards, split_value, value_without
from rules.games.up_and_down.state import UpDownState
from tests.rules.normal_games import normal_turns


def rival_has_discarded(count: int, players: int = 2, rival: int = 1) -> list[UpDownState]:
    """Seat 0's turns, in games between normal players, once `rival` has discarded this hand and
    has not gone out."""
    found: list[UpDownState] = []
    normal = NormalLevel()
    for number in range(40):
        state = GAME.new_game(players, {}, 60_000 + number)
        rng = random.Random(number)
        while GAME.result(state) is None and len(found) < count:
            seat = min(GAME.to_act(state))
            if seat == 0 and state.out != rival and ai.last_discard(state.log, rival, state.out) is not None:
                found.append(GAME.copy_state(state))
            GAME.apply(state, seat, normal.choose(GAME, state, seat, rng))
    return found


def kept_as_normal(state: UpDownState, rival: int = 1) -> bool:
    last = ai.last_discard(state.log, rival, state.out)
    assert last is not None
    card, taken, could_go_out = last
    return ai.could_have_kept(state.hands[rival], card, taken, wild(state), could_go_out, state.two_decks)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_normal_rivals_cards_are_those_its_last_discard_left_it(players: int) -> None:
    # The seat before seat 0 may have discarded after someone else went out (3 or more players);
    # at 4, two decks hold two copies of a card.
    rival = players - 1
    states = rival_has_discarded(150, players, rival)
    assert len(states) == 150
    assert all(kept_as_normal(state, rival) for state in states)
    # No tautology: the game's uniform guess at the same cards mostly breaks it.
    rng = random.Random(1)
    uniform = [GAME.determinize(state, 0, rng) for state in states]
    assert sum(kept_as_normal(world, rival) for world in uniform) <= len(states) / 2


def test_the_last_discard_is_read_with_the_card_taken_that_turn() -> None:
    tops = took = 0
    for state in rival_has_discarded(150):
        card, taken, _ = ai.last_discard(state.log, 1, state.out) or (-1, None, True)
        if state.phase == "draw":  # nobody has touched the discard pile since
            assert state.discard[-1] % 100 == card
            tops += 1
        if taken is not None:  # still held, as it could not be thrown that turn
            assert taken in [c % 100 for c in state.known[1]]
            took += 1
    assert tops >= 50
    assert took >= 5


def test_hard_deals_a_rival_cards_that_fit_its_last_discard() -> None:
    rng = random.Random(3)
    fitting = worlds = 0
    for state in rival_has_discarded(40):
        base = ai.canonical(state, 0)
        for _ in range(5):
            world = ai.determinize(GAME, base, 0, rng)
            assert isinstance(world, UpDownState)
            assert GAME.view(world, 0) == GAME.view(state, 0)
            assert sorted(world.hands[1] + world.pile) == sorted(state.hands[1] + state.pile)
            assert all(card in world.hands[1] for card in state.known[1])
            fitting += kept_as_normal(world)
            worlds += 1
    # A uniform deal fits about one time in five; a world gives up after a few dozen deals.
    assert fitting >= 0.9 * worlds


def test_the_playouts_cheaper_split_questions_answer_as_the_best_split_does() -> None:
    for players in (2, 4):
        for state in rival_has_discarded(20, players):
            for hand in state.hands:
                split = best_split(hand, wild(state))
                assert split_value(hand, wild(state)) == split.value
                assert sorted(left_over(hand, wild(state))) == sorted(split.left)


def test_hard_weighs_only_the_loose_cards_and_normals_discard() -> None:
    checked = 0
    for state in rival_has_discarded(60):
        if state.phase != "discard":
            GAME.apply(state, 0, ai.normal(GAME, GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0)))
        if state.phase != "discard" or state.out is not None:
            continue
        view = GAME.view(state, 0)
        legal = GAME.legal_actions(state, 0)
        kept = ai.sensible(GAME, view, legal)
        normal = ai.normal(GAME, view, legal, random.Random(0))
        assert normal in kept
        assert set(kept) <= set(legal)
        melded = {card for meld in best_split(state.hands[0], wild(state)).melds for card in meld}
        assert all(int(action.args[0]) not in melded or action == normal for action in kept) or out_discards(
            state.hands[0], wild(state)
        )
        checked += 1
    assert checked >= 10


def turns_of_normal_games(players: int, games: int, every: int) -> list[UpDownState]:
    """Every `every`-th turn of games between normal players."""
    return normal_turns(GAME, [(players, {}, 70_000 + n) for n in range(games)], every)


def generic_play_out(world: UpDownState, seat: int, max_moves: int) -> list[float]:
    """The hand played to its end by the game's own moves and the playout policy, as paired
    rollouts play it when a game has no playout of its own: every seat's value."""
    search = hooks_for(GAME).rollout_search
    assert search is not None
    assert search.policy is not None
    generic = replace(search, play_out=None, max_moves=max_moves)
    _play_out(GAME, world, seat, random.Random(0), search.policy, generic)
    return ai.lead(GAME, world)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hards_own_playout_makes_the_same_moves_and_value_as_the_games_rules_do(players: int) -> None:
    phases: set[str] = set()
    checked = 0
    for index, state in enumerate(turns_of_normal_games(players, 3, 3)):
        seat = min(GAME.to_act(state))
        world = ai.determinize(GAME, ai.canonical(state, seat), seat, random.Random(index))
        assert isinstance(world, UpDownState)
        # The whole hand, and playouts cut short (a few moves, or near a stalled hand's end).
        for max_moves in (400, 1 + index % 9, 100 + index % 60):
            ours, theirs = GAME.copy_state(world), GAME.copy_state(world)
            assert ai.play_out(GAME, ours, seat, random.Random(0), max_moves) == generic_play_out(
                theirs, seat, max_moves
            )
        phases.add(state.phase)
        checked += 1
    assert phases == {"draw", "discard", "going-out"}
    assert checked > 100


def test_a_stalled_hand_ends_the_playout_as_the_games_rules_do() -> None:
    # Stalled hands are rare between normal players: start each playout at the last turn before one.
    stalled = 0
    for index, state in enumerate(turns_of_normal_games(2, 2, 5)):
        if state.phase != "draw" or state.over:
            continue
        seat = state.turn
        world = ai.determinize(GAME, ai.canonical(state, seat), seat, random.Random(index))
        assert isinstance(world, UpDownState)
        world.turns = TURN_LIMIT * 2 - 1
        ours, theirs = GAME.copy_state(world), GAME.copy_state(world)
        assert ai.play_out(GAME, ours, seat, random.Random(0), 400) == generic_play_out(theirs, seat, 400)
        stalled += 1
    assert stalled > 20


def test_a_hands_value_without_a_left_over_card_is_its_best_splits_value() -> None:
    rng = random.Random(5)
    checked = 0
    for index in range(3_000):
        deck = list(BOTH_DECKS if index % 2 else ONE_DECK)
        hand = rng.sample(deck, rng.randint(4, 15))
        key = rng.choice(wild_keys(True))
        for card in left_over(hand, key):
            rest = list(hand)
            rest.remove(card)
            expected = best_split(rest, key).value
            assert value_without(hand, card, key) == expected
            assert split_value(rest, key) == expected  # and remembered so
            checked += 1
    assert checked > 5_000


def test_hard_chooses_the_same_move_for_the_same_seed() -> None:
    # Few playouts, so that any randomness besides the seed's would change some choices.
    for index, state in enumerate(rival_has_discarded(30)):
        moves = {HardLevel(iterations=12).choose(GAME, state, 0, random.Random(index)) for _ in range(3)}
        assert len(moves) == 1
    hard = HardLevel()  # and with its whole budget
    state = rival_has_discarded(1)[0]
    assert len({hard.choose(GAME, state, 0, random.Random(1)) for _ in range(2)}) == 1
