"""Sums over stash items, as Take needs them (rulings §14.3): values run from -1 (a Prank) to 13."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def reaches(values: Sequence[int], target: int) -> bool:
    """Whether some non-empty choice of `values` adds up to `target`.

    A bit set of reachable sums (offset by the number of Pranks, the only negative values);
    sums above `target` plus the Pranks left can never come back down, so they are dropped."""
    pranks = sum(1 for v in values if v < 0)
    if target < -pranks:
        return False
    width = target + 2 * pranks + 1
    if width <= 0:
        return False
    limit = (1 << width) - 1
    empty = 1 << pranks
    some = 0
    for value in values:
        chosen = empty | some
        some |= ((chosen << value) if value >= 0 else (chosen >> -value)) & limit
    return bool(some >> (target + pranks) & 1)


def takeable(values: Sequence[int], ranks: Iterable[int]) -> set[int]:
    """Which of `ranks` some non-empty choice of `values` adds up to (one pass for a whole hand)."""
    wanted = set(ranks)
    if not wanted:
        return set()
    pranks = sum(1 for v in values if v < 0)
    width = max(wanted) + 2 * pranks + 1
    if width <= 0:
        return set()
    limit = (1 << width) - 1
    empty = 1 << pranks
    some = 0
    for value in values:
        chosen = empty | some
        some |= ((chosen << value) if value >= 0 else (chosen >> -value)) & limit
    return {rank for rank in wanted if rank + pranks >= 0 and some >> (rank + pranks) & 1}


def completes(open_sum: int, rest: Sequence[int], target: int) -> bool:
    """An open group adding up to `open_sum` can still become a group worth `target` with
    some of `rest` (none needed when it already is)."""
    return open_sum == target or reaches(rest, target - open_sum)
