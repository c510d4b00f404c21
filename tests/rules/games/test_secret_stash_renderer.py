"""The Secret Stash renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Screen, Seen
from bot.renderers.secret_stash import RENDERER
from rules.candy_kit.cards import KING_SIZE
from rules.contract import act
from rules.games.secret_stash import GAME
from rules.games.secret_stash.state import StashState
from tests.rules import screen_limits
from tests.rules.games.test_secret_stash import bid, c, play, playing
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy")


def seen_of(state: StashState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def names_of(screen: Screen) -> list[str]:
    return [f.name for f in screen.fields]


def auction(seed: int = 2) -> StashState:
    state = GAME.new_game(3, {}, seed)
    state.dealer = 2
    state.turn = 0
    return state


def ana_declares_four() -> StashState:
    """Ana bids 4 tricks and Bo and Cy pass: she is to look at the stash or not."""
    state = auction()
    bid(state, "bid", 4)
    bid(state, "pass")
    bid(state, "pass")
    return state


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_table_shows_each_players_score_and_bid_and_the_best_bid_so_far() -> None:
    state = auction()
    bid(state, "bid", 3)
    bid(state, "pass")
    state.scores = [96, 0, 130]
    screen = RENDERER.table(seen_of(state))
    assert screen.description.startswith("Hand 1 of 3 · auction")
    assert field(screen, "Players").splitlines() == [
        "**Ana**: **96** · bid 3",
        "**Bo**: **0** · passed",
        "**Cy** (dealer): **130** · no bid yet",
    ]
    assert field(screen, "Contract") == "Auction: best bid 3 by Ana."
    assert screen.footer == "Three hands, everyone deals once; the highest total wins."


def test_the_bidder_is_asked_for_a_higher_bid_and_offered_nil_on_the_first_turn_only() -> None:
    state = auction()
    screen = RENDERER.hand(seen_of(state, 0))
    assert (
        "Your bid (no bid yet): a higher number of tricks, or pass for good. "
        "On this first turn you may also bid nil: no trick at all for 130."
    ) in screen.description
    labels = [ctl.label for ctl in screen.controls]
    assert labels[:3] == ["Pass", "Bid 1 trick", "Bid 2 tricks"]
    assert labels[-1] == "Bid nil (take no trick)"
    screen_limits.selects_within_limits(screen)
    bid(state, "bid", 1)
    bid(state, "bid", 2)
    bid(state, "bid", 3)
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Your bid (the best bid is 3): a higher number of tricks, or pass for good." in screen.description
    assert "nil" not in screen.description


def test_the_declarer_is_asked_to_look_or_not_and_the_table_keeps_the_stash_face_down() -> None:
    state = ana_declares_four()
    screen = RENDERER.hand(seen_of(state, 0))
    assert (
        "You declare. Look at the stash and swap cards, or play without looking for an extra multiplier."
        in screen.description
    )
    assert [ctl.label for ctl in screen.controls] == ["Look at the stash", "Play without looking"]
    table = RENDERER.table(seen_of(state))
    assert field(table, "Contract").splitlines() == [
        "🎩 **Ana** plays for at least 4 tricks.",
        "The stash: 🂠 3 cards face down.",
    ]
    assert "**Cy** (dealer): **0** · passed" in field(table, "Players")
    own = RENDERER.hand(seen_of(state, 0))
    assert field(own, "Contract").splitlines()[0] == "🎩 **You** play for at least 4 tricks."


def test_after_a_look_only_the_declarers_own_message_shows_the_stash() -> None:
    state = ana_declares_four()
    GAME.apply(state, 0, act("look"))
    laid = state.hands[0][0]
    GAME.apply(state, 0, act("lay", laid))
    mine = RENDERER.hand(seen_of(state, 0))
    assert "Lay 2 cards face down in the stash (any of your cards, the stash's too)." in mine.description
    assert "The stash (only you see it)" in names_of(mine)
    assert any(ctl.label.startswith("Take back ") for ctl in mine.controls)
    screen_limits.selects_within_limits(mine)
    for seat in (1, 2):
        assert "The stash (only you see it)" not in names_of(RENDERER.hand(seen_of(state, seat)))
    table = RENDERER.table(seen_of(state))
    assert "The stash (only you see it)" not in names_of(table)
    assert "Looked at the stash and laid cards back: 🂠 face down until the hand ends." in field(table, "Contract")


def test_a_nil_bidder_is_told_to_declare_no_trump() -> None:
    state = auction()
    bid(state, "nil")
    GAME.apply(state, 0, act("no-look"))
    screen = RENDERER.hand(seen_of(state, 0))
    assert "You bid nil: declare No-trump." in screen.description
    assert [ctl.label for ctl in screen.controls] == ["Declare No-trump (×7)"]
    table = RENDERER.table(seen_of(state))
    assert "🎩 **Ana** plays for 🙅 nil: no trick at all." in field(table, "Contract")
    assert "**Bo**: **0** · did not bid" in field(table, "Players")


def test_the_declaration_choices_name_each_contract_and_its_value() -> None:
    state = ana_declares_four()
    GAME.apply(state, 0, act("no-look"))
    screen = RENDERER.hand(seen_of(state, 0))
    labels = [ctl.label for ctl in screen.controls]
    assert "Declare Grand (×13)" in labels
    assert "Declare Coconut trump (×12)" in labels
    assert "Declare No-trump (×7)" in labels
    assert {ctl.group for ctl in screen.controls} == {"Declare…"}


def test_the_trick_shows_the_contract_the_named_suit_and_marks_trumps_in_the_hand() -> None:
    state = playing([[c("orange", 6)], [c("purple", 6), c("green", 7)], [c("green", 5)]], "chocolate")
    play(state, 0, c("orange", 6), "trump")
    screen = RENDERER.hand(seen_of(state, 1))
    assert screen.description.startswith("Hand 1 of 3 · 🍫 Chocolate trump (×8) · trick 1 of 10")
    assert "Play a card: follow ⭐ trump if you can." in screen.description
    assert field(screen, "Your hand").splitlines() == ["`6` 🥥🍫 Coconut/Chocolate ⭐", "`7` 🍎🍮 Fruit/Caramel"]
    assert field(screen, "Trick") == "Trick suit: ⭐ trump\nAna: `6` 🍫 Chocolate"


def test_the_lead_prompt_and_a_king_size_lead_in_no_trump_fit_the_selects() -> None:
    hand = [KING_SIZE, *(c(col, r) for col in ("orange", "green") for r in (8, 9, 10, 11))]
    state = playing([hand, [c("green", 5)], [c("green", 6)]], "notrump")
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Lead a card and name one of its suits; a trump card leads trump." in screen.description
    assert len(screen.controls) > 25
    screen_limits.selects_within_limits(screen)


def test_the_last_trick_and_the_last_hand_show_why_it_was_won_the_multipliers_and_the_stash() -> None:
    stash = [c("green", 12), c("purple", 5), c("purple", 6)]
    state = playing([[c("orange", 10)], [c("purple", 11)], [c("orange", 8)]], "chocolate", bid=2, stash=stash)
    state.tricks = [4, 3, 2]
    state.won = [[KING_SIZE], [c("orange", 12)], []]
    play(state, 0, c("orange", 10), "caramel")
    play(state, 1, c("purple", 11))
    play(state, 2, c("orange", 8))
    table = RENDERER.table(seen_of(state))
    assert field(table, "Last trick").splitlines()[-1] == "Won by **Cy** with 8 Chocolate/Caramel, the highest trump."
    assert field(table, "Last hand").splitlines() == [
        "Ana: 4 tricks; most tricks ×3 + bid made ×2: 8 × 5 = **40**",
        "Bo: 3 tricks; no King Size ×3 + 12s ×1: 8 × 4 = **32**",
        "Cy: 3 tricks; no King Size ×3: 8 × 3 = **24**",
        "The stash held: 12 Sour/Fruit, 5 Coconut/Marshmallow, 6 Coconut/Chocolate",
    ]
    assert "took 👑 the King Size" not in field(table, "Players")


def test_a_declarer_short_of_the_bid_is_shown_scoring_nothing() -> None:
    state = playing([[c("orange", 10)], [c("purple", 11)], [c("orange", 8)]], "chocolate", bid=9)
    play(state, 0, c("orange", 10), "caramel")
    play(state, 1, c("purple", 11))
    play(state, 2, c("orange", 8))
    assert "Ana (declarer): 0 tricks, short of the bid = **0**" in field(RENDERER.table(seen_of(state)), "Last hand")


def test_the_players_line_shows_the_king_size_and_12s_taken() -> None:
    state = playing(
        [[KING_SIZE, c("orange", 5)], [c("orange", 12), c("orange", 6)], [c("green", 12), c("green", 5)]], "grand"
    )
    play(state, 0, KING_SIZE, "trump")
    play(state, 1, c("orange", 12))
    play(state, 2, c("green", 12))
    assert "**Ana**: **0** · 🎩 declarer, bid 1 · 1 trick · took 👑 the King Size and 🥇 2 twelves" in field(
        RENDERER.table(seen_of(state)), "Players"
    )


def test_the_game_over_table_gives_the_winner() -> None:
    state = GAME.new_game(3, {}, 1)
    state.phase = "over"
    state.scores = [200, 150, 100]
    assert "**Game over.** Ana wins with 200 points." in RENDERER.table(seen_of(state)).description


def test_no_screen_of_a_game_holds_development_words_or_breaks_discord_limits() -> None:
    state = GAME.new_game(3, {}, 4)
    rng = random.Random(4)
    while GAME.result(state) is None:
        for seat in [None, 0, 1, 2]:
            screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_the_table_draws_after_every_move_of_many_games_whatever_the_next_contract() -> None:
    """The last trick is explained under the contract it was played in: a new hand's contract
    (a Grand after a suit hand, say) once made the table fail to draw."""
    for seed in range(40):
        state = GAME.new_game(3, {}, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            RENDERER.table(seen_of(state))
            seat = next(iter(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
