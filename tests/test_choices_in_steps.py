"""No decision offers more than 25 choices at once: a longer one comes in steps (a count, then a
suit; a card, then where), each step undoable until the move is made."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.renderers import screens_for
from bot.screens import seen_of
from rules.contract import MAX_CHOICES, NARROW, TAKE_BACK, WIDEN, Action, Game, GameState, act
from rules.registry import games

GAMES = sorted(games().values(), key=lambda game: game.id)
#: Moves played per sampled game, and every how many moves a position is looked at.
MOVES, EVERY = 160, 3


def _offers(game: Game[Any], state: GameState, seat: int) -> list[tuple[Action, str]]:
    """The moves `seat`'s screen offers now (its own message, or the table's when nothing is secret)."""
    names = tuple(f"Player {i + 1}" for i in range(state.players))
    renderer = screens_for(game)
    if game.hidden_information:
        screen = renderer.hand(seen_of(game, state, seat, names))
        return [(c.action, c.label) for c in screen.controls if c.seat in (None, seat)]
    screen = renderer.table(seen_of(game, state, None, names))
    return [(c.action, c.label) for c in screen.controls if c.seat in (None, seat)]


def _positions(game: Game[Any]) -> list[tuple[GameState, int]]:
    """Sampled positions of seeded random games at each table size and variant, with a seat to act."""
    out: list[tuple[GameState, int]] = []
    for players, options in game.configurations():
        state = game.new_game(players, options, seed=players)
        rng = random.Random(players)
        for move in range(MOVES):
            if game.result(state) is not None:
                break
            seats = sorted(game.to_act(state))
            if move % EVERY == 0:
                out += [(game.copy_state(state), seat) for seat in seats]
            seat = rng.choice(seats)
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_no_screen_offers_more_than_25_choices_in_one_decision(game: Game[Any]) -> None:
    for state, seat in _positions(game):
        for step in [None, *(a for a in game.choices(state, seat) if a.kind == NARROW)]:
            if step is not None:
                state = game.copy_state(state)
                game.apply(state, seat, step)
            offered = _offers(game, state, seat)
            assert len(offered) <= MAX_CHOICES, (game.id, [label for _, label in offered])
            # The screen offers exactly the step's choices: nothing lost, nothing beyond it.
            assert {a for a, _ in offered} == set(game.choices(state, seat)), game.id
            for _action, label in offered:
                assert label
                assert "narrow" not in label
                assert "widen" not in label
            if step is not None:
                members = [a for a in game.choices(state, seat) if a.kind != WIDEN]
                assert members
                assert all(a in game.legal_actions(state, seat) for a in members)
                state.narrowed.clear()


def _auction() -> tuple[Game[Any], GameState, int]:
    game = games()["scary"]
    state = game.new_game(5, {}, seed=5)
    seat = min(game.to_act(state))
    assert any(a.kind == "bid" for a in game.legal_actions(state, seat))
    return game, state, seat


def test_scarys_auction_asks_the_count_then_the_trump_and_can_go_back() -> None:
    game, state, seat = _auction()
    assert len(game.legal_actions(state, seat)) > MAX_CHOICES
    first = game.choices(state, seat)
    labels = [game.choice_label(state, seat, a) for a in first]
    assert "Pass" in labels
    assert "Bid 11…" in labels
    eleven = first[labels.index("Bid 11…")]
    assert game.apply(state, seat, eleven) == []  # a step logs nothing: nothing happened in the game
    second = game.choices(state, seat)
    second_labels = [game.choice_label(state, seat, a) for a in second]
    assert second_labels[-1] == "Back to every choice"
    assert "Bid 11 with Chocolate as trump" in second_labels
    assert all(label.startswith("Bid 11 with") for label in second_labels[:-1])
    # The step survives a save and a reload, and the way back returns to the first step.
    state = game.load_state(game.dump_state(state))
    assert game.choices(state, seat) == second
    game.apply(state, seat, second[-1])
    assert game.choices(state, seat) == first
    # Any legal move stays playable at any step, and making it ends the step.
    game.apply(state, seat, eleven)
    bid = second[0]
    game.apply(state, seat, bid)
    assert seat not in state.narrowed


def test_a_narrowed_choice_offers_its_group_on_the_screen_with_the_way_back() -> None:
    game, state, seat = _auction()
    first = _offers(game, state, seat)
    assert [label for _, label in first][:3] == ["Pass", "Bid 11…", "Bid 12…"]
    game.apply(state, seat, first[1][0])
    labels = [label for _, label in _offers(game, state, seat)]
    assert labels[-1] == "Back to every choice"
    assert "Pass" not in labels
    assert len(labels) <= MAX_CHOICES


@pytest.mark.parametrize("game_id", ["haunted-house", "appetite"])
def test_a_passed_card_can_be_taken_back_until_the_last_player_has_picked(game_id: str) -> None:
    game = games()[game_id]
    players = 4 if game_id == "appetite" else 3
    state = game.new_game(players, {}, seed=1)
    names = tuple(f"Player {i + 1}" for i in range(players))
    passes = [a for a in game.legal_actions(state, 0) if a.kind == "pass"]
    assert passes, "the hand starts with passing"
    count = 3
    for action in passes[:count]:
        game.apply(state, 0, action)
    # Done picking: nobody waits for this seat, but its screen still offers taking a card back.
    assert 0 not in game.to_act(state)
    assert 0 in game.may_change(state)
    offered = screens_for(game).hand(seen_of(game, state, 0, names)).controls
    take_backs = [c for c in offered if c.action.kind == "take-back"]
    assert len(take_backs) == count
    game.apply(state, 0, take_backs[0].action)
    assert 0 in game.to_act(state)
    game.apply(state, 0, passes[count])
    # Once every other player has picked too, the cards go and nobody can change anything.
    for seat in range(1, players):
        for action in [a for a in game.legal_actions(state, seat) if a.kind == "pass"][:count]:
            game.apply(state, seat, action)
    assert not game.may_change(state)
    assert all(a.kind != "take-back" for a in game.legal_actions(state, 0))


#: The games with a simultaneous choice (every seat chooses at once, in secret): ruling G9.
SIMULTANEOUS = ("haunted-house", "appetite", "ghosts-love-candy", "13-ghosts", "best-candy")


def _without_log(game: Game[Any], state: GameState) -> dict[str, Any]:
    dumped: dict[str, Any] = game.copy_state(state).model_dump(mode="json")
    dumped.pop("log")
    dumped.pop("log_dropped")
    return dumped


@pytest.mark.parametrize("game_id", SIMULTANEOUS)
def test_ruling_g9_a_choice_taken_back_leaves_the_game_exactly_as_it_was(game_id: str) -> None:
    """At sampled positions of random games, every choice that leaves a seat free to change it,
    taken back at once, gives back the very state before it (the log aside), and until then the
    seat is waited for by nobody and may do nothing but take back."""
    game = games()[game_id]
    undone = 0
    for state, seat in _positions(game):
        if seat in game.may_change(state):
            continue
        for action in game.legal_actions(state, seat)[:4]:
            after = game.copy_state(state)
            game.apply(after, seat, action)
            if seat not in game.may_change(after):
                continue
            assert seat not in game.to_act(after)
            assert all(a.kind == "take-back" for a in game.legal_actions(after, seat))
            back = act("take-back", *action.args)
            game.apply(after, seat, back if back in game.legal_actions(after, seat) else TAKE_BACK)
            assert _without_log(game, after) == _without_log(game, state), (game_id, action)
            undone += 1
    assert undone, f"no choice of {game_id} was taken back"
