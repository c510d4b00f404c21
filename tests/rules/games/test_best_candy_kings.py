"""The King-Sized expansion's King cards: each sentence of the King-card rules and each
ruling of §17.2-17.4, alone and in the pairs the rulebook says interact."""

from __future__ import annotations

import pytest

from rules.candy_kit.cards import DECK, KING_CARDS, KING_OF, SUITS, Effect
from rules.games.best_candy import GAME, trick
from rules.games.best_candy.scoring import score_hand
from rules.games.best_candy.view import HIDDEN
from rules.kit.errors import RuleError
from tests.rules.games.test_best_candy_support import answer, asked, card, king_state, legal_cards, legal_plays, play

TAX = KING_OF[Effect.TAX]
VETO = KING_OF[Effect.VETO]
TRADE = KING_OF[Effect.TRADE]
K1 = KING_OF[Effect.RENAME]
K2 = KING_OF[Effect.LEAD]
K3 = KING_OF[Effect.LOWEST]
K4 = KING_OF[Effect.TRUMP]
K5 = KING_OF[Effect.FACE_DOWN]
K6 = KING_OF[Effect.TREAT]
K7 = KING_OF[Effect.RANDOM]
K8 = KING_OF[Effect.FAVOURITE]
K9 = KING_OF[Effect.STASH]
K10 = KING_OF[Effect.ONE_CARD]
K11 = KING_OF[Effect.ROTATE]
K12 = KING_OF[Effect.PRANK]

MILK_BAR = card("orange", 2)  # chocolate
CUPS = card("orange", 3)  # chocolate, nuts
CRISPY = card("orange", 6)  # chocolate
CHOC_7 = card("orange", 7)  # chocolate, coconut
COOKIE_BAR = card("orange", 8)  # chocolate, caramel
ROCKY_ROAD = card("orange", 12)  # chocolate, marshmallow, nuts
VANILLA = card("orange", 10)  # caramel
CARAMEL_CORN = card("purple", 11)  # caramel
APPLE = card("green", 1)  # fruit
SPIDER_RINGS = card("black", 6)  # halloween, gummy
PRANK = card("black", -1)
PRANK_2 = card("orange", -1)
NON_TREAT = card("black", 0)
#: A spare card per seat keeps the hand going after the trick under test.
SPARE = [card("orange", 0), card("green", 0), card("purple", 0)]


def spare(*hands: list[int]) -> list[list[int]]:
    return [[*h, SPARE[k]] for k, h in enumerate(hands)]


# ---- the cards ---------------------------------------------------------------------


def test_there_are_fifteen_king_cards_the_dad_tax_the_mom_veto_the_trade_and_1_to_12() -> None:
    assert len(KING_CARDS) == 15
    assert [DECK[c].rank for c in KING_CARDS] == [0, 0, 0, *range(1, 13)]
    assert [DECK[c].name for c in KING_CARDS[:3]] == ["Dad Tax", "Mom Veto", "Trade"]
    assert all(DECK[c].is_king and DECK[c].suits == () for c in KING_CARDS)


def test_a_king_card_ranks_half_a_point_above_its_print_and_the_trade_a_quarter() -> None:
    ten = trick.as_play(0, VANILLA, "caramel").rank
    eleven = trick.as_play(0, CARAMEL_CORN, "caramel").rank
    king_ten = trick.as_play(0, K10, "caramel").rank
    assert ten < king_ten < eleven
    assert king_ten - ten == 2 * (trick.as_play(0, TRADE, "caramel").rank - trick.as_play(0, NON_TREAT, None).rank)


# ---- King cards in general (K1-K5) ----------------------------------------------------


def test_a_king_card_always_counts_as_the_trick_suit_so_a_king_10_beats_a_plain_10() -> None:
    state = king_state([[VANILLA], [K6], [NON_TREAT]], trump="fruit")
    play(state, 0, VANILLA, "caramel")
    play(state, 1, K6)
    play(state, 2, NON_TREAT)
    assert state.last_trick_winner == 0  # 10 beats the King 6's 6.5
    state = king_state([[CRISPY], [K6], [NON_TREAT]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K6)
    play(state, 2, NON_TREAT)
    assert state.last_trick_winner == 1  # the King 6 (6.5) beats the plain 6


def test_a_player_holding_a_king_card_can_follow_so_no_off_suit_treat_or_prank() -> None:
    state = king_state([[MILK_BAR], [VANILLA, PRANK, K6, NON_TREAT]], trump="fruit")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_cards(state, 1) == {K6, NON_TREAT}
    with pytest.raises(RuleError, match="follow"):
        play(state, 1, VANILLA)


def test_a_king_card_led_names_any_suit_but_trump_the_4_names_trump_and_the_1_any_suit() -> None:
    assert legal_plays(king_state([[K6], [VANILLA]], trump="fruit"), 0) == {(K6, s) for s in SUITS if s != "fruit"}
    assert legal_plays(king_state([[K4], [VANILLA]], trump="fruit"), 0) == {(K4, "fruit")}
    assert legal_plays(king_state([[K1], [VANILLA]], trump="fruit"), 0) == {(K1, s) for s in SUITS}


def test_trump_beats_king_cards_unless_the_trick_suit_is_trump() -> None:
    state = king_state([[CRISPY], [K6], [APPLE]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K6)
    play(state, 2, APPLE)
    assert state.last_trick_winner == 2
    state = king_state([[APPLE], [K6], [NON_TREAT]], trump="fruit")
    play(state, 0, APPLE, "fruit")
    play(state, 1, K6)
    play(state, 2, NON_TREAT)
    assert state.last_trick_winner == 1  # King cards compete as trump when trump is the trick suit


# ---- each effect --------------------------------------------------------------------


def test_dad_tax_takes_one_card_of_the_trick_after_the_winner_is_known() -> None:
    state = king_state(spare([CRISPY], [TAX], [COOKIE_BAR]), trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, TAX)
    play(state, 2, COOKIE_BAR)
    assert asked(state) == ("tax", 1)
    assert legal_cards_of(state, 1, "tax") == {CRISPY, COOKIE_BAR}  # never the Dad Tax itself
    answer(state, 1, "tax", COOKIE_BAR)
    assert state.taken[1] == [COOKIE_BAR]
    assert state.tricks_won[1] == 0
    assert sorted(state.taken[2]) == sorted([CRISPY, TAX])
    assert state.tricks_won[2] == 1


def test_dad_tax_does_nothing_extra_when_its_player_wins_the_trick() -> None:
    state = king_state(spare([PRANK], [TAX], [NON_TREAT]), trump="fruit")
    play(state, 0, PRANK)
    play(state, 1, TAX, "chocolate")
    play(state, 2, NON_TREAT)
    assert asked(state) is None
    assert sorted(state.taken[1]) == sorted([PRANK, TAX, NON_TREAT])


def test_mom_veto_removes_a_card_from_the_trick_to_the_stash_and_its_player_cannot_win() -> None:
    state = king_state([[COOKIE_BAR], [VETO], [CRISPY]], trump="fruit")
    play(state, 0, COOKIE_BAR, "chocolate")
    assert asked(state) is None
    play(state, 1, VETO)
    assert asked(state) == ("veto", 1)
    assert legal_cards_of(state, 1, "veto") == {COOKIE_BAR}  # never itself
    answer(state, 1, "veto", COOKIE_BAR)
    assert COOKIE_BAR in state.stash
    play(state, 2, CRISPY)
    assert state.last_trick_winner == 2


def test_a_prank_removed_by_the_mom_veto_passes_no_lead() -> None:
    state = king_state([[PRANK], [CRISPY], [VETO]], trump="fruit")
    play(state, 0, PRANK)
    play(state, 1, CRISPY, "chocolate")
    play(state, 2, VETO)
    answer(state, 2, "veto", PRANK)
    assert state.last_trick_winner == 1
    assert state.leader == 1


def test_the_trade_pairs_up_to_two_cards_of_its_players_take_and_adds_their_ranks() -> None:
    state = king_state(spare([CRISPY], [TRADE], [COOKIE_BAR]), trump="fruit", taken=[[], [ROCKY_ROAD, APPLE], []])
    state.tricks_won = [0, 1, 0]
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, TRADE)
    assert asked(state) == ("pair", 1)
    answer(state, 1, "pair", ROCKY_ROAD)
    answer(state, 1, "pair", APPLE)
    assert asked(state) is None  # two at most
    play(state, 2, COOKIE_BAR)
    assert state.last_trick_winner == 1  # 0.25 + 12 + 1 beats 8
    assert sorted(state.taken[1]) == sorted([CRISPY, TRADE, COOKIE_BAR, ROCKY_ROAD, APPLE])
    assert state.tricks_won[1] == 2  # pairing did not lower the trick count


def test_the_trade_wins_ties_against_plain_cards_and_loses_them_to_other_king_cards() -> None:
    state = king_state([[CRISPY], [TRADE], [NON_TREAT]], trump="fruit", taken=[[], [SPIDER_RINGS], []])
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, TRADE)
    answer(state, 1, "pair", SPIDER_RINGS)
    play(state, 2, NON_TREAT)
    assert state.last_trick_winner == 1
    state = king_state([[CRISPY], [TRADE], [K6]], trump="fruit", taken=[[], [SPIDER_RINGS], []])
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, TRADE)
    answer(state, 1, "pair", SPIDER_RINGS)
    play(state, 2, K6)
    assert state.last_trick_winner == 2


def test_the_1_names_a_new_trick_suit_and_the_current_one_may_be_named() -> None:
    state = king_state([[CRISPY], [K1], [VANILLA, MILK_BAR]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    assert (K1, "chocolate") in legal_plays(state, 1)
    play(state, 1, K1, "caramel")
    assert state.trick_suit == "caramel"
    assert legal_cards(state, 2) == {VANILLA}
    play(state, 2, VANILLA)
    assert state.last_trick_winner == 2


def test_the_2s_player_leads_the_next_trick_over_the_prank_and_the_winner() -> None:
    state = king_state([[PRANK, NON_TREAT], [CRISPY, NON_TREAT], [K2, NON_TREAT]], trump="fruit")
    play(state, 0, PRANK)
    play(state, 1, CRISPY, "chocolate")
    play(state, 2, K2)
    assert state.last_trick_winner == 1
    assert state.leader == 2


def test_the_3_makes_the_lowest_card_of_the_trick_suit_win_and_ignores_trump() -> None:
    state = king_state([[CRISPY], [K3], [APPLE]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K3)
    play(state, 2, APPLE)
    assert state.last_trick_winner == 1  # 3.5 is the lowest chocolate; the trump 1 does not count
    state = king_state([[CUPS], [K3], [NON_TREAT]], trump="fruit")
    play(state, 0, CUPS, "chocolate")
    play(state, 1, K3)
    play(state, 2, NON_TREAT)
    assert state.last_trick_winner == 0  # a plain 3 is lower than the King 3


def test_the_4_is_always_trump() -> None:
    state = king_state([[CRISPY], [K4], [COOKIE_BAR]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K4)
    play(state, 2, COOKIE_BAR)
    assert state.last_trick_winner == 1


def test_after_the_5_the_rest_of_the_trick_is_played_face_down_and_then_revealed() -> None:
    state = king_state([[K5], [CRISPY], [COOKIE_BAR]], trump="fruit")
    play(state, 0, K5, "chocolate")
    play(state, 1, CRISPY)
    assert GAME.view(state, 2).trick == (K5, HIDDEN)
    assert GAME.view(state, None).trick == (K5, HIDDEN)
    assert GAME.view(state, 1).trick == (K5, CRISPY)
    assert all("6 Chocolate" not in e.text for e in state.visible_log(None))
    play(state, 2, COOKIE_BAR)
    assert state.last_trick_winner == 2
    assert any(e.kind == "reveal" and "6 Chocolate" in e.text for e in state.log)


def test_the_6_is_worth_2_at_the_end_of_the_hand_unless_its_owner_has_a_belly_ache() -> None:
    state = king_state([[], []], trump="fruit", taken=[[K6], [K6]])
    state.tricks_won = [1, 10]
    assert score_hand(state, 0).points == 1 + 2
    assert score_hand(state, 1).king_points == 0


def test_the_10_takes_a_point_and_the_12_is_a_prank_at_the_end_of_the_hand() -> None:
    state = king_state([[], []], trump="fruit", taken=[[K10], [K12]])
    state.tricks_won = [3, 3]
    assert score_hand(state, 0).points == 3 - 1
    assert score_hand(state, 1).points == 3 - 1
    assert score_hand(state, 1).pranks == 1


def test_after_the_7_each_later_player_plays_a_random_card_that_need_not_follow() -> None:
    off_suit = set()
    for seed in range(12):
        state = king_state([[K7], [CRISPY, PRANK], [COOKIE_BAR, VANILLA]], trump="fruit")
        state.seed = seed
        play(state, 0, K7, "chocolate")
        assert not state.trick  # the others' cards were drawn for them and the trick is over
        off_suit |= {c for c in state.last_trick if c in (PRANK, VANILLA)}
    assert off_suit  # with these seeds, a card that does not follow was drawn


def test_the_8s_winner_may_look_at_three_suit_cards_and_swap_their_favourite_in_secret() -> None:
    state = king_state(spare([CRISPY], [K8], [NON_TREAT]), trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K8)
    play(state, 2, NON_TREAT)
    assert asked(state) == ("favourite", 1)
    assert GAME.view(state, 1).peek == ("candy", "sour", "nuts")
    assert GAME.view(state, 0).peek == ()
    answer(state, 1, "favourite", "sour")
    assert state.favourites[1] == ["sour"]
    assert state.suit_deck[1] == "halloween"
    assert all("Sour" not in e.text for e in state.visible_log(None))


def test_the_9_adds_the_stash_to_the_trick_which_cannot_win_and_goes_to_the_winner() -> None:
    state = king_state(spare([CRISPY], [K9], [COOKIE_BAR]), trump="fruit", stash=[ROCKY_ROAD, PRANK_2])
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K9)
    play(state, 2, COOKIE_BAR)
    assert state.last_trick_winner == 1  # the stash's 12 cannot win
    assert {ROCKY_ROAD, PRANK_2} <= set(state.taken[1])
    assert state.stash == []
    assert state.leader == 1  # a Prank from the stash passes no lead


def test_the_10s_winner_keeps_one_card_of_their_choice_and_the_rest_go_to_the_stash() -> None:
    state = king_state(spare([CRISPY], [K10], [COOKIE_BAR]), trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K10)
    play(state, 2, COOKIE_BAR)
    assert asked(state) == ("keep_one", 1)
    answer(state, 1, "keep-one", COOKIE_BAR)
    assert state.taken[1] == [COOKIE_BAR]
    assert state.tricks_won[1] == 1
    assert sorted(state.stash) == sorted([CRISPY, K10])


def test_the_11_moves_every_card_one_seat_left_and_each_counts_as_played_there() -> None:
    state = king_state([[CRISPY], [COOKIE_BAR], [K11]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, COOKIE_BAR)
    play(state, 2, K11)
    assert state.last_trick_seats == [1, 2, 0]
    assert state.last_trick_winner == 0  # the 11.5 is now in front of the leader


def test_the_12_is_a_prank_and_its_winner_may_swap_trump_from_the_next_trick() -> None:
    state = king_state(spare([CRISPY], [K12], [NON_TREAT]), trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K12)
    play(state, 2, NON_TREAT)
    assert asked(state) == ("trump", 1)
    answer(state, 1, "trump", "nuts")
    assert state.trump == "nuts"
    assert state.suit_deck[2] == "fruit"
    assert state.leader == 0  # a Prank: the player right of the winner leads


# ---- pairs that interact ------------------------------------------------------------------


def test_5_with_the_trade_the_trade_pairs_when_revealed() -> None:
    state = king_state([[K5], [TRADE], [CRISPY]], trump="fruit", taken=[[], [ROCKY_ROAD], []])
    play(state, 0, K5, "chocolate")
    play(state, 1, TRADE)
    assert asked(state) is None  # face down: no choice yet
    play(state, 2, CRISPY)
    assert asked(state) == ("pair", 1)
    answer(state, 1, "pair", ROCKY_ROAD)
    assert state.last_trick_winner == 1


def test_5_with_the_1_the_new_suit_is_named_when_revealed() -> None:
    state = king_state([[K5], [K1], [VANILLA]], trump="fruit")
    play(state, 0, K5, "chocolate")
    assert legal_plays(state, 1) == {(K1, None)}
    play(state, 1, K1)
    play(state, 2, VANILLA)
    assert asked(state) == ("name", 1)
    answer(state, 1, "name", "caramel")
    assert state.last_trick_winner == 2  # judged against the final suit: the 10 of Caramel


def test_5_with_the_9_and_the_11_both_act_when_revealed_the_11_first() -> None:
    state = king_state(spare([K5], [K9], [K11]), trump="fruit", stash=[APPLE])
    play(state, 0, K5, "chocolate")
    play(state, 1, K9)
    play(state, 2, K11)
    kinds = [e.text.split(":")[0] for e in state.log if e.kind == "king"]
    assert kinds.index("Pass Left") < kinds.index("Stash Raid")
    assert state.last_trick_seats == [1, 2, 0]
    assert APPLE in state.taken[0]  # the 11.5 moved to the leader, who takes the stash too


def test_5_with_the_dad_tax_the_mom_veto_and_the_1_resolve_trade_then_veto_then_1() -> None:
    state = king_state([[K5], [TRADE], [VETO], [K1]], trump="fruit", taken=[[], [APPLE], [], []])
    play(state, 0, K5, "chocolate")
    play(state, 1, TRADE)
    play(state, 2, VETO)
    play(state, 3, K1)
    assert [p.kind for p in state.pending] == ["pair", "veto", "name"]


def test_a_face_down_7_has_no_effect() -> None:
    state = king_state([[K5], [K7], [CRISPY, VANILLA]], trump="fruit")
    play(state, 0, K5, "chocolate")
    play(state, 1, K7)
    assert GAME.to_act(state) == frozenset({2})
    assert legal_cards(state, 2) == {CRISPY}


def test_9_with_10_the_winner_chooses_one_card_among_all_including_the_stash() -> None:
    state = king_state(spare([CRISPY], [K9], [K10]), trump="fruit", stash=[ROCKY_ROAD])
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K9)
    play(state, 2, K10)
    assert asked(state) == ("keep_one", 2)
    assert legal_cards_of(state, 2, "keep-one") == {CRISPY, K9, K10, ROCKY_ROAD}
    answer(state, 2, "keep-one", ROCKY_ROAD)
    assert state.taken[2] == [ROCKY_ROAD]


def test_9_with_the_dad_tax_the_tax_may_take_a_stash_card() -> None:
    state = king_state(spare([TAX], [K9], [NON_TREAT]), trump="fruit", stash=[ROCKY_ROAD])
    play(state, 0, TAX, "chocolate")
    play(state, 1, K9)
    play(state, 2, NON_TREAT)
    assert asked(state) == ("tax", 0)
    answer(state, 0, "tax", ROCKY_ROAD)
    assert state.taken[0] == [ROCKY_ROAD]
    assert ROCKY_ROAD not in state.taken[1]


def test_10_with_the_dad_tax_the_tax_chooses_first() -> None:
    state = king_state([[CRISPY], [TAX], [K10]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, TAX)
    play(state, 2, K10)
    assert asked(state) == ("tax", 1)
    answer(state, 1, "tax", CRISPY)
    assert asked(state) == ("keep_one", 2)
    assert legal_cards_of(state, 2, "keep-one") == {TAX, K10}


def test_the_mom_veto_cannot_remove_the_trade_but_may_remove_one_paired_card() -> None:
    state = king_state([[TRADE], [VETO], [CRISPY]], trump="fruit", taken=[[ROCKY_ROAD, APPLE], [], []])
    play(state, 0, TRADE, "chocolate")
    answer(state, 0, "pair", ROCKY_ROAD)
    answer(state, 0, "pair", APPLE)
    play(state, 1, VETO)
    assert legal_cards_of(state, 1, "veto") == {ROCKY_ROAD, APPLE}
    answer(state, 1, "veto", ROCKY_ROAD)
    play(state, 2, CRISPY)
    assert state.last_trick_winner == 2  # the Trade is worth 1.25 without the 12


def test_the_dad_tax_cannot_take_the_trade_but_may_take_a_paired_card() -> None:
    state = king_state([[TRADE], [TAX], [CRISPY]], trump="fruit", taken=[[ROCKY_ROAD], [], []])
    play(state, 0, TRADE, "chocolate")
    answer(state, 0, "pair", ROCKY_ROAD)
    play(state, 1, TAX)
    play(state, 2, CRISPY)
    assert state.last_trick_winner == 0
    assert legal_cards_of(state, 1, "tax") == {ROCKY_ROAD, CRISPY}


def test_2_with_11_the_player_the_2_moves_to_leads_next() -> None:
    state = king_state([[CRISPY, NON_TREAT], [K2, NON_TREAT], [K11, NON_TREAT]], trump="fruit")
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K2)
    play(state, 2, K11)
    assert state.leader == 2


def test_dad_tax_with_11_the_player_the_tax_moves_to_takes_the_card() -> None:
    state = king_state([[TAX], [COOKIE_BAR], [K11]], trump="fruit")
    play(state, 0, TAX, "chocolate")
    play(state, 1, COOKIE_BAR)
    play(state, 2, K11)
    assert state.last_trick_winner == 0  # the 11.5 is now the leader's
    assert asked(state) == ("tax", 1)


def legal_cards_of(state: object, seat: int, kind: str) -> set[int]:
    """The cards a choice of `kind` offers `seat`."""
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == kind and a.args}  # type: ignore[arg-type]


def test_the_dad_tax_and_the_mom_veto_may_be_played_at_any_time() -> None:
    state = king_state([[MILK_BAR], [CRISPY, TAX, VETO, PRANK]], trump="fruit")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_cards(state, 1) == {CRISPY, TAX, VETO}


def test_a_7_removed_by_the_mom_veto_stops_acting_on_later_players() -> None:
    state = king_state([[K7, SPARE[0]], [VETO], [CRISPY, VANILLA]], trump="fruit")
    play(state, 0, K7, "chocolate")
    assert state.trick == [K7, VETO]  # the 7 drew the Veto for its player
    assert asked(state) == ("veto", 1)  # whose choice is still its player's
    answer(state, 1, "veto", K7)
    assert GAME.to_act(state) == frozenset({2})  # no longer at random
    assert legal_cards(state, 2) == {CRISPY}


def test_a_5_drawn_by_the_7_makes_the_later_random_cards_face_down() -> None:
    state = king_state([[K7, SPARE[0]], [K5], [CRISPY]], trump="fruit")
    play(state, 0, K7, "chocolate")
    public = [e.text for e in state.visible_log(None)]
    assert "{p1} plays King 5 (Face Down) at random." in public
    assert "{p2} plays a card at random, face down." in public


def test_the_9_with_an_empty_stash_does_nothing() -> None:
    state = king_state(spare([CRISPY], [K9], [COOKIE_BAR]), trump="fruit", stash=[])
    play(state, 0, CRISPY, "chocolate")
    play(state, 1, K9)
    play(state, 2, COOKIE_BAR)
    assert all("the stash joins the trick" not in e.text for e in state.log)
    assert sorted(state.taken[1]) == sorted([CRISPY, K9, COOKIE_BAR])


def test_a_wrong_answer_to_a_king_card_is_refused_with_the_reason() -> None:
    state = king_state(spare([COOKIE_BAR], [VETO], [CRISPY]), trump="fruit")
    play(state, 0, COOKIE_BAR, "chocolate")
    with pytest.raises(RuleError, match="No King card is asking you anything now"):
        answer(state, 1, "veto", COOKIE_BAR)
    play(state, 1, VETO)
    with pytest.raises(RuleError, match=r"The question now is: remove one card from the trick \(it goes"):
        answer(state, 1, "tax", COOKIE_BAR)
    with pytest.raises(RuleError, match="That card cannot be chosen for this King card"):
        answer(state, 1, "veto", VETO)
    with pytest.raises(RuleError, match="First answer the King card's question"):
        play(state, 1, SPARE[1])
    with pytest.raises(RuleError, match="It is not your turn"):
        play(state, 2, CRISPY)
