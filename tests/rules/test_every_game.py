"""The contract every registered game must keep, checked by random legal play.

Parametrised over the registry and each game's `configurations()`, so a new
game is held to it the moment its folder exists.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.contract import LOG_KEEP, Action, Game, GameState, Result, View
from rules.kit.errors import RuleError
from rules.registry import games

SEEDS = range(6)
MAX_ACTIONS = 20_000
CASES = [
    pytest.param(
        game,
        players,
        options,
        id=f"{game.id}-{players}p{'-' + '-'.join(f'{k}={v}' for k, v in options.items()) if options else ''}",
    )
    for game in games().values()
    for players, options in game.configurations()
]


def play_randomly(game: Game[Any], state: GameState, seed: int, check: Any = None) -> list[tuple[int, Action]]:
    """Random legal play to the end; returns the (seat, action) log. `check(state)` runs before each move."""
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    while game.result(state) is None:
        assert len(moves) < MAX_ACTIONS, f"{game.id} did not end within {MAX_ACTIONS} actions"
        if check is not None:
            check(state)
        seats = sorted(game.to_act(state))
        assert seats, "a game that is not over must have someone to act"
        seat = rng.choice(seats)
        actions = game.legal_actions(state, seat)
        assert actions, f"seat {seat} is to act but has no legal action"
        action = rng.choice(actions)
        game.apply(state, seat, action)
        moves.append((seat, action))
    assert game.to_act(state) == frozenset(), "nobody acts once the game is over"
    assert len(state.log) <= LOG_KEEP, "the state's log keeps only recent events"
    return moves


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_random_play_always_ends_and_replays_byte_for_byte(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    for seed in SEEDS:
        state = game.new_game(players, options, seed)
        moves = play_randomly(game, state, seed)
        replay = game.new_game(players, options, seed)
        for seat, action in moves:
            game.apply(replay, seat, Action.parse(action.token()))
        assert game.dump_state(replay) == game.dump_state(state)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_setup_is_deterministic_per_seed(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    assert game.dump_state(game.new_game(players, options, 11)) == game.dump_state(game.new_game(players, options, 11))


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_state_round_trips_through_json_at_every_step(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    def check(state: GameState) -> None:
        text = game.dump_state(state)
        assert text == state.model_dump_json(), "the state's text is pydantic's own"
        assert game.dump_state(game.load_state(text)) == text

    play_randomly(game, game.new_game(players, options, 3), 3, check)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_copy_is_what_a_reload_gives_and_a_move_on_it_leaves_the_state_alone(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    # A move is played on a copy (so nobody sees it before it is stored), which shares the log's events.
    def check(state: GameState) -> None:
        text = game.dump_state(state)
        copy = game.copy_state(state)
        assert copy == game.load_state(text)
        assert game.dump_state(copy) == text
        seat = min(game.to_act(copy))
        game.apply(copy, seat, game.legal_actions(copy, seat)[-1])
        assert game.dump_state(state) == text, "the move on the copy changed the state"

    play_randomly(game, game.new_game(players, options, 3), 3, check)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_illegal_actions_raise_and_leave_state_untouched(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    def check(state: GameState) -> None:
        before = game.dump_state(state)
        acting = game.to_act(state)
        for seat in range(players):
            with pytest.raises(RuleError) as nonsense:
                game.apply(state, seat, Action(kind="no-such-move", args=(99,)))
            assert nonsense.value.message
            if seat not in acting:
                # Any move of a seat that is not to act is refused, however legal it looks.
                for action in game.legal_actions(state, min(acting))[:3]:
                    with pytest.raises(RuleError):
                        game.apply(state, seat, action)
        assert game.dump_state(state) == before

    play_randomly(game, game.new_game(players, options, 5), 5, check)


def position_kind(game: Game[Any], state: GameState) -> tuple[Any, ...]:
    """What kind of position this is: the game's phase (where its state names one), whether one seat
    or several act, and which kinds of move they have. Positions of one kind differ in their cards,
    not in which parts of the state a view draws on."""
    acting = sorted(game.to_act(state))
    kinds = sorted({action.kind for seat in acting for action in game.legal_actions(state, seat)})
    return str(getattr(state, "phase", "")), len(acting) > 1, tuple(kinds)


def sampled_positions(game: Game[Any], players: int, options: dict[str, Any], seed: int, sample: int) -> set[int]:
    """Which positions (move numbers) of the random game `seed` a costly check visits: the first and
    the last of every kind of position, the last before the end, and `sample` more drawn by a seeded
    RNG, so the same positions are checked on every run and every machine."""
    kinds: list[tuple[Any, ...]] = []
    play_randomly(
        game, game.new_game(players, options, seed), seed, lambda state: kinds.append(position_kind(game, state))
    )
    first: dict[tuple[Any, ...], int] = {}
    last: dict[tuple[Any, ...], int] = {}
    for index, kind in enumerate(kinds):
        first.setdefault(kind, index)
        last[kind] = index
    chosen = {*first.values(), *last.values(), len(kinds) - 1}
    rest = sorted(set(range(len(kinds))) - chosen)
    return chosen | set(random.Random(seed).sample(rest, min(sample, len(rest))))


#: How many positions of a game the views test draws besides the first and last of each kind.
VIEW_SAMPLE = 60


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_views_carry_no_secret(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    """view(determinize(s, i), i) == view(s, i): a view holds nothing seat i cannot know.
    The spectator view is the same whichever seat's unknowns are resampled.

    Every kind of position is checked (`sampled_positions`), and a seeded sample of the rest: a long
    game repeats its kinds of position hundreds of times, and checking each costs seconds."""
    rng = random.Random(7)
    seed = 9
    checked = sampled_positions(game, players, options, seed, VIEW_SAMPLE)
    position = -1

    def check(state: GameState) -> None:
        nonlocal position
        position += 1
        if position not in checked:
            return
        before = game.dump_state(state)
        spectator = game.view(state, None)
        assert spectator.seat is None
        for seat in range(players):
            mine = game.view(state, seat)
            assert mine.seat == seat
            for _ in range(2):
                other = game.determinize(state, seat, rng)
                assert game.view(other, seat) == mine
                assert game.view(other, None) == spectator
                # Determinizing is a copy: the original is untouched.
        assert game.dump_state(state) == before

    play_randomly(game, game.new_game(players, options, seed), seed, check)


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_view_stays_as_drawn_while_its_state_plays_on_in_place(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    """A view shares nothing the rules change in place (it may share what they never change): a screen
    or a computer player holding it sees the position it was drawn from, whatever is played next."""
    seed = 9
    checked = sampled_positions(game, players, options, seed, VIEW_SAMPLE)
    drawn: list[tuple[View, str]] = []
    position = -1

    def still_as_drawn() -> None:
        for view, text in drawn:
            assert view.model_dump_json() == text, f"a view of seat {view.seat} changed with a later move"
        drawn.clear()

    def check(state: GameState) -> None:
        nonlocal position
        position += 1
        still_as_drawn()
        if position in checked:
            views = [game.view(state, seat) for seat in (None, *range(players))]
            drawn.extend((view, view.model_dump_json()) for view in views)

    play_randomly(game, game.new_game(players, options, seed), seed, check)
    still_as_drawn()


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_results_are_well_formed(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        state = game.new_game(players, options, 100 + seed)
        assert game.result(state) is None
        play_randomly(game, state, seed)
        result = game.result(state)
        assert isinstance(result, Result)
        assert len(result.places) == len(result.scores) == players
        assert result.summary
        with pytest.raises(RuleError):
            game.apply(state, 0, Action(kind="no-such-move"))


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_labels_and_text_render_for_every_legal_action(game: Game[Any], players: int, options: dict[str, Any]) -> None:
    def check(state: GameState) -> None:
        for seat in game.to_act(state):
            for action in game.legal_actions(state, seat):
                assert game.label(state, seat, action).strip()
                assert Action.parse(action.token()) == action
        for seat in [None, *range(players)]:
            assert game.render_text(game.view(state, seat)).strip()

    play_randomly(game, game.new_game(players, options, 13), 13, check)


def test_every_game_has_help_and_a_sane_player_range() -> None:
    assert games(), "no game is registered"
    for game in games().values():
        assert game.help_pages, f"{game.id} has no help text"
        assert 1 <= game.min_players <= game.max_players
        assert game.configurations()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from([c.values for c in CASES]), seed=st.integers(min_value=0, max_value=2**62))
def test_any_seed_plays_to_the_end_and_replays_identically(case: tuple[Any, ...], seed: int) -> None:
    """Hypothesis picks the game, the configuration and the seed (deal and moves alike)."""
    game, players, options = case
    state = game.new_game(players, options, seed)
    moves = play_randomly(game, state, seed)
    replay = game.new_game(players, options, seed)
    for seat, action in moves:
        game.apply(replay, seat, action)
    assert game.dump_state(replay) == game.dump_state(state)
    assert game.load_state(game.dump_state(state)) == state


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_table_opened_with_these_options_can_start_with_this_many_players(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    """What a table is opened with (`player_counts`, asked when it opens) is what Start accepts:
    every count it allows sets up, and every count it leaves out is refused at Start."""
    chosen = game.options(options)
    counts = game.player_counts(chosen)
    assert players in counts
    low, high = game.seat_range(chosen)
    for count in range(low, high + 1):
        if count in counts:
            game.new_game(count, chosen, 1)
        else:
            with pytest.raises(RuleError):
                game.new_game(count, chosen, 1)
