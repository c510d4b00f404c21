"""Bags of Fun: one test per rule sentence and ruling of §16 of the variant rulings."""

from __future__ import annotations

import random

import pytest

from rules.candy_kit import candy_deck
from rules.candy_kit.cards import DECK, KING_SIZE, SUITS
from rules.contract import act
from rules.games.bags_of_fun import GAME
from rules.games.bags_of_fun.game import FULL, worth
from rules.games.bags_of_fun.state import BagsState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def fresh(players: int = 3, seed: int = 1, **options: bool) -> BagsState:
    return GAME.new_game(players, options, seed)


def test_the_game_is_registered_on_the_candy_cards_shelf() -> None:
    assert get("bags-of-fun") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 6)


def test_rulings_16_bags_are_numbered_1_to_players_plus_2_one_secretly_each_two_to_nobody() -> None:
    for players in range(2, 7):
        state = fresh(players)
        assert len(state.bags) == players + 2
        assert sorted(state.bag_of + state.nobody) == list(range(1, players + 3))
        assert len(state.nobody) == 2
        for seat in range(players):
            assert GAME.view(state, seat).my_bag == state.bag_of[seat]
        assert GAME.view(state, None).my_bag is None
        assert GAME.view(state, 0).bag_of is None, "nobody sees the others' bags before the end"


def test_rulings_16_1_the_player_left_of_the_dealer_starts() -> None:
    for seed in range(5):
        state = fresh(4, seed)
        assert state.turn == (state.dealer + 1) % 4


def test_rulings_16_2_each_player_gets_one_secret_least_favourite_suit_card() -> None:
    state = fresh(4)
    assert len(state.least) == 4
    assert all(key in SUITS for key in state.least)
    assert GAME.view(state, 2).my_least == state.least[2]
    assert GAME.view(state, 2).least is None


def test_rulings_16_3_all_but_three_of_the_other_suit_cards_are_face_up() -> None:
    for players in range(2, 7):
        state = fresh(players)
        assert len(state.hidden) == 3
        assert len(state.doubles) == 7 - players
        assert sorted(state.least + state.hidden + state.doubles) == sorted(SUITS)


def test_rulings_16_4_three_face_up_piles_of_19_only_the_tops_seen() -> None:
    state = fresh(3)
    assert [len(p) for p in state.piles] == [19, 19, 19]
    assert sorted(c for p in state.piles for c in p) == sorted(candy_deck.select())
    view = GAME.view(state, 0)
    assert view.tops == tuple(p[-1] for p in state.piles)
    moved = {tuple(GAME.determinize(state, 0, random.Random(k)).piles[0][:-1]) for k in range(5)}
    assert len(moved) > 1, "the cards under a top are unknown"


def test_rulings_16_5_a_turn_takes_a_top_card_into_any_bag_with_fewer_than_7_and_is_mandatory() -> None:
    state = fresh(2)
    seat = state.turn
    legal = GAME.legal_actions(state, seat)
    assert len(legal) == 3 * 4
    top = state.piles[1][-1]
    GAME.apply(state, seat, act("put", 2, 3))
    assert state.bags[2] == [top]
    assert state.turn == 1 - seat
    state.bags[0] = [0] * FULL
    assert all(a.args[1] != 1 for a in GAME.legal_actions(state, state.turn))
    with pytest.raises(RuleError, match="fewer than 7"):
        GAME.apply(state, state.turn, act("put", 1, 1))


def test_rulings_16_6_play_ends_when_all_bags_but_one_are_full() -> None:
    state = fresh(2)
    state.bags = [[0] * FULL, [1] * FULL, [2] * (FULL - 1), []]
    GAME.apply(state, state.turn, act("put", 1, 3))
    assert state.over
    assert GAME.result(state) is not None


def test_rulings_16_7_scoring_prank_non_treat_king_size_never_doubled() -> None:
    assert worth(card("black", -1), "sour", ["chocolate"]) == -1
    assert worth(card("black", 0), "sour", ["chocolate"]) == 0
    assert worth(KING_SIZE, "sour", list(SUITS)) == 13


def test_rulings_16_7_least_favourite_is_minus_its_rank_even_with_a_double_suit() -> None:
    choc_nuts_3 = card("orange", 3)
    assert worth(choc_nuts_3, "nuts", ["chocolate"]) == -3


def test_rulings_16_7_a_face_up_suit_doubles_once_however_many_and_other_treats_count_their_rank() -> None:
    choc_nuts_3 = card("orange", 3)
    assert worth(choc_nuts_3, "sour", ["chocolate", "nuts"]) == 6
    assert worth(choc_nuts_3, "sour", ["fruit"]) == 3


def test_rulings_16_7_bags_of_nobody_score_for_nobody_and_each_player_scores_their_own_bag() -> None:
    state = fresh(2)
    state.bag_of, state.nobody = [1, 2], [3, 4]
    state.least, state.doubles = ["sour", "sour"], []
    state.bags = [[card("orange", 2)], [card("orange", 5)], [KING_SIZE], []]
    assert GAME.scores(state) == [2, 5]


def test_rulings_16_8_new_white_cards_join_the_suit_cards_colours_and_flavours_treats_only() -> None:
    state = fresh(6, new_white_cards=True)
    assert sorted(state.least + state.hidden + state.doubles) == sorted([*SUITS, *candy_deck.NEW_WHITE_CARDS])
    assert len(state.doubles) == 16 - 6 - 3
    assert candy_deck.carries(card("green", 7), "green")
    assert not candy_deck.carries(card("green", -1), "green"), "Pranks never count for a colour"
    assert candy_deck.carries(card("orange", 2), "oneflavor")
    assert candy_deck.carries(card("black", 4), "threeflavors")
    assert worth(card("green", 7), "green", ["fruit"]) == -7


def test_rulings_16_9_ties_share_the_win() -> None:
    state = fresh(2)
    state.bag_of, state.nobody = [1, 2], [3, 4]
    state.least, state.doubles = ["sour", "sour"], []
    state.bags = [[card("orange", 2)], [card("purple", 2)], [], []]
    state.over = True
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 1)


def test_the_end_reveals_every_bag_owner_least_favourite_and_the_hidden_suits() -> None:
    state = fresh(2)
    state.bags = [[0] * FULL, [1] * FULL, [2] * (FULL - 1), []]
    events = GAME.apply(state, state.turn, act("put", 1, 3))
    view = GAME.view(state, None)
    assert view.bag_of == tuple(state.bag_of)
    assert view.hidden == tuple(state.hidden)
    assert any(e.kind == "hidden" for e in events)


def test_blind_information_determinize_deals_again_the_others_bags_and_least_favourites() -> None:
    state = fresh(5)
    bags = {tuple(GAME.determinize(state, 0, random.Random(k)).bag_of) for k in range(8)}
    assert len(bags) > 1
    for k in range(4):
        world = GAME.determinize(state, 0, random.Random(k))
        assert world.bag_of[0] == state.bag_of[0]
        assert world.least[0] == state.least[0]
        assert world.doubles == state.doubles


def test_help_speaks_of_every_decision_made_where_the_rulebook_is_silent() -> None:
    text = " ".join(GAME.help_pages)
    assert "only the top card of each pile can be seen" in text
    assert "only twice, however many" in text
    assert "tied players share the win" in text
    assert "Pranks and Non-Treats never count for them" in text


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("bags-of-fun") == set()
    state = fresh(3, 1)
    names = ("Ana", "Bob", "Cy")
    deal = state.log[0]
    dealer, first = state.dealer, state.turn
    assert deal.in_words(names, dealer).startswith("You deal: 5 bags, one secretly yours;")
    assert deal.in_words(names, first).endswith(" You go first.")
    assert deal.said is not None
    seat = first
    (put, *_) = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert put.in_words(names, seat).startswith("You put ")
    assert put.said is not None
