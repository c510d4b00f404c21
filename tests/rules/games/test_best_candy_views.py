"""What each seat may see of Best Candy, determinizing, labels, refusals and help."""

from __future__ import annotations

import random
import re

import pytest

from rules.candy_kit.cards import SUITS, sort_key
from rules.contract import act
from rules.games.best_candy import GAME
from rules.games.best_candy.state import Phase
from tests.rules.games.test_best_candy_support import card, play, trick_state
from tests.shared_folder import SHARED

RULEBOOK = SHARED / "rules-text" / "best-candy-on-the-block.txt"


def test_a_player_sees_their_own_hand_sorted_by_suit_then_rank() -> None:
    state = GAME.new_game(4, {}, 1)
    view = GAME.view(state, 2)
    assert view.hand == tuple(sorted(state.hands[2], key=sort_key))
    assert view.offers == tuple(state.offers[2])


def test_other_hands_show_only_their_size() -> None:
    state = GAME.new_game(4, {}, 1)
    view = GAME.view(state, 2)
    assert view.hand_sizes == (12, 12, 12, 12)
    dumped = view.model_dump_json()
    assert "seed" not in dumped
    spectator = GAME.view(state, None)
    assert spectator.hand == ()
    assert spectator.offers == ()


def test_determinizing_keeps_what_the_seat_knows_and_reshuffles_the_rest() -> None:
    state = GAME.new_game(4, {}, 2)
    copy = GAME.determinize(state, 1, random.Random(0))
    assert copy.hands[1] == state.hands[1]
    assert copy.offers[1] == state.offers[1]
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    pool = sorted([c for h in copy.hands for c in h] + copy.stash)
    assert pool == sorted([c for h in state.hands for c in h] + state.stash)
    assert copy.hands != state.hands or copy.stash != state.stash
    assert copy.seed != state.seed


def test_determinizing_never_hands_others_a_suit_card_the_seat_was_dealt() -> None:
    state = GAME.new_game(3, {}, 3)
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    for k in range(20):
        copy = GAME.determinize(state, 0, random.Random(k))
        for other in (1, 2):
            assert not set(copy.offers[other]) & set(state.offers[0])
        # Every dealt suit card stays out of the deck until the last keep, as in the game itself.
        held = copy.offers[0] + copy.offers[1] + copy.offers[2] + copy.suit_deck
        assert sorted(held) == sorted(SUITS)
    assert sorted(state.offers[0] + state.offers[1] + state.offers[2] + state.suit_deck) == sorted(SUITS)


def test_determinizing_after_trump_keeps_trump_out_of_the_kept_suit_cards() -> None:
    state = trick_state([[card("orange", 2)], [card("green", 1)], [card("black", 8)]], trump="nuts")
    state.offers = [["nuts", "candy"], ["sour", "gummy"], ["fruit", "caramel"]]
    state.favourites = [["candy"], ["sour"], ["fruit"]]
    for k in range(20):
        copy = GAME.determinize(state, 0, random.Random(k))
        assert "nuts" not in copy.favourites[1] + copy.favourites[2]
        assert "candy" not in copy.favourites[1] + copy.favourites[2]


def test_secret_events_are_dropped_from_a_determinized_log() -> None:
    state = GAME.new_game(3, {}, 4)
    GAME.apply(state, 1, act("keep", state.offers[1][0]))
    copy = GAME.determinize(state, 0, random.Random(0))
    assert all(e.visible_to(0) for e in copy.log)


def test_keep_and_take_labels_speak_the_games_words() -> None:
    state = GAME.new_game(4, {}, 5)
    assert GAME.label(state, 0, act("keep", "chocolate")) == "Keep Chocolate as favourite"
    assert GAME.label(state, 0, act("take", card("orange", 9))) == "Take 9 Chocolate/Coconut/Nuts (Coconut Almond Bar)"


def test_moves_out_of_their_phase_are_refused_with_a_reason() -> None:
    state = GAME.new_game(4, {}, 6)
    assert "after everyone has kept a favourite" in GAME.why_illegal(state, 0, act("take", state.stash[0]))
    assert "once the draft is over" in GAME.why_illegal(state, 0, act("play", state.hands[0][0]))
    state = trick_state([[card("orange", 2)], [card("green", 1)]], trump="nuts")
    assert "at the start of a hand" in GAME.why_illegal(state, 0, act("keep", "nuts"))


def test_a_suitless_card_cannot_choose_a_suit() -> None:
    state = trick_state([[card("black", -1)], [card("green", 1)]], trump="nuts")
    assert "has no suit to choose" in GAME.why_illegal(state, 0, act("play", card("black", -1), "nuts"))


def test_the_text_picture_shows_trump_the_trick_and_the_viewers_hand() -> None:
    state = trick_state([[card("orange", 2), card("green", 1)], [card("black", 8)]], trump="nuts")
    play(state, 0, card("orange", 2), "chocolate")
    text = GAME.render_text(GAME.view(state, 1))
    assert "Trump: Nuts" in text
    assert "Trick (suit Chocolate): {p0} 2 Chocolate" in text
    assert "Your hand: 8 Candy" in text


def test_the_view_follows_the_phases() -> None:
    state = GAME.new_game(2, {}, 7)
    assert GAME.view(state, 0).phase is Phase.FAVOURITE
    assert GAME.view(state, 0).turn is None


def test_help_pages_are_short_and_say_the_card_texts_are_our_own() -> None:
    assert GAME.house_card_set
    assert all(len(page) < 3500 for page in GAME.help_pages)
    assert "Our own card texts" in GAME.help_pages[0]


def test_help_pages_copy_no_run_of_nine_words_from_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip("the rulebook text is not on this machine")

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))

    book = words(RULEBOOK.read_text())
    runs = {tuple(book[i : i + 9]) for i in range(len(book) - 8)}
    for page in GAME.help_pages:
        mine = words(page)
        copied = [" ".join(mine[i : i + 9]) for i in range(len(mine) - 8) if tuple(mine[i : i + 9]) in runs]
        assert not copied, copied
