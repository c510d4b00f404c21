"""The Candy Pick! renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.candy_pick import RENDERER
from rules.candy_kit.candy_deck import CARD_TEXT
from rules.contract import act
from rules.games.candy_pick import GAME
from rules.games.candy_pick.declare import declare
from rules.games.candy_pick.game import EXCHANGE
from rules.games.candy_pick.state import CandyPickState
from tests.rules import screen_limits
from tests.rules.games.test_candy_pick import c, exchange, exchange_both, play, playing
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo")


def seen_of(state: CandyPickState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_exchange_table_shows_the_talon_who_exchanges_and_the_counts_only() -> None:
    state = GAME.new_game(2, {}, 3)
    state.dealer = 1
    state.turn = 0
    exchange(state, 0, state.hands[0][:3])
    screen = RENDERER.table(seen_of(state))
    assert screen.description.startswith("Hand 1 of 4 · the exchange (3 cards in the talon)")
    assert "Turn: Bo" in screen.description
    players = field(screen, "Players").splitlines()
    assert players[0] == "🍬 **Ana**: **0** points · 0 tricks this hand · swapped 3 cards"
    assert players[1] == "🍬 **Bo** 🃏 dealer: **0** points · 0 tricks this hand · exchanging"
    assert screen.footer == (
        "Four hands, each player deals twice; the most points wins. "
        "Tricks taken → points: 0-3 31 · 4 6 · 5 12 · 6 18 · 7-9 31 · 10-13 0."
    )
    assert screen.controls == ()


def test_the_exchange_screen_offers_one_select_of_cards_then_take_back_and_exchange_buttons() -> None:
    state = GAME.new_game(2, {}, 3)
    elder = 1 - state.dealer
    screen = RENDERER.hand(seen_of(state, elder))
    assert "Pick 1 to 4 cards to discard, one at a time; then press Exchange to draw as many." in screen.description
    assert {ctl.group for ctl in screen.controls} == {"Pick a card to discard…"}
    card = state.hands[elder][0]
    GAME.apply(state, elder, act("discard", card))
    screen = RENDERER.hand(seen_of(state, elder))
    assert "1 card picked: pick up to 3 more, or press Exchange to draw as many from the talon." in screen.description
    assert "Picked to discard" in [f.name for f in screen.fields]
    buttons = [ctl for ctl in screen.controls if ctl.group is None]
    assert [b.label for b in buttons] == [
        f"Keep {CARD_TEXT[card]} after all",
        "Exchange 1 card",
    ]
    assert buttons[0].style == "danger"
    assert buttons[1].style == "success"
    screen_limits.within_limits(screen)
    screen_limits.selects_within_limits(screen)


def test_the_dealer_after_a_swap_of_four_is_offered_at_most_two() -> None:
    state = GAME.new_game(2, {}, 4)
    exchange(state, 1 - state.dealer, state.hands[1 - state.dealer][:4])
    screen = RENDERER.hand(seen_of(state, state.dealer))
    assert "Pick 1 to 2 cards to discard" in screen.description


def test_drawn_cards_are_marked_and_the_discards_listed_on_the_players_screen_only() -> None:
    state = GAME.new_game(2, {}, 5)
    elder = 1 - state.dealer
    exchange(state, elder, state.hands[elder][:2])
    mine = RENDERER.hand(seen_of(state, elder))
    assert field(mine, "Your hand").count("📥") == 2
    assert "You discarded" in [f.name for f in mine.fields]
    other = RENDERER.hand(seen_of(state, state.dealer))
    assert "📥" not in field(other, "Your hand")
    assert "You discarded" not in [f.name for f in other.fields]
    table = RENDERER.table(seen_of(state))
    assert "📥" not in table.description + "".join(f.value for f in table.fields)


def test_the_declarations_are_shown_with_names_and_what_each_scored() -> None:
    state = GAME.new_game(2, {}, 6)
    exchange_both(state)
    text = field(RENDERER.table(seen_of(state)), "Declarations")
    lines = text.splitlines()
    assert lines[0].startswith("Flush: ")
    assert lines[1].startswith("Run: ")
    assert lines[2].startswith("Set: ")
    assert lines[3] == f"Ana +{state.declared[0]} · Bo +{state.declared[1]}"
    assert "{p" not in text


def test_the_lead_and_the_follow_are_asked_plainly() -> None:
    state = playing([[c("orange", 9), c("green", 5)], [c("orange", 10), c("purple", 12)]])
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Lead a card and name one of its suits." in screen.description
    assert sorted(ctl.label for ctl in screen.controls) == [
        "Lead 5 Gummy/Sour as Gummy",
        "Lead 5 Gummy/Sour as Sour",
        "Lead 9 Chocolate/Coconut/Nuts as Chocolate",
        "Lead 9 Chocolate/Coconut/Nuts as Coconut",
        "Lead 9 Chocolate/Coconut/Nuts as Nuts",
    ]
    play(state, 0, c("orange", 9), "nuts")
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play a card: follow 🥜 Nuts if you can." in screen.description
    assert field(screen, "Trick").startswith("Trick suit: 🥜 Nuts\nAna: `9`")


def test_the_last_trick_says_who_won_it_and_why() -> None:
    state = playing([[c("orange", 6), c("green", 5)], [c("orange", 11), c("black", 8)]])
    play(state, 0, c("orange", 6), "chocolate")
    play(state, 1, c("orange", 11))
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Bo** with 11 Chocolate/Caramel/Nuts, the highest Chocolate.")
    assert last.startswith("Ana: `6` 🍫 Chocolate\nBo: ")


def test_the_last_hand_and_the_game_over_table_give_the_points() -> None:
    state = playing([[c("orange", 12)], [c("orange", 5)]])
    state.hand_number = 4
    state.tricks_won = [7, 5]
    state.declared = [12, 7]
    state.scores = [60, 50]
    play(state, 0, c("orange", 12), "chocolate")
    play(state, 1, c("orange", 5))
    screen = RENDERER.table(seen_of(state))
    assert field(screen, "Last hand") == (
        "Ana: 12 for declarations, 8 tricks for 31\nBo: 7 for declarations, 5 tricks for 12"
    )
    assert "Hand 4 of 4 · game over" in screen.description
    assert "**Game over.** Ana wins with 91 points to 62." in screen.description


def test_no_screen_of_a_whole_game_holds_development_words_or_breaks_discord_limits() -> None:
    state = GAME.new_game(2, {}, 7)
    rng = random.Random(7)
    while GAME.result(state) is None:
        for seat in (None, 0, 1):
            screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = EXCHANGE if EXCHANGE in legal and rng.random() < 0.5 else rng.choice(legal)
        GAME.apply(state, seat, action)


def test_a_declaration_speaks_to_the_player_it_names_whatever_the_verb_follows() -> None:
    state = GAME.new_game(2, {}, 6)
    exchange_both(state)
    twelves = [c("black", 12), c("green", 12), c("orange", 12)]
    fives = [c("black", 5), c("green", 5), c("orange", 5)]
    elevens = [c(colour, 11) for colour in ("black", "green", "orange", "purple")]
    state.announced = list(declare([twelves + fives, elevens], 1).events)
    names = ("You", "Bo")
    text = field(RENDERER.table(screens.seen_of(GAME, state, None, names)), "Declarations")
    assert (
        "Set: You declare Three 12s; Bo has no better set; you also declare Three 5s. You score 14 for 2 sets." in text
    )


def test_a_game_saved_with_the_declarations_as_texts_still_loads_and_shows_them() -> None:
    state = GAME.new_game(2, {}, 6)
    exchange_both(state)
    saved = state.model_dump(mode="json")
    saved["announced"] = [line.text for line in state.announced]
    again = CandyPickState.model_validate(saved)
    assert [line.text for line in again.announced] == [line.text for line in state.announced]
    assert "{p" not in field(RENDERER.table(seen_of(again)), "Declarations")
