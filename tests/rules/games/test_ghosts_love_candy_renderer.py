"""The Ghosts Love Candy renderer, fed with `Seen`s built from real states."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Seen
from bot.renderers.ghosts_love_candy import RENDERER
from rules.contract import act
from rules.games.ghosts_love_candy import GAME
from rules.games.ghosts_love_candy.cards import CORN, COWBOY, KIDS, LICORICE, PIRATE, PUMPKIN
from rules.games.ghosts_love_candy.state import GlcState
from tests.rules.games.test_ghosts_love_candy import make, play, put_candy, put_ghosts
from tests.rules.screen_limits import within_limits

NAMES = ("Ana", "Bo", "Cy", "Di")


def seen_of(state: GlcState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, tuple(NAMES[: state.players]))


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_each_kid_with_courage_ghost_total_top_ghost_and_candy() -> None:
    state = make([PIRATE, PUMPKIN, COWBOY], [3, 2, 1])
    put_ghosts(state, 1, (4, 1), (7, 2))
    put_candy(state, 1, CORN, CORN, LICORICE)
    screen = RENDERER.table(seen_of(state))
    line = next(row for row in screen.description.splitlines() if "Pumpkin" in row)
    assert "11/18" in line
    assert "top 7, Cy" in line
    assert "🌽2" in line
    assert "🖤1" in line
    assert screen.controls == ()
    within_limits(screen)


def test_table_says_who_has_chosen_but_never_which_ghost() -> None:
    state = GAME.new_game(4, {}, 2)
    play(state, 1, "send", 8)
    screen = RENDERER.table(seen_of(state))
    bo = next(f for f in screen.fields if f.name == "Bo")
    assert "has chosen" in bo.value
    assert "8" not in bo.value.split("left:")[0]
    assert "Waiting for: Ana, Cy, Di" in screen.description
    within_limits(screen)


def test_hand_shows_ghosts_love_card_and_ghost_buttons() -> None:
    state = GAME.new_game(3, {}, 2)
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Your Love card" in screen.description
    assert [c.label for c in screen.controls] == [f"Send ghost {v}" for v in range(1, 10)]
    assert all(c.group is None for c in screen.controls)
    within_limits(screen)


def test_hand_groups_many_ability_choices_into_one_select_with_player_names() -> None:
    state = make([COWBOY, PUMPKIN, PIRATE], [3, 2, 1])
    put_candy(state, 1, CORN, LICORICE)
    put_candy(state, 2, CORN)
    play(state, 0, "haunt", 0)
    screen = RENDERER.hand(seen_of(state, 0))
    assert len(screen.controls) > 5
    assert {c.group for c in screen.controls} == {"Cowboy: choose…"}
    assert "Cowboy:" in screen.description
    within_limits(screen)


def test_hand_names_players_in_ability_labels() -> None:
    state = make([PUMPKIN, PUMPKIN, PUMPKIN], [3, 2, 1])
    state.row[0].kid = 13  # the Detective
    play(state, 0, "haunt", 0)
    screen = RENDERER.hand(seen_of(state, 0))
    assert [c.label for c in screen.controls] == ["Look at Bo's Love card", "Look at Cy's Love card"]
    assert screen.controls[0].action == act("peek", 1)


def test_finished_game_shows_scores_and_love_cards() -> None:
    state = make([PUMPKIN, PIRATE, COWBOY], [3, 2, 1], candy_deck=[], love=[1, 2, 3])
    state.last_round = True
    for seat in (0, 1, 2):
        play(state, seat, "haunt", 0)
    screen = RENDERER.table(seen_of(state))
    assert "Game over" in screen.description
    assert all("points" in f.value for f in screen.fields if f.name in NAMES)
    within_limits(screen)


def test_choosing_a_kid_to_haunt_shows_what_each_kid_on_offer_does() -> None:
    rng = random.Random(4)
    state = GAME.new_game(3, {}, 4)
    while not (
        state.phase == "haunt"
        and any(a.kind == "haunt" for s in GAME.to_act(state) for a in GAME.legal_actions(state, s))
    ):
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    seat = next(iter(GAME.to_act(state)))
    screen = RENDERER.hand(seen_of(state, seat))
    field = next(f for f in screen.fields if f.name == "What each kid does")
    targets = [int(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == "haunt"]
    for pos in targets:
        kid = KIDS[state.row[pos].kid]  # type: ignore[index]
        assert f"**{kid.name}** (courage {kid.courage}): {kid.ability}" in field.value
    within_limits(screen)
    others = [RENDERER.hand(seen_of(state, s)) for s in range(3) if s != seat]
    assert all(f.name != "What each kid does" for o in others for f in o.fields), "only for the one choosing"


def test_a_player_who_has_chosen_sees_their_ghost_and_a_way_to_take_it_back() -> None:
    state = GAME.new_game(3, {}, 2)
    play(state, 0, "send", 8)
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Your secret ghost this round: **8**" in screen.description
    assert "You may take it back and choose another until the last player has chosen." in screen.description
    assert [(c.label, c.style) for c in screen.controls] == [("Take back ghost 8", "danger")]
    # The others are offered nothing of hers: no take-back, no word of her ghost.
    other = RENDERER.hand(seen_of(state, 1))
    assert all(c.action.kind == "send" for c in other.controls)
    assert "secret ghost" not in other.description
    within_limits(screen)
