"""Candy Climb on Discord: every sentence a player reads, from real states, and a meld builder
that stays within Discord's limits (at most 20 buttons: four rows of five)."""

from __future__ import annotations

import random

from bot import screens
from bot.discord_ui.layout import plan_rows
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.candy_climb import RENDERER
from rules.candy_kit.candy_deck import CANDY_CORN
from rules.contract import act
from rules.games.candy_climb import GAME
from rules.games.candy_climb.melds import SINGLE, STRAIGHT
from rules.games.candy_climb.state import ClimbState
from tests.rules.games.test_candy_climb import card, cards, rigged
from tests.rules.screen_limits import seen_text, within_limits

NAMES = ("Ana", "Bo", "Cy", "Di")


def seen(state: ClimbState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def all_text(state: ClimbState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat))


def labels(state: ClimbState, seat: int) -> list[str]:
    return [c.label for c in RENDERER.hand(seen(state, seat)).controls]


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_a_new_hand_shows_who_leads_with_the_candy_corn_and_every_players_cards_and_points() -> None:
    state = GAME.new_game(3, {}, 2)
    leader = NAMES[state.turn]
    text = all_text(state, None)
    assert text.startswith("🪜 Candy Climb")
    assert "Hand 1 of 3" in text
    assert f"A new hand: {leader} leads with a meld that holds the Candy Corn." in text
    assert f"{leader} holds the Candy Corn (1 Candy/Halloween) and must lead a meld with it." in text
    assert "· 16 cards · 0 points" in text
    assert "Each card left in your hand when someone goes out is a point; the fewest points win." in text


def test_the_first_leader_is_asked_to_start_with_the_candy_corn() -> None:
    state = GAME.new_game(3, {}, 2)
    text = all_text(state, state.turn)
    assert "You hold the Candy Corn: start your first meld with it." in text
    assert labels(state, state.turn) == ["1 Candy/Halloween (black)"]
    GAME.apply(state, state.turn, act("pick", CANDY_CORN))
    text = all_text(state, state.turn)
    assert f"{card_line(CANDY_CORN)} (black) ✅" in text
    assert "Your meld so far: 1 Candy/Halloween (single)." in text
    assert "Lead it, naming Candy" in text
    assert "Lead it, naming Halloween" in text


def test_the_meld_builder_ticks_chosen_cards_says_what_they_make_and_offers_each_type() -> None:
    run = cards("orange 2", "orange 3", "orange 4")
    state = rigged([[*run, *cards("green 1")], cards("black 8")])
    assert "You lead: tap the cards of any meld, then play it." in all_text(state, 0)
    GAME.apply(state, 0, act("pick", run[0]))
    GAME.apply(state, 0, act("pick", run[1]))
    text = all_text(state, 0)
    assert "Your meld so far: 2 Chocolate, 3 Chocolate/Nuts (not a meld yet)." in text
    assert labels(state, 0) == ["Start my meld again", "4 Chocolate/Marshmallow (orange)"]
    GAME.apply(state, 0, act("pick", run[2]))
    assert "(flush or straight flush)" in all_text(state, 0)
    assert labels(state, 0) == ["Play it as a flush", "Play it as a straight flush", "Start my meld again"]


def test_the_table_shows_the_meld_to_beat_the_named_suit_and_who_passed() -> None:
    state = rigged([cards("orange 2", "green 1"), cards("black 8"), cards("orange 4", "orange 12")])
    GAME.apply(state, 0, act("pick", card("orange", 2)))
    GAME.apply(state, 0, act("play", SINGLE, "chocolate"))
    GAME.apply(state, 1, act("pass"))
    text = all_text(state, None)
    assert "**Single** by Ana · suit: 🍫 Chocolate" in text
    assert card_line(card("orange", 2)) in text
    assert "**Ana** ⬆️ · 2 cards" not in text, "Ana played one card"
    assert "**Ana** ⬆️ · 1 card · 0 points" in text
    assert "**Bo** 💤 · 1 card · 0 points" in text
    assert "• Ana leads 2 Chocolate and names Chocolate." in text
    assert "• Bo passes." in text
    assert "Beat it with a higher single of 1 card, or pass." in all_text(state, 2)


def test_a_straight_flush_on_the_table_is_named_in_words() -> None:
    state = rigged([[*cards("orange 2", "orange 3", "orange 4", "green 1")], cards("black 8")])
    for c in cards("orange 2", "orange 3", "orange 4"):
        GAME.apply(state, 0, act("pick", c))
    GAME.apply(state, 0, act("play", STRAIGHT))
    text = all_text(state, None)
    assert "**Straight flush** by Ana" in text
    assert "• Ana leads a straight flush: 2 Chocolate, 3 Chocolate/Nuts, 4 Chocolate/Marshmallow." in text


def test_the_last_hand_and_game_over_are_shown() -> None:
    state = rigged([cards("black 8"), cards("orange 2", "orange 6")])
    state.hand_number, state.scores = 2, [5, 1]
    GAME.apply(state, 0, act("pick", card("black", 8)))
    GAME.apply(state, 0, act("play", SINGLE, "candy"))
    text = all_text(state, None)
    assert "Ana went out. Ana 0 · Bo 2" in text
    assert "**Game over.** Bo wins with the fewest points, 3, after 2 hands." in text
    assert "Nothing: the game is over." in text


def test_every_screen_of_random_games_fits_in_four_rows_of_buttons() -> None:
    """Four rows: a seat whose computer stand-in is on has a fifth row taken by "I'm back"."""
    rng = random.Random(5)
    most = 0
    for players in (2, 3, 4):
        state = GAME.new_game(players, {"auto_pass": players != 3}, players)
        while GAME.result(state) is None:
            seat = state.turn
            screen = RENDERER.hand(seen(state, seat))
            within_limits(screen)
            assert all(c.group is None for c in screen.controls), "one tap per card: buttons only"
            assert len(screen.controls) <= 20
            assert all(row[0].group is None for row in plan_rows(screen.controls, 4))
            most = max(most, len(screen.controls))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        all_text(state, None)
    assert most >= 12, "the test saw full hands"
