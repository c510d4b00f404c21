"""Ratings and streaks for `/stats` and `/leaderboard`, from the stored results of finished games.

An Elo rating per game, updated game by game in the order they finished. Every finished game
is a set of pairwise matches: each pair of seats scores 1, ½ or 0 by their places (a shared
place is a draw), and a player's change is K × (actual − expected) averaged over their
opponents, so a 2-player and a 6-player game move a rating by the same order of amount.
Computer seats are opponents at a fixed rating per level and never change. A game with one
seat (Best Candy solo) has no rated opponent and changes no rating.

Pure: it reads result rows and computes; the store keeps no ratings, so a change of these
constants re-rates every old game the next time anyone asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import groupby

from persistence.models import ResultRow

#: A new player's rating.
START = 1200.0
#: How far one game can move a rating.
K = 32.0
#: Computer seats by level: fixed, so a computer never gains from beating newcomers.
COMPUTER_RATINGS: dict[str, float] = {"random": 900.0, "easy": 1000.0, "normal": 1200.0, "hard": 1400.0}


@dataclass
class Standing:
    """One player's record in one game (in one scope: a server, or everywhere)."""

    user_id: int
    game_id: str
    played: int = 0
    won: int = 0
    place_total: int = 0
    rating: float = START
    #: Wins (positive) or games without a win (negative) in a row, ending with the latest game.
    streak: int = 0
    best_streak: int = 0
    #: Session ids already counted: a player in two seats of one game counts it once.
    _games: set[int] = field(default_factory=set, repr=False)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_place(self) -> float:
        return self.place_total / self.played if self.played else 0.0


def expected(rating: float, against: float) -> float:
    """The Elo expectation of scoring against `against`."""
    return float(1.0 / (1.0 + 10.0 ** ((against - rating) / 400.0)))


def standings(rows: Iterable[ResultRow]) -> dict[tuple[str, int], Standing]:
    """Every human's standing per (game id, user id), from rows ordered by finish time and session."""
    table: dict[tuple[str, int], Standing] = {}
    for _session, seats in groupby(rows, key=lambda r: r.session_id):
        _rate(table, list(seats))
    return table


def _rate(table: dict[tuple[str, int], Standing], seats: list[ResultRow]) -> None:
    def standing(row: ResultRow) -> Standing:
        assert row.user_id is not None
        key = (row.game_id, row.user_id)
        if key not in table:
            table[key] = Standing(row.user_id, row.game_id)
        return table[key]

    def rating(row: ResultRow) -> float:
        if row.user_id is None:
            return COMPUTER_RATINGS.get(row.computer or "", START)
        return standing(row).rating

    before = [rating(row) for row in seats]
    changes: list[float] = []
    for i, row in enumerate(seats):
        opponents = [j for j in range(len(seats)) if j != i]
        change = 0.0
        for j in opponents:
            actual = 1.0 if row.place < seats[j].place else 0.5 if row.place == seats[j].place else 0.0
            change += actual - expected(before[i], before[j])
        changes.append(K * change / len(opponents) if opponents else 0.0)
    for row, change in zip(seats, changes, strict=True):
        if row.user_id is None:
            continue
        mine = standing(row)
        mine.rating += change
        if row.session_id in mine._games:
            continue
        mine._games.add(row.session_id)
        mine.played += 1
        mine.place_total += row.place
        if row.place == 1:
            mine.won += 1
            mine.streak = mine.streak + 1 if mine.streak > 0 else 1
        else:
            mine.streak = mine.streak - 1 if mine.streak < 0 else -1
        mine.best_streak = max(mine.best_streak, mine.streak)


def streak_text(streak: int) -> str:
    if streak > 0:
        return f"{streak} {'win' if streak == 1 else 'wins'} in a row"
    if streak < 0:
        return f"{-streak} {'game' if streak == -1 else 'games'} without a win"
    return "no games yet"
