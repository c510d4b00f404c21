"""The Best Candy renderer, fed with `Seen`s built from real states."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import MAX_SELECT_OPTIONS, Screen, Seen
from bot.renderers.best_candy import RENDERER, SUIT_EMOJI, card_line
from rules.best_candy import GAME
from rules.best_candy.cards import SUITS
from rules.best_candy.state import BestCandyState, Phase
from rules.contract import act
from tests.rules import screen_limits
from tests.rules.test_best_candy_support import KING, card, play, trick_state

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def seen_of(state: BestCandyState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, tuple(NAMES[: state.players]))


def within_limits(screen: Screen) -> None:
    screen_limits.within_limits(screen)
    screen_limits.selects_within_limits(screen)


def field(screen: Screen, name: str) -> str:
    return next(f.value for f in screen.fields if f.name == name)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_every_suit_has_an_emoji() -> None:
    assert set(SUIT_EMOJI) == set(SUITS)


def test_table_shows_the_trick_in_progress_with_trick_suit_and_trump() -> None:
    state = trick_state([[card("orange", 8), card("green", 1)], [card("orange", 2)], [card("black", 8)]], trump="nuts")
    play(state, 0, card("orange", 8), "caramel")
    screen = RENDERER.table(seen_of(state))
    assert "Trump 🥜 Nuts · trick suit 🍮 Caramel" in screen.description
    assert "Ana: `8` 🍫🍮 Chocolate/Caramel" in screen.description
    assert "Turn: Bo" in screen.description
    assert screen.controls == ()
    within_limits(screen)


def test_table_shows_tricks_pranks_and_scores_toward_31() -> None:
    state = trick_state([[card("orange", 2)], [card("green", 1)]], trump="sour", scores=[12, 7])
    state.tricks_won = [3, 1]
    state.taken[1] = [card("black", -1), card("green", -1)]
    players = field(RENDERER.table(seen_of(state)), "Players")
    assert "**Ana**: **12**/31 · 3 tricks · 0 🧻" in players
    assert "**Bo**: **7**/31 · 1 tricks · 2 🧻" in players


def test_table_shows_the_last_trick_and_who_won_it() -> None:
    state = trick_state([[card("orange", 2), card("green", 2)], [card("orange", 6), card("green", 3)]], trump="sour")
    play(state, 0, card("orange", 2), "chocolate")
    play(state, 1, card("orange", 6))
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert "Ana `2` 🍫 Chocolate · Bo `6` 🍫 Chocolate" in last
    assert "Won by **Bo**" in last


def test_table_shows_the_stash_while_drafting() -> None:
    state = GAME.new_game(4, {}, 2)
    for seat in range(4):
        GAME.apply(state, seat, act("keep", state.offers[seat][0]))
    assert state.phase is Phase.DRAFT
    stash = field(RENDERER.table(seen_of(state)), "Stash")
    assert all(card_line(c) in stash for c in state.stash)
    assert "Still to take: " + " → ".join(NAMES[h] for h in state.drafters) in stash


def test_the_hand_lists_cards_sorted_by_suit_with_every_suit_and_the_favourite() -> None:
    state = trick_state([[card("orange", 9), card("black", 8), KING, card("purple", 2)], [card("green", 1)]], "sour")
    screen = RENDERER.hand(seen_of(state, 0))
    hand = field(screen, "Your hand")
    assert hand.splitlines()[0] == "**Chocolate**: `9` 🍫🥥🥜 Chocolate/Coconut/Nuts"
    assert hand.splitlines()[1] == "**Candy**: `2` 🍬 Candy · `8` 🍬 Candy"
    assert "👑 13 King Size" in hand
    assert field(screen, "Favourite suit") == "🎃 Halloween"


def test_the_hand_offers_only_legal_cards() -> None:
    state = trick_state([[card("orange", 2)], [card("orange", 6), card("green", 1), card("black", 0)]], "sour")
    play(state, 0, card("orange", 2), "chocolate")
    screen = RENDERER.hand(seen_of(state, 1))
    assert {c.action for c in screen.controls} == {act("play", card("orange", 6)), act("play", card("black", 0))}
    assert "follow 🍫 Chocolate" in screen.description
    assert RENDERER.hand(seen_of(state, 0)).controls == ()


def test_many_choices_become_selects_of_at_most_25() -> None:
    state = trick_state([[KING, *[card("orange", r) for r in range(1, 13)]], [card("green", 1)]], "sour")
    screen = RENDERER.hand(seen_of(state, 0))
    assert len(screen.controls) == len(GAME.legal_actions(state, 0)) > MAX_SELECT_OPTIONS
    assert all(c.group for c in screen.controls)
    within_limits(screen)


def test_favourite_choice_is_offered_as_buttons() -> None:
    state = GAME.new_game(3, {}, 1)
    screen = RENDERER.hand(seen_of(state, 0))
    assert [c.label for c in screen.controls] == [f"Keep {s.capitalize()} as favourite" for s in state.offers[0]]
    assert all(c.group is None for c in screen.controls)


def test_a_solo_game_names_the_opponent() -> None:
    state = GAME.new_game(1, {}, 3)
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    while state.phase is Phase.DRAFT:
        GAME.apply(state, 0, act("take", state.stash[0]))
    screen = RENDERER.table(seen_of(state))
    assert "🤖 Opponent" in field(screen, "Players")
    assert "🤖 Opponent: " in screen.description  # it has led


def test_every_screen_of_random_games_stays_within_discord_limits() -> None:
    for players in (1, 2, 5):
        state = GAME.new_game(players, {}, players)
        rng = random.Random(players)
        while GAME.result(state) is None:
            for seat in [None, *range(players)]:
                within_limits(RENDERER.table(seen_of(state, seat)))
                if seat is not None:
                    within_limits(RENDERER.hand(seen_of(state, seat)))
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert "Game over" in RENDERER.table(seen_of(state)).description


def test_card_controls_follow_the_hand_order() -> None:
    hand = [card("green", 12), card("orange", 2), card("black", -1), card("black", 8)]
    state = trick_state([hand, [card("green", 1)]], "nuts")
    screen = RENDERER.hand(seen_of(state, 0))
    assert [c.action.args for c in screen.controls] == [
        (card("orange", 2), "chocolate"),
        (card("black", 8), "candy"),
        (card("green", 12), "fruit"),  # 12 Sour/Fruit sorts under its top suit, Sour, after Candy
        (card("green", 12), "sour"),
        (card("black", -1),),  # no suit: last
    ]
