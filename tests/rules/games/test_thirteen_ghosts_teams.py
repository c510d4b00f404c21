"""13 Ghosts with four players: two teams sitting opposite, the team deal, team rounds."""

from __future__ import annotations

import random

from rules.contract import act
from rules.games.thirteen_ghosts import GAME
from rules.games.thirteen_ghosts.cards import card_id, number_of, set_of
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from tests.rules.games.test_thirteen_ghosts import do, hand_numbers, pile_numbers, public_text, seen, table


def dealt(seed: int = 3) -> ThirteenGhostsState:
    state = GAME.new_game(4, {}, seed)
    assert state.phase == "deal"
    return state


def test_four_players_use_two_sets_one_pile_per_team() -> None:
    state = dealt()
    assert len(state.pile) == 2
    assert all(set_of(c) == 0 for c in state.pile[0])
    assert all(set_of(c) == 1 for c in state.pile[1])
    assert [len(p) for p in state.pile] == [9, 9]


def test_team_deal_one_player_of_each_team_draws_four_cards() -> None:
    state = dealt()
    assert state.chooser == [0, 1]
    assert [len(h) for h in state.hand] == [4, 4, 0, 0]
    assert all(set_of(c) == 0 for c in state.hand[0])
    assert all(set_of(c) == 1 for c in state.hand[1])
    assert GAME.to_act(state) == frozenset({0, 1}), "both teams deal at the same time"
    assert len(GAME.legal_actions(state, 0)) == 12, "any two of four as own and partner's Crypt"


def test_the_drawer_picks_both_crypts_and_passes_the_other_two() -> None:
    state = dealt()
    a, b, c, d = hand_numbers(state, 0)
    do(state, 0, "crypts", b, d)
    assert number_of(state.crypt[0] or 0) == b
    assert number_of(state.crypt[2] or 0) == d
    assert hand_numbers(state, 2) == [a, c]
    assert state.hand[0] == []
    assert GAME.to_act(state) == frozenset({1, 2})


def test_the_partner_keeps_one_card_and_passes_the_other_back() -> None:
    state = dealt()
    a, b, c, d = hand_numbers(state, 0)
    do(state, 0, "crypts", a, b)
    assert GAME.legal_actions(state, 2) == [act("keep", c), act("keep", d)]
    do(state, 2, "keep", d)
    assert hand_numbers(state, 2) == [d]
    assert hand_numbers(state, 0) == [c]
    assert GAME.to_act(state) == frozenset({1}), "the other team has not dealt yet"
    e, f, g, _h = hand_numbers(state, 1)
    do(state, 1, "crypts", e, f)
    do(state, 3, "keep", g)
    assert state.phase == "play"
    assert GAME.to_act(state) == frozenset({state.first})


def test_ruling_7_the_drawer_knows_all_four_cards_the_partner_never_sees_the_drawers_crypt() -> None:
    state = dealt()
    a, b, c, d = hand_numbers(state, 0)
    do(state, 0, "crypts", a, b)
    do(state, 2, "keep", c)
    drawer, partner = seen(state, 0), seen(state, 2)
    assert drawer.my_crypt == a
    assert drawer.my_hand == (d,)
    assert {(s.number, s.where, s.seat) for s in drawer.sightings} == {(b, "crypt", 2), (c, "hand", 2)}
    assert partner.my_crypt == b
    assert partner.my_hand == (c,)
    assert {(s.number, s.where, s.seat) for s in partner.sightings} == {(d, "hand", 0)}
    assert all(s.number != a for s in partner.sightings)
    for viewer in (1, 3, None):
        assert seen(state, viewer).sightings == ()


def test_the_partner_cannot_deduce_the_drawers_crypt_from_a_resampled_deal() -> None:
    state = dealt()
    a, b, c, d = hand_numbers(state, 0)
    do(state, 0, "crypts", a, b)
    do(state, 2, "keep", c)
    crypts = {number_of(GAME.determinize(state, 2, random.Random(k)).crypt[0] or 0) for k in range(60)}
    assert len(crypts) > 3
    assert b not in crypts
    assert c not in crypts
    assert d not in crypts


def test_the_drawer_of_the_team_alternates_between_rounds() -> None:
    state = table(4, [5, 6, 7, 8], [[1], [2], [3], [4]])
    state.out[1] = True
    do(state, 0, "attack", 8)  # {p3} was the last of that team
    assert state.round == 2
    assert state.chooser == [2, 3]


def test_turns_alternate_between_the_teams_clockwise() -> None:
    state = table(4, [5, 6, 7, 8], [[1], [2], [3], [4]])
    order = []
    for _ in range(4):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        do(state, seat, "attack", 13)
    assert order == [0, 1, 2, 3]


def test_both_opponents_answer_each_for_their_own_crypt() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]])
    events = do(state, 0, "up", 3)
    assert [(a.seat, a.yes) for a in state.moves[0].answers] == [(1, True), (3, True)]
    assert "{p1} yes" in public_text(events)
    assert "{p3} yes" in public_text(events)
    state = table(4, [5, 6, 7, 9], [[3], [2], [1], [4]])
    do(state, 0, "up", 3)
    assert [(a.seat, a.yes) for a in state.moves[0].answers] == [(1, True), (3, False)]


def test_an_attack_is_checked_against_both_opposing_crypts_and_not_the_teammates() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]])
    do(state, 0, "attack", 7)  # the teammate's Crypt number: nothing happens
    assert state.out == [False, False, False, False]
    do(state, 1, "attack", 7)
    assert state.out == [False, False, True, False]


def test_a_knocked_out_player_is_out_but_the_teammate_plays_on() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]])
    events = do(state, 0, "attack", 6)
    assert state.out[1]
    assert "{p3} plays on" in public_text(events)
    assert state.round == 1
    assert state.wins == [0, 0]


def test_the_teammate_of_a_knocked_out_player_plays_both_team_turns() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]])
    do(state, 0, "attack", 6)  # {p1} is out
    order = []
    for _ in range(4):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        do(state, seat, "attack", 13)
    assert order == [3, 2, 3, 0], "turns still alternate between the teams"


def test_a_team_wins_the_round_when_both_opponents_are_out() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]])
    do(state, 0, "attack", 6)
    events = do(state, 3, "attack", 13)
    assert state.round == 1
    do(state, 2, "attack", 8)
    assert state.wins == [1, 0]
    assert state.round == 2
    assert "{p2} and {p0} win round 1" in public_text([*events, *state.log])


def test_the_first_team_to_win_three_rounds_wins_the_game() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]], turn=1, first=1)
    state.wins = [2, 2]
    state.out[2] = True
    do(state, 1, "attack", 5)
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (2, 3, 2, 3)
    assert result.places == (3, 1, 3, 1), "two winners share first place"
    assert "{p1} and {p3} win" in result.summary


def test_the_first_player_moves_one_seat_clockwise_each_round() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]], first=0)
    state.out[1] = True
    do(state, 0, "attack", 8)
    assert state.first == 1


def test_each_team_draws_from_its_own_pile() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]], piles=[[9, 10], [11, 12]])
    do(state, 0, "attack", 13)
    do(state, 1, "attack", 13)
    assert hand_numbers(state, 0) == [9]
    assert set_of(state.hand[0][0]) == 0
    assert hand_numbers(state, 1) == [11]
    assert set_of(state.hand[1][0]) == 1


def test_an_empty_team_pile_means_attacks_even_if_the_other_pile_has_cards() -> None:
    state = table(4, [5, 6, 7, 8], [[3], [2], [1], [4]], piles=[[], [11, 12]])
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["attack"] * 13
    do(state, 0, "attack", 13)
    assert "up" in [a.kind for a in GAME.legal_actions(state, 1)]


def test_eight_and_ten_look_at_the_opposing_teams_pile() -> None:
    state = table(4, [5, 6, 7, 8], [[8], [2], [1], [4]], piles=[[9, 10, 11], [11, 12, 13]])
    events = do(state, 0, "up", 8)
    secret = next(e for e in events if e.seats == (0,))
    assert "11, 12" in secret.text
    assert {(s.number, s.pile, s.depth) for s in seen(state, 0).sightings} == {(11, 1, 0), (12, 1, 1)}
    do(state, 0, "order", "swap")
    assert pile_numbers(state, 1) == [12, 11, 13]
    assert pile_numbers(state, 0) == [9, 10, 11]
    state = table(4, [5, 6, 7, 8], [[10], [2], [1], [4]], piles=[[9, 10, 11], [11, 12, 13]])
    events = do(state, 0, "up", 10)
    secret = next(e for e in events if e.seats == (0,))
    assert "12, 13" in secret.text


def test_clarification_the_peeker_may_tell_the_teammate_what_they_saw() -> None:
    state = table(4, [5, 6, 7, 8], [[10], [2], [1], [4]], piles=[[9, 10, 11], [11, 12, 13]])
    do(state, 0, "up", 10)
    assert GAME.legal_actions(state, 0) == [act("tell"), act("quiet")]
    events = do(state, 0, "tell")
    secret = next(e for e in events if e.seats is not None)
    assert secret.seats == (0, 2)
    assert "12, 13" in secret.text
    assert "12" not in public_text(events)
    assert {s.number for s in seen(state, 2).sightings} >= {12, 13}
    assert seen(state, 1).sightings == ()
    assert seen(state, 3).sightings == ()
    assert GAME.legal_actions(state, 0) == [act("attack", n) for n in range(1, 14)]


def test_keeping_a_peek_quiet_tells_the_teammate_nothing() -> None:
    state = table(4, [5, 6, 7, 8], [[10], [2], [1], [4]], piles=[[9, 10, 11], [11, 12, 13]])
    do(state, 0, "up", 10)
    do(state, 0, "quiet")
    assert {s.number for s in seen(state, 2).sightings}.isdisjoint({12, 13})


def test_no_telling_when_the_teammate_is_out() -> None:
    state = table(4, [5, 6, 7, 8], [[10], [2], [1], [4]], piles=[[9, 10, 11], [11, 12, 13]])
    state.out[2] = True
    do(state, 0, "up", 10)
    assert GAME.legal_actions(state, 0) == [act("attack", n) for n in range(1, 14)]


def test_clarification_four_shields_only_its_player_not_the_teammate() -> None:
    state = table(4, [5, 6, 7, 8], [[4], [3], [1], [2]], piles=[[9, 10], [11, 12]])
    do(state, 0, "up", 4)
    do(state, 0, "attack", 13)
    do(state, 1, "up", 3)  # even? {p0} shielded, {p2} (7) answers no
    assert [(a.seat, a.yes) for a in state.moves[-1].answers] == [(0, None), (2, False)]


def test_a_two_cannot_copy_the_other_teams_two() -> None:
    state = table(4, [5, 6, 7, 8], [[2], [2], [1], [4]], piles=[[9, 10], [11, 12]])
    do(state, 0, "up", 2)  # nothing to copy yet
    do(state, 1, "up", 2)
    assert state.moves[-1].copied is None
    assert GAME.to_act(state) == frozenset({2}), "a lone 2 does nothing"


def test_cards_of_each_set_stay_with_their_team() -> None:
    state = dealt(8)
    rng = random.Random(1)
    while GAME.result(state) is None and state.round == 1:
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for s in range(4):
            mine = [*state.hand[s], *state.face_up[s], *state.face_down[s]]
            if state.crypt[s] is not None:
                mine.append(state.crypt[s] or 0)
            assert all(set_of(c) == s % 2 for c in mine)
    assert card_id(1, 1) == 13


def test_the_keep_label_names_the_card_that_goes_back() -> None:
    state = dealt()
    a, b, c, d = hand_numbers(state, 0)
    do(state, 0, "crypts", a, b)
    assert GAME.label(state, 2, act("keep", c)) == f"Keep {c}, give {d} back to your teammate"
