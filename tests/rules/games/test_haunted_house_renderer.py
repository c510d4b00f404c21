"""The Haunted House renderer, fed with `Seen`s built from real states: every sentence a player reads."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.haunted_house import RENDERER
from rules.candy_kit.candy_deck import HALLOWEEN_CARDS, PRANKS
from rules.contract import act
from rules.games.haunted_house import GAME
from rules.games.haunted_house.state import HauntedHouseState
from tests.rules import screen_limits
from tests.rules.games.test_haunted_house import c, pass_all, play, playing, score
from tests.rules.screen_limits import field

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


def seen_of(state: HauntedHouseState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, NAMES[: state.players])


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_the_passing_table_says_where_the_cards_go_and_who_has_picked_without_the_cards() -> None:
    state = GAME.new_game(4, {}, 3)
    state.dealer = 3
    for card in state.hands[1][:3]:
        GAME.apply(state, 1, act("pass", card))
    screen = RENDERER.table(seen_of(state))
    assert screen.description.startswith("Hand 1 · passing 3 cards to the left")
    assert "Waiting for: Ana, Cy, Di" in screen.description
    players = field(screen, "Players").splitlines()
    assert players[1].startswith("👻 **Bo**")
    assert players[1] == "👻 **Bo**: **31** courage · taken 0 🎃 0 🧻 · 0 tricks · 13 cards · has picked"
    assert players[3].startswith("👻 **Di** (dealer): ")
    assert players[0].endswith("13 cards · picking")
    assert screen.footer == "Everyone starts with 31 courage; the game ends when someone runs out."
    assert screen.controls == ()


def test_the_pass_screen_shows_the_picked_cards_and_asks_for_the_rest() -> None:
    state = GAME.new_game(4, {}, 3)
    state.hand_number = 2
    card = state.hands[0][0]
    GAME.apply(state, 0, act("pass", card))
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Pick 2 more cards to pass to the right; they go once everyone has picked, and nobody sees them " in (
        screen.description
    )
    assert "Cards you are passing" in [f.name for f in screen.fields]
    backs = [ctl for ctl in screen.controls if ctl.action.kind == "take-back"]
    assert len(backs) == 1
    assert backs[0].label.startswith("Keep ")
    assert backs[0].label.endswith(" after all")
    assert all(ctl.group == "Pick a card to pass…" for ctl in screen.controls if ctl.action.kind == "pass")
    screen_limits.within_limits(screen)
    screen_limits.selects_within_limits(screen)


def test_after_picking_three_a_player_is_told_the_cards_go_when_everyone_has_picked() -> None:
    state = GAME.new_game(4, {}, 3)
    for card in state.hands[0][:3]:
        GAME.apply(state, 0, act("pass", card))
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Your cards are picked; they go once everyone has picked." in screen.description


def test_received_cards_are_marked_and_the_passed_ones_listed_on_the_players_screen_only() -> None:
    state = GAME.new_game(4, {}, 3)
    pass_all(state)
    mine = RENDERER.hand(seen_of(state, 1))
    assert field(mine, "Your hand").count("📥") == 3
    assert "You passed" in [f.name for f in mine.fields]
    table = RENDERER.table(seen_of(state))
    assert "📥" not in table.description + "".join(f.value for f in table.fields)


def test_the_first_lead_is_asked_with_its_three_suits() -> None:
    state = GAME.new_game(4, {}, 6)
    pass_all(state)
    holder = next(iter(GAME.to_act(state)))
    screen = RENDERER.hand(seen_of(state, holder))
    assert "You lead the first trick with the purple 1: name Nuts, Fruit or Coconut." in screen.description
    assert sorted(ctl.label for ctl in screen.controls) == [
        "Play 1 Nuts/Fruit/Coconut as Coconut",
        "Play 1 Nuts/Fruit/Coconut as Fruit",
        "Play 1 Nuts/Fruit/Coconut as Nuts",
    ]
    table = RENDERER.table(seen_of(state))
    assert f"Waiting for {NAMES[holder]} to lead." in table.description
    assert "Hand 1 · trick 1 of 13 · Halloween not broken yet" in table.description


def test_the_trick_shows_the_named_suit_the_cards_and_the_prompt_to_follow() -> None:
    state = playing([[c("orange", 2)], [c("orange", 9), c("green", 3)], [c("orange", 5)]])
    play(state, 0, c("orange", 2), "chocolate")
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play a card: follow 🍫 Chocolate if you can." in screen.description
    trick = field(screen, "Trick")
    assert trick == "Trick suit: 🍫 Chocolate\nAna: `2` 🍫 Chocolate"


def test_after_a_prank_lead_the_trick_says_no_suit_is_named_yet() -> None:
    state = playing([[c("green", -1)], [c("orange", 9)], [c("orange", 5)]], broken=True)
    play(state, 0, c("green", -1))
    screen = RENDERER.hand(seen_of(state, 1))
    assert "Play any card; a suited card names the trick suit." in screen.description
    assert "Trick suit: not named yet (a Prank led)" in field(screen, "Trick")


def test_a_later_lead_is_asked_plainly_and_the_broken_flag_shows() -> None:
    state = playing([[c("orange", 2), c("orange", 3)], [c("orange", 9)], [c("orange", 5)]], broken=True)
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Lead a card and name one of its suits." in screen.description
    assert "💔 Halloween broken" in screen.description


def test_the_last_trick_says_who_won_it_and_why() -> None:
    state = playing(
        [[c("orange", 2), c("orange", 3)], [c("orange", 9), c("orange", 4)], [c("orange", 5), c("orange", 6)]]
    )
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 9))
    play(state, 2, c("orange", 5))
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Bo** with 9 Chocolate/Coconut/Nuts, the highest Chocolate.")
    assert last.startswith("Ana: `2` 🍫 Chocolate\nBo: ")


def test_a_trick_of_pranks_says_the_leader_took_it_as_nobody_played_a_suited_card() -> None:
    state = playing(
        [[c("green", -1), c("green", 2)], [c("orange", -1), c("green", 3)], [c("purple", -1), c("green", 4)]],
        broken=True,
    )
    for seat, card in ((0, c("green", -1)), (1, c("orange", -1)), (2, c("purple", -1))):
        play(state, seat, card)
    last = field(RENDERER.table(seen_of(state)), "Last trick")
    assert last.endswith("Won by **Ana**, who led: nobody played a suited card.")


def test_the_last_hand_shows_each_loss_or_who_scared_everyone() -> None:
    state = score([[c("black", 2), c("green", -1)], [], [c("black", 3)]])
    assert field(RENDERER.table(seen_of(state)), "Last hand") == "Ana -2 · Bo -0 · Cy -1"
    state = score([list(HALLOWEEN_CARDS) + list(PRANKS), [], []])
    assert field(RENDERER.table(seen_of(state)), "Last hand") == (
        "😱 Ana scared everyone: the others lost 13 courage each."
    )


def test_the_game_over_table_gives_the_result() -> None:
    state = score([[c("black", 2), c("black", 3)], [], []], courage=[2, 10, 12])
    screen = RENDERER.table(seen_of(state))
    assert "Hand 1 · game over" in screen.description
    assert "**Game over.** Cy wins with 12 points of courage left." in screen.description


def test_no_screen_of_a_whole_game_holds_development_words_or_breaks_discord_limits() -> None:
    for players in (3, 4, 5):
        state = GAME.new_game(players, {}, players)
        rng = random.Random(players)
        while GAME.result(state) is None:
            for seat in [None, *range(players)]:
                screen_limits.both_screens_read_well(RENDERER, seen_of(state, seat))
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            if state.hand_number > 2:
                break
