"""Helpers shared by the per-game heuristics (each game's `ai.py`) and the search."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Placed(Protocol):
    """A finished game's places, as `rules.contract.Result` holds them (1 for the winner(s))."""

    @property
    def places(self) -> Sequence[int]: ...


#: In a finished game, how much of a seat's reward is winning (shared by the winners) and how
#: much its place: mostly winning, since that is what players count, but a place still
#: beats last so that a seat with no hope left keeps playing sensibly.
WIN_WEIGHT = 0.8


def best(items: Sequence[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The item with the highest score; ties broken by `rng` (so a seat is not predictable)."""
    if not items:
        raise ValueError("nothing to choose from")
    scores = [score(item) for item in items]
    top = max(scores)
    return rng.choice([item for item, s in zip(items, scores, strict=True) if s >= top - 1e-9])


def result_rewards(result: Placed) -> list[float]:
    """A reward in [0, 1] per seat of a finished game, from its places."""
    places = result.places
    n = len(places)
    winners = sum(1 for p in places if p == 1)
    if n == 1:
        return [1.0 if places[0] == 1 else 0.0]
    rewards = []
    for place in places:
        win = 1.0 / winners if place == 1 else 0.0
        rank = (n - place) / (n - 1)
        rewards.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * rank)
    return rewards


def lead_rewards(points: Sequence[float], spread: float) -> list[float]:
    """Rewards in [0, 1] for an unfinished game, from each seat's lead over the best other seat.

    `spread` is the lead that counts as all but won (the reward saturates there).
    """
    n = len(points)
    if n == 1:
        return [0.5]
    rewards = []
    for seat, mine in enumerate(points):
        rival = max(p for other, p in enumerate(points) if other != seat)
        lead = max(-1.0, min(1.0, (mine - rival) / spread))
        rewards.append(0.5 + 0.5 * lead)
    return rewards


def points_lead(points: Sequence[float]) -> list[float]:
    """Each seat's lead in a game where more points are better: its own, less the others' mean."""
    total, others = sum(points), len(points) - 1
    return [mine - (total - mine) / others for mine in points]


def penalty_lead(penalties: Sequence[float]) -> list[float]:
    """Each seat's lead in a game where fewer points are better: the others' mean, less its own."""
    return [-lead for lead in points_lead(penalties)]
