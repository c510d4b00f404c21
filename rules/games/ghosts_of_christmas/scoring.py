"""Scoring: who wins an era's trick, and what a hand is worth."""

from __future__ import annotations

from collections.abc import Sequence

from rules.games.ghosts_of_christmas.cards import RANK_OF, SUIT_OF, SUIT_SET_OF, TRUMP
from rules.kit.tricks import Play, winning_play

#: Tiny Tim: a hand with no wreath is worth this much.
TINY_TIM_NO_WREATH_POINTS = 6
#: Tiny Tim: the most wreaths that still score one point each, by player count.
TINY_TIM_MOST_WREATHS: dict[int, int] = {3: 6, 4: 5}


def era_winner(cards: Sequence[int | None], leader: int) -> tuple[int, str]:
    """The seat winning one era's trick and the scoring suit, given the cards by seat.

    Unlike ordinary trick-taking, the cards were not played in this order (players
    fill the eras in any order) and nobody had to follow the scoring suit; only
    the dials constrained play. So the plays are put in order here, starting with
    `leader`, whose card sets the scoring suit; Hearts trump. Cards are unique, so
    the core's earlier-card tie-break never matters.
    """
    players = len(cards)
    order = [(leader + step) % players for step in range(players)]
    plays = []
    for seat in order:
        card = cards[seat]
        if card is None:
            raise ValueError(f"seat {seat} has not played into this era")
        plays.append(Play(seat=seat, suits=SUIT_SET_OF[card], rank=RANK_OF[card]))
    lead_card = cards[leader]
    assert lead_card is not None
    scoring_suit = SUIT_OF[lead_card]
    return order[winning_play(plays, scoring_suit, TRUMP)], scoring_suit


def bid_points(purple: int, red: bool, wreaths: int) -> int:
    """A bid scores only if every purple door has a wreath and no wreath is left over;
    then 1 point per wreath with a red door (filled or not), 2 per wreath without."""
    doors = purple + (1 if red else 0)
    if wreaths > doors or wreaths < purple:
        return 0
    return wreaths if red else 2 * wreaths


def tiny_tim_points(wreaths: int, players: int) -> int:
    """Tiny Tim: no wreath is worth 6; a few wreaths 1 each; too many nothing."""
    if wreaths == 0:
        return TINY_TIM_NO_WREATH_POINTS
    if wreaths <= TINY_TIM_MOST_WREATHS[players]:
        return wreaths
    return 0
