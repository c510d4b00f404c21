"""The Best House renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.best_house import RENDERER
from rules.candy_kit.cards import KING_SIZE
from rules.contract import act
from rules.games.best_house import GAME
from rules.games.best_house.state import BestHouseState, HandSheet
from tests.rules import screen_limits
from tests.rules.games.test_best_house import c, gold, play, playing
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def seen_of(state: BestHouseState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_draft_table_shows_the_stash_and_who_takes_next_and_the_drafter_gets_a_select() -> None:
    state = GAME.new_game(4, {}, 3)
    state.dealer = 0
    first = state.drafters[0]
    table = RENDERER.table(seen_of(state))
    assert table.description.startswith("Hand 1 · taking cards from the stash")
    stash = field(table, "Stash")
    assert "Still to take: " + " → ".join(NAMES[s] for s in state.drafters) in stash
    assert field(table, "Players").splitlines()[0] == (
        "🏡 **Ana** (dealer): **0 points** · this hand 0 tricks, 🪙 0 · 12 cards"
    )
    assert table.controls == ()
    mine = RENDERER.hand(seen_of(state, first))
    assert "Take one card from the stash into your hand." in mine.description
    assert {ctl.group for ctl in mine.controls} == {"Take a stash card…"}
    assert len(mine.controls) == 9
    GAME.apply(state, first, act("take", state.stash[0]))
    assert f"{NAMES[first]} took " in field(RENDERER.table(seen_of(state)), "Stash")


def test_the_gold_card_at_the_door_and_the_trick_are_on_both_screens() -> None:
    state = playing([[c("orange", 2), c("green", 1)], [c("orange", 9), c("green", 3)]], gold_card=gold("candy", 3))
    play(state, 0, c("orange", 2), "chocolate")
    mine = RENDERER.hand(seen_of(state, 1))
    assert "At the door: 🪙 **3 Candy** 🍬 — it goes to the highest Candy played." in mine.description
    assert "Play any card: you need not follow 🍫 Chocolate." in mine.description
    assert field(mine, "Trick") == "Trick suit: 🍫 Chocolate\nAna: `2` 🍫 Chocolate"
    table = RENDERER.table(seen_of(state))
    assert "Hand 1 · trick 1 of 13" in table.description
    assert "At the door: 🪙 **3 Candy**" in table.description


def test_a_lead_is_asked_with_a_suit_and_the_king_size_offers_every_suit_in_selects() -> None:
    state = playing([[c("orange", 2), KING_SIZE, c("purple", 1)], [c("green", 1)]])
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Lead any card and name one of its suits." in screen.description
    labels = [ctl.label for ctl in screen.controls]
    assert "13 King Size as Sour" in labels
    assert "1 Nuts/Fruit/Coconut as Fruit" in labels
    screen_limits.within_limits(screen)
    screen_limits.selects_within_limits(screen)


def test_after_a_prank_lead_the_trick_says_no_suit_is_named_yet() -> None:
    state = playing([[c("green", -1), c("green", 2)], [c("orange", 9), c("green", 3)]])
    play(state, 0, c("green", -1))
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play any card; a card with a suit names the trick suit." in screen.description
    assert "Trick suit: not named yet" in field(screen, "Trick")


def test_trump_shows_when_the_host_turned_one_up() -> None:
    state = playing([[c("orange", 2), c("green", 1)], [c("orange", 9), c("green", 3)]], trump="gummy")
    assert "⭐ Trump: 🐻 Gummy" in RENDERER.table(seen_of(state)).description


def test_the_last_trick_says_who_took_the_trick_and_who_took_the_gold() -> None:
    state = playing(
        [[c("orange", 12), c("green", 1)], [c("green", 3), c("green", 2)], [c("purple", 9), c("purple", 2)]],
        gold_card=gold("candy", 3),
    )
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("green", 3))
    play(state, 2, c("purple", 9))
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.startswith("Ana: `12` ")
    assert "Trick to **Ana** with 12 Chocolate/Marshmallow/Nuts, the highest Chocolate." in last
    assert last.endswith("Gold 3 Candy to **Cy**.")
    assert "🪙 3" in field(RENDERER.table(seen_of(state)), "Players").splitlines()[2]


def test_gold_nobody_could_claim_is_said_to_be_set_aside() -> None:
    state = playing([[c("orange", 2), c("green", 1)], [c("orange", 6), c("green", 2)]], gold_card=gold("sour", 2))
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 6))
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Gold 2 Sour set aside: nobody played Sour.")


def test_the_last_hand_shows_tricks_gold_pranks_and_what_each_scored() -> None:
    state = playing([[c("orange", 2)], [c("orange", 6)]])
    state.last_hand = [HandSheet(tricks=7, gold=5, pranks=2, total=10), HandSheet(tricks=0, gold=0, pranks=1, total=0)]
    assert field(RENDERER.table(seen_of(state)), "Last hand") == (
        "Ana: 7 tricks + 🪙 5 − 🧻 2 = **+10**\nBo: 0 tricks + 🪙 0 − 🧻 1 = **+0**"
    )


def test_the_game_over_table_gives_the_result() -> None:
    state = playing([[c("orange", 12)], [c("orange", 11)]], gold_card=gold("sour", 2))
    state.scores = [20, 31]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 11))
    screen = RENDERER.table(seen_of(state))
    assert "Hand 1 · game over" in screen.description
    assert "**Game over.** Bo wins with 31 points." in screen.description
    assert screen.footer.startswith("1 point a trick plus gold, less 1 a Prank taken")


def test_no_screen_of_a_whole_game_holds_development_words_or_breaks_discord_limits() -> None:
    for players, options in ((2, {}), (3, {"trump": True}), (5, {})):
        state = GAME.new_game(players, options, players)
        rng = random.Random(players)
        while GAME.result(state) is None and state.hand_number <= 2:
            for seat in [None, *range(players)]:
                screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
