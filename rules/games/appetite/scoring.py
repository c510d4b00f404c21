"""Appetite's card points and hand scoring (rulings §4.5-4.7), as pure functions."""

from __future__ import annotations

from rules.candy_kit.cards import DECK

#: Taking this many points in one hand stuffs a player.
STUFFED = 75
STUFFED_SCORE = 60
#: A player below this (and above 0) gets a tummy ache for nothing.
ENOUGH = 15
ALONE_AT_ZERO = 30
TWO_AT_ZERO = 15
#: A fourth tummy ache ends the game.
ACHES_OUT = 4


def card_points(card_id: int) -> int:
    """A Prank -1; a treat 0 with one suit, 2 with two, its rank with three."""
    card = DECK[card_id]
    if card.is_prank:
        return -1
    return {1: 0, 2: 2, 3: card.rank}.get(len(card.suits), 0)


def score_hand(taken: list[int]) -> tuple[int | None, list[int], list[bool]]:
    """(the stuffed seat or None, each seat's points, who gets a tummy ache) from each seat's
    points taken this hand."""
    stuffed = next((s for s, p in enumerate(taken) if p >= STUFFED), None)
    points = [0] * len(taken)
    aches = [False] * len(taken)
    at_zero = [s for s, p in enumerate(taken) if p <= 0]
    if stuffed is None:
        high = max(taken)
        for s, p in enumerate(taken):
            if p == high or 1 <= p < ENOUGH:
                aches[s] = True
            elif p >= ENOUGH:
                points[s] = p
            else:
                points[s] = ALONE_AT_ZERO if len(at_zero) == 1 else TWO_AT_ZERO
        return None, points, aches
    points[stuffed] = STUFFED_SCORE
    for s, p in enumerate(taken):
        if s == stuffed:
            continue
        if p >= ENOUGH:
            points[s] = p
        elif p >= 1:
            aches[s] = True
    small_ache = any(aches)
    for s in at_zero:
        if len(at_zero) == 1 and small_ache:
            points[s] = ALONE_AT_ZERO
        else:
            aches[s] = True
    return stuffed, points, aches
