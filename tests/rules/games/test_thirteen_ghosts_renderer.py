"""The 13 Ghosts renderer, fed with `Seen`s built from real states."""

from __future__ import annotations

import random

from bot import screens
from bot.renderers import renderer_for
from bot.renderers.base import Screen, Seen
from bot.renderers.thirteen_ghosts import ATTACK_GROUP, CARD_BACK, RENDERER
from rules.contract import act
from rules.games.thirteen_ghosts import GAME
from rules.games.thirteen_ghosts.ai import candidates
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from tests.rules.games.test_thirteen_ghosts import do, seen, table
from tests.rules.screen_limits import within_limits

NAMES = ("Ana", "Bo", "Cy", "Di")


def seen_of(state: ThirteenGhostsState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, tuple(NAMES[: state.players]))


def everything(screen: Screen) -> str:
    return "\n".join([screen.title, screen.description, screen.footer, *(f.name + f.value for f in screen.fields)])


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_face_up_cards_face_down_backs_answers_and_misses() -> None:
    state = table(2, [5, 6], [[3], [13]], piles=[[1, 2, 4, 7]])
    do(state, 0, "up", 3)  # even? Bo says yes
    do(state, 1, "attack", 9)  # 13 goes face down, a miss
    screen = RENDERER.table(seen_of(state))
    text = everything(screen)
    ana = next(f for f in screen.fields if f.name.endswith("Ana"))
    bo = next(f for f in screen.fields if f.name.endswith("Bo"))
    assert "**3** Even?" in ana.value
    assert CARD_BACK in bo.value
    assert "13" not in bo.value
    assert "Bo yes" in text
    assert "attacked 9 - missed" in text
    assert "Crypt may be: 2 4 6 8 10 12" in bo.value
    assert "2 cards" in next(f for f in screen.fields if f.name == "Pile").value
    assert screen.controls == ()
    within_limits(screen)


def test_table_shows_the_score_and_who_is_out() -> None:
    state = table(3, [5, 6, 7], [[3], [2], [1]], piles=[[8, 9, 10, 11]])
    state.points = [2, 1, 0]
    do(state, 0, "attack", 6)
    screen = RENDERER.table(seen_of(state))
    assert "Points: Ana 3, Bo 1, Cy 1" in screen.description
    bo = next(f for f in screen.fields if f.name.endswith("Bo"))
    assert "💀" in bo.name
    assert "Crypt held **6**" in bo.value


def test_hand_shows_your_crypt_your_hand_and_what_you_have_seen() -> None:
    state = table(2, [5, 6], [[8], [3]], piles=[[12, 1, 7, 9]])
    do(state, 0, "up", 8)
    screen = RENDERER.hand(seen_of(state, 0))
    assert "Your Crypt: **5**" in screen.description
    seen_field = next(f for f in screen.fields if f.name == "What you have seen")
    assert "**12**: the pile, on top" in seen_field.value
    assert "**1**: the pile, 1 below the top" in seen_field.value
    labels = [c.label for c in screen.controls]
    assert labels == ["Put them back with 12 on top", "Put them back with 1 on top"]
    other = RENDERER.hand(seen_of(state, 1))
    # Bo never learns what Ana saw (his Crypt hints list every number still possible, 12 among them).
    told = [other.description, *(f.name + f.value for f in other.fields if f.name != "Their Crypts may be")]
    assert not any("12" in text for text in told)
    assert other.controls == ()


def test_hand_offers_face_up_as_a_button_and_the_attack_as_a_select_of_1_to_13() -> None:
    state = table(2, [5, 6], [[3], [8]])
    screen = RENDERER.hand(seen_of(state, 0))
    buttons = [c for c in screen.controls if c.group is None]
    attacks = [c for c in screen.controls if c.group == ATTACK_GROUP]
    assert [c.action for c in buttons] == [act("up", 3)]
    assert buttons[0].label == "Play 3 face up (Even?)"
    assert [c.action for c in attacks] == [act("attack", n) for n in range(1, 14)]
    assert attacks[6].label == "Attack: 7"
    within_limits(screen)


def test_hand_in_the_team_deal_groups_the_crypt_choices() -> None:
    state = GAME.new_game(4, {}, 3)
    screen = RENDERER.hand(seen_of(state, 0))
    assert len([c for c in screen.controls if c.group == "Choose the two Crypts…"]) == 12
    assert "not chosen yet" in screen.description
    table_screen = RENDERER.table(seen_of(state))
    assert "Ana & Cy: 9 cards" in everything(table_screen)


def test_screens_render_for_every_seat_through_a_whole_random_game() -> None:
    for players in (2, 3, 4):
        state = GAME.new_game(players, {}, 21)
        rng = random.Random(players)
        while GAME.result(state) is None:
            seat = min(GAME.to_act(state))
            for viewer in (None, *range(players)):
                within_limits(RENDERER.table(seen_of(state, viewer)))
            within_limits(RENDERER.hand(seen_of(state, seat)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        final = RENDERER.table(seen_of(state))
        assert "Game over" in final.description


def test_the_crypt_hint_uses_all_the_reader_knows_and_only_that() -> None:
    # Ana's own Crypt is the 8; the "Even?" answer says Bo's Crypt is even.
    state = table(2, [8, 6], [[3], [13]], piles=[[1, 2, 4, 7]])
    do(state, 0, "up", 3)

    def hint(screen: Screen, name: str) -> str:
        value = next(f for f in screen.fields if f.name.endswith(name)).value
        return next(line for line in value.splitlines() if line.startswith("Crypt may be"))

    # The table knows the answer only; Ana also knows the 8 in her Crypt is not Bo's.
    assert hint(RENDERER.table(seen_of(state)), "Bo") == "Crypt may be: 2 4 6 8 10 12"
    ana = RENDERER.hand(seen_of(state, 0))
    assert "Bo: 2 4 6 10 12" in next(f for f in ana.fields if f.name == "Their Crypts may be").value
    assert candidates(seen(state, 0), 0, 1) == [2, 4, 6, 10, 12], "the computer reads the same"
    # Bo's hint of Ana's Crypt leaves out the 13 he holds, the 3 face up and his own 6.
    bo = RENDERER.hand(seen_of(state, 1))
    hints = next(f for f in bo.fields if f.name == "Their Crypts may be").value
    assert hints == "Ana: 1 2 4 5 7 8 9 10 11 12", "nor his own Crypt, the 6"


def test_a_player_who_has_hidden_a_ghost_sees_it_and_a_way_to_take_it_back() -> None:
    state = GAME.new_game(2, {}, 4)
    number = min(int(a.args[0]) for a in GAME.legal_actions(state, 0))
    do(state, 0, "crypt", number)
    screen = RENDERER.hand(seen_of(state, 0))
    assert f"Your Crypt: **{number}**" in screen.description
    assert "You may take it back and choose again until the last Crypt is hidden." in screen.description
    assert [(c.label, c.style) for c in screen.controls] == [(f"Take {number} back out of your Crypt", "danger")]
    # Bo, still choosing, is offered only his own cards and learns nothing of Ana's Crypt.
    other = RENDERER.hand(seen_of(state, 1))
    assert all(c.action.kind == "crypt" for c in other.controls)
    assert seen(state, 1).seats[0].crypt is None
    within_limits(screen)
