"""Scoring a hand, the belly ache, the race to 31 and its tie-breaks."""

from __future__ import annotations

from rules.candy_kit.cards import DECK, KING_OF, KING_SIZE, Effect, favourite_matches
from rules.games.best_candy.state import BestCandyState, HandScore

TARGET = 31

#: Tricks in one hand that give a belly ache, by player count (a solo game counts as 2).
BELLY_ACHE_AT: dict[int, int] = {1: 10, 2: 10, 3: 9, 4: 8, 5: 7, 6: 6}
#: End-of-hand points of King cards in a take (rulings K8): the 6 gives 2 unless its owner has
#: a belly ache; the 10 takes 1 (the 12's -1 is its Prank's).
SWEET_BONUS = 2
TAKE_ONE_PENALTY = 1


def favourite_cards(taken: list[int], favourites: list[str]) -> int:
    """Taken cards carrying a favourite suit, each card once: the bonus is per card, so a
    card showing two of the solo opponent's kept suits still earns 1. The King Size and the
    King cards match no favourite."""
    return sum(1 for card in taken if any(favourite_matches(card, f) for f in favourites))


def king_points(taken: list[int], belly_ache: bool) -> int:
    points = 0
    if KING_OF[Effect.TREAT] in taken and not belly_ache:
        points += SWEET_BONUS
    if KING_OF[Effect.ONE_CARD] in taken:
        points -= TAKE_ONE_PENALTY
    return points


def score_hand(state: BestCandyState, hand: int) -> HandScore:
    taken = state.taken[hand]
    tricks = state.tricks_won[hand]
    pranks = sum(1 for c in taken if DECK[c].passes_lead)
    matching = favourite_cards(taken, state.favourites[hand])
    belly_ache = tricks >= BELLY_ACHE_AT[state.players]
    bonus = 0 if belly_ache else matching
    kings = king_points(taken, belly_ache) if state.kings else 0
    return HandScore(
        tricks=tricks,
        pranks=pranks,
        favourite_cards=matching,
        belly_ache=belly_ache,
        bonus=bonus,
        points=max(0, tricks - pranks + bonus + kings),
        king_size=KING_SIZE in taken,
        favourites=tuple(state.favourites[hand]),
        king_points=kings,
    )


def game_over(scores: list[int]) -> bool:
    return max(scores) >= TARGET


def standing(state: BestCandyState, hand: int) -> tuple[int, int, int]:
    """Order of finish: points, then bonus points in the latest hand, then the King Size
    in the latest take; hands still equal share the place."""
    last = state.last_hand[hand] if state.last_hand else None
    bonus = last.bonus if last else 0
    king = int(last.king_size) if last else 0
    return state.scores[hand], bonus, king


def places(state: BestCandyState) -> list[int]:
    """Competition ranking of every hand by `standing`."""
    keys = [standing(state, h) for h in range(state.hand_count)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]
