"""13 Ghosts with three players: both opponents answer, knock-outs, points, the playoff."""

from __future__ import annotations

import random

from rules.games.thirteen_ghosts import GAME
from rules.games.thirteen_ghosts.cards import number_of
from tests.rules.games.test_thirteen_ghosts import do, hand_numbers, public_text, seen, table


def test_three_players_use_one_set_and_deal_two_cards_each() -> None:
    state = GAME.new_game(3, {}, 2)
    assert len(state.pile) == 1
    assert [len(h) for h in state.hand] == [2, 2, 2]
    assert len(state.pile[0]) == 7
    assert GAME.to_act(state) == frozenset({0, 1, 2})


def test_three_players_take_turns_clockwise() -> None:
    state = table(3, [5, 6, 7], [[1], [2], [3]], piles=[[8, 9, 10, 11, 12, 13]], turn=1)
    do(state, 1, "attack", 13)
    assert GAME.to_act(state) == frozenset({2})
    do(state, 2, "attack", 13)
    assert GAME.to_act(state) == frozenset({0})


def test_both_opponents_answer_a_question_each_for_their_crypt() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    events = do(state, 0, "up", 3)
    assert [(a.seat, a.yes) for a in state.moves[0].answers] == [(1, True), (2, False)]
    assert "{p1} yes" in public_text(events)
    assert "{p2} no" in public_text(events)


def test_an_attack_is_checked_against_both_opponents() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    do(state, 0, "attack", 7)
    assert state.out == [False, False, True]
    assert state.moves[0].hit == [2]
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    do(state, 0, "attack", 9)
    possible = seen(state, None).seats
    assert 9 not in possible[1].possible
    assert 9 not in possible[2].possible


def test_a_hit_knocks_that_player_out_and_the_two_others_score_a_point() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    events = do(state, 0, "attack", 6)
    assert state.out == [False, True, False]
    assert state.points == [1, 0, 1]
    assert "out of the round" in public_text(events)
    assert state.round == 1, "the round goes on with two players"


def test_a_knocked_out_player_does_not_reveal_their_hand() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    events = do(state, 0, "attack", 6)
    assert "2" not in public_text(events).replace("{p2}", "")
    for viewer in (0, 2, None):
        view = seen(state, viewer)
        assert view.seats[1].crypt == 6, "the hit Crypt is known to all"
        assert all(s.number != 2 for s in view.sightings)
    assert hand_numbers(state, 1) == [2]


def test_a_knocked_out_player_is_skipped_in_the_turn_order() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    do(state, 0, "attack", 6)
    assert GAME.to_act(state) == frozenset({2})
    do(state, 2, "attack", 13)
    assert GAME.to_act(state) == frozenset({0})


def test_a_knocked_out_player_no_longer_answers() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [9]], piles=[[8, 10, 11, 12]])
    do(state, 0, "attack", 6)
    do(state, 2, "up", 9)
    assert [a.seat for a in state.moves[-1].answers] == [0]


def test_ruling_6_the_second_knock_out_gives_the_last_player_one_more_point_and_ends_the_round() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    do(state, 0, "attack", 6)  # {p0} and {p2} score 1
    events = do(state, 2, "attack", 5)  # {p2} is the last one standing
    assert state.points == [1, 0, 2]
    assert "last one standing" in public_text(events)
    assert state.round == 2
    assert state.phase == "choose"


def test_ruling_6_a_three_player_round_pays_three_points_in_all() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    before = sum(state.points)
    do(state, 0, "attack", 6)
    do(state, 2, "attack", 5)
    assert sum(state.points) - before == 3


def test_ruling_6_a_six_six_tie_after_the_round_goes_to_a_playoff_not_an_outright_win() -> None:
    # 4-0-5 before the round; paying the last one twice would have made it 7-0-6.
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    state.points = [4, 0, 5]
    do(state, 0, "attack", 6)  # 5, 0, 6
    do(state, 2, "attack", 13)  # a miss
    do(state, 0, "attack", 7)  # 6, 0, 6
    assert state.points == [6, 0, 6]
    assert GAME.result(state) is None
    assert state.playoff
    assert state.duelists == [0, 2]


def test_the_next_three_player_round_starts_one_seat_clockwise() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]], first=0)
    do(state, 0, "attack", 6)
    do(state, 2, "attack", 5)
    assert state.first == 1


def test_a_round_ending_below_six_points_does_not_end_the_game() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    state.points = [1, 0, 2]
    do(state, 0, "attack", 6)
    do(state, 2, "attack", 5)
    assert state.points == [2, 0, 4]
    assert GAME.result(state) is None


def test_the_game_ends_after_a_round_in_which_someone_reaches_six_and_most_points_wins() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    state.points = [5, 0, 5]
    do(state, 0, "attack", 6)  # 6, 0, 6
    assert GAME.result(state) is None, "six is checked only when the round is over"
    do(state, 2, "attack", 5)  # 6, 0, 7
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (6, 0, 7)
    assert result.places == (2, 3, 1)
    assert "{p2}" in result.summary


def test_a_two_way_tie_for_most_points_is_played_off_as_a_two_player_game_in_the_same_session() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    state.points = [5, 2, 4]
    do(state, 0, "attack", 6)  # 6, 2, 5
    events = do(state, 2, "attack", 5)  # 6, 2, 6: tie between {p0} and {p2}
    assert state.points == [6, 2, 6]
    assert GAME.result(state) is None
    assert state.playoff
    assert state.duelists == [0, 2]
    assert "tied" in public_text(events)
    assert GAME.to_act(state) == frozenset({0, 2}), "only the tied players choose Crypts"
    assert [len(h) for h in state.hand] == [2, 0, 2]
    assert len(state.pile[0]) == 9
    assert seen(state, 1).seats[1].out


def test_the_playoff_is_won_with_three_rounds_and_decides_first_place() -> None:
    state = table(3, [5, None, 7], [[3], [], [1]], piles=[[8, 9, 10, 11]])
    state.playoff = True
    state.duelists = [0, 2]
    state.out = [False, True, False]
    state.points = [6, 2, 6]
    state.wins = [2, 0, 2]
    events = do(state, 0, "attack", 7)
    assert "{p0} wins round 1." in public_text(events)
    result = GAME.result(state)
    assert result is not None
    assert result.places == (1, 3, 2)
    assert result.scores == (6, 2, 6)
    assert "playoff" in result.summary


def test_in_a_playoff_one_hit_wins_the_round_like_a_two_player_game() -> None:
    state = table(3, [5, None, 7], [[3], [], [1]], piles=[[8, 9, 10, 11]], turn=2)
    state.playoff = True
    state.duelists = [0, 2]
    state.out = [False, True, False]
    state.points = [6, 2, 6]
    state.wins = [0, 0, 0]
    do(state, 2, "attack", 5)
    assert state.wins == [0, 0, 1]
    assert state.points == [6, 2, 6], "no points in the playoff"
    assert state.first == 0, "the first player alternates between the two"


def test_the_sitting_out_player_is_never_asked_to_act_in_the_playoff() -> None:
    state = table(3, [5, None, 7], [[3], [], [1]], piles=[[8, 9, 10, 11]])
    state.playoff = True
    state.duelists = [0, 2]
    state.out = [False, True, False]
    do(state, 0, "up", 3)
    assert [a.seat for a in state.moves[0].answers] == [2]
    assert GAME.to_act(state) == frozenset({2})
    assert number_of(state.hand[0][0]) == 8


def test_a_played_out_tie_ends_with_the_playoff_winner_first_and_keeps_secrets_on_the_way() -> None:
    state = GAME.new_game(3, {}, 2)
    rng, checker = random.Random(2), random.Random(1)
    while GAME.result(state) is None:
        if state.playoff:
            for seat in range(3):
                assert GAME.view(GAME.determinize(state, seat, checker), seat) == GAME.view(state, seat)
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert state.playoff, "seed 2 reaches a tie (found by random play)"
    result = GAME.result(state)
    assert result is not None
    a, b = state.duelists
    (third,) = {0, 1, 2} - {a, b}
    assert state.points[a] == state.points[b] > state.points[third]
    winner = a if state.wins[a] == 3 else b
    assert result.places[winner] == 1
    assert result.places[third] == 3
    assert sorted(result.places) == [1, 2, 3]
