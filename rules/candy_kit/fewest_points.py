"""Hands scored against you, the fewest points winning: the frame of Candy Climb, Sugarfree and
Up and Down the Block (rulings §10, §11, §15).

Each hand ends with points for what the players still hold; they add up over the game, the deal
passes left after every hand, and when the game ends the fewest points win. What a hand scores
and when the game ends stay in each game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.contract import Event, Result, rank_places, say_winners
from rules.kit.words import Msgid, message

#: The game's end (`why`, in the game's words), and who has the fewest points.
WON_WITH_FEWEST = message("{why}: {who} wins with {best}.", who="{why}: {who} win with {best}.")
SHARE_WITH_FEWEST = message("{why}: {who} share the win with {best}.")
#: The game's summary: who has the fewest points (`best`), after how many hands.
WINS_AFTER = message(
    (
        "{who} wins with the fewest points, {best}, after {n} hand.",
        "{who} wins with the fewest points, {best}, after {n} hands.",
    ),
    who=(
        "{who} win with the fewest points, {best}, after {n} hand.",
        "{who} win with the fewest points, {best}, after {n} hands.",
    ),
)
SHARE_AFTER = message(
    (
        "{who} share the win with the fewest points, {best}, after {n} hand.",
        "{who} share the win with the fewest points, {best}, after {n} hands.",
    )
)


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


def result(state: Scored, one: Msgid = WINS_AFTER, shared: Msgid = SHARE_AFTER) -> Result | None:
    """Places by the fewest points, once the game is over. The summary is `one` for a lone winner,
    else `shared` (as `say_winners` takes them), with the points as `{best}` and the hands played
    as `{n}`; by default it says both."""
    if not state.over:
        return None
    places = rank_places(state.scores, higher_is_better=False)
    winners = [s for s, place in enumerate(places) if place == 1]
    line = say_winners("game-over", winners, one, shared, best=min(state.scores), n=state.hand_number)
    return Result.worded(state.scores, places, line)
