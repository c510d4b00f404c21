"""The Scary renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.scary import RENDERER
from rules.candy_kit.cards import KING_SIZE
from rules.contract import act
from rules.games.scary import GAME
from rules.games.scary.state import ScaryState
from tests.rules import screen_limits
from tests.rules.games.test_scary import bo_takes_the_first_trick, c, play, playing, scored
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def seen_of(state: ScaryState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def bidding() -> ScaryState:
    state = GAME.new_game(5, {}, 4)
    state.dealer = 4
    state.turn = 0
    return state


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_table_shows_every_bid_and_pass_in_the_auction_with_the_scores() -> None:
    state = bidding()
    GAME.apply(state, 0, act("bid", 12, "fruit"))
    GAME.apply(state, 1, act("pass"))
    state.scores = [8, 0, 13, 0, 0]
    screen = RENDERER.table(seen_of(state))
    assert screen.description.startswith("Hand 1 · the auction for good candy (11 to 21)")
    assert field(screen, "Players").splitlines() == [
        "Ana: **8**/31 · bid 12 🍎 Fruit",
        "Bo: **0**/31 · passed",
        "Cy: **13**/31 · no bid",
        "Di: **0**/31 · no bid",
        "Ed (dealer): **0**/31 · no bid",
    ]
    assert screen.footer == "After a hand in which anyone has 31 points, the most points win."


def test_the_bidder_gets_a_pass_button_and_the_bids_in_menus_that_fit_discord() -> None:
    state = bidding()
    screen = RENDERER.hand(seen_of(state, 0))
    assert (
        "Bid at least 11 good candy (of the 21 cards ranked 8 to 13) with a trump suit, or pass for the rest of "
        "this auction." in screen.description
    )
    assert screen.controls[0].label == "Pass"
    assert screen.controls[0].group is None
    groups = [ctl.group for ctl in screen.controls[1:]]
    assert len(set(groups)) == 4
    assert groups[0] == "Bid…"
    assert groups[-1] == "Bid (more, 4)…"
    assert screen.controls[1].label == "11 with Chocolate"
    screen_limits.selects_within_limits(screen)


def test_the_ghost_alone_sees_the_stash_cards_and_what_it_laid_away() -> None:
    state = bidding()
    GAME.apply(state, 0, act("bid", 11, "chocolate"))
    for seat in range(1, 5):
        GAME.apply(state, seat, act("pass"))
    found = state.from_stash[0]
    screen = RENDERER.hand(seen_of(state, 0))
    assert "You are the ghost: lay away 3 cards, one at a time. They count for nobody." in screen.description
    assert any(line.endswith("📦 from the stash") for line in field(screen, "Your hand").splitlines())
    GAME.apply(state, 0, act("discard", found))
    assert field(RENDERER.hand(seen_of(state, 0)), "Laid away")
    other = RENDERER.hand(seen_of(state, 1))
    assert "📦" not in field(other, "Your hand")
    assert all(f.name != "Laid away" for f in other.fields)
    table = RENDERER.table(seen_of(state))
    assert "👻 Ghost: **Ana** · 11 good candy to take · trump 🍫 Chocolate" in table.description


def test_the_friend_card_is_public_but_its_holder_stays_secret_until_it_is_played() -> None:
    named = c("orange", 9)
    hands = [[c("orange", 3)], [named], [c("orange", 4)], [c("orange", 5)], [c("orange", 7)]]
    state = playing(hands, called=named, trick_number=9, trump="fruit")
    secret = "🤝 Friend: whoever holds orange 9 (Chocolate/Coconut/Nuts) (secret until it is played)"
    assert secret in RENDERER.table(seen_of(state)).description
    assert secret in RENDERER.hand(seen_of(state, 0)).description
    friend = RENDERER.hand(seen_of(state, 1))
    assert "🤝 Friend: **you** hold orange 9 (Chocolate/Coconut/Nuts) (nobody else knows yet)" in friend.description
    assert "🤝 the named card" in field(friend, "Your hand")
    play(state, 0, c("orange", 3), "chocolate")
    play(state, 1, named)
    table = RENDERER.table(seen_of(state))
    assert "🤝 Friend: **Bo** (holder of orange 9 (Chocolate/Coconut/Nuts))" in table.description
    assert "🤝 Bo: **0**/31 · ⭐ 0 good candy" in field(table, "Players")


def test_a_ghost_who_named_its_own_card_is_told_it_plays_alone() -> None:
    state = playing([[KING_SIZE, c("orange", 3)], [], [], [], []], called=KING_SIZE, trick_number=2)
    text = RENDERER.hand(seen_of(state, 0)).description
    assert "🤝 Named yellow 13 (King Size): the ghost's own card, so the ghost plays alone" in text
    assert "whoever holds yellow 13" in RENDERER.table(seen_of(state)).description


def test_the_trick_shows_the_named_suit_the_good_candy_and_asks_to_follow() -> None:
    state = playing([[c("orange", 8)], [c("orange", 9), c("green", 3)], [], [], []], trump="fruit", trick_number=3)
    play(state, 0, c("orange", 8), "chocolate")
    screen = RENDERER.hand(seen_of(state, 1))
    assert (
        "Play a card: follow 🍫 Chocolate if you can (a Non-Treat or the King Size is always allowed)."
        in screen.description
    )
    assert field(screen, "Trick") == "Trick suit: 🍫 Chocolate\nAna: `8` 🍫🍮 Chocolate/Caramel ⭐"
    table = RENDERER.table(seen_of(state))
    assert "Hand 1 · trick 4 of 10 · trump 🍎 Fruit" in table.description


def test_the_first_lead_prompt_gives_its_limits() -> None:
    state = playing([[c("orange", 8), c("green", 1)], [], [], [], []], trump="fruit", trick_number=0)
    text = RENDERER.hand(seen_of(state, 0)).description
    assert "Lead the first trick: no trump, no King Size, no Vampire Teeth if you have anything else." in text


def test_the_last_trick_says_who_won_it_and_how_much_good_candy_it_held() -> None:
    state = bo_takes_the_first_trick()
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Bo** with 9 Chocolate/Coconut/Nuts: 1 good candy.")


def test_the_last_hand_says_whether_the_ghost_made_it_and_who_scored() -> None:
    state = scored(friend=2, good_ghost=6, good_friend=5)
    assert field(RENDERER.table(seen_of(state)), "Last hand") == (
        "👻 Ana & Cy: 11 good candy of 11 bid (Chocolate trump): made it. Ana +13, Cy +10."
    )
    state = scored(friend=0, good_ghost=10, good_friend=0)
    assert field(RENDERER.table(seen_of(state)), "Last hand") == (
        "👻 Ana (alone): 10 good candy of 11 bid (Chocolate trump): fell short. Bo +8, Cy +8, Di +8, Ed +8."
    )


def test_the_call_offers_all_53_cards_in_menus_that_fit_discord() -> None:
    state = bidding()
    GAME.apply(state, 0, act("bid", 11, "chocolate"))
    for seat in range(1, 5):
        GAME.apply(state, seat, act("pass"))
    for card in list(state.hands[0][:3]):
        GAME.apply(state, 0, act("discard", card))
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Name any card: its holder becomes your secret friend." in screen.description
    assert len(screen.controls) == 53
    assert len({ctl.group for ctl in screen.controls}) == 3
    screen_limits.selects_within_limits(screen)


def test_no_screen_of_a_game_holds_development_words_or_breaks_discord_limits() -> None:
    state = GAME.new_game(5, {}, 4)
    rng = random.Random(4)
    while GAME.result(state) is None and state.hand_number <= 2:
        for seat in [None, 0, 1, 2, 3, 4]:
            screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
