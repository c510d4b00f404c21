"""The King-Sized expansion's set-up (rulings §17.1, §17.5, §17.6): the deck per player count,
choosing King cards, the new white suit cards and six players."""

from __future__ import annotations

from typing import Any

import pytest

from rules.candy_kit.cards import DECK, KING_CARDS, KING_OF, KING_PICK_NAMES, KING_SIZE, WHITE_CARDS, Effect
from rules.games.best_candy import GAME
from rules.games.best_candy.deal import turn_up_trump
from rules.games.best_candy.scoring import BELLY_ACHE_AT, favourite_cards
from rules.games.best_candy.state import Phase
from rules.kit.errors import RuleError
from tests.rules.games.test_best_candy_support import card

KINGS: dict[str, object] = {"king_cards": True}


def every_card(state: object) -> list[int]:
    hands = getattr(state, "hands")  # noqa: B009
    return sorted([c for h in hands for c in h] + list(getattr(state, "stash")))  # noqa: B009


@pytest.mark.parametrize(
    ("players", "kings", "deal", "stash", "colours", "low_cards"),
    [
        (2, 4, 12, 5, 2, False),
        (3, 6, 12, 7, 3, False),
        (4, 8, 12, 9, 4, False),
        (5, 13, 12, 10, 4, True),
        (6, 15, 10, 12, 4, True),
    ],
)
def test_the_king_deck_per_player_count_follows_the_table(
    players: int, kings: int, deal: int, stash: int, colours: int, low_cards: bool
) -> None:
    state = GAME.new_game(players, KINGS, 5)
    cards = every_card(state)
    assert len(state.kings) == kings
    assert set(state.kings) <= set(KING_CARDS)
    assert all(len(h) == deal for h in state.hands)
    assert len(state.stash) == stash
    assert len(cards) == deal * players + stash == len(set(cards))
    assert KING_SIZE in cards
    assert set(state.kings) <= set(cards)
    assert len({DECK[c].colour for c in cards} - {"yellow", "king"}) == colours
    assert any(DECK[c].rank in (0, 1) and not DECK[c].is_king for c in cards) == low_cards


def test_suit_cards_dealt_are_three_each_with_2_or_3_players_and_two_with_4_to_6() -> None:
    for players, dealt in ((2, 3), (3, 3), (4, 2), (5, 2), (6, 2)):
        state = GAME.new_game(players, KINGS, 2)
        assert all(len(o) == dealt for o in state.offers)


def test_the_host_may_pick_the_king_cards_and_must_pick_the_tables_count() -> None:
    state = GAME.new_game(2, {**KINGS, "chosen_kings": "tax, 5 9 12"}, 1)
    assert state.kings == sorted(KING_PICK_NAMES[w] for w in ("tax", "5", "9", "12"))
    with pytest.raises(RuleError, match="exactly 4 King cards; 6 were chosen"):
        GAME.new_game(2, {**KINGS, "chosen_kings": "tax veto trade 1 5 9"}, 1)
    with pytest.raises(RuleError, match="no King card called"):
        GAME.new_game(2, {**KINGS, "chosen_kings": "tax 5 9 13"}, 1)


def test_king_cards_stay_the_same_for_the_whole_game() -> None:
    state = GAME.new_game(3, KINGS, 4)
    kings = list(state.kings)
    while state.hand_number == 1:
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.kings == kings
    assert set(kings) <= set(every_card(state))


def test_two_and_three_player_colours_stay_unless_the_host_asks_for_new_ones_each_hand() -> None:
    def colours_by_hand(options: dict[str, object]) -> set[tuple[str, ...]]:
        seen = set()
        state = GAME.new_game(2, options, 8)
        while state.hand_number <= 4 and state.phase is not Phase.OVER:
            seen.add(tuple(state.colours))
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        return seen

    assert len(colours_by_hand(KINGS)) == 1
    assert len(colours_by_hand({**KINGS, "redraw_colours": True})) > 1


def test_solo_has_no_king_cards_and_six_players_always_play_with_them() -> None:
    assert GAME.seat_range(GAME.options(KINGS)) == (2, 6)
    assert GAME.seat_range(GAME.options({})) == (1, 6)
    with pytest.raises(RuleError):
        GAME.new_game(1, KINGS, 1)
    assert sorted(GAME.new_game(6, {}, 1).kings) == sorted(KING_CARDS)
    assert not GAME.new_game(5, {}, 1).kings


def test_six_players_need_at_least_two_new_white_suit_cards() -> None:
    assert GAME.new_game(6, KINGS, 1).white_cards == list(WHITE_CARDS)  # all six by default
    assert GAME.new_game(6, {**KINGS, "new_suit_cards": "black green"}, 1).white_cards == ["black", "green"]
    with pytest.raises(RuleError, match="at least two"):
        GAME.new_game(6, {**KINGS, "new_suit_cards": "black"}, 1)
    with pytest.raises(RuleError, match="at least two"):
        GAME.new_game(6, {**KINGS, "new_suit_cards": "none"}, 1)


def test_the_six_player_belly_ache_is_six_tricks() -> None:
    assert BELLY_ACHE_AT[6] == 6


def test_new_white_cards_are_offered_with_the_suit_cards() -> None:
    state = GAME.new_game(4, {**KINGS, "new_suit_cards": "all"}, 3)
    deck = [s for o in state.offers for s in o] + state.suit_deck
    assert len(deck) == len(set(deck)) == 16
    assert set(WHITE_CARDS) <= set(deck)


def test_the_3_flavors_card_favours_treats_with_three_suits() -> None:
    rocky, crispy = card("orange", 12), card("orange", 6)
    assert favourite_cards([rocky, crispy], ["three_flavors"]) == 1


def test_the_1_flavor_card_favours_treats_with_one_suit() -> None:
    rocky, crispy = card("orange", 12), card("orange", 6)
    assert favourite_cards([rocky, crispy], ["one_flavor"]) == 1


def test_a_colour_card_favours_that_colours_treats_only_never_its_prank_or_non_treat() -> None:
    taken = [card("green", 3), card("green", -1), card("green", 0), card("black", 3), KING_SIZE, KING_OF[Effect.TREAT]]
    assert favourite_cards(taken, ["green"]) == 1


def test_no_king_card_matches_any_favourite() -> None:
    for favourite in ("chocolate", *WHITE_CARDS):
        assert favourite_cards(list(KING_CARDS), [favourite]) == 0


def test_a_new_white_card_is_never_trump_it_is_set_aside_and_the_next_card_used() -> None:
    state = GAME.new_game(4, {**KINGS, "new_suit_cards": "all"}, 3)
    state.suit_deck = ["black", "three_flavors", "nuts", "green"]
    assert turn_up_trump(state) == "nuts"
    assert sorted(state.suit_deck) == sorted(["black", "three_flavors", "green"])


def test_the_generic_suite_plays_the_expansion_at_2_to_6_players_with_and_without_teams() -> None:
    played = GAME.configurations()
    assert {n for n, o in played if o.get("king_cards") and not o.get("teams")} == {2, 3, 4, 5, 6}
    assert {n for n, o in played if o.get("teams")} == {4, 6}
    assert (4, {"teams": True, "king_cards": True}) in played
    assert any(o.get("new_suit_cards") for _, o in played)


# ---- the host's choices, checked when the table opens -------------------------------------------


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        pytest.param({"chosen_kings": "tax tax veto 5"}, "Each King card can be chosen only once.", id="king-twice"),
        pytest.param(
            {"new_suit_cards": "black black"}, "Each new suit card can be chosen only once.", id="white-twice"
        ),
        pytest.param(
            {"new_suit_cards": "all black"},
            "Say all or none on its own, or name the new suit cards you want.",
            id="all-and-a-card",
        ),
        pytest.param(
            {"new_suit_cards": "blue"},
            "There is no new suit card called 'blue'. Say all, none, or some of: "
            "three_flavors, one_flavor, black, green, orange, purple.",
            id="unknown-white",
        ),
        pytest.param(
            {"chosen_kings": "tax veto 5 9 12"},
            "A deck takes 4 with 2 players, 6 with 3 players, 8 with 4 players, 13 with 5 players, "
            "15 with 6 players; 5 King cards were chosen.",
            id="a-count-no-table-takes",
        ),
        pytest.param(
            {"king_cards": False, "chosen_kings": "tax veto 5 9"},
            "Choosing King cards needs the King cards option on.",
            id="kings-without-king-cards",
        ),
        pytest.param({"team_target": 50}, "A team target needs team play on.", id="target-without-teams"),
    ],
)
def test_a_choice_no_table_can_use_is_refused_when_the_table_opens(options: dict[str, Any], reason: str) -> None:
    chosen = GAME.options({**KINGS, **options})
    with pytest.raises(RuleError) as refused:
        GAME.player_counts(chosen)
    assert refused.value.message == reason
    for players in range(2, 7):
        with pytest.raises(RuleError):
            GAME.new_game(players, chosen, 1)


@pytest.mark.parametrize(
    ("options", "counts"),
    [
        pytest.param({}, [1, 2, 3, 4, 5, 6], id="standard"),
        pytest.param(KINGS, [2, 3, 4, 5, 6], id="king-cards"),
        pytest.param({**KINGS, "chosen_kings": "tax veto 5 9"}, [2], id="four-chosen-kings"),
        pytest.param({**KINGS, "new_suit_cards": "black"}, [2, 3, 4, 5], id="one-new-suit-card"),
        pytest.param({"teams": True}, [4, 6], id="teams"),
    ],
)
def test_the_options_say_which_player_counts_a_table_can_start_with(options: dict[str, Any], counts: list[int]) -> None:
    assert GAME.player_counts(GAME.options(options)) == counts


def test_six_players_with_too_few_new_suit_cards_are_told_how_many_are_chosen() -> None:
    need = "Six players need at least two new white suit cards in the suit deck"
    with pytest.raises(RuleError) as one:
        GAME.new_game(6, {**KINGS, "new_suit_cards": "black"}, 1)
    assert one.value.message == f"{need}; only one is chosen."
    with pytest.raises(RuleError) as none:
        GAME.new_game(6, {**KINGS, "new_suit_cards": "none"}, 1)
    assert none.value.message == f"{need}; none is chosen."
