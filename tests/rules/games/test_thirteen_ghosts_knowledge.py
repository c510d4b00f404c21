"""13 Ghosts: who knows which card, and resampling what a seat does not know."""

from __future__ import annotations

import random

from rules.games.thirteen_ghosts import GAME
from rules.games.thirteen_ghosts.cards import GHOSTS, number_of
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from tests.rules.games.test_thirteen_ghosts import do, hand_numbers, seen, table


def samples(state: ThirteenGhostsState, seat: int, count: int = 80) -> list[ThirteenGhostsState]:
    rng = random.Random(5)
    return [GAME.determinize(state, seat, rng) for _ in range(count)]


def crypt_number(state: ThirteenGhostsState, seat: int) -> int:
    crypt = state.crypt[seat]
    assert crypt is not None
    return number_of(crypt)


def test_resampled_crypts_agree_with_every_answer_and_every_miss() -> None:
    state = table(3, [5, 6, 7], [[3], [12], [1]], piles=[[9, 11, 2, 4, 8, 10, 13]])
    do(state, 0, "up", 3)  # {p1} yes (6), {p2} no (7)
    do(state, 1, "up", 12)  # {p0} yes (5), {p2} yes (7)
    do(state, 2, "attack", 9)  # misses {p0} and {p1}
    for other in samples(state, 0):
        assert crypt_number(other, 0) == 5, "your own Crypt never changes"
        # {p1}: even, and not a card {p0} can place (5, 9 in hand, 3 and 12 face up)
        assert crypt_number(other, 1) in (2, 4, 6, 8, 10)
        # {p2}: odd, 5 to 9, not 9 (missed) and not 5 ({p0}'s own): only 7 is left
        assert crypt_number(other, 2) == 7
        for move in other.moves:
            if move.asked is None:
                continue
            for answer in move.answers:
                if answer.yes is not None:
                    assert (crypt_number(other, answer.seat) in GHOSTS[move.asked].yes) == answer.yes


def test_resampling_really_varies_the_unknown_crypts() -> None:
    state = table(2, [9, 3], [[5], [8]], piles=[[1, 2, 4, 6, 7, 10, 11, 12, 13]])
    do(state, 0, "up", 5)  # 4 or lower? {p1} yes
    crypts = {crypt_number(s, 1) for s in samples(state, 0)}
    # 1 was the top card, which {p0} drew after asking
    assert crypts == {2, 3, 4}, "every consistent number turns up, no other"


def test_resampling_keeps_what_the_seat_knows_and_changes_what_it_does_not() -> None:
    state = table(2, [5, 6], [[8], [3]], piles=[[12, 1, 7, 9, 2, 4, 10, 11, 13]])
    do(state, 0, "up", 8)
    do(state, 0, "order", "keep")
    do(state, 0, "attack", 2)  # {p0} draws 12; 1 stays on top, known to {p0}
    hands_of_p1, piles = set(), set()
    for other in samples(state, 0):
        assert seen(other, 0) == seen(state, 0)
        assert hand_numbers(other, 0) == [12]
        assert number_of(other.pile[0][-1]) == 1
        hands_of_p1.add(tuple(hand_numbers(other, 1)))
        piles.add(tuple(number_of(c) for c in other.pile[0]))
    assert len(hands_of_p1) > 1
    assert len(piles) > 1


def test_resampling_gives_a_fresh_seed_and_leaves_the_original_alone() -> None:
    state = GAME.new_game(2, {}, 1)
    before = GAME.dump_state(state)
    other = GAME.determinize(state, 0, random.Random(2))
    assert other.seed != state.seed
    assert GAME.dump_state(state) == before


def test_resampling_drops_the_secret_log_lines_of_other_seats() -> None:
    state = GAME.new_game(2, {}, 1)
    other = GAME.determinize(state, 0, random.Random(2))
    assert any(e.seats == (1,) for e in state.log)
    assert all(e.visible_to(0) for e in other.log)


def test_cards_seen_on_the_pile_are_followed_into_the_hand_that_draws_them() -> None:
    state = table(2, [5, 6], [[8], [3]], piles=[[12, 1, 7, 9]])
    do(state, 0, "up", 8)
    do(state, 0, "order", "keep")
    do(state, 0, "attack", 2)  # {p0} draws 12
    do(state, 1, "attack", 2)  # {p1} draws 1: {p0} saw it
    assert {(s.number, s.where, s.seat) for s in seen(state, 0).sightings} == {(1, "hand", 1)}
    assert seen(state, 1).sightings == ()


def test_putting_cards_back_in_a_secret_order_makes_everyone_else_lose_track_of_them() -> None:
    state = table(2, [5, 6], [[8], [2]], piles=[[12, 1, 7, 9, 10]])
    do(state, 0, "up", 8)
    do(state, 0, "order", "keep")
    do(state, 0, "attack", 3)  # {p0} draws 12 and knows 1 is on top, 7 below
    assert {s.number for s in seen(state, 0).sightings} == {1}
    do(state, 1, "up", 2)
    do(state, 1, "copy", 8)
    do(state, 1, "order", "swap")
    assert seen(state, 0).sightings == (), "{p0} cannot know whether {p1} swapped"
    assert {(s.number, s.depth) for s in seen(state, 1).sightings} == {(7, 0), (1, 1)}


def test_a_partner_who_knew_a_hand_card_still_knows_it_once_it_is_played_face_down() -> None:
    state = GAME.new_game(4, {}, 3)
    a, b, c, _d = hand_numbers(state, 0)
    do(state, 0, "crypts", a, b)
    do(state, 2, "keep", c)
    e, f, g, _h = hand_numbers(state, 1)
    do(state, 1, "crypts", e, f)
    do(state, 3, "keep", g)
    seat = min(GAME.to_act(state))
    while seat != 2:
        do(state, seat, "attack", 13 if seat % 2 else 1)
        seat = min(GAME.to_act(state))
    do(state, 2, "attack", 13)  # {p2} puts down c
    assert (c, "face_down", 2) in {(s.number, s.where, s.seat) for s in seen(state, 0).sightings}
    for viewer in (1, 3, None):
        assert all(s.number != c for s in seen(state, viewer).sightings)


def test_the_spectator_sees_only_public_cards() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    do(state, 0, "up", 3)
    do(state, 1, "attack", 7)
    view = seen(state, None)
    assert view.my_crypt is None
    assert view.my_hand == ()
    assert view.sightings == ()
    assert view.seats[0].face_up == (3,)
    assert view.seats[2].crypt == 7
    assert view.seats[1].crypt is None
    assert view.seats[0].crypt is None


def test_resampling_for_the_opponent_changes_the_face_down_card_it_never_saw() -> None:
    state = table(2, [5, 6], [[11], [3]], piles=[[1, 2, 4, 7, 8, 9, 10, 12, 13]])
    do(state, 0, "attack", 7)  # 11 goes face down, a miss
    buried = {number_of(other.face_down[0][0]) for other in samples(state, 1)}
    assert len(buried) > 3
    assert {number_of(other.face_down[0][0]) for other in samples(state, 0)} == {11}


def test_resampling_for_the_drawer_keeps_the_partners_crypt_it_chose() -> None:
    state = GAME.new_game(4, {}, 3)
    a, b, c, _d = hand_numbers(state, 0)
    do(state, 0, "crypts", a, b)
    do(state, 2, "keep", c)
    assert {crypt_number(other, 2) for other in samples(state, 0, 20)} == {b}
    assert len({tuple(hand_numbers(other, 1)) for other in samples(state, 0, 40)}) > 3
