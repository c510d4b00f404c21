"""Ghosts of Christmas: what each seat sees, determinizing, labels, refusals, options and help."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from rules.contract import Action, act
from rules.games.ghosts_of_christmas import GAME
from rules.games.ghosts_of_christmas.cards import CARD_BY_TOKEN, ERAS, SUIT_OF, TOKEN_OF, card_name
from rules.games.ghosts_of_christmas.state import GhostsState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.test_ghosts_of_christmas import play, table


def bid_all(state: GhostsState, purple: int = 2) -> None:
    for _ in range(state.players):
        GAME.apply(state, state.turn, act("bid", purple, 0))


def test_the_game_is_registered_for_three_and_four_players() -> None:
    assert get("ghosts-of-christmas") is GAME
    assert (GAME.min_players, GAME.max_players) == (3, 4)
    with pytest.raises(RuleError):
        GAME.new_game(5, {}, 1)


def test_configurations_cover_both_player_counts_with_every_variant_combination() -> None:
    assert sorted((n, o["tiny_tim"], o["beyond"]) for n, o in GAME.configurations()) == sorted(
        (n, t, b) for n in (3, 4) for t in (False, True) for b in (False, True)
    )


def test_options_default_to_the_base_game_and_refuse_unknown_ones() -> None:
    options = GAME.options()
    assert options.model_dump() == {"tiny_tim": False, "beyond": False}
    with pytest.raises(ValidationError):
        GAME.options({"tiny_tom": True})


def test_help_suggests_tiny_tim_for_a_first_game_and_says_the_suit_names_are_our_own() -> None:
    text = "\n".join(GAME.help_pages)
    assert GAME.house_card_set
    assert "Tiny Tim" in GAME.help_pages[0]
    assert "New to the game" in GAME.help_pages[0]
    assert "Our own suit names" in text
    assert all(len(page) < 3500 for page in GAME.help_pages)


# ---- views -----------------------------------------------------------------------------------


def test_a_player_sees_their_own_hand_but_only_the_size_of_the_others() -> None:
    state = GAME.new_game(4, {}, 3)
    view = GAME.view(state, 1)
    assert view.my_hand == tuple(TOKEN_OF[card] for card in state.hands[1])
    assert [board.cards_in_hand for board in view.boards] == [12] * 4
    dumped = view.model_dump_json()
    for seat in (0, 2, 3):
        # Tokens are unique words; no card of another hand appears anywhere in the view.
        assert not any(f'"{TOKEN_OF[card]}"' in dumped for card in state.hands[seat])
    assert GAME.view(state, None).my_hand is None


def test_everyone_sees_the_cards_played_this_round_and_the_dials() -> None:
    state = GAME.new_game(3, {}, 3)
    bid_all(state)
    seat = state.turn
    card = state.hands[seat][0]
    GAME.apply(state, seat, act("play", TOKEN_OF[card], "present"))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert view.eras[1].cards[seat] == TOKEN_OF[card]
        assert view.eras[1].dial == SUIT_OF[card]
        assert view.eras[0].dial is None
        assert [board.purple for board in view.boards] == [2, 2, 2]


def test_views_never_carry_the_seed() -> None:
    state = GAME.new_game(3, {}, 123456789)
    assert "123456789" not in GAME.view(state, 0).model_dump_json()
    assert "seed" not in GAME.view(state, None).model_dump()


def test_every_event_is_public_and_names_no_card_still_in_a_hand() -> None:
    state = GAME.new_game(4, {}, 21)
    rng = random.Random(2)
    while state.hand_number == 0:
        events = GAME.apply(state, state.turn, rng.choice(GAME.legal_actions(state, state.turn)))
        # The last move of a hand deals the next one, whose cards the scoring events may name.
        held = [card_name(card) for hand in state.hands for card in hand] if state.hand_number == 0 else []
        for event in events:
            assert event.seats is None
            assert not any(f"the {name} " in event.text for name in held)


# ---- determinize ----------------------------------------------------------------------------------


def test_determinize_keeps_my_hand_and_the_hand_sizes_and_draws_a_new_seed() -> None:
    state = GAME.new_game(4, {}, 5)
    bid_all(state)
    GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    rng = random.Random(1)
    other = GAME.determinize(state, 2, rng)
    assert other.hands[2] == state.hands[2]
    assert [len(hand) for hand in other.hands] == [len(hand) for hand in state.hands]
    assert sorted(c for s in (0, 1, 3) for c in other.hands[s]) == sorted(c for s in (0, 1, 3) for c in state.hands[s])
    assert other.hands != state.hands
    assert other.seed != state.seed
    assert GAME.view(other, 2) == GAME.view(state, 2)


def test_determinize_gives_no_one_a_suit_they_showed_they_lack() -> None:
    # Seat 1 does not follow the Holly dial of the Past, so everyone knows it holds no Holly.
    state = table(
        [
            ["holly9", "holly10", "holly11", "bells9"],
            ["stars4", "stars5", "stars6", "bells4"],
            ["holly4", "holly5", "bells5", "stars7"],
        ]
    )
    play(state, 0, "holly9", "past")
    play(state, 1, "stars4", "past")
    assert state.voids[1] == ["holly"]
    rng = random.Random(3)
    for _ in range(30):
        other = GAME.determinize(state, 0, rng)
        assert not any(SUIT_OF[card] == "holly" for card in other.hands[1])
        assert sorted(other.hands[1] + other.hands[2]) == sorted(state.hands[1] + state.hands[2])


# ---- legality, refusals and labels -----------------------------------------------------------------


def every_candidate(state: GhostsState) -> list[Action]:
    plays = [act("play", TOKEN_OF[card], era) for card in range(48) for era in ERAS]
    bids = [act("bid", purple, red) for purple in range(-1, 14) for red in (0, 1, 2)]
    return plays + bids


@pytest.mark.parametrize("options", [{}, {"beyond": True}, {"tiny_tim": True}])
def test_the_refusal_reasons_agree_with_the_legal_actions(options: dict[str, bool]) -> None:
    """why_illegal has a specific reason for exactly the actions legal_actions leaves out."""
    state = GAME.new_game(3, options, 17)
    rng = random.Random(17)
    for _ in range(40):
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        for action in every_candidate(state):
            assert (GAME._problem(state, seat, action) is None) == (action in legal), action
        GAME.apply(state, seat, rng.choice(legal))


def test_refusals_explain_themselves_in_the_games_words() -> None:
    state = table([["holly9", "bells4", "stars4"], ["holly5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]])
    with pytest.raises(RuleError, match="You do not hold the 12 of Hearts"):
        play(state, 0, "hearts12", "past")
    with pytest.raises(RuleError, match="no era called beyond"):
        play(state, 0, "holly9", "beyond")
    with pytest.raises(RuleError, match="not your turn"):
        play(state, 1, "holly5", "past")
    with pytest.raises(RuleError, match="no move called"):
        GAME.apply(state, 0, act("wish", 1))
    play(state, 0, "holly9", "past")
    with pytest.raises(RuleError, match="The dial of the Past shows Holly and you hold Holly"):
        play(state, 1, "bells6", "past")


def test_bidding_refusals_explain_themselves() -> None:
    state = GAME.new_game(3, {}, 2)
    with pytest.raises(RuleError, match="0 to 12 purple doors"):
        GAME.apply(state, state.turn, act("bid", 13, 0))
    with pytest.raises(RuleError, match="one red door at most"):
        GAME.apply(state, state.turn, act("bid", 2, 2))
    with pytest.raises(RuleError, match="bids before the first card"):
        GAME.apply(state, state.turn, act("play", TOKEN_OF[state.hands[state.turn][0]], "past"))
    bid_all(state)
    with pytest.raises(RuleError, match="Bidding is over"):
        GAME.apply(state, state.turn, act("bid", 2, 0))


def test_labels_speak_the_games_words() -> None:
    state = GAME.new_game(3, {}, 2)
    assert GAME.label(state, state.turn, act("bid", 3, 1)) == "Bid 3 purple + red door"
    assert GAME.label(state, state.turn, act("bid", 0, 0)) == "Bid 0 purple"
    assert GAME.label(state, state.turn, act("play", "holly9", "past")) == "Play 9 of Holly into the Past"
    assert GAME.label(state, state.turn, act("play", "hearts12", "beyond")) == "Play 12 of Hearts into the Beyond"


def test_play_actions_name_the_card_and_the_era_in_their_token() -> None:
    state = table([["holly9", "bells4", "stars4"], ["holly5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]])
    tokens = [action.token() for action in GAME.legal_actions(state, 0)]
    assert "play.holly9.past" in tokens
    assert Action.parse("play.holly9.past") == act("play", "holly9", "past")
    assert CARD_BY_TOKEN["holly9"] in state.hands[0]


def test_render_text_shows_the_eras_bids_and_my_hand() -> None:
    state = GAME.new_game(3, {"beyond": True}, 2)
    bid_all(state)
    text = GAME.render_text(GAME.view(state, 0))
    assert "Beyond [dial: face down]" in text
    assert "bid 2 purple" in text
    assert "Your hand:" in text
    assert "Your hand:" not in GAME.render_text(GAME.view(state, None))
