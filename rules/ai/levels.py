"""The computer levels: one object per level, deciding for any game.

Each level's `choose(game, state, seat, rng)` is a function of what `seat` may know and
of `rng` alone: `random`, `easy` and `normal` read only `game.view(state, seat)` and the
legal actions; `hard` reads the state only through determinizations drawn from `rng`
(of the game's `CANONICAL` state when the game has one), or is the game's own `HARD` policy,
which reads the view as normal does.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Literal

from rules.ai.hooks import GameHooks, Rollout, hooks_for
from rules.ai.ismcts import Clock, SearchBudget, SearchStats, search
from rules.ai.rollouts import choose as paired_rollouts
from rules.contract import Action, Game, GameState

#: The hard player's iterations when the game does not set its own `ITERATIONS`.
DEFAULT_ITERATIONS = 400
#: UCB exploration when the game does not set its own `EXPLORATION`.
DEFAULT_EXPLORATION = 0.7

RolloutKind = Literal["game", "random", "normal"]


def _legal(game: Game[Any], state: GameState, seat: int) -> list[Action]:
    actions = game.legal_actions(state, seat)
    if not actions:
        raise ValueError(f"seat {seat} has no legal action")
    return actions


class RandomLevel:
    """Uniformly random among the legal actions (the benchmarks' baseline)."""

    level = "random"

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        return rng.choice(_legal(game, state, seat))


class EasyLevel:
    """Random among sensible moves: the game's `EASY` says which, else any legal move."""

    level = "easy"

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        actions = _legal(game, state, seat)
        hooks = hooks_for(game)
        if len(actions) == 1 or (hooks.easy is None and hooks.sensible is None):
            return rng.choice(actions)
        view = game.view(state, seat)
        if hooks.easy is not None:
            return hooks.easy(game, view, actions, rng)
        assert hooks.sensible is not None
        return rng.choice(hooks.sensible(game, view, actions) or actions)


class NormalLevel:
    """The game's own heuristic (`NORMAL`), deciding from the seat's view."""

    level = "normal"

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        hooks = hooks_for(game)
        if hooks.normal is None:
            return EasyLevel().choose(game, state, seat, rng)
        actions = _legal(game, state, seat)
        if len(actions) == 1:
            return actions[0]
        return hooks.normal(game, game.view(state, seat), actions, rng)


def _normal_rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    normal = hooks_for(game).normal
    if normal is None:
        return rng.choice(legal)
    return normal(game, game.view(state, seat), legal, rng)


class HardLevel:
    """Information-set MCTS over determinizations.

    `iterations` caps the work (default: the game's `ITERATIONS`, else `DEFAULT_ITERATIONS`),
    so a fixed seed gives a fixed move. `seconds` adds a wall-time cap, measured by the
    injected `clock` (e.g. `time.perf_counter`): then the move also depends on speed.
    `rollout`: "game" uses the game's cheap playout policy (random if it has none),
    "random" plays uniformly, "normal" plays the normal heuristic (strong but slow).
    `early_stop`: stop once the most visited move can no longer be overtaken (the same move
    as the whole budget gives; off only to measure what it saves).
    """

    level = "hard"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        clock: Clock | None = None,
        rollout: RolloutKind = "game",
        exploration: float | None = None,
        early_stop: bool = True,
    ) -> None:
        if seconds is not None and clock is None:
            raise ValueError("a time budget needs a clock, e.g. time.perf_counter")
        self.iterations = iterations
        self.seconds = seconds
        self.clock = clock
        self.rollout = rollout
        self.exploration = exploration
        self.early_stop = early_stop
        #: Iterations of the last search (for benchmarks).
        self.last = SearchStats()

    def budget(self, hooks: GameHooks) -> SearchBudget:
        iterations = self.iterations or hooks.iterations or DEFAULT_ITERATIONS
        exploration = self.exploration or hooks.exploration or DEFAULT_EXPLORATION
        return SearchBudget(iterations, self.seconds, self.clock, exploration, self.early_stop)

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        hooks = hooks_for(game)
        policy: Rollout | None = None
        if self.rollout == "random":
            policy = _random_policy
        elif self.rollout == "normal":
            policy = _normal_rollout
        self.last = SearchStats()
        if hooks.hard is not None and self.rollout == "game" and self.seconds is None:
            actions = _legal(game, state, seat)
            return actions[0] if len(actions) == 1 else hooks.hard(game, game.view(state, seat), actions, rng)
        if hooks.rollout_search is not None and self.rollout == "game" and self.seconds is None:
            setup = hooks.rollout_search
            if self.iterations is not None:
                setup = replace(setup, playouts=self.iterations)
            action, playouts = paired_rollouts(game, state, seat, rng, hooks, setup)
            self.last.iterations = playouts
            return action
        return search(game, state, seat, rng, self.budget(hooks), hooks, policy, self.last)


def _random_policy(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


LEVEL_NAMES: tuple[str, ...] = ("easy", "normal", "hard", "random")
