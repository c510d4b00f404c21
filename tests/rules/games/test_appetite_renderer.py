"""The Appetite renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.appetite import RENDERER
from bot.renderers.base import Seen
from rules.contract import act
from rules.games.appetite import GAME
from rules.games.appetite.state import AppetiteState
from tests.rules import screen_limits
from tests.rules.games.test_appetite import (
    a_trick_of_pranks,
    bo_wins_with_the_nuts_9,
    c,
    pass_all,
    play,
    playing,
    stuffed_hand,
)
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy", "Di")


def seen_of(state: AppetiteState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_passing_table_says_where_the_cards_go_and_who_has_picked() -> None:
    state = GAME.new_game(4, {}, 3)
    state.dealer = 3
    state.hand_number = 3
    for card in state.hands[1][:3]:
        GAME.apply(state, 1, act("pass", card))
    screen = RENDERER.table(seen_of(state))
    assert screen.description.startswith("Hand 3 · passing 3 cards across")
    players = field(screen, "Players").splitlines()
    assert players[1] == "😋 **Bo**: **0** points · 🤢 0/4 · took 0 points this hand · 13 cards · has picked"
    assert players[3].startswith("😋 **Di** (dealer): ")
    assert players[0].endswith(" · picking")
    assert (
        screen.footer == "One suit 0, two suits 2, three suits its rank, a Prank -1. A fourth tummy ache ends the game."
    )


def test_the_pass_screen_asks_for_the_cards_and_then_waits_for_the_others() -> None:
    state = GAME.new_game(4, {}, 3)
    GAME.apply(state, 0, act("pass", state.hands[0][0]))
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Pick 2 more cards to pass left; they go once everyone has picked, and nobody sees them until then." in (
        screen.description
    )
    assert "Cards you are passing" in [f.name for f in screen.fields]
    screen_limits.selects_within_limits(screen)
    for card in state.hands[0][1:3]:
        GAME.apply(state, 0, act("pass", card))
    assert "Your cards are picked; they go once everyone has picked." in RENDERER.hand(seen_of(state, 0)).description


def test_received_cards_are_marked_on_the_receivers_screen_only() -> None:
    state = GAME.new_game(4, {}, 3)
    pass_all(state)
    leader = state.leader
    mine = RENDERER.hand(seen_of(state, 1))
    assert field(mine, "Your hand").count("📥") == 3
    assert "You passed" in [f.name for f in mine.fields]
    assert "Lead a card and name one of its suits." in RENDERER.hand(seen_of(state, leader)).description


def test_the_trick_shows_its_suit_its_worth_and_asks_to_follow() -> None:
    state = playing([[c("orange", 9)], [c("orange", 2), c("green", 3)], [c("orange", 5)], [c("orange", 6)]])
    play(state, 0, c("orange", 9), "chocolate")
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play a card: follow 🍫 Chocolate if you can." in screen.description
    assert field(screen, "Trick").startswith("Trick suit: 🍫 Chocolate · worth 9 points so far\nAna: `9`")
    assert "Hand 1 · trick 2 of 13 · no trump" in RENDERER.table(seen_of(state)).description


def test_after_a_prank_lead_any_card_may_be_played() -> None:
    state = playing([[c("green", -1)], [c("orange", 2)], [c("orange", 5)], [c("orange", 6)]])
    play(state, 0, c("green", -1))
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play any card; a suited card names the trick suit." in screen.description
    assert "Trick suit: not named yet (a Prank led)" in field(screen, "Trick")


def test_the_last_trick_says_who_won_it_why_and_what_it_was_worth() -> None:
    state = bo_wins_with_the_nuts_9()
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Bo** with 9 Chocolate/Coconut/Nuts, the highest Nuts (15 points).")
    state = a_trick_of_pranks()
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Ana**, who led: nobody played a suited card (-4 points).")


def test_a_stuffed_player_is_asked_to_pardon_and_the_hand_is_shown() -> None:
    state = GAME.new_game(4, {}, 1)
    stuffed_hand(state)
    screen = RENDERER.hand(seen_of(state, 0))
    assert "You are stuffed! Pardon every tummy ache of this hand, or keep them? Points stay as they are." in (
        screen.description
    )
    assert sorted(ctl.label for ctl in screen.controls) == ["Keep the tummy aches", "Pardon everyone's tummy aches"]
    table = RENDERER.table(seen_of(state))
    assert "Hand 1 · a stuffed player decides on the tummy aches" in table.description
    assert field(table, "Last hand").splitlines() == [
        "Ana took 77: 🥴 stuffed: **60**",
        "Bo took 2: 🤢 a tummy ache",
        "Cy took 0: 🤢 a tummy ache",
        "Di took 0: 🤢 a tummy ache",
    ]
    GAME.apply(state, 0, act("pardon"))
    assert "Bo took 2: 🤢 a tummy ache (pardoned)" in field(RENDERER.table(seen_of(state)), "Last hand")


def test_no_screen_of_a_game_holds_development_words_or_breaks_discord_limits() -> None:
    state = GAME.new_game(4, {}, 4)
    rng = random.Random(4)
    while GAME.result(state) is None and state.hand_number <= 2:
        for seat in [None, 0, 1, 2, 3]:
            screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
