"""Blind Candy Shuffle on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.blind_candy_shuffle import RENDERER
from bot.renderers.knock_games import short_card
from rules.candy_kit import knocking
from rules.contract import act
from rules.games.blind_candy_shuffle import GAME
from rules.games.blind_candy_shuffle.state import BlindState
from tests.rules.screen_limits import seen_text

NAMES = ("Ana", "Bo", "Cy")


def seen(state: BlindState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def started(**options: bool) -> BlindState:
    state = GAME.new_game(3, options, 4)
    state.dealer, state.turn = 2, 0
    return state


def all_text(state: BlindState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat))


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_the_discard_top_the_deck_and_four_face_down_slots_per_player() -> None:
    state = started()
    text = all_text(state, None)
    assert text.startswith("🙈 Blind Candy Shuffle")
    assert f"Round 1 · discard pile: {card_line(state.discard[-1])} · deck: {len(state.pile)} cards" in text
    assert "**Ana** 🍭🍭🍭 · ❔ ❔ ❔ ❔" in text
    assert "**Cy** 🍭🍭🍭 🃏 · ❔ ❔ ❔ ❔" in text
    assert "Turn: Ana" in text
    assert "Highest four-card total is best; the lowest loses a piece of candy." in text


def test_the_first_turn_asks_for_two_slots_to_look_at() -> None:
    state = started()
    text = all_text(state, 0)
    assert "Your first turn this round: pick two slots to look at." in text
    assert "Slot 1: ❔ face down" in text
    labels = [c.label for c in RENDERER.hand(seen(state, 0)).controls]
    assert labels == [
        "Look at slots 1 and 2",
        "Look at slots 1 and 3",
        "Look at slots 1 and 4",
        "Look at slots 2 and 3",
        "Look at slots 2 and 4",
        "Look at slots 3 and 4",
    ]


def test_after_the_look_the_memory_aid_lists_the_seen_cards_in_their_slots() -> None:
    state = started()
    GAME.apply(state, 0, act("look", 1, 3))
    text = all_text(state, 0)
    assert f"Slot 1: {card_line(state.slots[0][0])}" in text
    assert f"Slot 3: {card_line(state.slots[0][2])}" in text
    assert "Slot 2: ❔ face down" in text
    assert "from the cards you have seen, plus 2 cards you have not seen" in text
    assert "Draw from the deck or take the discard into a slot; or knock to end the round." in text
    assert "Ana looks at slots 1 and 3." in all_text(state, None)
    assert card_line(state.slots[0][0]) not in all_text(state, 1)


def test_without_the_memory_aid_a_seen_card_is_shown_once_in_the_recent_lines_only() -> None:
    state = started(memory_aid=False)
    GAME.apply(state, 0, act("look", 1, 3))
    text = all_text(state, 0)
    assert "Slot 1: ❔ face down" in text
    assert "Each card you see is shown once: remember it." in text
    assert "You saw slot 1: " in text


def test_a_drawn_card_is_shown_to_its_drawer_with_the_slot_choices() -> None:
    state = started()
    GAME.apply(state, 0, act("look", 1, 2))
    GAME.apply(state, 0, act("draw"))
    drawn = state.drawn
    assert drawn is not None
    text = all_text(state, 0)
    assert f"🫴 You drew {card_line(drawn)}" in text
    assert "Put the card you drew into a slot (its card goes to the discard pile unseen by you), or discard it." in text
    labels = [c.label for c in RENDERER.hand(seen(state, 0)).controls]
    assert labels == [*(f"Put it into slot {n}" for n in range(1, 5)), "Discard the card drawn"]
    assert "You drew" not in all_text(state, 1)


def test_a_card_taken_from_the_discard_shows_in_its_slot_for_everyone() -> None:
    state = started()
    top = state.discard[-1]
    GAME.apply(state, 0, act("look", 1, 2))
    GAME.apply(state, 0, act("take", 4))
    assert f"**Ana** 🍭🍭🍭 · ❔ ❔ ❔ {short_card(top)}" in all_text(state, None)
    assert "from the discard pile into slot 4 and discarded" in all_text(state, None)


def test_a_knock_and_the_last_turns_are_announced() -> None:
    state = started()
    GAME.apply(state, 0, act("look", 1, 2))
    GAME.apply(state, 0, act("knock"))
    assert "👊 Ana knocked: last turns" in all_text(state, None)
    GAME.apply(state, 1, act("look", 1, 2))
    assert "Your last turn this round: draw from the deck or take the discard into a slot." in all_text(state, 1)


def test_the_round_is_turned_up_with_totals_and_who_lost_candy() -> None:
    state = started()
    GAME.apply(state, 0, act("look", 1, 2))
    GAME.apply(state, 0, act("knock"))
    for seat in (1, 2):
        GAME.apply(state, seat, act("look", 1, 2))
        GAME.apply(state, seat, act("take", 1))
    text = all_text(state, None)
    assert "Round 1, turned up" in text
    assert "⬇️" in text
    assert " a piece of candy." in text


def test_game_over_names_the_winner_and_out_players_are_marked() -> None:
    state = started()
    state.lives = [1, 1, 2]
    knocking.settle(state, [0])
    text = all_text(state, None)
    assert "**Ana** 💀 out" in text
    knocking.settle(state, [1])
    assert "**Game over.** Cy wins as the last player with candy, after 1 round." in all_text(state, None)
