"""Ghosts Love Candy's hard player: in the worlds it imagines, a rival that has already sent its
secret ghost sent the one a normal player would, with the Love card that world deals it."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.ai.hooks import hooks_for
from rules.games.ghosts_love_candy.state import GlcState
from rules.players import player_for
from rules.registry import games

GAME = games()["ghosts-love-candy"]
NORMAL = player_for("normal")


def waiting_on_seat_zero(games: int) -> Iterator[GlcState]:
    """Between normal players, each round once both rivals have sent their ghost and seat 0 has not."""
    for seed in range(games):
        state = GAME.new_game(3, {}, 70 + seed)
        assert isinstance(state, GlcState)
        for number in range(400):
            if GAME.result(state) is not None:
                break
            if state.phase == "choose" and state.chosen[0] is None and None not in state.chosen[1:]:
                yield GAME.copy_state(state)
            # Seat 0 chooses last, so the rivals' choices are made before it looks.
            seat = max(GAME.to_act(state)) if state.phase == "choose" else min(GAME.to_act(state))
            GAME.apply(state, seat, NORMAL.choose(GAME, state, seat, random.Random(number)))


def hard_world(state: GlcState, seat: int, rng: random.Random) -> GlcState:
    """A world as the hard player samples it: the game's `DETERMINIZE` hook, else the game's own."""
    sample = hooks_for(GAME).determinize
    world = GAME.determinize(state, seat, rng) if sample is None else sample(GAME, state, seat, rng)
    assert isinstance(world, GlcState)
    return world


def normal_sends(world: GlcState, rival: int) -> set[int]:
    """Every ghost normal may send for `rival` in `world` (it breaks ties at random)."""
    before = GAME.copy_state(world)
    before.chosen[rival] = None
    return {int(NORMAL.choose(GAME, before, rival, random.Random(k)).args[0]) for k in range(12)}


def test_a_rival_that_has_sent_its_ghost_sent_the_one_normal_would_with_the_love_card_it_is_dealt() -> None:
    checked = 0
    for number, state in enumerate(waiting_on_seat_zero(4)):
        rng = random.Random(number)
        for _ in range(3):
            world = hard_world(state, 0, rng)
            # The seat's own view of the world is the one it has.
            assert GAME.view(world, 0) == GAME.view(state, 0)
            for rival in (1, 2):
                sent = world.chosen[rival]
                assert sent is not None
                assert sent in normal_sends(world, rival)
                checked += 1
    assert checked >= 100


def test_the_same_random_source_gives_the_same_world() -> None:
    state = next(waiting_on_seat_zero(1))
    assert hard_world(state, 0, random.Random(3)) == hard_world(state, 0, random.Random(3))
