"""Match Candy-Go on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.match_candy_go import RENDERER
from rules.candy_kit.candy_deck import MATCH_SETS, card_at
from rules.contract import act
from rules.games.match_candy_go import GAME
from rules.games.match_candy_go.state import MatchState
from tests.rules.screen_limits import seen_text

NAMES = ("Ana", "Bo", "Cy")
CHOC_2, CHOC_NUTS_3, FRUIT_1 = card_at("orange", 2), card_at("orange", 3), card_at("green", 1)


def seen(state: MatchState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def rigged(hands: list[list[int]], stacks: list[list[int]], pile: list[int]) -> MatchState:
    state = GAME.new_game(len(hands), {}, 2)
    state.hands, state.stacks, state.pile = [list(h) for h in hands], [list(s) for s in stacks], list(pile)
    state.turn, state.dealer, state.phase, state.added, state.turned = 0, 1, "hand", [], None
    return state


def all_text(state: MatchState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat), groups=True)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_numbered_stacks_with_shared_suits_and_the_players() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [card_at("green", 5)]], [[CHOC_2]], [card_at("purple", 11)])
    text = all_text(state, None)
    assert text.startswith("🥞 Match Candy-Go")
    assert "Hand 1 of 2 · deck: 1 card" in text
    assert "🥞 **1** (🍫): `2`🍫" in text
    assert "**Ana** · 2 cards in hand · 🧺 0 · **0** points" in text
    assert "**Bo** 🃏 · 1 card in hand" in text
    assert "Add to two stacks in one turn, or make a stack of 4, to capture. Whole sets score." in text


def test_the_hand_shows_the_cards_the_sets_and_the_compulsory_play() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [card_at("green", 5)]], [[CHOC_2]], [card_at("purple", 11)])
    text = all_text(state, 0)
    assert card_line(CHOC_NUTS_3) in text
    assert "Play a card onto a stack it matches (you must, since one does)." in text
    assert [c.label for c in RENDERER.hand(seen(state, 0)).controls] == ["3 Chocolate/Nuts onto stack 1"]
    for name, cards in MATCH_SETS.items():
        assert f"{name}: 0/{len(cards)}" in text


def test_a_turned_up_deck_card_asks_for_its_stack() -> None:
    state = rigged([[FRUIT_1, card_at("green", 5)], [CHOC_2]], [[CHOC_NUTS_3]], [card_at("orange", 6)])
    GAME.apply(state, 0, act("lay", FRUIT_1))
    text = all_text(state, 0)
    assert "Put the turned-up deck card on a stack it matches." in text
    assert f"Deck card {card_line(card_at('orange', 6))}" in text
    assert "The deck card is 6 Chocolate: Ana picks its stack." in all_text(state, None)


def test_a_capture_is_logged_and_counted() -> None:
    state = rigged(
        [[CHOC_NUTS_3, FRUIT_1], [card_at("green", 5)]], [[CHOC_2], [card_at("green", 12)]], [card_at("green", 2)]
    )
    GAME.apply(state, 0, act("join", CHOC_NUTS_3, 1))
    GAME.apply(state, 0, act("put", 2))
    text = all_text(state, None)
    assert "Ana captures 4 cards: " in text
    assert "🧺 4" in text


def test_no_match_offers_laying_a_card() -> None:
    state = rigged([[FRUIT_1], [CHOC_2]], [[CHOC_NUTS_3]], [card_at("purple", 11)])
    assert "No card of yours matches a stack: lay one as a new stack." in all_text(state, 0)
    assert [c.label for c in RENDERER.hand(seen(state, 0)).controls] == ["Lay 1 Fruit as a new stack"]


def test_a_fresh_three_player_game_fits_discords_limits() -> None:
    state = GAME.new_game(3, {}, 7)
    for seat in (None, 0, 1, 2):
        all_text(state, seat)
