"""Hands scored against you, the fewest points winning: the frame of Candy Climb, Sugarfree and
Up and Down the Block (rulings §10, §11, §15).

Each hand ends with points for what the players still hold; they add up over the game, the deal
passes left after every hand, and when the game ends the fewest points win. What a hand scores
and when the game ends stay in each game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.contract import Event, Result, plural, rank_places, say_winners, winning
from rules.kit.words import message

#: The game's end (`why`, in the game's words), and who has the fewest points.
WON_WITH_FEWEST = message("{why}: {who} wins with {best}.", who="{why}: {who} win with {best}.")
SHARE_WITH_FEWEST = message("{why}: {who} share the win with {best}.")


class Scored(Protocol):
    """The fields such a game's state holds (pydantic models satisfy it by their fields)."""

    players: int
    hand_number: int
    dealer: int
    scores: list[int]
    over: bool


def add_hand(state: Scored, points: Sequence[int]) -> None:
    """Each seat's points for the hand go on its total."""
    state.scores = [total + got for total, got in zip(state.scores, points, strict=True)]


def pass_deal(state: Scored) -> None:
    """The next hand is dealt by the seat on the dealer's left."""
    state.hand_number += 1
    state.dealer = (state.dealer + 1) % state.players


def game_won(state: Scored, why: str) -> Event:
    """The game ends (`why`, in the log's words) and the fewest points win."""
    state.over = True
    best = min(state.scores)
    winners = [s for s, total in enumerate(state.scores) if total == best]
    return say_winners("win", winners, WON_WITH_FEWEST, SHARE_WITH_FEWEST, why=why, best=best)


def result(state: Scored, summary: str | None = None) -> Result | None:
    """Places by the fewest points, once the game is over. `summary` names the winners as
    `{who}` and their points as `{best}`; by default it also says how many hands were played."""
    if not state.over:
        return None
    if summary is None:
        summary = f"{{who}} with the fewest points, {{best}}, after {plural(state.hand_number, 'hand')}."
    places = rank_places(state.scores, higher_is_better=False)
    who = winning([s for s, place in enumerate(places) if place == 1])
    return Result(scores=tuple(state.scores), places=places, summary=summary.format(who=who, best=min(state.scores)))
