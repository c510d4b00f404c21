"""Best House on the Block: each rule sentence of the rulebook's section and each ruling of §1
(variants rulings), with §0's shared rules where they apply."""

from __future__ import annotations

import random

import pytest

from rules.ai.levels import NormalLevel
from rules.candy_kit.candy_deck import PRANKS, card_at
from rules.candy_kit.cards import COLOURS, KING_SIZE, SUITS
from rules.contract import act
from rules.games.best_house import GAME
from rules.games.best_house.game import BestHouse
from rules.games.best_house.gold import GOLD_CARDS, GOLD_SUIT, GOLD_VALUE, gold_text
from rules.games.best_house.state import BestHouseState, HandSheet
from rules.kit.errors import RuleError
from rules.registry import get


def c(colour: str, rank: int) -> int:
    return KING_SIZE if colour == "yellow" else card_at(colour, rank)


def gold(suit: str, value: int) -> int:
    return next(g for g in GOLD_CARDS if GOLD_SUIT[g] == suit and GOLD_VALUE[g] == value)


def playing(
    hands: list[list[int]], leader: int = 0, gold_card: int | None = None, trump: str | None = None
) -> BestHouseState:
    """A hand in its tricks with these hands, `leader` to lead, `gold_card` at the door."""
    options = {"trump": trump is not None}
    state = GAME.new_game(len(hands), options, 1)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.stash = []
    state.drafters = []
    state.leader = state.turn = leader
    state.trump = trump
    state.gold = gold("chocolate", 2) if gold_card is None else gold_card
    state.gold_deck = [g for g in GOLD_CARDS if g != state.gold]
    return state


def play(state: BestHouseState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


def trick_line(state: BestHouseState) -> str:
    """The log's line about the last trick."""
    return next(e.text for e in reversed(state.log) if e.kind == "trick")


def draft_all(state: BestHouseState) -> None:
    while state.phase == "draft":
        seat = state.drafters[0]
        GAME.apply(state, seat, act("take", state.stash[0]))


def finish_hand(state: BestHouseState) -> None:
    """Play the rest of the hand, each seat its first legal move."""
    number = state.hand_number
    while state.phase != "over" and state.hand_number == number:
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf_for_2_to_5_players() -> None:
    assert get("best-house") is GAME
    assert isinstance(GAME, BestHouse)
    assert GAME.family == "candy-tricks"
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    with pytest.raises(RuleError):
        GAME.new_game(6, {}, 1)


# ---- the deck and the deal --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "cards", "each", "stash"), [(2, 29, 12, 5), (3, 43, 12, 7), (4, 57, 12, 9), (5, 57, 10, 7)]
)
def test_the_deck_and_deal_are_the_base_games_king_size_and_whole_colours_12_each_10_with_five(
    players: int, cards: int, each: int, stash: int
) -> None:
    state = GAME.new_game(players, {}, 5)
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.stash) == stash
    dealt = sorted([*(card for hand in state.hands for card in hand), *state.stash])
    assert len(dealt) == cards
    assert KING_SIZE in dealt
    assert len(state.colours) == min(players, 4)
    for colour in state.colours:
        assert {c(colour, rank) for rank in range(-1, 13)} <= set(dealt)


def test_the_gold_trick_or_treater_deck_is_20_cards_a_2_and_a_3_of_each_suit() -> None:
    assert len(GOLD_CARDS) == 20
    for suit in SUITS:
        assert sorted(GOLD_VALUE[g] for g in GOLD_CARDS if GOLD_SUIT[g] == suit) == [2, 3]
    assert gold_text(gold("chocolate", 3)) == "3 Chocolate"


def test_players_have_no_favourite_suit_the_hand_starts_with_the_draft() -> None:
    state = GAME.new_game(4, {}, 2)
    assert state.phase == "draft"
    seat = state.drafters[0]
    assert {a.kind for a in GAME.legal_actions(state, seat)} == {"take"}


def test_ruling_1_the_dealer_is_drawn_at_random_and_the_deal_passes_left_each_hand() -> None:
    dealers = {GAME.new_game(4, {}, seed).dealer for seed in range(20)}
    assert len(dealers) > 1
    state = GAME.new_game(3, {}, 9)
    first = state.dealer
    draft_all(state)
    finish_hand(state)
    assert state.hand_number == 2
    assert state.dealer == (first + 1) % 3


# ---- ruling 2: the draft ----------------------------------------------------------------------


def test_ruling_2_the_lowest_score_drafts_first_then_the_players_to_the_left() -> None:
    state = GAME.new_game(4, {}, 3)
    state.scores = [9, 4, 7, 12]
    state.log.extend(GAME._deal(state))
    assert state.drafters == [1, 2, 3, 0]


def test_ruling_2_among_equal_lowest_scores_the_first_drafter_is_drawn_at_random() -> None:
    firsts = {GAME.new_game(4, {}, seed).drafters[0] for seed in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_ruling_2_each_player_takes_one_stash_card_in_the_open_and_the_rest_is_set_aside() -> None:
    state = GAME.new_game(4, {}, 3)
    order = list(state.drafters)
    card = state.stash[2]
    GAME.apply(state, order[0], act("take", card))
    assert card in state.hands[order[0]]
    assert card not in state.stash
    assert "takes" in state.log[-1].text
    assert state.log[-1].seats is None
    assert GAME.view(state, None).drafted[order[0]] == card
    with pytest.raises(RuleError):
        GAME.apply(state, order[0], act("take", state.stash[0]))  # one card each
    draft_all(state)
    assert len(state.stash) == 5
    assert [len(h) for h in state.hands] == [13] * 4


def test_a_stash_card_not_in_the_stash_is_refused_with_a_reason() -> None:
    state = GAME.new_game(4, {}, 3)
    seat = state.drafters[0]
    other = state.hands[seat][0]
    with pytest.raises(RuleError, match="Take one of the cards in the stash"):
        GAME.apply(state, seat, act("take", other))


# ---- ruling 3: trump -------------------------------------------------------------------------


def test_ruling_3_there_is_no_trump_by_default() -> None:
    state = GAME.new_game(4, {}, 3)
    draft_all(state)
    assert state.trump is None


def test_ruling_3_with_the_trump_option_a_suit_is_turned_up_after_the_draft() -> None:
    state = GAME.new_game(4, {"trump": True}, 3)
    assert state.trump is None
    draft_all(state)
    assert state.trump in SUITS
    assert any(e.kind == "trump" for e in state.log)


def test_ruling_3_a_led_card_showing_trump_must_name_trump_g3() -> None:
    candy_apple = c("black", 11)  # Fruit, Candy, Halloween
    state = playing([[candy_apple], [c("green", 1)]], trump="candy")
    assert [a.args for a in GAME.legal_actions(state, 0)] == [(candy_apple, "candy")]


def test_decision_after_a_prank_lead_the_first_suited_card_may_name_any_of_its_suits_even_beside_trump() -> None:
    candy_apple = c("black", 11)  # Fruit, Candy, Halloween
    state = playing([[c("green", -1)], [candy_apple]], trump="candy")
    play(state, 0, c("green", -1))
    assert {a.args[1] for a in GAME.legal_actions(state, 1)} == {"fruit", "candy", "halloween"}
    state = playing([[c("green", -1)], [KING_SIZE]], trump="candy")
    play(state, 0, c("green", -1))
    assert {a.args[1] for a in GAME.legal_actions(state, 1)} == set(SUITS) - {"candy"}


def test_ruling_3_a_trump_card_beats_the_named_suit() -> None:
    state = playing([[c("orange", 12)], [c("purple", 2)]], trump="candy")
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("purple", 2))  # 2 Candy, not following Chocolate
    assert state.last_winner == 1
    assert "the highest trump" in trick_line(state)


# ---- rulings 4-7: leading and following ------------------------------------------------------


def test_ruling_4_the_player_left_of_the_dealer_leads_the_first_trick_not_the_last_drafter() -> None:
    for seed in range(6):
        state = GAME.new_game(4, {}, seed)
        last_drafter = state.drafters[-1]
        draft_all(state)
        assert state.leader == (state.dealer + 1) % 4
        if last_drafter != state.leader:
            break
    else:
        pytest.fail("no seed where the last drafter is not on the dealer's left")


def test_ruling_5_a_gold_card_is_turned_up_before_each_lead_and_all_20_are_shuffled_each_hand() -> None:
    state = GAME.new_game(3, {}, 4)
    assert len(state.gold_deck) == 20
    assert state.gold is None
    draft_all(state)
    first = state.gold
    assert first is not None
    assert len(state.gold_deck) == 19
    assert any(e.kind == "gold" for e in state.log)
    for _ in range(3):
        seat = state.turn
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.gold is not None
    assert state.last_gold == first
    assert len(state.gold_deck) == 18
    finish_hand(state)
    assert sorted(state.gold_deck) == list(GOLD_CARDS)


def test_ruling_6_the_leader_names_one_suit_of_the_led_card() -> None:
    trail_mix = c("purple", 1)  # Nuts, Fruit, Coconut
    state = playing([[trail_mix], [c("green", 1)]])
    assert {a.args[1] for a in GAME.legal_actions(state, 0)} == {"nuts", "fruit", "coconut"}
    with pytest.raises(RuleError, match="Name the trick suit"):
        play(state, 0, trail_mix)
    with pytest.raises(RuleError, match="Name the trick suit"):
        play(state, 0, trail_mix, "candy")


def test_ruling_6_a_king_size_lead_names_any_suit_but_not_trump_with_the_trump_option() -> None:
    state = playing([[KING_SIZE], [c("green", 1)]])
    assert {a.args[1] for a in GAME.legal_actions(state, 0)} == set(SUITS)
    state = playing([[KING_SIZE], [c("green", 1)]], trump="gummy")
    assert {a.args[1] for a in GAME.legal_actions(state, 0)} == set(SUITS) - {"gummy"}


def test_ruling_6_after_a_prank_or_non_treat_lead_the_first_suited_card_names_the_suit_g4() -> None:
    state = playing([[c("black", -1)], [c("black", 0)], [c("orange", 3)]])
    play(state, 0, c("black", -1))
    assert [a.args for a in GAME.legal_actions(state, 1)] == [(c("black", 0),)]
    play(state, 1, c("black", 0))
    assert {a.args[1] for a in GAME.legal_actions(state, 2)} == {"chocolate", "nuts"}
    play(state, 2, c("orange", 3), "nuts")
    assert state.last_suit == "nuts"
    assert state.last_winner == 2


def test_a_trick_with_no_suited_card_goes_to_its_leader() -> None:
    state = playing([[c("black", 0), c("green", 2)], [c("orange", -1), c("green", 3)]])
    play(state, 0, c("black", 0))
    play(state, 1, c("orange", -1))
    assert state.last_winner == 0
    assert state.last_suit is None


def test_ruling_7_nobody_has_to_follow_every_card_in_hand_is_legal_pranks_included() -> None:
    hand = [c("orange", 2), c("purple", -1), c("green", 1), c("black", 0)]
    state = playing([[c("orange", 6)], hand])
    play(state, 0, c("orange", 6), "chocolate")
    assert {int(a.args[0]) for a in GAME.legal_actions(state, 1)} == set(hand)
    play(state, 1, c("purple", -1))
    assert state.last_winner == 0


# ---- rulings 8-11: who takes the trick, the gold and the next lead ------------------------------


def test_ruling_8_the_highest_card_of_the_named_suit_takes_the_trick_and_leads_next() -> None:
    state = playing(
        [[c("orange", 2), c("green", 1)], [c("orange", 12), c("green", 2)], [c("green", 12), c("purple", 2)]]
    )
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 12))
    play(state, 2, c("green", 12))  # higher, but not Chocolate
    assert state.last_winner == 1
    assert state.leader == state.turn == 1
    assert state.taken[1] == [c("orange", 2), c("orange", 12), c("green", 12)]


def test_ruling_8_the_king_size_counts_as_the_named_suit_with_rank_13() -> None:
    state = playing([[c("orange", 12)], [KING_SIZE]])
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, KING_SIZE)
    assert state.last_winner == 1


def test_ruling_8_equal_ranks_go_to_the_card_played_first() -> None:
    state = playing([[c("purple", 4)], [c("black", 4)], [c("green", 4)]], gold_card=gold("candy", 3))
    play(state, 0, c("purple", 4), "caramel")  # 4 Caramel/Nuts
    play(state, 1, c("black", 4))  # 4 Halloween/Candy/Marshmallow
    play(state, 2, c("green", 4))  # 4 Gummy/Candy/Sour
    assert state.last_winner == 0
    assert state.last_gold_winner == 1  # the earlier of the two 4s showing Candy


def test_ruling_9_the_gold_card_goes_to_the_highest_card_of_its_suit_even_if_another_player_wins_the_trick() -> None:
    state = playing([[c("orange", 12)], [c("green", 3)], [c("purple", 9)]], gold_card=gold("candy", 3))
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("green", 3))  # 3 Sour/Fruit/Candy
    play(state, 2, c("purple", 9))  # 9 Nuts/Caramel/Candy
    assert state.last_winner == 0
    assert state.last_gold_winner == 2
    assert [sheet.gold for sheet in state.last_hand] == [0, 0, 3]
    assert "takes the gold card 3 Candy" in trick_line(state)


def test_ruling_9_the_king_size_counts_for_gold_only_when_the_gold_suit_is_the_named_suit() -> None:
    state = playing([[c("orange", 2)], [KING_SIZE]], gold_card=gold("chocolate", 2))
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, KING_SIZE)
    assert state.last_gold_winner == 1
    state = playing([[c("orange", 3)], [KING_SIZE]], gold_card=gold("chocolate", 2))
    play(state, 0, c("orange", 3), "nuts")
    play(state, 1, KING_SIZE)
    assert state.last_winner == 1
    assert state.last_gold_winner == 0


def test_ruling_9_trump_does_not_matter_for_the_gold_card() -> None:
    state = playing([[c("orange", 2)], [c("orange", 5)]], gold_card=gold("chocolate", 3), trump="nuts")
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 5))  # 5 Chocolate/Nuts: trump, and the highest Chocolate
    assert state.last_gold_winner == 1
    state = playing([[c("orange", 6)], [c("orange", 5)]], gold_card=gold("chocolate", 3), trump="nuts")
    play(state, 0, c("orange", 6), "chocolate")
    play(state, 1, c("orange", 5))
    assert state.last_winner == 1  # trump takes the trick
    assert state.last_gold_winner == 0  # but the higher Chocolate takes the gold


def test_ruling_10_gold_nobody_played_the_suit_of_is_set_aside_and_scores_for_nobody() -> None:
    state = playing([[c("orange", 2), c("green", 1)], [c("orange", 6), c("green", 2)]], gold_card=gold("sour", 3))
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 6))
    assert state.last_gold_winner is None
    assert state.gold_unclaimed == [gold("sour", 3)]
    assert state.gold_won == [[], []]
    assert GAME.view(state, None).gold_unclaimed == (gold("sour", 3),)
    assert "set aside" in trick_line(state)


def test_ruling_11_with_a_prank_in_the_trick_the_player_right_of_the_winner_leads_g5() -> None:
    hands = [[c("orange", 2), c("green", 1)], [c("orange", 12), c("green", 2)], [c("black", -1), c("green", 3)]]
    state = playing(hands)
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 12))
    play(state, 2, c("black", -1))
    assert state.last_winner == 1
    assert state.leader == state.turn == 0


# ---- rulings 12-13 and the end of the game -----------------------------------------------------


def test_ruling_12_a_hand_scores_1_a_trick_plus_gold_less_1_a_prank_taken_never_below_0() -> None:
    state = playing([[c("orange", 12)], [c("black", -1)]], gold_card=gold("chocolate", 3))
    state.tricks_won = [4, 0]
    state.taken = [[PRANKS[1], PRANKS[2]], [PRANKS[3]]]
    state.scores = [10, 10]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("black", -1))
    assert state.last_hand[0] == HandSheet(tricks=5, gold=3, pranks=3, total=5)
    assert state.last_hand[1] == HandSheet(tricks=0, gold=0, pranks=1, total=0)
    assert state.scores == [15, 10]


def test_there_are_no_belly_aches_taking_many_cards_costs_nothing() -> None:
    state = playing([[c("orange", 12)], [c("orange", 11)]], gold_card=gold("sour", 2))
    state.tricks_won = [12, 0]
    state.taken = [[card for card in range(57) if card not in PRANKS][:40], []]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 11))
    assert state.last_hand[0].total == 13


def test_if_nobody_has_31_another_hand_is_dealt() -> None:
    state = playing([[c("orange", 12)], [c("orange", 11)]])
    state.scores = [29, 0]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 11))
    assert state.scores[0] == 30 + 2
    assert state.phase == "over"
    state = playing([[c("orange", 12)], [c("orange", 11)]], gold_card=gold("sour", 2))
    state.scores = [29, 0]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 11))
    assert state.scores == [30, 0]
    assert state.phase == "draft"
    assert state.hand_number == 2


def test_once_someone_has_31_the_most_points_wins() -> None:
    state = playing([[c("orange", 12)], [c("orange", 11)]], gold_card=gold("sour", 2))
    state.scores = [20, 31]
    play(state, 0, c("orange", 12), "chocolate")
    assert GAME.result(state) is None
    play(state, 1, c("orange", 11))
    result = GAME.result(state)
    assert result is not None
    assert state.scores == [21, 31]
    assert result.places == (2, 1)
    assert result.summary == "{p1} wins with 31 points."


def ended(scores: list[int], gold_points: list[int], king_size: int | None) -> BestHouseState:
    state = playing([[c("orange", 2)], [c("orange", 3)], [c("orange", 4)]])
    state.phase = "over"
    state.scores = scores
    state.last_hand = [HandSheet(tricks=0, gold=g, pranks=0, total=0) for g in gold_points]
    state.last_king_size = king_size
    return state


def test_ruling_13_level_players_are_split_by_gold_in_the_last_hand() -> None:
    result = GAME.result(ended([33, 33, 20], [4, 7, 9], None))
    assert result is not None
    assert result.places == (2, 1, 3)
    assert "most gold in the last hand decides" in result.summary


def test_ruling_13_then_by_the_king_size_in_the_last_hands_take() -> None:
    result = GAME.result(ended([33, 33, 20], [5, 5, 9], 0))
    assert result is not None
    assert result.places == (1, 2, 3)
    assert "King Size" in result.summary


def test_ruling_13_players_still_level_share_the_win_g12() -> None:
    result = GAME.result(ended([33, 33, 20], [5, 5, 9], 2))
    assert result is not None
    assert result.places == (1, 1, 3)
    assert "share the win" in result.summary


def test_a_game_ends_by_its_own_rule_after_a_hand_reaching_31() -> None:
    state = GAME.new_game(3, {}, 8)
    rng = random.Random(3)
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert max(state.scores) >= 31
    assert state.hand_number > 1


# ---- rulings 14-15 and what is secret --------------------------------------------------------


def test_ruling_14_with_2_or_3_players_the_colours_stay_all_game_by_default() -> None:
    state = GAME.new_game(2, {}, 6)
    colours = list(state.colours)
    for _ in range(3):
        draft_all(state)
        finish_hand(state)
        assert state.colours == colours


def test_ruling_14_the_host_may_redraw_the_colours_every_hand() -> None:
    seen: set[tuple[str, ...]] = set()
    for seed in range(4):
        state = GAME.new_game(2, {"redraw_colours": True}, seed)
        seen.add(tuple(state.colours))
        for _ in range(2):
            draft_all(state)
            finish_hand(state)
            if state.phase == "over":
                break
            seen.add(tuple(state.colours))
            cards = {card for hand in state.hands for card in hand} | set(state.stash)
            assert cards == {KING_SIZE} | {c(colour, r) for colour in state.colours for r in range(-1, 13)}
    assert len(seen) > 2


def test_ruling_14_four_or_five_players_always_use_every_colour() -> None:
    state = GAME.new_game(4, {"redraw_colours": True}, 6)
    assert state.colours == list(COLOURS)


def test_ruling_15_gold_won_the_gold_card_the_stash_and_scores_are_public_the_hands_private() -> None:
    state = GAME.new_game(3, {}, 2)
    draft_all(state)
    for _ in range(3):
        seat = state.turn
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    spectator = GAME.view(state, None)
    assert spectator.my_hand is None
    assert spectator.gold == state.gold
    assert spectator.gold_won == tuple(tuple(g) for g in state.gold_won)
    assert spectator.stash == tuple(state.stash)
    assert spectator.scores == tuple(state.scores)
    assert "gold_deck" not in spectator.model_dump()
    assert GAME.view(state, 1).my_hand == tuple(state.hands[1])


def test_a_card_not_in_hand_or_a_wrong_suit_or_a_wrong_move_is_refused_with_a_reason() -> None:
    state = playing([[c("orange", 2), c("black", 0)], [c("orange", 3)]])
    before = GAME.dump_state(state)
    with pytest.raises(RuleError, match="You do not hold"):
        play(state, 0, c("orange", 12), "chocolate")
    with pytest.raises(RuleError, match="does not name the trick suit"):
        play(state, 0, c("black", 0), "chocolate")
    with pytest.raises(RuleError, match="stash has been drafted"):
        GAME.apply(state, 0, act("take", c("orange", 2)))
    with pytest.raises(RuleError, match="no such move"):
        GAME.apply(state, 0, act("pass", c("orange", 2)))
    assert GAME.dump_state(state) == before


def test_a_guess_of_the_hidden_hands_keeps_each_drafted_card_with_its_drafter() -> None:
    state = GAME.new_game(4, {}, 12)
    draft_all(state)
    for seed in range(10):
        guess = GAME.determinize(state, 0, random.Random(seed))
        assert guess.hands[0] == state.hands[0]
        for seat in (1, 2, 3):
            assert state.drafted[seat] in guess.hands[seat]
            assert len(guess.hands[seat]) == len(state.hands[seat])


# ---- the normal computer player ----------------------------------------------------------------


def test_the_normal_player_drafts_the_king_size_when_it_is_in_the_stash() -> None:
    state = GAME.new_game(4, {}, 3)
    state.stash = sorted([*state.stash[:3], KING_SIZE])
    for hand in state.hands:
        if KING_SIZE in hand:
            hand.remove(KING_SIZE)
    seat = state.drafters[0]
    move = NormalLevel().choose(GAME, state, seat, random.Random(1))
    assert move == act("take", KING_SIZE)


def test_the_normal_player_takes_the_gold_cheaply_when_last_and_throws_a_prank_at_a_trick_it_cannot_win() -> None:
    state = playing(
        [[c("orange", 12)], [c("green", 9), c("green", 4), c("purple", 2), c("black", -1)]],
        gold_card=gold("candy", 3),
    )
    play(state, 0, c("orange", 12), "chocolate")
    move = NormalLevel().choose(GAME, state, 1, random.Random(1))
    assert move == act("play", c("purple", 2))  # the lowest Candy takes the 3 gold
    state = playing([[c("orange", 12)], [c("green", 6), c("black", -1)]], gold_card=gold("chocolate", 2))
    play(state, 0, c("orange", 12), "chocolate")
    move = NormalLevel().choose(GAME, state, 1, random.Random(1))
    assert move == act("play", c("black", -1))  # nothing to win: the Prank goes to the winner
