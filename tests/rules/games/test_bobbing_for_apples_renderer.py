"""Bobbing for Apples on Discord: every sentence a player reads, from real states."""

from __future__ import annotations

import random

import pytest

from bot import screens
from bot.discord_ui.layout import MAX_ROWS, plan_rows
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_candy import card_line
from bot.renderers.bobbing_for_apples import RENDERER
from rules.candy_kit.candy_deck import PRANKS, card_at
from rules.contract import Action
from rules.games.bobbing_for_apples import GAME
from rules.games.bobbing_for_apples.state import NOBODY, BobbingState
from tests.rules.screen_limits import player_text

NAMES = ("Ana", "Bo", "Cy", "Di")
G7, G4, G9, G3 = card_at("green", 7), card_at("green", 4), card_at("green", 9), card_at("green", 3)
O7, O5, O2, O3 = card_at("orange", 7), card_at("orange", 5), card_at("orange", 2), card_at("orange", 3)


def seen(state: BobbingState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def rigged(hands: list[list[int]], stash: list[list[int]], **options: bool) -> BobbingState:
    from rules.games.bobbing_for_apples.game import value_of

    state = GAME.new_game(len(hands), options, 2)
    state.hands = [list(h) for h in hands]
    state.items = [list(cards) for cards in stash]
    state.values = [sum(value_of(c) for c in cards) for cards in stash]
    state.paired = [False] * len(stash)
    state.builders = [NOBODY] * len(stash)
    state.pile = []
    state.turn, state.dealer, state.captures = 0, 1, [[] for _ in hands]
    return state


def all_text(state: BobbingState, seat: int | None) -> str:
    screen = RENDERER.hand(seen(state, seat)) if seat is not None else RENDERER.table(seen(state))
    # A private message keeps a row for "I'm back"; every control must still find a place.
    rows = plan_rows(screen.controls, MAX_ROWS - 1)
    assert sum(len(row) for row in rows) == len(screen.controls)
    return player_text(screen, groups=True)


def labels(state: BobbingState, seat: int = 0) -> list[str]:
    return [c.label for c in RENDERER.hand(seen(state, seat)).controls]


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_the_numbered_stash_with_stack_values_and_the_players() -> None:
    state = rigged([[G7, G4], [G9]], [[O7], [O2, O3]])
    state.paired = [False, False]
    text = all_text(state, None)
    assert text.startswith("🍎 Bobbing for Apples")
    assert "Hand 1, deal 1 of 6 · deck: 0 cards · stacks up to 13" in text
    assert "**#1** `7`" in text
    assert "**#2** 🧱 stack of **5**: `2`" in text
    assert "**Ana** · 2 cards in hand · 🧺 0 · 🎃 0 · **0** points" in text
    assert "**Bo** 🃏 · 1 card in hand" in text
    assert "Take what adds up to your card's rank. 31 points or more ends the game." in text


def test_a_pair_is_shown_as_a_pair_of_its_value() -> None:
    state = rigged([[G7], [G9]], [[O5, card_at("purple", 5)]])
    state.values, state.paired = [5], [True]
    assert "**#1** 👯 pair of **5**:" in all_text(state, None)


def test_the_hand_offers_take_build_and_give_buttons_per_card() -> None:
    state = rigged([[G7, G4], [G9]], [[O7], [O3]])
    text = all_text(state, 0)
    assert card_line(G7) in text
    assert "Take, build or give: one card from your hand." in text
    assert labels(state) == [
        "Build with 4 Gummy/Candy/Sour",
        "Give 4 Gummy/Candy/Sour",
        "Take with 7 Fruit/Caramel",
        "Build with 7 Fruit/Caramel",
        "Give 7 Fruit/Caramel",
    ]


def test_building_asks_where_the_card_goes() -> None:
    state = rigged([[G7, G4], [G9]], [[O7], [O3]])
    GAME.apply(state, 0, Action.parse(f"use.{G4}"))
    text = all_text(state, 0)
    assert f"Where does {card_line(G4)} go?" in text
    assert labels(state) == [
        "Combine onto #1 7 Chocolate/Coconut: makes 11",
        "Combine onto #2 3 Chocolate/Nuts: makes 7",
        "Back: choose another move",
    ]
    assert "Where does" not in all_text(state, 1)


def test_a_take_in_progress_shows_the_shown_card_and_what_is_picked() -> None:
    state = rigged([[G7, G4], [G9]], [[O5], [O2], [O7], [O3]])
    GAME.apply(state, 0, Action.parse(f"take.{G7}"))
    GAME.apply(state, 0, Action.parse("pick.3"))
    GAME.apply(state, 0, Action.parse("pick.1"))
    table = all_text(state, None)
    assert f"Ana shows {card_line(G7)} to take what makes **7**. Groups done: #3. Open group: #1 (5 so far)." in table
    assert "**#3** `7`🍫🥥 ✅" in table
    assert "**#1** `5`🍫🥜 ➕" in table
    assert "Ana shows 7 Fruit/Caramel to take with it." in table
    mine = all_text(state, 0)
    assert "Pick what your card takes, one item at a time. The take ends once nothing left makes its rank." in mine
    assert labels(state) == ["Take #2 2 Chocolate", "Back: choose another move"]


def test_a_finished_take_is_logged_with_every_card() -> None:
    state = rigged([[G7, G4], [G9]], [[O7], [O3]])
    GAME.apply(state, 0, Action.parse(f"take.{G7}"))
    GAME.apply(state, 0, Action.parse("pick.1"))
    text = all_text(state, None)
    assert "Ana takes with 7 Fruit/Caramel: 7 Chocolate/Coconut (2 cards in all)." in text
    assert "**Ana** 🪝 · 1 card in hand · 🧺 2" in text


def test_stay_with_your_stack_marks_the_builder_and_says_what_you_must_do() -> None:
    state = rigged([[G4, G9, card_at("purple", 12)], [card_at("purple", 1)]], [[O3, O2]], stay_with_stack=True)
    state.builders = [0]
    assert "**#1** 🧱 stack of **5**: `3`🍫🥜 `2`🍫 📌 Ana" in all_text(state, None)
    assert "You must play with the stack you built: take it, build onto it or pair with it." in all_text(state, 0)


def test_many_build_targets_become_menus_of_at_most_25() -> None:
    ones = [card_at(colour, rank) for colour in ("black", "orange", "purple") for rank in range(1, 10)]
    state = rigged([[card_at("green", 1), G9], [G3]], [[c] for c in ones])
    GAME.apply(state, 0, Action.parse(f"use.{card_at('green', 1)}"))
    screen = RENDERER.hand(seen(state, 0))
    groups = {c.group for c in screen.controls}
    assert groups == {"Combine onto…", "Combine onto (more, 2)…", "Pair with…", None}
    all_text(state, 0)


@pytest.mark.parametrize(("players", "options"), GAME.configurations())
def test_every_screen_of_random_games_fits_discord(players: int, options: dict[str, bool]) -> None:
    rng = random.Random(players)
    state = GAME.new_game(players, options, players)
    while GAME.result(state) is None:
        seat = state.turn
        for viewer in (None, seat):
            all_text(state, viewer)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert "**Game over.**" in all_text(state, None)


def test_a_prank_in_the_stash_shows_its_icon() -> None:
    state = rigged([[G7], [G9]], [[PRANKS[0]]])
    assert "**#1** `-1`🧻" in all_text(state, None)
