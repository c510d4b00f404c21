"""Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, 2012).

One tree for the searching seat. Each iteration samples a world consistent with what the
seat knows (the game's `DETERMINIZE` hook, else `determinize`, from the rng it is given,
never from the state's own seed), walks the tree choosing among the actions legal in that
world by UCB with availability counts, adds one node, plays out, and backs up a reward per
seat. Decisions of other seats are tree nodes too, scored by their own rewards; but an
opponent choosing at the same time as us (a simultaneous phase) is treated as chance,
played by the playout policy, so the tree never lets it react to a choice it cannot see. A
game may leave every rival move to the policy (`OPPONENTS_IN_TREE = False`), when a rival
node, averaged over worlds that all share our secrets, would play as if it knew them.

Worlds are played with the game's `_apply`: the actions come from `legal_actions`, so the
checks of `apply` (and its log) would only cost time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.ai.hooks import GameHooks, Rollout
from rules.contract import Action, Game, GameState
from rules.kit.heuristics import result_rewards

Key = tuple[str, tuple[int | str, ...]]
Clock = Callable[[], float]


def _key(action: Action) -> Key:
    # Hashing a plain tuple is much cheaper than hashing the pydantic model.
    return (action.kind, action.args)


class _Node:
    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        #: The seat whose choice led here: the node's value is that seat's reward.
        self.actor = actor
        self.visits = 0
        self.total = 0.0
        #: Iterations in which this node's action was legal (the UCB "parent" count).
        self.avail = 0
        self.children: dict[Key, _Node] = {}


def _random_rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


@dataclass(frozen=True)
class SearchBudget:
    iterations: int
    #: Optional wall-time cap; needs `clock` (rules/ has no clock of its own).
    seconds: float | None = None
    clock: Clock | None = None
    exploration: float = 0.7
    #: Stop as soon as one root move has more visits than any other could still reach: the
    #: move is then the one the whole budget would choose, for less work.
    early_stop: bool = True


@dataclass
class SearchStats:
    iterations: int = 0
    #: The search stopped before its budget because its choice could no longer change.
    stopped_early: bool = False


def search(
    game: Game[Any],
    state: GameState,
    seat: int,
    rng: random.Random,
    budget: SearchBudget,
    hooks: GameHooks,
    rollout: Rollout | None = None,
    stats: SearchStats | None = None,
) -> Action:
    """The most visited action of `seat` after the budget's iterations (or time)."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    if len(legal) == 1:
        return legal[0]
    if hooks.sensible is not None:
        # Judged from the seat's view, so the pruning is as fair as the rest.
        legal = hooks.sensible(game, game.view(state, seat), legal) or legal
        if len(legal) == 1:
            return legal[0]
    roots = {_key(action) for action in legal}
    favourite: Key | None = None
    prior = hooks.prior or hooks.normal
    if hooks.prior_bias and prior is not None:
        favourite = _key(prior(game, game.view(state, seat), legal, rng))
    base = hooks.canonical(state, seat) if hooks.canonical is not None else state
    policy = rollout or hooks.rollout or _random_rollout
    deadline = None
    if budget.seconds is not None:
        if budget.clock is None:
            raise ValueError("a time budget needs a clock")
        deadline = budget.clock() + budget.seconds
    sample = hooks.determinize
    root = _Node(actor=-1)
    done = 0
    while done < budget.iterations:
        world = game.determinize(base, seat, rng) if sample is None else sample(game, base, seat, rng)
        _iterate(game, world, seat, root, rng, hooks, policy, budget.exploration, roots, favourite)
        done += 1
        if deadline is not None and budget.clock is not None and budget.clock() >= deadline:
            break
        if budget.early_stop and _decided(root, budget.iterations - done):
            if stats is not None:
                stats.stopped_early = done < budget.iterations
            break
    if stats is not None:
        stats.iterations = done

    def rank(index: int) -> tuple[int, float, int]:
        child = root.children.get(_key(legal[index]))
        if child is None or not child.visits:
            return (0, 0.0, -index)
        return (child.visits, child.total / child.visits, -index)

    return legal[max(range(len(legal)), key=rank)]


def _decided(root: _Node, remaining: int) -> bool:
    """True when the most visited root move stays the most visited whatever the `remaining`
    iterations do: each iteration adds one visit to one root move at most."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first > second + remaining


def _iterate(
    game: Game[Any],
    world: GameState,
    seat: int,
    root: _Node,
    rng: random.Random,
    hooks: GameHooks,
    policy: Rollout,
    exploration: float,
    roots: set[Key],
    favourite: Key | None,
) -> None:
    node = root
    path: list[_Node] = []
    in_tree = True
    horizon = hooks.horizon
    played_out = 0
    #: The seats yet to move in the simultaneous choice in progress: the last of them is alone
    #: in `to_act`, but it still has not seen the others' choices.
    together: frozenset[int] = frozenset()
    while game.result(world) is None:
        to_act = game.to_act(world)
        if len(to_act) > 1:
            together = to_act
        elif not to_act <= together:
            together = frozenset()
        actor = seat if seat in to_act else min(to_act)
        blind = actor in together
        together = together - {actor}
        legal = game.legal_actions(world, actor)
        if not in_tree or (actor != seat and (blind or not hooks.opponents_in_tree)):
            if not in_tree:
                if horizon is not None and played_out >= horizon:
                    break
                played_out += 1
            action = legal[0] if len(legal) == 1 else policy(game, world, actor, legal, rng)
            game._apply(world, actor, action)
            continue
        if node is root:
            # The root's choices are the sensible ones (the same in every world: legal
            # actions depend only on what the seat sees).
            legal = [action for action in legal if _key(action) in roots]
        elif len(legal) == 1:
            game._apply(world, actor, legal[0])
            continue
        children = node.children
        untried: list[int] = []
        best_index = -1
        best_value = -math.inf
        for index, action in enumerate(legal):
            key = _key(action)
            child = children.get(key)
            if child is None:
                untried.append(index)
                continue
            child.avail += 1
            if not untried:
                value = child.total / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
                if node is root and key == favourite:
                    value += hooks.prior_bias / (1 + child.visits)
                if value > best_value:
                    best_value, best_index = value, index
        if untried:
            index = rng.choice(untried)
            child = _Node(actor)
            child.avail = 1
            children[_key(legal[index])] = child
            in_tree = False
        else:
            index = best_index
            child = children[_key(legal[index])]
        game._apply(world, actor, legal[index])
        path.append(child)
        node = child
    rewards = _rewards(game, world, hooks)
    for child in path:
        child.visits += 1
        child.total += rewards[child.actor]


def _rewards(game: Game[Any], world: GameState, hooks: GameHooks) -> list[float]:
    if hooks.evaluate is not None:
        return hooks.evaluate(game, world)
    result = game.result(world)
    if result is None:
        raise ValueError(f"{game.id}: a playout cut at the horizon needs the game's EVALUATE")
    return result_rewards(result)
