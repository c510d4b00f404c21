"""How Many Candies do you Wish: each rule sentence of its rulebook section and each ruling of §3."""

from __future__ import annotations

import random

import pytest

from rules.ai.levels import NormalLevel
from rules.candy_kit.candy_deck import CANDY_CARDS, CANDY_CORN, card_at
from rules.contract import act
from rules.games.how_many_candies import GAME
from rules.games.how_many_candies.game import DECK_CARDS, HowManyCandies, hands_limit, score_team
from rules.games.how_many_candies.state import HowManyState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf() -> None:
    assert get("how-many-candies") is GAME
    assert isinstance(GAME, HowManyCandies)
    assert GAME.family == "candy-tricks"


def c(colour: str, rank: int) -> int:
    return card_at(colour, rank)


def playing(hands: list[list[int]], leader: int = 0, broken: bool = False) -> HowManyState:
    """Seated partners (0+2 against 1+3), every bid 1, `leader` to lead."""
    state = GAME.new_game(4, {"random_teams": False}, 1)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.bids = [1, 1, 1, 1]
    state.leader = state.turn = leader
    state.broken = broken
    return state


def play(state: HowManyState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


def first_trick(hands: list[list[int]], suit: str | None = None) -> HowManyState:
    """A hand in play (see `playing`) after its first trick: from seat 0 on, each seat plays
    the first card of its hand, seat 0 naming `suit`."""
    state = playing(hands)
    for seat, hand in enumerate(hands):
        play(state, seat, hand[0], suit if seat == 0 else None)
    return state


def bo_wins_with_the_chocolate_9() -> HowManyState:
    """Ana leads the Chocolate 2 naming Chocolate; nobody plays Candy, and Bo takes the trick with
    the 9 Chocolate/Coconut/Nuts."""
    return first_trick(
        [
            [c("orange", 2), c("orange", 6)],
            [c("orange", 9), c("orange", 7)],
            [c("green", 5), c("green", 6)],
            [c("orange", 5), c("orange", 8)],
        ],
        "chocolate",
    )


def cards_legal(state: HowManyState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat)}


def test_the_deck_is_the_48_cards_of_ranks_1_to_12_with_12_candy_cards() -> None:
    assert len(DECK_CARDS) == 48
    assert set(CANDY_CARDS) <= set(DECK_CARDS)
    assert len(CANDY_CARDS) == 12


def test_everyone_is_dealt_12_cards() -> None:
    state = GAME.new_game(4, {}, 3)
    assert [len(h) for h in state.hands] == [12] * 4
    assert sorted(x for h in state.hands for x in h) == sorted(DECK_CARDS)


def test_the_game_is_for_four_players_only() -> None:
    for players in (3, 5):
        with pytest.raises(RuleError):
            GAME.new_game(players, {}, 1)


def test_ruling_1_partners_sit_opposite_drawn_at_random_or_by_joining_order() -> None:
    seated = GAME.new_game(4, {"random_teams": False}, 1)
    assert seated.order == [0, 1, 2, 3]
    partners = {tuple(sorted((s.order[0], s.order[2]))) for s in (GAME.new_game(4, {}, seed) for seed in range(30))}
    assert partners == {(0, 1), (0, 2), (0, 3)}


def test_ruling_2_the_dealer_is_drawn_and_the_deal_passes_left() -> None:
    state = GAME.new_game(4, {}, 5)
    first = state.dealer
    state.bids = [1, 1, 1, 1]
    state.hands = [[], [], [], []]
    GAME._score_hand(state)
    assert state.dealer == state.order[(state.order.index(first) + 1) % 4]


def test_ruling_3_bids_go_once_each_from_the_dealers_left_0_to_12_in_public() -> None:
    state = GAME.new_game(4, {}, 5)
    first = state.order[(state.order.index(state.dealer) + 1) % 4]
    assert GAME.to_act(state) == frozenset({first})
    assert [a.args[0] for a in GAME.legal_actions(state, first)] == list(range(13))
    GAME.apply(state, first, act("bid", 0))
    assert GAME.view(state, None).bids[first] == 0
    assert state.log[-1].text == f"{{p{first}}} bids nil."
    with pytest.raises(RuleError):
        GAME.apply(state, state.turn, act("bid", 13))


def test_ruling_4_the_candy_corn_holder_leads_any_card_the_breaking_rule_allows() -> None:
    state = GAME.new_game(4, {}, 5)
    for _ in range(4):
        GAME.apply(state, state.turn, act("bid", 2))
    holder = next(s for s in range(4) if CANDY_CORN in state.hands[s])
    assert GAME.to_act(state) == frozenset({holder})
    legal = cards_legal(state, holder)
    assert CANDY_CORN not in legal or all(x in CANDY_CARDS for x in state.hands[holder])


def test_ruling_5_a_led_card_names_one_of_its_suits_and_one_showing_candy_names_candy() -> None:
    state = playing(
        [[c("green", 10), c("green", 3)], [c("orange", 2)], [c("orange", 3)], [c("orange", 4)]], broken=True
    )
    legal = GAME.legal_actions(state, 0)
    assert {a.args[1] for a in legal if a.args[0] == c("green", 10)} == {"caramel", "fruit", "nuts"}
    assert {a.args[1] for a in legal if a.args[0] == c("green", 3)} == {"candy"}


def test_ruling_6_candy_may_not_be_led_before_it_is_broken() -> None:
    state = playing([[c("green", 3), c("orange", 2)], [c("orange", 5)], [c("orange", 3)], [c("orange", 4)]])
    assert cards_legal(state, 0) == {c("orange", 2)}
    with pytest.raises(RuleError, match="Candy is not broken"):
        play(state, 0, c("green", 3), "candy")


def test_ruling_6_candy_breaks_when_played_by_someone_who_cannot_follow() -> None:
    state = playing([[c("orange", 2)], [c("purple", 2)], [c("orange", 3)], [c("orange", 4)]])
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("purple", 2))
    assert state.broken


def test_ruling_6_a_card_showing_the_named_suit_and_candy_breaks_it() -> None:
    state = playing([[c("green", 12)], [c("green", 3)], [c("orange", 3)], [c("orange", 4)]])
    play(state, 0, c("green", 12), "fruit")
    play(state, 1, c("green", 3))
    assert state.broken


def test_ruling_6_a_leader_holding_only_candy_leads_it_and_breaks_it() -> None:
    state = playing([[c("green", 3), c("purple", 2)], [c("orange", 5)], [c("orange", 3)], [c("orange", 4)]])
    assert cards_legal(state, 0) == {c("green", 3), c("purple", 2)}
    play(state, 0, c("purple", 2), "candy")
    assert state.broken


def test_ruling_7_a_card_showing_the_named_suit_must_be_played_even_one_that_is_also_candy() -> None:
    state = playing([[c("green", 12)], [c("green", 3), c("orange", 9)], [c("orange", 3)], [c("orange", 4)]])
    play(state, 0, c("green", 12), "fruit")
    assert cards_legal(state, 1) == {c("green", 3)}
    with pytest.raises(RuleError, match="follow Fruit"):
        play(state, 1, c("orange", 9))


def test_ruling_8_the_highest_candy_wins_and_says_it_is_trump() -> None:
    state = first_trick([[c("green", 12)], [c("black", 8)], [c("green", 10)], [c("purple", 2)]], "sour")
    assert state.last_winner == 1
    trick = next(e.text for e in state.log if e.kind == "trick")
    assert trick == "{p1} wins the trick with 8 Candy, the highest Candy (trump)."


def test_ruling_8_without_candy_the_highest_of_the_named_suit_wins_and_leads_next() -> None:
    state = bo_wins_with_the_chocolate_9()
    assert state.last_winner == 1
    assert state.leader == 1
    assert GAME.to_act(state) == frozenset({1})


def test_ruling_8_equal_candy_ranks_go_to_the_card_played_first() -> None:
    state = first_trick([[c("orange", 2)], [c("green", 4)], [c("black", 4)], [c("orange", 5)]], "chocolate")
    assert state.last_winner == 1


def test_ruling_9_a_made_contract_scores_ten_per_trick_bid_and_one_per_extra_the_rulebook_example() -> None:
    sheet, bags = score_team((2, 3), (4, 3), 0)
    assert sheet.total == 52
    assert bags == 2


def test_ruling_9_a_missed_contract_scores_nothing_never_less() -> None:
    sheet, bags = score_team((4, 4), (3, 4), 5)
    assert sheet.total == 0
    assert bags == 5


def test_ruling_10_a_nil_scores_100_with_no_trick_and_costs_100_with_any() -> None:
    assert score_team((0, 3), (0, 3), 0)[0].total == 130
    assert score_team((0, 3), (1, 3), 0)[0].total == 30 - 100 + 1


def test_ruling_10_both_partners_nil_every_trick_is_a_bag() -> None:
    sheet, bags = score_team((0, 0), (2, 1), 0)
    assert sheet.total == -200 + 3
    assert bags == 3


def test_ruling_11_every_time_bags_reach_ten_the_team_loses_100_and_ten_bags() -> None:
    sheet, bags = score_team((3, 3), (6, 4), 8)
    assert sheet.bag_penalty == 100
    assert sheet.total == 60 + 4 - 100
    assert bags == 2


def test_ruling_12_scores_may_go_negative() -> None:
    state = playing([[], [], [], []])
    state.bids = [0, 2, 0, 2]
    state.tricks = [3, 3, 3, 3]
    GAME._score_hand(state)
    assert state.scores[0] < 0


def end_of_hand(scores: list[int], tricks: list[int], bids: list[int], hand_number: int = 1) -> HowManyState:
    state = playing([[], [], [], []])
    state.scores = list(scores)
    state.bids = list(bids)
    state.tricks = list(tricks)
    state.hand_number = hand_number
    state.log.extend(GAME._score_hand(state))
    return state


def test_ruling_13_after_a_hand_reaching_the_target_the_higher_team_wins() -> None:
    state = end_of_hand([230, 200], [3, 3, 3, 3], [3, 3, 3, 3])
    assert state.phase == "over"
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 2)
    assert result.summary == "{p0} and {p2} win with 290 points."


def test_ruling_13_level_teams_at_the_target_play_another_hand() -> None:
    state = end_of_hand([230, 230], [3, 3, 3, 3], [3, 3, 3, 3])
    assert state.phase == "bid"
    assert state.scores == [290, 290]
    assert any(e.kind == "tie" for e in state.log)


def test_the_target_may_be_500() -> None:
    state = GAME.new_game(4, {"target": 500}, 1)
    assert state.target == 500
    assert hands_limit(500) == 50


def test_after_the_hand_limit_the_higher_team_wins_and_level_teams_share() -> None:
    state = end_of_hand([10, 0], [3, 3, 3, 3], [3, 3, 3, 3], hand_number=25)
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 2)
    state = end_of_hand([0, 0], [3, 3, 3, 3], [3, 3, 3, 3], hand_number=25)
    result = GAME.result(state)
    assert result is not None
    assert result.is_draw
    assert result.summary == "The teams share the win, level at 60 points."


def test_a_follower_may_not_name_a_suit_and_a_leader_must() -> None:
    state = playing([[c("orange", 2)], [c("orange", 9)], [c("orange", 3)], [c("orange", 4)]])
    with pytest.raises(RuleError, match="Name the trick suit"):
        play(state, 0, c("orange", 2))
    play(state, 0, c("orange", 2), "chocolate")
    with pytest.raises(RuleError, match="Only the leader"):
        play(state, 1, c("orange", 9), "chocolate")


def test_the_normal_player_bids_its_strength_and_nil_with_a_weak_hand() -> None:
    state = GAME.new_game(4, {}, 5)
    seat = state.turn
    state.hands[seat] = (
        [c("black", 2)]
        + [c("orange", r) for r in range(2, 7)]
        + [c("green", r) for r in (1, 2, 5, 7, 8)]
        + [c("purple", 3)]
    )
    assert NormalLevel().choose(GAME, state, seat, random.Random(1)) == act("bid", 0)
    state.hands[seat] = [c("black", 8), c("black", 10), c("green", 9), c("orange", 12), c("purple", 12)] + [
        c("green", r) for r in (1, 2, 5, 7, 8, 11, 12)
    ]
    bid = NormalLevel().choose(GAME, state, seat, random.Random(1))
    assert 3 <= int(bid.args[0]) <= 6


def test_the_normal_player_ducks_once_its_team_has_its_bid() -> None:
    state = playing([[c("orange", 5)], [c("orange", 12), c("orange", 2)], [c("orange", 3)], [c("orange", 4)]])
    state.tricks = [0, 1, 0, 0]
    play(state, 0, c("orange", 5), "chocolate")
    state.bids = [1, 1, 1, 0]
    assert NormalLevel().choose(GAME, state, 1, random.Random(1)) == act("play", c("orange", 2))
    state.tricks = [0, 0, 0, 0]
    assert NormalLevel().choose(GAME, state, 1, random.Random(1)) == act("play", c("orange", 12))


def test_the_target_typed_as_text_counts_as_its_number_and_other_targets_are_refused() -> None:
    assert GAME.options({"target": "500"}).model_dump()["target"] == 500
    with pytest.raises(ValueError, match="250 or 500"):
        GAME.options({"target": "300"})


NAMES = ("Ana", "Bob", "Cy", "Dee")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("how-many-candies") == set()
    state = GAME.new_game(4, {"random_teams": False}, 1)
    teams, deal = state.log[0], state.log[1]
    assert teams.in_words(NAMES, 2) == "Teams: Ana and you against Bob and Dee."
    first = state.turn
    assert deal.in_words(NAMES, first) == f"Hand 1: {NAMES[state.dealer]} deals 12 cards each; you bid first."
    (bid,) = GAME.apply(state, first, act("bid", 1))
    assert bid.in_words(NAMES, first) == "You bid 1 trick."
    assert bid.in_words(NAMES, (first + 1) % 4) == f"{NAMES[first]} bids 1 trick."
    (nil,) = GAME.apply(state, state.turn, act("bid", 0))
    assert nil.in_words(NAMES, (first + 1) % 4) == "You bid nil."
