"""The Closest Ghost renderer, fed with `Seen`s built from real states."""

from __future__ import annotations

from bot import screens
from bot.pictures.samples import random_play
from bot.renderers import renderer_for
from bot.renderers.base import MAX_DESCRIPTION, MAX_FIELD_VALUE, MAX_LABEL, Screen, Seen
from bot.renderers.closest_ghost import CORNER, RENDERER, grid, square_emoji
from rules.contract import act
from rules.games.closest_ghost import GAME
from rules.games.closest_ghost import board as B
from rules.games.closest_ghost.state import ClosestGhostState

NAMES = ("Ana", "Bo")


def seen_of(state: ClosestGhostState, seat: int | None = None) -> Seen:
    return screens.seen_of(GAME, state, seat, tuple(NAMES))


def grid_rows(screen: Screen) -> list[str]:
    return screen.description.split("\n\n")[0].splitlines()


def started(first: int) -> ClosestGhostState:
    seed = next(s for s in range(100) if GAME.new_game(2, {}, s).first == first)
    return GAME.new_game(2, {}, seed)


def test_renderer_is_found_for_the_game() -> None:
    assert renderer_for(GAME) is RENDERER


def test_table_shows_the_board_as_an_emoji_grid_with_two_kinds_of_candy() -> None:
    screen = RENDERER.table(seen_of(started(0)))
    rows = grid_rows(screen)
    assert len(rows) == 4  # column heads and three rows
    board_text = "\n".join(rows[1:])
    # Ghosts on A1 and C6 hide one candy of each half; the avatars stand on B2 and B5.
    assert board_text.count("👻") == 2
    assert board_text.count("🍬") == 7
    assert board_text.count("🍭") == 7
    assert rows[2].index("🧒") < rows[2].index("┃") < rows[2].index("🧑")
    assert all(row.count("┃") == 1 for row in rows)


def test_table_counts_candy_left_per_player_including_hidden_ones() -> None:
    screen = RENDERER.table(seen_of(started(0)))
    candy = next(f for f in screen.fields if f.name == "Candy left")
    assert "Ana: **8** (1 under a ghost)" in candy.value
    assert "Bo: **8** (1 under a ghost)" in candy.value


def test_table_shows_whose_turn_and_recent_events_with_names() -> None:
    state = started(1)  # Bo goes first, so Ana puts down the third ghost
    GAME.apply(state, 0, act("place", "C3"))
    screen = RENDERER.table(seen_of(state))
    assert "Turn: Bo" in screen.description
    recent = next(f for f in screen.fields if f.name == "Recent")
    assert "Ana put the third ghost on C3" in recent.value
    assert "{p" not in recent.value


def test_placement_choices_are_one_select_menu() -> None:
    state = started(0)
    screen = RENDERER.table(seen_of(state))
    assert len(screen.controls) == 14
    assert {c.group for c in screen.controls} == {"Put the third ghost on…"}


def test_avatar_controls_are_arrow_buttons_matching_the_legal_moves() -> None:
    state = started(0)
    GAME.apply(state, 1, act("place", "C3"))
    screen = RENDERER.table(seen_of(state))
    assert [c.action for c in screen.controls] == GAME.legal_actions(state, 0)
    labels = [c.label for c in screen.controls]
    # B2's arrows point up, right and down.
    assert labels == ["Move ⬆ up to A2", "Move ➡ right to B3", "Move ⬇ down to C2"]
    assert all(c.group is None for c in screen.controls)


def test_ghost_controls_name_the_ghost_and_direction() -> None:
    state = started(0)
    GAME.apply(state, 1, act("place", "C3"))
    GAME.apply(state, 0, act("step", "down"))  # Ana to C2: C3 is one step away
    screen = RENDERER.hand(seen_of(state, 0))
    assert screen.controls
    assert all(c.label.startswith("Move ghost at C3 ") for c in screen.controls)


def test_trapped_avatar_gets_a_single_stay_button() -> None:
    state = started(0)
    GAME.apply(state, 1, act("place", "A2"))
    state.ghosts = [B.BY_NAME["A2"], B.BY_NAME["B3"], B.BY_NAME["C2"]]
    screen = RENDERER.table(seen_of(state))
    assert [c.action for c in screen.controls] == [act("stay")]


def test_finished_game_shows_the_winner_and_no_controls() -> None:
    state = started(0)
    GAME.apply(state, 1, act("place", "C3"))
    state.candy = [B.BY_NAME["B3"], B.BY_NAME["C5"]]  # Ana's last candy is one step away
    GAME.apply(state, 0, act("step", "right"))
    screen = RENDERER.table(seen_of(state))
    assert "Game over" in screen.description
    assert "Ana wins" in screen.description
    assert screen.controls == ()


def test_screens_stay_within_discord_limits_through_a_whole_game() -> None:
    state = started(1)
    for _ in range(300):
        if GAME.result(state) is not None:
            break
        seen = seen_of(state)
        screen = RENDERER.table(seen)
        assert len(screen.description) <= MAX_DESCRIPTION
        assert all(len(f.value) <= MAX_FIELD_VALUE for f in screen.fields)
        assert all(len(c.label) <= MAX_LABEL for c in screen.controls)
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])


def test_the_grid_shows_each_square_as_square_emoji_says_through_whole_games() -> None:
    for seed in range(5):
        for state in random_play(GAME, 2, {}, seed):
            assert isinstance(state, ClosestGhostState)
            view = GAME.view(state, None)
            rows = grid(view).split("\n")
            assert rows[0].startswith(CORNER)
            for row in range(B.ROWS):
                expected = [square_emoji(view, B.square(row, column)) for column in range(B.COLUMNS)]
                assert rows[1 + row] == rows[1 + row][0] + "".join(expected[:3]) + "┃" + "".join(expected[3:])
