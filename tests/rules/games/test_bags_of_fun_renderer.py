"""Bags of Fun on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.bags_of_fun import RENDERER
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from rules.candy_kit.candy_deck import text_of, white_card_name
from rules.contract import act
from rules.games.bags_of_fun import GAME
from rules.games.bags_of_fun.game import FULL
from rules.games.bags_of_fun.state import BagsState
from tests.rules.screen_limits import seen_text

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def seen(state: BagsState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def all_text(state: BagsState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat), groups=True)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_piles_double_suits_and_bags_but_no_secret() -> None:
    state = GAME.new_game(3, {}, 2)
    text = all_text(state, None)
    assert text.startswith("🛍️ Bags of Fun")
    assert f"Pile 1 (19 cards): {card_line(state.piles[0][-1])}" in text
    assert "✖️ " + ", ".join(white_card_name(k) for k in state.doubles) in text
    assert f"🛍️ **1** 0/{FULL}: empty" in text
    assert "(yours)" not in text
    assert "least favourite" not in text
    assert "Each bag is secretly someone's (two are nobody's). The game ends when all bags but one are full." in text


def test_a_players_screen_tells_their_secrets_and_offers_one_menu_per_pile() -> None:
    state = GAME.new_game(3, {}, 2)
    seat = state.turn
    text = all_text(state, seat)
    assert f"Your bag: **{state.bag_of[seat]}** (now worth 0 to you)" in text
    assert f"your least favourite: **{white_card_name(state.least[seat])}**" in text
    assert "Take a pile's top card and put it into a bag with room." in text
    screen = RENDERER.hand(seen(state, seat))
    groups = {c.group for c in screen.controls}
    assert groups == {f"Pile {n}: {text_of(state.piles[n - 1][-1])} into bag…" for n in (1, 2, 3)}
    assert len(screen.controls) == 3 * 5


def test_a_move_is_logged_and_the_bag_shows_the_card() -> None:
    state = GAME.new_game(2, {}, 2)
    seat = state.turn
    top = state.piles[0][-1]
    GAME.apply(state, seat, act("put", 1, 2))
    text = all_text(state, None)
    assert f"puts {text_of(top)} from pile 1 into bag 2." in text
    assert "🛍️ **2** 1/7: " in text


def test_the_end_shows_every_owner_least_favourite_score_and_the_hidden_suits() -> None:
    state = GAME.new_game(2, {}, 2)
    state.bags = [[0] * FULL, [1] * FULL, [2] * (FULL - 1), []]
    GAME.apply(state, state.turn, act("put", 1, 3))
    text = all_text(state, None)
    assert "Bags shown" in text
    assert "Face-down suit cards: " in text
    assert f"Ana: bag {state.bag_of[0]}, least favourite {white_card_name(state.least[0])}" in text
    assert "**Game over.**" in text
    assert "🔒" in text


def test_six_players_and_the_new_white_cards_fit_discords_limits() -> None:
    state = GAME.new_game(6, {"new_white_cards": True}, 4)
    for seat in (None, *range(6)):
        all_text(state, seat)
    screen = RENDERER.hand(seen(state, state.turn))
    assert len(screen.controls) == 3 * 8
