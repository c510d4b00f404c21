"""I Got a Rock on Discord: every sentence a player reads, and Discord's limits at 10 players."""

from __future__ import annotations

from bot import screens
from bot.discord_ui.layout import BUTTONS_PER_ROW, MAX_ROWS, plan_rows
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.i_got_a_rock import RENDERER
from rules.candy_kit.candy_deck import THE_ROCK
from rules.candy_kit.cards import DECK
from rules.contract import act
from rules.games.i_got_a_rock import GAME
from rules.games.i_got_a_rock.state import RockState
from tests.rules.screen_limits import seen_text

NAMES = tuple(f"Player {n}" for n in range(1, 11))


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def seen(state: RockState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def all_text(state: RockState, seat: int | None) -> str:
    return seen_text(RENDERER, seen(state, seat))


def three_players() -> RockState:
    state = GAME.new_game(3, {}, 2)
    state.hands = [[card("black", 5), THE_ROCK], [card("green", 7)], [card("orange", 9), card("purple", 3)]]
    state.dealer = state.offerer = 0
    return state


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_says_who_offers_to_whom_and_lists_every_player() -> None:
    text = all_text(three_players(), None)
    assert text.startswith("🪨 I Got a Rock")
    assert "Hand 1 · Player 1 👉 Player 2: Player 2 takes a card" in text
    assert "**Player 1** 🃏 · 2 cards" in text
    assert "**Player 2** · 1 card" in text
    assert "Pairs go at once. Whoever is left holding The Rock is out; the last hand of two decides." in text


def test_the_taker_is_asked_to_pick_a_place_with_one_button_per_offered_card() -> None:
    state = three_players()
    text = all_text(state, 1)
    assert "Player 1 holds out 2 cards face down, shuffled: pick one by its place, 1 to 2." in text
    assert [c.label for c in RENDERER.hand(seen(state, 1)).controls] == ["Card 1", "Card 2"]


def test_the_rock_holder_is_warned_and_sees_what_was_taken_from_them() -> None:
    state = three_players()
    assert "You hold The Rock: hope someone takes it." in all_text(state, 0)
    GAME.apply(state, 1, act("take", 1))
    given = state.last_given[0]
    assert given is not None
    assert f"Last taken from you {card_line(given)}" in all_text(state, 0)
    assert f"Your last take {card_line(given)}" in all_text(state, 1)
    assert "Player 2 takes a card from Player 1." in all_text(state, None)
    assert "Last taken from you" not in all_text(state, 2)


def test_safe_and_out_players_are_marked() -> None:
    state = three_players()
    state.hands[1] = []
    state.out_in_hand[2] = None
    text = all_text(state, None)
    assert "**Player 2** · ✅ safe this hand" in text
    state = GAME.new_game(3, {}, 2)
    state.hands = [[card("black", 5)], [card("green", 5)], [THE_ROCK]]
    state.offerer = 0
    GAME.apply(state, 1, act("take", 1))
    text = all_text(state, None)
    assert "**Player 3** · 💀 out (kept The Rock in hand 1)" in text
    assert "Player 3 is left holding The Rock and is out." in text


def test_an_empty_hand_reads_as_safe() -> None:
    state = three_players()
    state.hands[1] = []
    assert "No cards: you are safe this hand." in all_text(state, 1)


def test_game_over_names_the_winner() -> None:
    state = GAME.new_game(2, {}, 2)
    state.hands = [[card("black", 5)], [card("green", 5), THE_ROCK]]
    state.offerer = 0
    GAME.apply(state, 1, act("take", 1))
    assert "**Game over.** Player 1 wins: first with an empty hand in the last hand" in all_text(state, None)


def test_ten_players_fit_the_table_and_the_largest_offer_fits_in_buttons() -> None:
    state = GAME.new_game(10, {}, 5)
    for seat in (None, *range(10)):
        all_text(state, seat)
    # The largest hand anyone can offer: one card of each rank and The Rock.
    offerer = state.offerer
    taker = min(GAME.to_act(state))
    state.hands[offerer] = [card("black", r) for r in range(-1, 13) if r != 0] + [THE_ROCK]
    screen = RENDERER.hand(seen(state, taker))
    assert len(screen.controls) == 14
    # A hand message keeps a row for "I'm back"; the offer still fits as buttons in the rest.
    rows = plan_rows(screen.controls, MAX_ROWS - 1)
    assert sum(len(row) for row in rows) == 14
    assert all(len(row) <= BUTTONS_PER_ROW for row in rows)
    assert all(control.group is None for row in rows for control in row), "buttons, not a select"
    table = RENDERER.table(seen(state))
    players = next(f for f in table.fields if f.name == "Players")
    assert players.value.count("\n") == 9
