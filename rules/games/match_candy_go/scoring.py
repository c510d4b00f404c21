"""Match Candy-Go's scoring of a hand (rulings §13.8-13.10)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.candy_kit.candy_deck import MATCH_SETS, card_at

#: The bonus pairs of the host option (§13.10): cups, coconut bars, apples on sticks,
#: marshmallows on sticks, coconut balls.
PAIRS: tuple[tuple[int, int], ...] = (
    (card_at("orange", 3), card_at("orange", 4)),
    (card_at("orange", 7), card_at("orange", 9)),
    (card_at("black", 11), card_at("green", 10)),
    (card_at("purple", 7), card_at("purple", 8)),
    (card_at("purple", 5), card_at("purple", 6)),
)


def completed_sets(captured: Sequence[int]) -> list[str]:
    held = set(captured)
    return [name for name, cards in MATCH_SETS.items() if held.issuperset(cards)]


def hand_points(captures: Sequence[Sequence[int]], pair_bonus: bool) -> list[int]:
    """Per seat: 1 point per card of each completed set; the most junk (captured cards in no
    completed set) gains half of it, rounded down, each tied player too; +1 per bonus pair held
    when the option is on."""
    points = []
    junk = []
    for captured in captures:
        sets = completed_sets(captured)
        in_sets = {card for name in sets for card in MATCH_SETS[name]}
        points.append(sum(len(MATCH_SETS[name]) for name in sets))
        junk.append(sum(1 for card in captured if card not in in_sets))
        if pair_bonus:
            held = set(captured)
            points[-1] += sum(1 for a, b in PAIRS if a in held and b in held)
    most = max(junk)
    if most > 0:
        points = [p + (j // 2 if j == most else 0) for p, j in zip(points, junk, strict=True)]
    return points
