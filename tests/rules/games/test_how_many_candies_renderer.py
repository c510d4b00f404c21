"""The How Many Candies renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.how_many_candies import RENDERER
from rules.contract import act
from rules.games.how_many_candies import GAME
from rules.games.how_many_candies.state import HowManyState
from tests.rules import screen_limits
from tests.rules.games.test_how_many_candies import (
    bo_wins_with_the_chocolate_9,
    c,
    end_of_hand,
    first_trick,
    play,
    playing,
)
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy", "Di")


def seen_of(state: HowManyState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_table_shows_both_teams_scores_bags_and_each_bid_against_the_tricks() -> None:
    state = GAME.new_game(4, {"random_teams": False}, 1)
    state.dealer = 3
    state.turn = 0
    GAME.apply(state, 0, act("bid", 0))
    GAME.apply(state, 1, act("bid", 4))
    state.scores = [120, -30]
    state.bags = [3, 0]
    screen = RENDERER.table(seen_of(state))
    assert screen.description.startswith("Hand 1 · bidding · 🍬 Candy is trump")
    assert field(screen, "Teams").splitlines() == [
        "🟠 **Ana & Cy**: **120**/250 · 👜 3 · this hand 0 of 0 bid",
        "  Ana: 🙅 nil · 0 tricks",
        "  Cy: no bid yet · 0 tricks",
        "🟣 **Bo & Di**: **-30**/250 · 👜 0 · this hand 0 of 4 bid",
        "  Bo: bid 4 · 0 tricks",
        "  Di (dealer): no bid yet · 0 tricks",
    ]
    assert screen.footer == "First team to 250 wins (the higher team after 25 hands)."


def test_the_bidder_is_asked_with_thirteen_choices_in_one_menu() -> None:
    state = GAME.new_game(4, {}, 1)
    screen = RENDERER.hand(seen_of(state, state.turn))
    assert "How many tricks will you take? Bid 0 (nil) to 12; your team's bid is yours plus your partner's." in (
        screen.description
    )
    assert [ctl.label for ctl in screen.controls][:3] == ["Bid nil (0)", "Bid 1", "Bid 2"]
    assert {ctl.group for ctl in screen.controls} == {"Bid…"}
    screen_limits.selects_within_limits(screen)


def test_the_lead_prompt_says_whether_candy_may_be_led() -> None:
    state = playing([[c("orange", 2), c("orange", 3)], [c("orange", 9)], [c("orange", 5)], [c("orange", 6)]])
    text = RENDERER.hand(seen_of(state, 0)).description
    assert "Lead a card and name one of its suits; Candy may not be led until it is broken." in text
    assert "Candy not broken yet" in text
    state.broken = True
    text = RENDERER.hand(seen_of(state, 0)).description
    assert "Lead a card and name one of its suits; a Candy card names Candy." in text
    assert "· Candy broken" in text


def test_the_trick_shows_the_named_suit_and_asks_to_follow() -> None:
    state = playing([[c("orange", 2)], [c("orange", 9), c("green", 3)], [c("orange", 5)], [c("orange", 6)]])
    play(state, 0, c("orange", 2), "chocolate")
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play a card: follow 🍫 Chocolate if you can." in screen.description
    assert field(screen, "Trick") == "Trick suit: 🍫 Chocolate\nAna: `2` 🍫 Chocolate"
    table = RENDERER.table(seen_of(state))
    assert "Hand 1 · trick 1 of 12 · 🍬 Candy is trump · Candy not broken yet" in table.description


def test_the_last_trick_says_who_won_it_and_why_trump_included() -> None:
    state = first_trick(
        [
            [c("green", 12), c("orange", 2)],
            [c("black", 8), c("orange", 3)],
            [c("green", 10), c("orange", 4)],
            [c("purple", 2), c("orange", 5)],
        ],
        "sour",
    )
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Bo** with 8 Candy, the highest Candy, trump.")
    state = bo_wins_with_the_chocolate_9()
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Bo** with 9 Chocolate/Coconut/Nuts, the highest Chocolate.")


def test_the_last_hand_shows_each_teams_contract_nil_and_bag_penalty() -> None:
    state = playing([[], [], [], []])
    state.bids = [0, 3, 3, 3]
    state.tricks = [1, 4, 5, 2]
    state.bags = [0, 8]
    state.log.extend(GAME._score_hand(state))
    assert field(RENDERER.table(seen_of(state)), "Last hand").splitlines() == [
        "🟠 Ana & Cy: bid 3, took 6: made, +33, nil -100 = **-67**",
        "🟣 Bo & Di: bid 6, took 6: made, +60 = **+60**",
    ]
    state = playing([[], [], [], []])
    state.bids = [2, 2, 2, 2]
    state.tricks = [5, 1, 5, 1]
    state.bags = [5, 0]
    state.log.extend(GAME._score_hand(state))
    assert field(RENDERER.table(seen_of(state)), "Last hand").splitlines()[0] == (
        "🟠 Ana & Cy: bid 4, took 10: made, +46, ten bags -100 = **-54**"
    )


def test_the_game_over_table_gives_the_winning_team() -> None:
    state = end_of_hand([230, 200], [3, 3, 3, 3], [3, 3, 3, 3])
    assert "**Game over.** Ana and Cy win with 290 points." in RENDERER.table(seen_of(state)).description


def test_no_screen_of_a_game_holds_development_words_or_breaks_discord_limits() -> None:
    state = GAME.new_game(4, {}, 4)
    rng = random.Random(4)
    while GAME.result(state) is None and state.hand_number <= 2:
        for seat in [None, 0, 1, 2, 3]:
            screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
