"""31 Candies on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.thirty_one_candies import RENDERER
from rules.candy_kit import knocking
from rules.candy_kit.cards import DECK
from rules.contract import act
from rules.games.thirty_one_candies import GAME
from rules.games.thirty_one_candies.state import ThirtyOneState
from tests.rules.screen_limits import seen_text

NAMES = ("Ana", "Bo", "Cy")


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def seen(state: ThirtyOneState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def started() -> ThirtyOneState:
    state = GAME.new_game(3, {}, 4)
    state.dealer, state.turn = 2, 0
    state.hands[0] = [card("orange", 12), card("orange", 11), card("orange", 7)]
    return state


def all_text(state: ThirtyOneState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat))


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_round_discard_top_deck_size_and_every_players_candy_and_cards() -> None:
    state = started()
    text = all_text(state, None)
    assert text.startswith("🍭 31 Candies")
    assert f"Round 1 · discard pile: {card_line(state.discard[-1])} · deck: {len(state.pile)} cards" in text
    assert "**Ana** 🍭🍭🍭 · 3 cards" in text
    assert "**Cy** 🍭🍭🍭 🃏 · 3 cards" in text
    assert "Turn: Ana" in text
    assert "Nearest to 31 in one suit is best; the hand farthest from it loses a piece of candy." in text


def test_the_hand_shows_the_cards_their_best_suit_and_its_total_and_the_moves() -> None:
    state = started()
    text = all_text(state, 0)
    assert "Your cards" in text
    assert "Chocolate" in text
    assert "Worth 30 in 🍫 Chocolate" in text
    assert "Draw from the deck or take the discard, then let a card go; or knock to end the round." in text
    labels = [c.label for c in RENDERER.hand(seen(state, 0)).controls]
    assert labels[0] == "Knock"
    assert labels[1] == "Draw from the deck"
    assert labels[2].startswith("Take ")


def test_after_a_draw_the_hand_says_what_was_drawn_and_asks_for_a_discard() -> None:
    state = started()
    GAME.apply(state, 0, act("draw"))
    text = all_text(state, 0)
    assert "You drew" in text
    assert "Put one card on the discard pile." in text
    assert sum(1 for c in RENDERER.hand(seen(state, 0)).controls if c.label.startswith("Discard ")) == 4
    assert "You drew" not in all_text(state, 1)


def test_a_card_taken_from_the_discard_is_named_as_staying_and_shown_to_all() -> None:
    state = started()
    top = state.discard[-1]
    GAME.apply(state, 0, act("take"))
    text = all_text(state, 0)
    assert "stays: you just took it" in text
    assert "(took " in all_text(state, None)
    assert DECK[top].name not in [c.description for c in RENDERER.hand(seen(state, 0)).controls]


def test_a_knock_is_shown_on_the_table_and_the_others_hear_it_is_their_last_turn() -> None:
    state = started()
    GAME.apply(state, 0, act("knock"))
    assert "👊 Ana knocked: last turns" in all_text(state, None)
    assert "Ana knocks: everyone else has one last turn." in all_text(state, None)
    assert "Your last turn this round: draw from the deck or take the discard, then let a card go." in all_text(
        state, 1
    )


def test_the_last_round_is_turned_up_with_scores_and_who_lost_candy() -> None:
    state = started()
    GAME.apply(state, 0, act("knock"))
    for seat in (1, 2):
        GAME.apply(state, seat, act("draw"))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    text = all_text(state, None)
    assert "Round 1, turned up" in text
    assert "Ana: " in text
    assert "= **30**" in text
    assert "⬇️" in text
    assert " a piece of candy." in text
    assert "Round 2: " in text


def test_players_out_and_on_their_honor_are_marked() -> None:
    state = GAME.new_game(3, {"on_their_honor": True}, 4)
    state.lives = [1, 1, 3]
    knocking.settle(state, [0])
    knocking.settle(state, [1])
    text = all_text(state, None)
    assert "**Ana** 🍭 🤞" in text
    assert "**Bo** 💀 out" in text


def test_a_replayed_round_says_why_nobody_lost_candy() -> None:
    state = GAME.new_game(2, {}, 4)
    state.lives = [1, 1]
    GAME.apply(state, state.turn, act("knock"))
    state.hands[0] = [card("black", -1), card("black", 0), card("green", 0)]
    state.hands[1] = [card("purple", -1), card("orange", 0), card("green", -1)]
    state.discard.append(card("orange", -1))
    other = state.turn
    GAME.apply(state, other, act("take"))
    GAME.apply(state, other, next(a for a in GAME.legal_actions(state, other) if DECK[int(a.args[0])].rank == -1))
    text = all_text(state, None)
    assert "Everyone still in would have been out, so nobody lost candy and the round was dealt again." in text
    assert "would all be out of candy, so nobody loses a piece: the round is replayed." in text


def test_game_over_names_the_winner() -> None:
    state = GAME.new_game(2, {}, 4)
    state.lives = [1, 2]
    knocking.settle(state, [0])
    assert "**Game over.** Bo wins as the last player with candy, after 1 round." in all_text(state, None)
