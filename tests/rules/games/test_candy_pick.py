"""Candy Pick!: each rule sentence of the rulebook's section and each ruling of §7 (variants rulings)."""

from __future__ import annotations

import random

import pytest

from rules.ai.levels import HardLevel, NormalLevel
from rules.candy_kit.candy_deck import card_at
from rules.candy_kit.cards import DECK
from rules.contract import act
from rules.games.candy_pick import GAME
from rules.games.candy_pick.ai import discards, normal, sensible
from rules.games.candy_pick.declare import best_flush, best_run, declare, sets
from rules.games.candy_pick.game import DECK_CARDS, EXCHANGE, CandyPick, trick_points
from rules.games.candy_pick.state import CandyPickState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def c(colour: str, rank: int) -> int:
    return card_at(colour, rank)


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf_for_two_players() -> None:
    assert get("candy-pick") is GAME
    assert isinstance(GAME, CandyPick)
    assert GAME.family == "candy-tricks"
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    with pytest.raises(RuleError):
        GAME.new_game(3, {}, 1)


def exchange(state: CandyPickState, seat: int, cards: list[int]) -> None:
    for card in cards:
        GAME.apply(state, seat, act("discard", card))
    GAME.apply(state, seat, EXCHANGE)


def exchange_both(state: CandyPickState, first: int = 1, second: int = 1) -> None:
    elder = 1 - state.dealer
    exchange(state, elder, state.hands[elder][:first])
    exchange(state, state.dealer, state.hands[state.dealer][:second])


def playing(hands: list[list[int]], dealer: int = 1, leader: int = 0) -> CandyPickState:
    """A hand in its tricks with these hands, `leader` to lead."""
    state = GAME.new_game(2, {}, 1)
    state.phase = "play"
    state.dealer = dealer
    state.hands = [list(h) for h in hands]
    state.leader = state.turn = leader
    return state


def play(state: CandyPickState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


# ---- deck and deal ----------------------------------------------------------------------------


def test_the_deck_is_the_32_cards_ranked_5_to_12_of_the_four_colours() -> None:
    assert len(DECK_CARDS) == 32
    assert sorted({DECK[card].rank for card in DECK_CARDS}) == list(range(5, 13))
    assert {DECK[card].colour for card in DECK_CARDS} == {"black", "green", "orange", "purple"}


def test_deal_13_cards_to_each_player_and_the_6_left_form_a_face_down_talon() -> None:
    state = GAME.new_game(2, {}, 4)
    assert [len(h) for h in state.hands] == [13, 13]
    assert len(state.talon) == 6
    assert sorted([*state.hands[0], *state.hands[1], *state.talon]) == sorted(DECK_CARDS)


def test_ruling_1_the_first_dealer_is_random_then_the_deal_alternates_so_each_deals_twice() -> None:
    assert {GAME.new_game(2, {}, seed).dealer for seed in range(20)} == {0, 1}
    state = GAME.new_game(2, {}, 9)
    dealers: list[int] = []
    rng = random.Random(2)
    while GAME.result(state) is None:
        if not dealers or state.hand_number > len(dealers):
            dealers.append(state.dealer)
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert len(dealers) == 4
    assert dealers[0] != dealers[1]
    assert dealers[0::2] == [dealers[0]] * 2
    assert dealers[1::2] == [dealers[1]] * 2


def test_a_hand_has_three_steps_exchange_declare_and_tricks() -> None:
    state = GAME.new_game(2, {}, 3)
    assert GAME.view(state, None).phase == "exchange"
    exchange_both(state)
    assert GAME.view(state, None).phase == "play"
    assert len(state.announced) == 3
    assert [line.text.split(":")[0] for line in state.announced] == ["Flush", "Run", "Set"]


# ---- the exchange -------------------------------------------------------------------------------


def test_ruling_2_the_non_dealer_exchanges_first_and_the_dealer_after() -> None:
    state = GAME.new_game(2, {}, 5)
    elder = 1 - state.dealer
    assert GAME.to_act(state) == frozenset({elder})
    assert GAME.legal_actions(state, state.dealer) == []
    exchange(state, elder, state.hands[elder][:2])
    assert GAME.to_act(state) == frozenset({state.dealer})


def test_ruling_2_an_exchange_is_1_to_4_cards_discarded_face_down_and_as_many_drawn_from_the_talon_top() -> None:
    state = GAME.new_game(2, {}, 5)
    elder = 1 - state.dealer
    assert EXCHANGE not in GAME.legal_actions(state, elder), "at least one card must be exchanged"
    with pytest.raises(RuleError, match="Pick at least one card"):
        GAME.apply(state, elder, EXCHANGE)
    picked = state.hands[elder][:4]
    top = state.talon[:4]
    for card in picked:
        GAME.apply(state, elder, act("discard", card))
    assert not any(a.kind == "discard" for a in GAME.legal_actions(state, elder)), "no fifth card"
    GAME.apply(state, elder, EXCHANGE)
    assert state.discards[elder] == picked
    assert set(top) <= set(state.hands[elder])
    assert not set(picked) & set(state.hands[elder])
    assert len(state.hands[elder]) == 13
    assert state.exchanged[elder] == 4


def test_the_dealer_may_exchange_only_as_many_as_the_talon_holds_two_after_a_swap_of_four() -> None:
    state = GAME.new_game(2, {}, 6)
    elder = 1 - state.dealer
    exchange(state, elder, state.hands[elder][:4])
    dealer = state.dealer
    for card in state.hands[dealer][:2]:
        GAME.apply(state, dealer, act("discard", card))
    assert [a.kind for a in GAME.legal_actions(state, dealer)] == ["take-back", "take-back", "exchange"]
    with pytest.raises(RuleError, match="at most 2 cards"):
        GAME.apply(state, dealer, act("discard", state.hands[dealer][5]))


def test_a_picked_card_can_be_taken_back_before_the_exchange() -> None:
    state = GAME.new_game(2, {}, 7)
    elder = 1 - state.dealer
    card = state.hands[elder][0]
    GAME.apply(state, elder, act("discard", card))
    GAME.apply(state, elder, act("take-back", card))
    assert state.picks[elder] == []
    assert card in state.hands[elder]


def test_every_exchange_choice_fits_one_discord_select_of_25() -> None:
    state = GAME.new_game(2, {}, 8)
    elder = 1 - state.dealer
    for card in state.hands[elder][:3]:
        legal = GAME.legal_actions(state, elder)
        assert len(legal) <= 25
        GAME.apply(state, elder, act("discard", card))
    assert len(GAME.legal_actions(state, elder)) <= 25


def test_ruling_3_the_talon_and_the_other_players_discards_stay_hidden() -> None:
    state = GAME.new_game(2, {}, 9)
    elder, dealer = 1 - state.dealer, state.dealer
    picked = state.hands[elder][:3]
    exchange(state, elder, picked)
    mine, theirs, spectator = GAME.view(state, elder), GAME.view(state, dealer), GAME.view(state, None)
    assert mine.my_discards == tuple(picked)
    assert theirs.my_discards == ()
    assert spectator.my_discards == ()
    assert theirs.exchanged[elder] == 3
    assert "talon" not in type(mine).model_fields
    dumped = theirs.model_dump_json() + spectator.model_dump_json()
    for card in state.talon:
        assert f'"{card}"' not in dumped


def test_g11_the_log_gives_the_exchange_as_a_count_and_names_the_drawn_cards_to_their_drawer_only() -> None:
    state = GAME.new_game(2, {}, 10)
    elder = 1 - state.dealer
    exchange(state, elder, state.hands[elder][:2])
    public = [e.text for e in state.visible_log(None)]
    assert any(text == f"{{p{elder}}} discards 2 cards face down and draws as many." for text in public)
    assert not any(" draws " in text and "as many" not in text for text in public)
    private = [e.text for e in state.visible_log(elder) if e.kind == "drew"]
    assert len(private) == 1


# ---- declarations ---------------------------------------------------------------------------------


def test_ruling_5_a_flush_counts_every_card_carrying_the_suit_a_multi_suit_card_for_each() -> None:
    hand = [c("orange", 5), c("orange", 9), c("orange", 11), c("orange", 12), c("purple", 6), c("green", 8)]
    flush = best_flush(hand)
    assert (flush.suit, flush.length, flush.worth) == ("chocolate", 5, 5 + 9 + 11 + 12 + 6)
    nuts = best_flush([c("orange", 5), c("orange", 9), c("purple", 12)])
    assert nuts.suit == "nuts"
    assert nuts.length == 3


def test_ruling_5_among_equal_lengths_a_hand_declares_its_suit_with_the_higher_rank_sum() -> None:
    flush = best_flush([c("green", 7), c("orange", 10), c("black", 8)])
    assert (flush.suit, flush.length, flush.worth) == ("caramel", 2, 17)


def hands_for(elder: list[int], dealer: list[int]) -> list[list[int]]:
    """Seat 0 is the non-dealer (dealer seat 1)."""
    return [elder, dealer]


def test_the_longer_flush_scores_twice_its_length() -> None:
    result = declare(hands_for([c("orange", 6), c("orange", 8), c("orange", 12)], [c("green", 5), c("orange", 10)]), 1)
    assert result.points[0] >= 6
    assert result.lines[0] == "Flush: {p0} declares Flush 3 Chocolate; {p1} has no better flush. {p0} scores 6."


def test_equal_flushes_compare_the_rank_sum_and_say_it_only_then() -> None:
    elder = [c("orange", 6), c("orange", 8)]  # Chocolate 2, worth 14
    dealer = [c("orange", 7), c("purple", 6)]  # Chocolate 2, worth 13
    lines = declare(hands_for(elder, dealer), 1).lines
    assert lines[0] == (
        "Flush: {p0} declares Flush 2 Chocolate; {p1} declares Flush 2 Chocolate too, so the ranks are added up: "
        "14 against 13. {p0} scores 4."
    )


def test_equal_flushes_of_equal_rank_sums_score_nothing() -> None:
    elder = [c("black", 8), c("purple", 7)]  # Candy 2 worth 15 (purple 7 is Marshmallow/Candy)
    dealer = [c("green", 6), c("green", 9)]  # Candy 2 worth 15 (and Sour 2 worth 15)
    result = declare(hands_for(elder, dealer), 1)
    assert result.lines[0].endswith("15 against 15. Nobody scores for the flush.")


def test_ruling_6_a_run_is_three_or_more_consecutive_ranks_sharing_one_suit() -> None:
    three = best_run([c("orange", 5), c("orange", 6), c("orange", 7), c("purple", 9)])
    assert three is not None
    assert (three.suit, three.length, three.top) == ("chocolate", 3, 7)
    run = best_run([c("orange", 5), c("orange", 6), c("orange", 7), c("orange", 8)])
    assert run is not None
    assert (run.suit, run.length, run.top) == ("chocolate", 4, 8)
    assert best_run([c("orange", 5), c("orange", 6)]) is None, "two cards are no run"
    assert best_run([c("orange", 5), c("orange", 6), c("green", 7)]) is None, "no suit common to all three"


def test_a_run_uses_one_card_per_rank_so_a_doubled_rank_does_not_lengthen_it() -> None:
    run = best_run([c("orange", 5), c("orange", 6), c("purple", 6), c("orange", 7)])
    assert run is not None
    assert run.length == 3


def test_the_longer_run_scores_10_plus_its_length() -> None:
    elder = [c("orange", 5), c("orange", 6), c("orange", 7), c("orange", 8)]
    dealer = [c("green", 11), c("green", 12)]
    result = declare(hands_for(elder, dealer), 1)
    assert result.lines[1] == "Run: {p0} declares a Run of 4; {p1} has no better run. {p0} scores 14."


def test_equal_runs_go_to_the_one_ending_at_the_higher_rank_else_nobody() -> None:
    elder = [c("orange", 5), c("orange", 6), c("orange", 7)]
    dealer = [c("green", 10), c("orange", 11), c("purple", 12)]  # Nuts 10-12
    assert declare(hands_for(elder, dealer), 1).lines[1] == (
        "Run: {p0} declares a Run of 3; {p1} declares a Run of 3 too, so the top ranks are compared: "
        "7 against 12. {p1} scores 13."
    )
    same = declare(hands_for(elder, [c("orange", 5), c("orange", 6), c("orange", 7)]), 1)
    assert same.lines[1].endswith("7 against 7. Nobody scores for the run.")


def test_ruling_7_the_highest_set_wins_whatever_its_size_and_scores_7_for_each_set_held() -> None:
    twelves = [c("black", 12), c("green", 12), c("orange", 12)]
    elevens = [c(colour, 11) for colour in ("black", "green", "orange", "purple")]
    fives = [c("black", 5), c("green", 5), c("orange", 5)]
    result = declare(hands_for(elevens + fives, twelves), 1)
    assert result.lines[2] == "Set: {p0} declares Four 11s; {p1} declares Three 12s. {p1} scores 7 for 1 set."
    result = declare(hands_for(twelves + fives, elevens), 1)
    assert result.lines[2] == (
        "Set: {p0} declares Three 12s; {p1} has no better set; {p0} also declares Three 5s. {p0} scores 14 for 2 sets."
    )
    assert sets(twelves + fives) == [(12, 3), (5, 3)]


def test_the_other_player_scores_nothing_for_sets() -> None:
    result = declare(
        hands_for([c("black", 6), c("green", 6), c("orange", 6)], [c(x, 5) for x in ("black", "green", "orange")]), 1
    )
    assert result.lines[2] == "Set: {p0} declares Three 6s; {p1} has no better set. {p0} scores 7 for 1 set."
    assert "{p1} scores" not in result.lines[2]


def test_ruling_4_declarations_are_made_automatically_after_the_exchange_and_scored() -> None:
    state = GAME.new_game(2, {}, 12)
    exchange_both(state)
    expected = declare(state.hands, state.dealer)
    assert state.announced == list(expected.events)
    assert state.scores == list(expected.points)
    assert state.declared == list(expected.points)


def test_ruling_8_the_dealers_worse_declaration_stays_secret() -> None:
    elder = [c("orange", 6), c("orange", 8), c("orange", 12)]
    dealer = [c("green", 5), c("orange", 10)]
    line = declare(hands_for(elder, dealer), 1).lines[0]
    assert "Caramel" not in line
    assert "Sour" not in line


def test_ruling_8_the_non_dealer_speaks_first() -> None:
    for dealer in (0, 1):
        hands = [[c("orange", 6), c("orange", 8)], [c("green", 5), c("green", 6)]]
        elder = 1 - dealer
        for line in declare(hands, dealer).lines:
            assert line.split(": ", 1)[1].startswith(f"{{p{elder}}}")


# ---- tricks -------------------------------------------------------------------------------------------


def test_ruling_9_the_non_dealer_leads_the_first_trick() -> None:
    state = GAME.new_game(2, {}, 13)
    exchange_both(state)
    assert GAME.to_act(state) == frozenset({1 - state.dealer})
    assert state.leader == 1 - state.dealer


def test_the_leader_names_a_suit_printed_on_the_card_and_the_follower_must_follow_it() -> None:
    state = playing([[c("orange", 9), c("green", 5)], [c("orange", 10), c("purple", 12), c("green", 6)]])
    leads = {(a.args[0], a.args[1]) for a in GAME.legal_actions(state, 0)}
    assert (c("orange", 9), "coconut") in leads
    assert (c("green", 5), "sour") in leads
    play(state, 0, c("orange", 9), "nuts")
    assert [int(a.args[0]) for a in GAME.legal_actions(state, 1)] == [c("purple", 12)]
    with pytest.raises(RuleError, match="follow Nuts"):
        play(state, 1, c("green", 6))


def test_a_player_who_cannot_follow_may_play_any_card_and_it_loses() -> None:
    state = playing([[c("orange", 6), c("green", 5)], [c("green", 12), c("black", 8)]])
    play(state, 0, c("orange", 6), "chocolate")
    assert {int(a.args[0]) for a in GAME.legal_actions(state, 1)} == {c("green", 12), c("black", 8)}
    play(state, 1, c("green", 12))
    assert state.tricks_won == [1, 0]
    assert "chocolate" in state.voids[1]


def test_there_is_no_trump_the_highest_card_of_the_named_suit_wins_and_the_winner_leads() -> None:
    state = playing([[c("orange", 6), c("green", 5)], [c("orange", 11), c("black", 8)]])
    play(state, 0, c("orange", 6), "chocolate")
    play(state, 1, c("orange", 11))
    assert state.tricks_won == [0, 1]
    assert GAME.to_act(state) == frozenset({1})


def test_g2_of_equal_ranks_the_card_played_first_wins() -> None:
    for led, follow, suit in (
        (c("orange", 6), c("purple", 6), "chocolate"),
        (c("purple", 6), c("orange", 6), "chocolate"),
        (c("green", 5), c("black", 5), "sour"),
    ):
        state = playing([[led, c("green", 12)], [follow, c("black", 8)]])
        play(state, 0, led, suit)
        play(state, 1, follow)
        assert state.tricks_won == [1, 0]


def test_only_the_leader_names_a_suit() -> None:
    state = playing([[c("orange", 6), c("green", 5)], [c("orange", 11), c("black", 8)]])
    play(state, 0, c("orange", 6), "chocolate")
    with pytest.raises(RuleError, match="Only the leader names"):
        play(state, 1, c("orange", 11), "nuts")


# ---- scoring ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "points"),
    [(0, 31), (3, 31), (4, 6), (5, 12), (6, 18), (7, 31), (9, 31), (10, 0), (13, 0)],
)
def test_ruling_10_trick_points_by_own_tricks_as_printed(tricks: int, points: int) -> None:
    assert trick_points(tricks) == points


def test_each_player_scores_their_tricks_at_the_end_of_the_hand() -> None:
    state = playing([[c("orange", 12)], [c("orange", 5)]])
    state.tricks_won = [8, 4]
    state.scores = [10, 3]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 5))
    assert state.scores == [10 + 31, 3 + 6]
    assert state.hand_number == 2
    assert state.phase == "exchange"
    assert state.last_trick_points == [31, 6]


def last_trick_of_the_game(scores: list[int]) -> CandyPickState:
    """The fourth hand's last trick played, six tricks each before it and these scores: seat 0's
    Chocolate 12 takes seat 1's Chocolate 5."""
    state = playing([[c("orange", 12)], [c("orange", 5)]])
    state.hand_number = 4
    state.tricks_won = [6, 6]
    state.scores = scores
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 5))
    return state


def test_the_game_ends_after_the_fourth_hand_and_the_most_points_wins() -> None:
    state = last_trick_of_the_game(scores=[50, 40])
    result = GAME.result(state)
    assert result is not None
    assert state.phase == "over"
    assert result.scores == (50 + 31, 40 + 18)
    assert result.places == (1, 2)
    assert result.summary == "{p0} wins with 81 points to 58."


def test_ruling_11_a_tied_game_is_shared() -> None:
    state = last_trick_of_the_game(scores=[40, 53])
    result = GAME.result(state)
    assert result is not None
    assert result.places == (1, 1)
    assert "share the win" in result.summary


# ---- bad input -----------------------------------------------------------------------------------------


def test_bad_moves_get_a_clear_reason_and_change_nothing() -> None:
    state = GAME.new_game(2, {}, 14)
    elder = 1 - state.dealer
    before = GAME.dump_state(state)
    foreign = state.talon[0]
    for action, words in (
        (act("discard", foreign), "do not hold"),
        (act("play", state.hands[elder][0]), "First both players exchange"),
        (act("take-back", state.hands[elder][0]), "have not picked"),
        (act("bid", 3), "no such move"),
    ):
        with pytest.raises(RuleError, match=words):
            GAME.apply(state, elder, action)
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, state.dealer, act("discard", state.hands[state.dealer][0]))
    assert GAME.dump_state(state) == before


# ---- computer players --------------------------------------------------------------------------------


def test_normal_discards_low_cards_outside_its_declarations() -> None:
    hand = (c("black", 12), c("green", 12), c("orange", 12), c("green", 5), c("purple", 6), c("orange", 11))
    chosen = discards(hand, 4)
    assert set(chosen) <= {c("green", 5), c("purple", 6)}
    assert c("black", 12) not in chosen


def test_normal_picks_its_discards_one_at_a_time_then_exchanges() -> None:
    state = GAME.new_game(2, {}, 15)
    elder = 1 - state.dealer
    level = NormalLevel()
    rng = random.Random(1)
    kinds = []
    while state.phase == "exchange" and GAME.to_act(state) == frozenset({elder}):
        action = level.choose(GAME, state, elder, rng)
        kinds.append(action.kind)
        GAME.apply(state, elder, action)
    assert kinds[-1] == "exchange"
    assert set(kinds[:-1]) == {"discard"}


def test_normal_at_seven_tricks_ducks_rather_than_take_more() -> None:
    state = playing([[c("orange", 6), c("green", 5)], [c("orange", 11), c("orange", 5), c("black", 8)]])
    state.tricks_won = [2, 7]
    play(state, 0, c("orange", 6), "chocolate")
    choice = normal(GAME, GAME.view(state, 1), GAME.legal_actions(state, 1), random.Random(0))
    assert choice == act("play", c("orange", 5))


def test_normal_wanting_tricks_wins_with_its_cheapest_winning_card() -> None:
    state = playing([[c("orange", 6), c("green", 5)], [c("orange", 11), c("orange", 8), c("orange", 12)]])
    state.tricks_won = [2, 5]
    play(state, 0, c("orange", 6), "chocolate")
    choice = normal(GAME, GAME.view(state, 1), GAME.legal_actions(state, 1), random.Random(0))
    assert choice == act("play", c("orange", 8))


def test_easy_and_hard_consider_swapping_only_low_cards_never_a_take_back_and_every_card_play() -> None:
    state = GAME.new_game(2, {}, 16)
    elder = 1 - state.dealer
    low = next(card for card in state.hands[elder] if DECK[card].rank <= 8)
    GAME.apply(state, elder, act("discard", low))
    legal = GAME.legal_actions(state, elder)
    assert act("take-back", low) in legal
    kept = sensible(GAME, GAME.view(state, elder), legal)
    assert EXCHANGE in kept
    assert all(a.kind != "take-back" for a in kept)
    assert all(DECK[int(a.args[0])].rank <= 8 for a in kept if a.kind == "discard")
    state = playing([[c("orange", 6), c("green", 5)], [c("orange", 11), c("orange", 5), c("black", 8)]])
    legal = GAME.legal_actions(state, 0)
    assert sensible(GAME, GAME.view(state, 0), legal) == legal


def test_hard_exchanges_in_at_most_five_moves() -> None:
    state = GAME.new_game(2, {}, 18)
    elder = 1 - state.dealer
    level = HardLevel(iterations=40)
    rng = random.Random(2)
    moves = 0
    while GAME.to_act(state) == frozenset({elder}) and state.phase == "exchange":
        GAME.apply(state, elder, level.choose(GAME, state, elder, rng))
        moves += 1
        assert moves <= 5
    assert state.exchanged[elder] is not None


def test_a_guess_of_the_hidden_cards_keeps_what_the_guesser_sees_and_the_suits_the_other_lacks() -> None:
    state = playing(
        [
            [c("orange", 6), c("orange", 7), c("green", 5)],
            [c("green", 12), c("black", 8), c("green", 11), c("purple", 11)],
        ]
    )
    state.discards = [[c("black", 5)], [c("orange", 12), c("purple", 6)]]
    state.talon = [c("orange", 8), c("green", 9), c("orange", 11)]
    play(state, 0, c("orange", 6), "chocolate")
    play(state, 1, c("green", 12))
    assert state.voids[1] == ["chocolate"]
    for k in range(10):
        guess = GAME.determinize(state, 0, random.Random(k))
        assert GAME.view(guess, 0) == GAME.view(state, 0)
        assert not any("chocolate" in DECK[card].suits for card in guess.hands[1])
        assert len(guess.hands[1]) == 3
        assert sorted([*guess.hands[1], *guess.discards[1], *guess.talon]) == sorted(
            [*state.hands[1], *state.discards[1], *state.talon]
        )


NAMES = ("Ana", "Bob")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("candy-pick") == set()
    twelves = [c("black", 12), c("green", 12), c("orange", 12)]
    elevens = [c(colour, 11) for colour in ("black", "green", "orange", "purple")]
    fives = [c("black", 5), c("green", 5), c("orange", 5)]
    said = declare(hands_for(twelves + fives, elevens), 1).events[2]
    assert said.in_words(NAMES, 0) == (
        "Set: You declare Three 12s; Bob has no better set; you also declare Three 5s. You score 14 for 2 sets."
    )
    assert said.in_words(NAMES, 1) == (
        "Set: Ana declares Three 12s; you have no better set; Ana also declares Three 5s. Ana scores 14 for 2 sets."
    )
    state = GAME.new_game(2, {}, 1)
    assert state.log[-1].in_words(NAMES, state.turn).endswith(" stay face down. You exchange first.")
