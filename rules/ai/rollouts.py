"""Paired rollouts: the hard player's choice for a game whose normal heuristic is a good model of
every player, but whose tree search cannot rank its moves (Tesauro & Galperin's rollout policy).

Each sensible move is tried in the same sampled worlds: in each world, every move is played and
then the game's playout policy plays every seat, with the same random numbers, until the stage
the game names ends (a hand) or the game does. The moves are then ranked by their mean value.
Since the worlds and the random numbers are shared, what differs between two moves' playouts is
the move alone: the deal, which swamps a card's effect when each move gets worlds of its own,
cancels out of the comparison. The move normal would make is kept unless another one beats it
by more than its standard error on those pairs, so hard leaves normal only on evidence.
"""

from __future__ import annotations

import math
import random
from typing import Any

from rules.ai.hooks import GameHooks, Rollout, RolloutSearch
from rules.contract import Action, Game, GameState


def choose(
    game: Game[Any], state: GameState, seat: int, rng: random.Random, hooks: GameHooks, setup: RolloutSearch
) -> tuple[Action, int]:
    """The chosen move of `seat`, and how many playouts it took."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0], 0
    view = game.view(state, seat)
    if hooks.sensible is not None:
        legal = hooks.sensible(game, view, legal) or legal
        if len(legal) == 1:
            return legal[0], 0
    normal = hooks.prior or hooks.normal
    default = 0 if normal is None else legal.index(normal(game, view, legal, rng))
    policy = setup.policy or hooks.rollout
    if policy is None:
        raise ValueError(f"{game.id}: paired rollouts need a playout policy")
    base = hooks.canonical(state, seat) if hooks.canonical is not None else state
    sample = hooks.determinize
    playouts = setup.playouts if isinstance(setup.playouts, int) else setup.playouts(state)
    worlds = max(1, math.ceil(playouts / len(legal)))
    values: list[list[float]] = [[] for _ in legal]
    for _ in range(worlds):
        world = game.determinize(base, seat, rng) if sample is None else sample(game, base, seat, rng)
        seed = rng.getrandbits(64)
        for index, action in enumerate(legal):
            copy = game.copy_state(world)
            game._apply(copy, seat, action)
            values[index].append(_play_out(game, copy, seat, random.Random(seed), policy, setup))
    return legal[_pick(values, default, setup.margin)], worlds * len(legal)


def _play_out(
    game: Game[Any], world: GameState, seat: int, rng: random.Random, policy: Rollout, setup: RolloutSearch
) -> float:
    if setup.play_out is not None:
        return setup.play_out(game, world, seat, rng, setup.max_moves)[seat]
    stage = setup.stage(world)
    own = setup.own_policy or policy
    for _ in range(setup.max_moves):
        if game.result(world) is not None or setup.stage(world) != stage:
            break
        actor = min(game.to_act(world))
        legal = game.legal_actions(world, actor)
        chooser = own if actor == seat else policy
        game._apply(world, actor, legal[0] if len(legal) == 1 else chooser(game, world, actor, legal, rng))
    return setup.value(game, world)[seat]


def _pick(values: list[list[float]], default: int, margin: float) -> int:
    """The move with the best mean, if it beats `default` by `margin` standard errors of their
    paired differences; else `default`."""
    means = [sum(v) / len(v) for v in values]
    top = max(range(len(values)), key=lambda index: (means[index], index == default))
    if top == default:
        return default
    diffs = [a - b for a, b in zip(values[top], values[default], strict=True)]
    count = len(diffs)
    mean = sum(diffs) / count
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, count - 1)
    return top if mean > margin * math.sqrt(spread / count) else default
