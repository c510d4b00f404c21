"""Ghosts of Christmas: the numbered rulings of ../shared/games/ghosts-of-christmas.md, one test each."""

from __future__ import annotations

import random

import pytest

from rules.contract import act
from rules.games.ghosts_of_christmas import GAME
from rules.games.ghosts_of_christmas.cards import SUIT_OF, TOKEN_OF
from rules.kit.errors import RuleError
from tests.rules.games.test_ghosts_of_christmas import play, play_laps, table
from tests.rules.games.test_ghosts_of_christmas_scoring import SWEEP_HANDS, SWEEP_LAPS


def test_ruling_1_a_hand_deals_everything_dials_down_then_public_bids_from_the_start_player() -> None:
    state = GAME.new_game(4, {}, 31)
    assert sorted(c for hand in state.hands for c in hand) == list(range(48))
    assert state.dials == [None, None, None]
    start = state.start_player
    for step, (purple, red) in enumerate([(3, 1), (0, 0), (12, 0), (2, 1)]):
        seat = (start + step) % 4
        assert GAME.to_act(state) == {seat}
        GAME.apply(state, seat, act("bid", purple, red))
        spectator = GAME.view(state, None).boards[seat]
        assert (spectator.purple, spectator.red) == (purple, bool(red))
    assert state.phase == "play"
    tiny = GAME.new_game(4, {"tiny_tim": True}, 31)
    assert tiny.phase == "play"
    assert all(board.purple is None for board in GAME.view(tiny, None).boards)


def test_ruling_2_a_round_is_laps_of_one_card_into_an_unused_era_obeying_its_dial() -> None:
    state = table(
        [
            ["holly9", "holly4", "bells4", "stars12"],
            ["holly5", "bells6", "stars6", "stars5"],
            ["hearts7", "bells8", "stars8", "stars4"],
        ],
        start=1,
    )
    play(state, 1, "stars6", "future")  # face-down dial: anything goes, and it now shows Stars
    assert state.dials[2] == "stars"
    # Seat 2 holds Stars: into the Future only Stars; the other eras take anything.
    legal = GAME.legal_actions(state, 2)
    assert sorted(a.args[0] for a in legal if a.args[1] == "future") == ["stars4", "stars8"]
    assert len([a for a in legal if a.args[1] == "past"]) == 4
    play(state, 2, "hearts7", "past")
    # Seat 0 holds no Hearts: anything may go into the Past.
    assert len([a for a in GAME.legal_actions(state, 0) if a.args[1] == "past"]) == 4
    play(state, 0, "holly4", "past")
    assert state.voids[0] == ["hearts"]
    # Second lap: seat 1 cannot use the Future again.
    assert {a.args[1] for a in GAME.legal_actions(state, 1)} == {"past", "present"}
    play(state, 1, "holly5", "present")
    play(state, 2, "stars8", "future")
    play(state, 0, "holly9", "present")
    play(state, 1, "bells6", "past")
    play(state, 2, "bells8", "present")
    assert state.round_number == 0, "seat 0 has not played into the Future yet"
    with pytest.raises(RuleError, match="shows Stars"):
        play(state, 0, "bells4", "future")
    play(state, 0, "stars12", "future")
    assert state.round_number == 1


def test_ruling_3_eras_score_in_order_each_winner_sets_the_next_suit_and_the_last_starts_next_round() -> None:
    state = table(
        [
            ["bells4", "stars9", "holly4", "stars4"],
            ["bells10", "stars5", "holly12", "stars6"],
            ["bells7", "hearts4", "holly5", "bells8"],
        ],
        start=0,
    )
    play_laps(
        state,
        [
            [("bells4", "past"), ("bells10", "past"), ("bells7", "past")],
            [("stars9", "present"), ("stars5", "present"), ("hearts4", "present")],
            [("holly4", "future"), ("holly12", "future"), ("holly5", "future")],
        ],
    )
    past, present, future = state.last_round
    assert (past.leader, past.scoring_suit, past.winner) == (0, "bells", 1)
    # Seat 1 won the Past, so its Stars 5 sets the Present's suit; seat 2's Heart still trumps.
    assert (present.leader, present.scoring_suit, present.winner) == (1, "stars", 2)
    assert (future.leader, future.scoring_suit, future.winner) == (2, "holly", 1)
    assert state.wreaths == [0, 2, 1]
    assert state.start_player == 1
    assert GAME.to_act(state) == {1}
    assert state.dials == [None, None, None]
    assert state.played == [[None, None, None]] * 3


@pytest.mark.parametrize(("beyond", "rounds", "eras"), [(False, 4, 3), (True, 3, 4)])
def test_ruling_4_a_hand_has_four_rounds_or_three_with_beyond_and_is_scored_by_its_bids(
    beyond: bool, rounds: int, eras: int
) -> None:
    state = GAME.new_game(3, {"beyond": beyond}, 41)
    for _ in range(3):
        GAME.apply(state, state.turn, act("bid", 4, 1))
    rng = random.Random(4)
    for _ in range(rounds * eras * 3 - 1):
        GAME.apply(state, state.turn, rng.choice(GAME.legal_actions(state, state.turn)))
    assert state.hand_number == 0
    assert sum(len(hand) for hand in state.hands) == 1
    wreaths = list(state.wreaths)
    last_seat = state.turn
    GAME.apply(state, last_seat, GAME.legal_actions(state, last_seat)[0])
    assert state.hand_number == 1
    final = [trick.winner for trick in state.last_round]
    totals = [wreaths[seat] + final.count(seat) for seat in range(3)]
    assert sum(totals) == 12
    # 4 purple + red door: 4 or 5 wreaths score 1 each, anything else nothing.
    assert state.hand_scores == [[total if total in (4, 5) else 0 for total in totals]]


def test_ruling_4_tiny_tim_scores_six_for_no_wreath_one_each_up_to_the_limit_else_nothing() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=True, last_round=True)
    state.wreaths = [0, 5, 1, 2]
    play_laps(state, SWEEP_LAPS)
    # Four players: up to 5 wreaths score 1 each; seat 3 reaches 5.
    assert state.hand_scores == [[6, 5, 1, 5]]
    state = table([hand[:3] for hand in SWEEP_HANDS[1:]], start=0, tiny_tim=True, last_round=True)
    state.wreaths = [6, 0, 4]
    play_laps(state, [lap[1:] for lap in SWEEP_LAPS])
    # Three players: up to 6 wreaths score; seat 2 ends with 7.
    assert state.hand_scores == [[6, 6, 0]]


@pytest.mark.parametrize("players", [3, 4])
def test_ruling_5_one_hand_per_player_from_a_random_start_and_the_best_total_wins(players: int) -> None:
    assert len({GAME.new_game(players, {}, seed).start_player for seed in range(30)}) == players
    state = GAME.new_game(players, {}, 51)
    rng = random.Random(5)
    hands_seen = 0
    while GAME.result(state) is None:
        if state.phase == "bid" and state.turn == state.start_player and state.purple[state.turn] is None:
            hands_seen += 1
        GAME.apply(state, state.turn, rng.choice(GAME.legal_actions(state, state.turn)))
    assert hands_seen == players
    result = GAME.result(state)
    assert result is not None
    totals = tuple(sum(row[seat] for row in state.hand_scores) for seat in range(players))
    assert result.scores == totals
    assert set(result.winners) == {seat for seat in range(players) if totals[seat] == max(totals)}


def test_ruling_6_the_rulebook_scoring_example_scores_6_3_0_and_0_at_the_table() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=False, bids=[(3, False), (2, True), (1, False), (5, True)])
    state.round_number = 3
    state.wreaths = [3, 3, 2, 1]
    events = []
    for lap in SWEEP_LAPS:
        for card, era in lap:
            events += GAME.apply(state, state.turn, act("play", card, era))
    assert state.hand_scores == [[6, 3, 0, 0]]
    scored = [event.text for event in events if event.kind == "hand-score"]
    assert scored[0] == "{p0} bid 3 purple and won 3 wreaths: 6 points."
    assert scored[3] == "{p3} bid 5 purple + red door and won 4 wreaths: 0 points."
    assert all(SUIT_OF[card] for hand in state.hands for card in hand)
    assert TOKEN_OF[state.hands[0][0]]
