"""Sugarfree on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.sugarfree import RENDERER
from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, text_of
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import act
from rules.games.sugarfree import GAME
from rules.games.sugarfree.state import SugarfreeState
from tests.rules.screen_limits import seen_text

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


CHOC_2, CHOC_NUTS_3, FRUIT_1, NON_TREAT = card("orange", 2), card("orange", 3), card("green", 1), card("black", 0)


def seen(state: SugarfreeState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def rigged(hands: list[list[int]], top: int) -> SugarfreeState:
    state = GAME.new_game(len(hands), {}, 3)
    state.hands = [list(h) for h in hands]
    state.discard = [top]
    used = {c for h in hands for c in h} | {top}
    state.pile = [c for c in candy_deck.select() if c not in used]
    state.turn, state.dealer, state.phase = 0, len(hands) - 1, "play"
    return state


def all_text(state: SugarfreeState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat))


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_the_top_card_the_deck_and_each_players_cards_and_points() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [KING_SIZE], [NON_TREAT]], CHOC_2)
    text = all_text(state, None)
    assert text.startswith("🍏 Sugarfree")
    assert f"Hand 1 (one deck) · top card: {card_line(CHOC_2)} · deck: {len(state.pile)} cards" in text
    assert "**Ana** · 2 cards · **0**/113" in text
    assert "**Cy** 🃏 · 1 card · **0**/113" in text
    assert "Cards left in hand score against you; after someone reaches 113, the fewest points win." in text


def test_the_hand_marks_playable_cards_and_asks_for_a_match() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [KING_SIZE], [NON_TREAT]], CHOC_2)
    text = all_text(state, 0)
    assert f"{card_line(CHOC_NUTS_3)} ✨" in text
    assert f"{card_line(FRUIT_1)} ✨" not in text
    assert "Play a card that shares the top card's rank or a suit, or a wild card." in text
    assert [c.label for c in RENDERER.hand(seen(state, 0)).controls] == ["Play 3 Chocolate/Nuts"]


def test_with_no_match_the_hand_offers_the_draw_and_the_card_found_is_played() -> None:
    state = rigged([[FRUIT_1], [KING_SIZE], [NON_TREAT]], CHOC_2)
    assert "Nothing in your hand matches: draw until a card fits." in all_text(state, 0)
    assert [c.label for c in RENDERER.hand(seen(state, 0)).controls] == ["Draw until I can play"]
    GAME.apply(state, 0, act("draw"))
    table = all_text(state, None)
    assert "Ana cannot play and draws " in table
    assert f"Ana plays {text_of(state.discard[-1])}." in table
    assert "You drew " in all_text(state, 0)
    assert "Ana drew " not in all_text(state, 1)


def test_a_non_treat_offers_an_extra_card_or_stop() -> None:
    state = rigged([[NON_TREAT, FRUIT_1, CHOC_NUTS_3], [KING_SIZE], [CHOC_2 + COPY]], CHOC_2)
    GAME.apply(state, 0, act("play", NON_TREAT))
    text = all_text(state, 0)
    assert "You played a Non-Treat: add one more card of any kind, or stop." in text
    assert "No extra card: end my turn" in text


def test_a_king_size_asks_for_a_suit_and_the_table_shows_it() -> None:
    state = rigged([[KING_SIZE, FRUIT_1], [CHOC_2], [NON_TREAT]], CHOC_NUTS_3)
    GAME.apply(state, 0, act("play", KING_SIZE))
    assert "Name the suit the next card must show." in all_text(state, 0)
    screen = RENDERER.hand(seen(state, 0))
    assert len(screen.controls) == 10
    assert {c.group for c in screen.controls} == {"Name a suit…"}
    GAME.apply(state, 0, act("name", "sour"))
    assert "named suit: 🍋 Sour" in all_text(state, None)
    assert "Ana names Sour: the next card must show it." in all_text(state, None)


def test_many_playable_cards_become_menus_within_discords_limits() -> None:
    state = GAME.new_game(5, {}, 3)
    state.turn = 0
    state.discard = [NON_TREAT + COPY]
    state.hands[0] = [c for c in candy_deck.two_decks(candy_deck.select()) if DECK[c % COPY].is_treat][:40]
    screen = RENDERER.hand(seen(state, 0))
    assert len(screen.controls) == 40
    assert {c.group for c in screen.controls} == {"Play a card…", "Play a card (more, 2)…"}
    all_text(state, 0)


def test_the_last_hand_and_game_over_are_shown() -> None:
    state = rigged([[CHOC_NUTS_3], [KING_SIZE], [NON_TREAT]], CHOC_2)
    state.scores = [0, 100, 5]
    GAME.apply(state, 0, act("play", CHOC_NUTS_3))
    text = all_text(state, None)
    assert "Ana went out. Ana +0 · Bo +13 · Cy +0" in text
    assert "**Game over.** Ana wins with the fewest points, 0, after 1 hand." in text
