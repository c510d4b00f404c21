"""The Closest Ghost: one test per rule of the rulebook and per ruling of shared/games/closest-ghost.md.

States are built by hand with squares named like the game names them (row letter A-C, column 1-6).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from rules.contract import Action, act, say
from rules.games.closest_ghost import GAME
from rules.games.closest_ghost import board as B
from rules.games.closest_ghost.game import BOXED_IN, DRAW_AFTER
from rules.games.closest_ghost.state import ClosestGhostState, Phase
from rules.kit.errors import RuleError
from tests.rules.games.worded import unworded_lines
from tests.shared_folder import SHARED

DATA_FILE = SHARED / "games" / "closest-ghost.md"

# The exits table as printed in shared/games/closest-ghost.md (used when that file is not at hand).
DATA_EXITS = (
    "URD  LRD  LUR  | LRD  LURD LUR",
    "LUR  URD  URD  | LUD  LUD  LRD",
    "LRD  LURD LUR  | LRD  LUR  LUD",
)


def sq(name: str) -> int:
    return B.BY_NAME[name]


def squares(names: Iterable[str]) -> list[int]:
    return [sq(n) for n in names]


def make(
    *,
    avatars: tuple[str, str] = ("B2", "B5"),
    ghosts: tuple[str, ...] = ("A1", "C6", "A5"),
    candy: Iterable[str] | None = None,
    mover: int = 0,
    phase: Phase = "step",
    first: int = 0,
    quiet: int = 0,
) -> ClosestGhostState:
    """A state in the middle of play; candy defaults to every square without an avatar."""
    if candy is None:
        candy = [B.name(s) for s in range(B.SQUARES) if B.name(s) not in avatars]
    return ClosestGhostState(
        players=2,
        seed=1,
        first=first,
        mover=mover,
        phase=phase,
        avatars=squares(avatars),
        ghosts=squares(ghosts),
        candy=sorted(squares(candy)),
        quiet_turns=quiet,
    )


def step_directions(state: ClosestGhostState, seat: int) -> list[str]:
    return [str(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == "step"]


def ghost_moves(state: ClosestGhostState, seat: int) -> set[tuple[str, str]]:
    return {(str(a.args[0]), str(a.args[1])) for a in GAME.legal_actions(state, seat) if a.kind == "ghost"}


def names(sqs: Iterable[int]) -> list[str]:
    return sorted(B.name(s) for s in sqs)


# ---- board data -------------------------------------------------------------------------------


def parse_exits(rows: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(row.replace("|", " ").split()) for row in rows)


def test_board_exits_match_the_data_file_table() -> None:
    assert parse_exits(DATA_EXITS) == B.EXITS


def test_board_exits_match_the_data_file_itself_when_present() -> None:
    if not DATA_FILE.exists():
        pytest.skip("shared/games/closest-ghost.md is not next to the repository")
    rows = [line.split(":", 1)[1] for line in DATA_FILE.read_text().splitlines() if line.startswith("row ")]
    assert parse_exits(rows) == B.EXITS


def test_second_half_is_the_first_half_turned_half_a_circle() -> None:
    turn = {"U": "D", "D": "U", "L": "R", "R": "L"}
    for row in range(B.ROWS):
        for column in range(B.COLUMNS):
            turned = {turn[letter] for letter in B.EXITS[row][column]}
            assert turned == set(B.EXITS[B.ROWS - 1 - row][B.COLUMNS - 1 - column]), (row, column)


def test_board_starts_and_dotted_corners_are_where_the_data_file_puts_them() -> None:
    assert names(B.AVATAR_STARTS) == ["B2", "B5"]  # (1,1) and (1,4)
    assert names(B.DOTTED_CORNERS) == ["A1", "C6"]  # (0,0) and (2,5)
    assert [B.owner(s) for s in B.AVATAR_STARTS] == [0, 1]
    assert len(B.CANDY_START) == 16
    assert sum(1 for s in B.CANDY_START if B.owner(s) == 0) == 8


def test_every_square_has_an_exit_and_squares_have_readable_names() -> None:
    assert all(B.AVATAR_STEPS[s] for s in range(B.SQUARES))
    assert B.name(0) == "A1"
    assert B.name(17) == "C6"
    assert B.name(sq("B3")) == "B3"


# ---- setup and going first ---------------------------------------------------------------------


def test_setup_puts_avatars_on_the_board_centres_and_candy_on_every_other_square() -> None:
    state = GAME.new_game(2, {}, 4)
    assert names(state.avatars) == ["B2", "B5"]
    assert state.avatars == [sq("B2"), sq("B5")]
    assert names(state.candy) == sorted(n for n in B.BY_NAME if n not in {"B2", "B5"})


def test_setup_puts_two_ghosts_on_the_dotted_corners_over_their_candy() -> None:
    state = GAME.new_game(2, {}, 4)
    assert names(state.ghosts) == ["A1", "C6"]
    assert sq("A1") in state.candy
    assert sq("C6") in state.candy


def test_first_player_is_drawn_from_the_seed() -> None:
    firsts = {GAME.new_game(2, {}, seed).first for seed in range(40)}
    assert firsts == {0, 1}
    assert GAME.new_game(2, {}, 17).first == GAME.new_game(2, {}, 17).first


@pytest.mark.parametrize("first", [0, 1])
def test_the_other_player_places_the_third_ghost_on_any_open_square(first: int) -> None:
    seed = next(s for s in range(100) if GAME.new_game(2, {}, s).first == first)
    state = GAME.new_game(2, {}, seed)
    second = 1 - first
    assert GAME.to_act(state) == frozenset({second})
    assert GAME.legal_actions(state, first) == []
    open_squares = sorted(n for n in B.BY_NAME if n not in {"B2", "B5", "A1", "C6"})
    placed = sorted(str(a.args[0]) for a in GAME.legal_actions(state, second) if a.kind == "place")
    assert placed == open_squares
    assert len(GAME.legal_actions(state, second)) == 14


def test_after_the_third_ghost_the_first_player_takes_the_first_turn() -> None:
    state = make(ghosts=("A1", "C6"), mover=1, phase="place", first=0)
    GAME.apply(state, 1, act("place", "C3"))
    assert names(state.ghosts) == ["A1", "C3", "C6"]
    assert GAME.to_act(state) == frozenset({0})
    assert state.phase == "step"


# ---- the avatar ------------------------------------------------------------------------------------


# Where each arrow leads, read off the data file's table by hand (wrap-around included).
ARROW_TARGETS = {
    "A2": {"left": "A1", "right": "A3", "down": "B2"},
    "B1": {"left": "B6", "up": "A1", "right": "B2"},
    "B4": {"left": "B3", "up": "A4", "down": "C4"},
    "C2": {"left": "C1", "up": "B2", "right": "C3", "down": "A2"},
    "C6": {"left": "C5", "up": "B6", "down": "A6"},
}


@pytest.mark.parametrize("square", sorted(ARROW_TARGETS))
def test_avatar_moves_only_along_the_arrows_of_its_square(square: str) -> None:
    targets = ARROW_TARGETS[square]
    far_ghosts = tuple(g for g in ("A5", "C4", "A6", "C5", "B3", "A1") if g not in targets.values())[:3]
    state = make(avatars=(square, "B5" if square != "C6" else "B4"), ghosts=far_ghosts)
    assert set(step_directions(state, 0)) == set(targets)
    for direction, target in targets.items():
        trial = state.model_copy(deep=True)
        GAME.apply(trial, 0, act("step", direction))
        assert B.name(trial.avatars[0]) == target


def test_avatar_cannot_step_against_the_arrows() -> None:
    state = make(avatars=("B2", "B5"))  # B2's arrows: up, right, down
    with pytest.raises(RuleError, match="no arrow"):
        GAME.apply(state, 0, act("step", "left"))
    assert state.avatars[0] == sq("B2")


def test_arrow_off_the_top_edge_wraps_to_the_bottom_row() -> None:
    state = make(avatars=("A1", "B5"), ghosts=("B4", "C6", "A5"))
    GAME.apply(state, 0, act("step", "up"))
    assert B.name(state.avatars[0]) == "C1"
    state = make(avatars=("A5", "B2"), ghosts=("A1", "C6", "B4"))
    GAME.apply(state, 0, act("step", "up"))
    assert B.name(state.avatars[0]) == "C5"


def test_arrow_off_the_left_edge_wraps_to_the_far_right_column_and_back() -> None:
    state = make(avatars=("B1", "B5"), ghosts=("A1", "C6", "A5"))
    GAME.apply(state, 0, act("step", "left"))
    assert B.name(state.avatars[0]) == "B6"
    state = make(avatars=("A6", "B5"), ghosts=("C1", "C6", "B4"))
    GAME.apply(state, 0, act("step", "right"))
    assert B.name(state.avatars[0]) == "A1"


def test_arrow_off_the_bottom_edge_wraps_to_the_top_row() -> None:
    state = make(avatars=("C4", "B2"), ghosts=("A1", "C6", "B6"))
    GAME.apply(state, 0, act("step", "down"))
    assert B.name(state.avatars[0]) == "A4"


def test_avatar_cannot_step_onto_a_ghost() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("B3", "C6", "A5"))
    assert "right" not in step_directions(state, 0)
    with pytest.raises(RuleError, match="ghost"):
        GAME.apply(state, 0, act("step", "right"))


def test_avatar_cannot_wrap_onto_a_ghost_either() -> None:
    state = make(avatars=("B1", "B5"), ghosts=("B6", "C6", "A5"))
    assert "left" not in step_directions(state, 0)


def test_avatar_must_move_when_any_arrow_is_free() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A2", "B3", "A5"))  # only down is free
    assert GAME.legal_actions(state, 0) == [act("step", "down")]
    with pytest.raises(RuleError):
        GAME.apply(state, 0, act("stay"))


def test_trapped_avatar_stays_put_and_the_turn_goes_on_to_the_ghost() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A2", "B3", "C2"))
    assert GAME.legal_actions(state, 0) == [act("stay")]
    events = GAME.apply(state, 0, act("stay"))
    assert state.avatars[0] == sq("B2")
    assert state.phase == "ghost"
    assert GAME.to_act(state) == frozenset({0})
    assert "{p0}" in events[0].text
    assert "trapped" in events[0].text


def test_landing_on_a_candy_picks_it_up() -> None:
    state = make(avatars=("B2", "B5"))
    assert sq("B3") in state.candy
    events = GAME.apply(state, 0, act("step", "right"))
    assert sq("B3") not in state.candy
    assert len(state.candy) == 15
    assert "{p0}" in events[0].text
    assert "candy" in events[0].text


def test_landing_on_an_empty_square_takes_nothing() -> None:
    state = make(avatars=("B2", "B5"), candy=["A1", "C6", "A5", "C1"])
    GAME.apply(state, 0, act("step", "right"))
    assert names(state.candy) == ["A1", "A5", "C1", "C6"]


def test_candy_on_the_opponents_half_may_be_picked_up() -> None:
    state = make(avatars=("B3", "B5"), ghosts=("A1", "C6", "A5"))
    events = GAME.apply(state, 0, act("step", "right"))  # B4 is on seat 1's half
    assert sq("B4") not in state.candy
    assert "{p0}" in events[0].text
    assert "{p1}" in events[0].text


# ---- the closest ghost ---------------------------------------------------------------------------


def test_after_the_avatar_the_same_player_moves_the_closest_ghost() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A4"))
    GAME.apply(state, 0, act("step", "right"))  # now on B3: A4 is 2 away, A1 3, C6 4
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.view(state, 0).phase == "ghost"
    assert {g for g, _ in ghost_moves(state, 0)} == {"A4"}
    GAME.apply(state, 0, act("ghost", "A4", "down"))
    assert names(state.ghosts) == ["A1", "B4", "C6"]
    assert GAME.to_act(state) == frozenset({1})
    assert state.phase == "step"


def test_the_ghost_must_move_when_it_can() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A4"), phase="ghost")
    assert act("stuck") not in GAME.legal_actions(state, 0)
    with pytest.raises(RuleError):
        GAME.apply(state, 0, act("stuck"))


def test_ghosts_may_move_against_the_arrows() -> None:
    # B1's arrows are left, up and right; a ghost there may still go down.
    state = make(avatars=("B2", "B5"), ghosts=("B1", "C6", "A5"), phase="ghost")
    assert "D" not in B.EXITS[1][0]
    assert ("B1", "down") in ghost_moves(state, 0)


def test_ghosts_do_not_wrap_around_the_edges() -> None:
    # From A3, the ghosts on A1 and A5 are both two steps away.
    state = make(avatars=("A3", "B5"), ghosts=("A1", "A5", "C6"), phase="ghost")
    moves = ghost_moves(state, 0)
    assert {d for g, d in moves if g == "A1"} == {"right", "down"}
    assert {d for g, d in moves if g == "A5"} == {"left", "right"}  # down is B5, seat 1's avatar
    with pytest.raises(RuleError, match="wrap"):
        GAME.apply(state, 0, act("ghost", "A1", "left"))


def test_ghost_cannot_enter_a_square_with_an_avatar() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("B1", "C6", "A5"), phase="ghost")
    assert ("B1", "right") not in ghost_moves(state, 0)
    state = make(avatars=("A2", "C1"), ghosts=("B1", "C6", "A5"), phase="ghost")  # opponent's avatar too
    assert ("B1", "down") not in ghost_moves(state, 0)
    assert ("B1", "up") in ghost_moves(state, 0)
    with pytest.raises(RuleError, match="cannot enter"):
        GAME.apply(state, 0, act("ghost", "B1", "down"))


def test_ghost_cannot_enter_a_square_with_another_ghost() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("B1", "A1", "C6"), phase="ghost")
    moves = ghost_moves(state, 0)
    assert ("B1", "up") not in moves
    assert ("B1", "down") in moves


def test_you_move_the_ghost_closest_to_your_own_avatar() -> None:
    # A1 is 2 from B2 (seat 0) and 5 from B5; C5 is 1 from B5 (seat 1) and 4 from B2.
    for seat, nearest in ((0, "A1"), (1, "C5")):
        state = make(avatars=("B2", "B5"), ghosts=("A1", "C5", "A6"), phase="ghost", mover=seat)
        assert {g for g, _ in ghost_moves(state, seat)} == {nearest}
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C5", "A6"), phase="ghost", mover=0)
    with pytest.raises(RuleError, match="A1"):
        GAME.apply(state, 0, act("ghost", "C5", "left"))


def test_closeness_counts_orthogonal_steps_so_a_diagonal_is_two() -> None:
    # From B2, C3 is one diagonal away (two steps) and B4 two steps straight: equally close.
    state = make(avatars=("B2", "B5"), ghosts=("C3", "B4", "A6"), phase="ghost")
    assert {g for g, _ in ghost_moves(state, 0)} == {"B4", "C3"}


def test_closeness_does_not_count_wraparound() -> None:
    # From B1, the ghost on B6 is one wrap step away but five steps across the grid; A3 is three away.
    state = make(avatars=("B1", "C5"), ghosts=("B6", "A3", "C6"), phase="ghost")
    assert {g for g, _ in ghost_moves(state, 0)} == {"A3"}


def test_equally_close_ghosts_are_the_movers_choice() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C3", "A6"), phase="ghost")
    assert {g for g, _ in ghost_moves(state, 0)} == {"A1", "C3"}
    for ghost, direction, after in (("A1", "right", "A2"), ("C3", "right", "C4")):
        chosen = make(avatars=("B2", "B5"), ghosts=("A1", "C3", "A6"), phase="ghost")
        GAME.apply(chosen, 0, act("ghost", ghost, direction))
        assert sq(after) in chosen.ghosts
        assert sq(ghost) not in chosen.ghosts


# ---- winning -------------------------------------------------------------------------------------------


def test_clearing_the_last_candy_of_your_own_half_wins() -> None:
    state = make(avatars=("B2", "B5"), candy=["B3", "A4", "C5"])
    GAME.apply(state, 0, act("step", "right"))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)
    assert result.places == (1, 2)


def test_you_win_even_when_the_opponent_takes_your_last_candy() -> None:
    # Seat 1 walks from B4 left onto B3, the last candy on seat 0's half.
    state = make(avatars=("C1", "B4"), candy=["B3", "A4", "C5"], mover=1)
    GAME.apply(state, 1, act("step", "left"))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)
    assert "{p0}" in result.summary


# ---- rulings of shared/games/closest-ghost.md ------------------------------------------------------------


def test_ruling_1_third_ghost_may_cover_a_candy_but_not_an_avatar_or_ghost() -> None:
    state = make(ghosts=("A1", "C6"), mover=1, phase="place", first=0)
    for taken in ("B2", "B5", "A1", "C6"):
        with pytest.raises(RuleError, match="already holds"):
            GAME.apply(state, 1, act("place", taken))
    events = GAME.apply(state, 1, act("place", "A2"))
    assert sq("A2") in state.ghosts
    assert sq("A2") in state.candy
    assert "candy" in events[0].text
    assert "{p1}" in events[0].text


def test_ruling_1_the_seat_going_first_keeps_its_seat_number() -> None:
    seed = next(s for s in range(100) if GAME.new_game(2, {}, s).first == 1)
    state = GAME.new_game(2, {}, seed)
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert GAME.to_act(state) == frozenset({1})
    assert state.avatars[1] == sq("B5")  # seat 1 still owns columns 4-6


def test_ruling_2_avatars_may_share_a_square() -> None:
    state = make(avatars=("B2", "B3"), ghosts=("A1", "C6", "A5"))
    GAME.apply(state, 0, act("step", "right"))
    assert state.avatars == [sq("B3"), sq("B3")]


def test_ruling_2_avatar_steps_exactly_one_square() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A5"))
    before = state.avatars[0]
    for action in GAME.legal_actions(state, 0):
        trial = state.model_copy(deep=True)
        GAME.apply(trial, 0, action)
        assert B.distance(before, trial.avatars[0]) == 1


def test_ruling_3_when_the_closest_ghost_is_boxed_in_no_ghost_moves() -> None:
    # A1 is the nearest ghost to B1 and has only A2 (a ghost) and B1 (an avatar) beside it;
    # the ghost on A2 could move but is farther away.
    state = make(avatars=("B1", "B5"), ghosts=("A1", "A2", "C6"), phase="ghost")
    assert GAME.legal_actions(state, 0) == [act("stuck")]
    before = list(state.ghosts)
    events = GAME.apply(state, 0, act("stuck"))
    assert state.ghosts == before
    assert GAME.to_act(state) == frozenset({1})
    assert state.phase == "step"
    assert "{p0}" in events[0].text


def test_ruling_3_a_tie_with_one_boxed_in_ghost_moves_the_free_one() -> None:
    state = make(avatars=("B1", "B5"), ghosts=("A1", "C1", "A2"), phase="ghost")
    assert GAME.legal_actions(state, 0) == [act("ghost", "C1", "right")]


def test_ruling_3_a_ghost_moving_onto_a_candy_covers_it() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A5"), phase="ghost")
    events = GAME.apply(state, 0, act("ghost", "A1", "down"))
    assert sq("B1") in state.ghosts
    assert sq("B1") in state.candy
    assert "covering" in events[0].text


def test_ruling_4_a_covered_candy_cannot_be_taken_and_still_counts() -> None:
    # Seat 0's only candy left is under the ghost on A3: not a win, and nobody may step there.
    state = make(avatars=("A2", "C4"), ghosts=("A3", "C6", "C1"), candy=["A3", "B6"])
    assert GAME.result(state) is None
    assert "right" not in step_directions(state, 0)
    GAME.apply(state, 0, act("step", "down"))  # A2 -> B2
    GAME.apply(state, 0, act("ghost", "A3", "right"))  # A3 and C1 are both 2 away: move A3 off
    assert sq("A3") in state.candy
    assert GAME.result(state) is None
    GAME.apply(state, 1, act("step", "right"))  # C4 -> C5
    GAME.apply(state, 1, act("ghost", "C6", "up"))  # covers seat 1's candy on B6
    GAME.apply(state, 0, act("step", "up"))  # B2 -> A2
    GAME.apply(state, 0, act("ghost", "A4", "down"))
    GAME.apply(state, 1, act("step", "left"))  # C5 -> C4
    GAME.apply(state, 1, act("ghost", "B4", "right"))
    GAME.apply(state, 0, act("step", "right"))  # A2 -> A3: the uncovered candy is taken
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)


def test_ruling_5_the_game_ends_at_once_with_no_ghost_move() -> None:
    state = make(avatars=("C1", "B4"), candy=["B3", "A4"], mover=1)
    events = GAME.apply(state, 1, act("step", "left"))
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, 1) == []
    assert GAME.legal_actions(state, 0) == []
    assert any("{p0}" in e.text and e.kind == "win" for e in events)
    with pytest.raises(RuleError, match="over"):
        GAME.apply(state, 1, act("ghost", "A1", "right"))


def test_ruling_6_sixty_turns_without_candy_is_a_draw() -> None:
    assert DRAW_AFTER == 60
    state = make(avatars=("B2", "B5"), candy=["A1", "C6", "A5"], quiet=DRAW_AFTER - 1)
    GAME.apply(state, 0, act("step", "right"))
    assert GAME.result(state) is None  # the draw comes at the end of the turn
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    result = GAME.result(state)
    assert result is not None
    assert result.is_draw
    assert result.places == (1, 1)
    assert GAME.to_act(state) == frozenset()


def test_ruling_6_picking_up_a_candy_restarts_the_draw_count() -> None:
    state = make(avatars=("B2", "B5"), quiet=DRAW_AFTER - 1)
    GAME.apply(state, 0, act("step", "right"))  # takes B3
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert GAME.result(state) is None
    assert state.quiet_turns == 0


def test_ruling_6_the_draw_counts_trapped_and_stuck_turns_too() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A2", "B3", "C2"), candy=["A1", "C6"], quiet=DRAW_AFTER - 1)
    GAME.apply(state, 0, act("stay"))
    GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    result = GAME.result(state)
    assert result is not None
    assert result.is_draw


def test_ruling_6_random_play_always_ends() -> None:
    rng = random.Random(3)
    for seed in range(30):
        state = GAME.new_game(2, {}, seed)
        for _ in range(5000):
            if GAME.result(state) is not None:
                break
            (seat,) = GAME.to_act(state)
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert GAME.result(state) is not None


# ---- words, views and copies ----------------------------------------------------------------------------


def test_help_says_the_arrows_are_our_own_and_the_draw_is_a_house_rule() -> None:
    text = " ".join(GAME.help_pages)
    assert GAME.house_card_set
    assert not GAME.hidden_information
    assert "Our own arrows" in text
    assert "printed arrows were not" in text
    assert "House rule" in text
    assert str(DRAW_AFTER) in text
    assert all(len(page) < 3500 for page in GAME.help_pages)


def test_labels_say_the_move_in_words_with_arrows() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A5"))
    assert GAME.label(state, 0, act("step", "up")) == "Move ⬆ up to A2"
    ghost_state = make(avatars=("B2", "B5"), ghosts=("B3", "C6", "A5"), phase="ghost")
    assert GAME.label(ghost_state, 0, act("ghost", "B3", "right")) == "Move ghost at B3 ➡ right"
    assert "trapped" in GAME.label(state, 0, act("stay")).lower()
    for action in GAME.legal_actions(state, 0) + GAME.legal_actions(ghost_state, 0):
        assert len(GAME.label(state if action.kind == "step" else ghost_state, 0, action)) <= 80


def test_moves_out_of_phase_are_refused_with_a_reason() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A5"))
    with pytest.raises(RuleError, match="move your avatar"):
        GAME.apply(state, 0, act("ghost", "A1", "right"))
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, 1, act("step", "up"))


def test_render_text_draws_the_grid_and_whose_turn_it_is() -> None:
    state = make(avatars=("B2", "B5"), ghosts=("A1", "C6", "A5"), mover=1)
    text = GAME.render_text(GAME.view(state, None))
    lines = text.splitlines()
    assert lines[0].split() == ["1", "2", "3", "|", "4", "5", "6"]
    assert lines[1].split()[0] == "A"
    assert "Go" in lines[1]
    assert lines[2].split()[2] == "1"
    assert lines[2].split()[6] == "2"
    assert "{p1}" in lines[-1]


def test_view_holds_the_board_but_not_the_seed() -> None:
    state = make()
    view = GAME.view(state, 0)
    data = view.model_dump()
    assert "seed" not in data
    assert "draws" not in data
    assert "log" not in data
    assert list(view.avatars) == state.avatars
    assert list(view.candy) == state.candy


def test_determinize_is_a_deep_copy_with_a_fresh_seed() -> None:
    state = GAME.new_game(2, {}, 8)
    copy = GAME.determinize(state, 0, random.Random(1))
    assert copy.seed != state.seed
    assert GAME.view(copy, 0) == GAME.view(state, 0)
    copy.candy.clear()
    copy.ghosts.append(3)
    assert len(state.candy) == 16
    assert len(state.ghosts) == 2


def test_actions_round_trip_through_tokens() -> None:
    for action in (act("step", "left"), act("ghost", "B3", "up"), act("place", "C2"), act("stay"), act("stuck")):
        assert Action.parse(action.token()) == action


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("closest-ghost") == set()
    state = GAME.new_game(2, {}, 1)
    setup = state.log[0]
    names = ("Ana", "Bob")
    assert (
        setup.in_words(names, state.first) == "You go first; " + names[1 - state.first] + " puts down the third ghost."
    )
    assert setup.in_words(names, 1 - state.first).endswith("; you put down the third ghost.")
    assert setup.said is not None
    placer = 1 - state.first
    (placed,) = GAME.apply(state, placer, GAME.legal_actions(state, placer)[0])
    assert placed.in_words(names, placer).startswith("You put the third ghost on ")
    assert placed.said is not None


def test_a_boxed_in_ghost_is_boxed_in_whoever_reads_it() -> None:
    line = say("stuck", BOXED_IN, {"who": 1})
    assert line.in_words(("Ana", "Bob"), 1) == "The ghost nearest to you is boxed in, so no ghost moves."
    assert line.in_words(("Ana", "Bob"), 0) == "The ghost nearest to Bob is boxed in, so no ghost moves."
