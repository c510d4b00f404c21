"""Up and Down the Block on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.up_and_down import RENDERER
from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, card_at
from rules.candy_kit.cards import KING_SIZE
from rules.contract import act
from rules.games.up_and_down import GAME
from rules.games.up_and_down.state import UpDownState
from tests.rules.screen_limits import seen_text

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
PRANK = card_at("black", -1)
CHOC_2, CHOC_3, CHOC_4, CHOC_5 = (card_at("orange", r) for r in (2, 3, 4, 5))
FRUIT_1 = card_at("green", 1)
CANDY_8 = card_at("black", 8)
FIVE_B = card_at("black", 5)  # Halloween, Sour: wild when Sour is


def seen(state: UpDownState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def rigged(hands: list[list[int]], top: int, wild: str = "sour", **options: bool) -> UpDownState:
    state = GAME.new_game(len(hands), options, 3)
    state.wild_cards[0] = wild
    state.hands = [list(h) for h in hands]
    state.discard = [top]
    used = {c for h in hands for c in h} | {top}
    state.pile = [c for c in candy_deck.select() if c not in used]
    state.turn, state.dealer, state.phase = 0, len(hands) - 1, "draw"
    return state


def all_text(state: UpDownState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat))


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_the_hand_the_wild_suit_the_top_discard_and_each_players_cards_and_points() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FRUIT_1], [CANDY_8]], CHOC_5)
    text = all_text(state, None)
    assert text.startswith("🏘️ Up and Down the Block")
    assert "Hand 1 of 10 (12 cards, one deck) · wild: 🍋 Sour and the King Size" in text
    assert f"Top discard: {card_line(CHOC_5)} · deck: {len(state.pile)} cards" in text
    assert "**Ana** · 4 cards · **0** points" in text
    assert "**Cy** 🃏 · 1 card · **0** points" in text
    assert "fewest points after ten hands win" in text


def test_the_hand_stars_wild_cards_and_the_meld_helper_shows_melds_and_what_is_left() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK, FIVE_B], [FRUIT_1], [CANDY_8]], CHOC_5)
    text = all_text(state, 0)
    assert f"{card_line(FIVE_B)} ⭐" in text
    assert f"{card_line(CHOC_2)} ⭐" not in text
    assert "Meld helper Melds: `2`🍫 `3`🍫🥜 `4`🍫☁️ `5`🎃🍋⭐\n" in text, "the wild card starred in its meld"
    assert "Left over: 🧻`-1` = **-1** points" in text
    assert "Draw from the deck or take the top discard." in text
    assert [c.label for c in RENDERER.hand(seen(state, 0)).controls] == ["Draw from the deck", "Take 5 Chocolate/Nuts"]


def test_without_the_meld_helper_the_hand_shows_no_melds() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FRUIT_1], [CANDY_8]], CHOC_5, meld_helper=False)
    assert "Meld helper" not in all_text(state, 0)


def test_discards_come_as_one_menu_and_the_taken_card_is_marked_and_not_offered() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK, FRUIT_1, CANDY_8], [FIVE_B], [KING_SIZE]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    text = all_text(state, 0)
    assert f"{card_line(CHOC_5)} (just taken)" in text
    assert "Discard one card." in text
    screen = RENDERER.hand(seen(state, 0))
    assert {c.group for c in screen.controls} == {"Discard a card…"}
    assert len(screen.controls) == 6
    assert "5 Chocolate/Nuts" not in [c.label for c in screen.controls]
    assert "Ana takes 5 Chocolate/Nuts from the discard pile." in all_text(state, None)
    assert "**Ana** · 7 cards · **0** points · took `5`🍫🥜" in all_text(state, 1), "the others saw it taken"


def test_a_card_drawn_from_the_deck_is_named_to_its_drawer_only() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FRUIT_1], [CANDY_8]], CHOC_5)
    GAME.apply(state, 0, act("draw"))
    assert "Ana draws from the deck." in all_text(state, None)
    assert "You drew " in all_text(state, 0)
    assert "Ana drew " not in all_text(state, 1)
    assert "Ana drew " not in all_text(state, None)


def test_going_out_is_offered_as_two_buttons_and_the_melds_are_shown_to_the_table() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FRUIT_1, CANDY_8], [KING_SIZE, FIVE_B]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", PRANK))
    text = all_text(state, 0)
    assert "Every card you hold fits in runs and sets: go out now, or keep playing." in text
    assert [c.label for c in RENDERER.hand(seen(state, 0)).controls] == ["Go out", "Keep playing"]
    GAME.apply(state, 0, act("go-out"))
    table = all_text(state, None)
    assert "🚪 Ana went out with `2`🍫 `3`🍫🥜 `4`🍫☁️ `5`🍫🥜. Everyone else has one more turn." in table
    assert "**Ana** 🃏" not in table
    assert "**Ana** 🚪 · 4 cards" in table


def test_the_last_hand_shows_each_players_melds_left_over_cards_and_points() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FRUIT_1, CANDY_8], [KING_SIZE, FIVE_B]], CHOC_5)
    state.out = 0
    GAME._end_hand(state)
    text = all_text(state, None)
    assert "Hand 1, wild 🍋 Sour: Ana went out." in text
    assert "**Ana** -1 · melds: `2`🍫 `3`🍫🥜 `4`🍫☁️ · left: 🧻`-1`" in text
    assert "**Cy** +18 · melds: no melds · left: `5`🎃🍋 👑`13`" in text, "two wilds alone meld nothing"
    assert "**Bo** +9 · melds: no melds · left: `1`🍎 `8`🍬" in text
    assert "Hand 2 of 10 (10 cards, one deck)" in text


def test_a_new_white_card_as_the_wild_suit_is_named_with_its_icon() -> None:
    state = rigged([[CHOC_2, CHOC_3], [FRUIT_1], [CANDY_8]], CHOC_5, wild="threeflavors", new_white_cards=True)
    assert "wild: 🍭 3 Flavors and the King Size" in all_text(state, None)


def test_game_over_names_the_winner_with_the_fewest_points() -> None:
    state = rigged([[CHOC_2], [FRUIT_1], [CANDY_8]], CHOC_5)
    state.hand_number = 10
    state.scores = [5, 40, 30]
    GAME._end_hand(state)
    assert "**Game over.** After ten hands Ana wins with the fewest points, 7." in all_text(state, None)


def test_six_players_with_two_decks_and_big_hands_stay_within_discords_limits() -> None:
    rng = random.Random(4)
    for seed in range(3):
        state = GAME.new_game(6, {}, seed)
        state.hand_number = 10
        GAME._deal(state)
        for _ in range(40):
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for viewer in (None, *range(6)):
                all_text(state, viewer)
        GAME._end_hand(state)
        all_text(state, None)


def test_the_hand_is_listed_by_rank_with_both_copies_side_by_side() -> None:
    state = rigged([[CANDY_8 + COPY, CHOC_2, PRANK, CANDY_8, FRUIT_1], [FIVE_B], [KING_SIZE], [CHOC_3]], CHOC_5)
    assert "Your hand " + "\n".join(card_line(c % COPY) for c in (PRANK, FRUIT_1, CHOC_2, CANDY_8, CANDY_8)) in (
        all_text(state, 0)
    )
