"""The three declarations of a Candy Pick! hand: Flush, Run and Set (rulings §7.4-7.8).

Each is worked out from a hand alone; `declare` compares both hands, says what the table
hears (the non-dealer's best first, the dealer's only when equal or better, a tie-break
value only when the lengths are equal) and what each player scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.candy_kit.candy_deck import SUIT_TEXT
from rules.candy_kit.cards import DECK, SUITS
from rules.contract import plural

#: The shortest chain of ranks that counts as a run.
SHORTEST_RUN = 3
#: How many cards of one rank make a set.
SET_SIZE = 3
#: Points for each set of the player with the best one.
SET_POINTS = 7
#: A run scores this plus its length; a flush twice its length.
RUN_BASE = 10
FLUSH_FACTOR = 2
_NUMBER_WORDS = {3: "Three", 4: "Four"}


@dataclass(frozen=True, slots=True)
class Flush:
    suit: str
    length: int
    #: The rank sum of its cards: the tie-break between equal lengths.
    worth: int

    def key(self) -> tuple[int, int]:
        return self.length, self.worth

    def text(self) -> str:
        return f"Flush {self.length} {SUIT_TEXT[self.suit]}"


@dataclass(frozen=True, slots=True)
class Run:
    suit: str
    length: int
    #: The rank it ends at: the tie-break between equal lengths.
    top: int

    def key(self) -> tuple[int, int]:
        return self.length, self.top

    def text(self) -> str:
        return f"Run of {self.length}"


def best_flush(hand: list[int]) -> Flush:
    """The suit most cards carry (a card counts for each of its suits), by length, then rank
    sum; among suits equal in both, the first in suit-deck order."""
    best: Flush | None = None
    for suit in SUITS:
        cards = [c for c in hand if suit in DECK[c].suits]
        if not cards:
            continue
        flush = Flush(suit, len(cards), sum(DECK[c].rank for c in cards))
        if best is None or flush.key() > best.key():
            best = flush
    assert best is not None, "every card of the deck carries a suit"
    return best


def best_run(hand: list[int]) -> Run | None:
    """The longest chain of consecutive ranks, one card a rank, all carrying one suit (at
    least three cards), by length, then top rank; None without one."""
    best: Run | None = None
    for suit in SUITS:
        ranks = sorted({DECK[c].rank for c in hand if suit in DECK[c].suits})
        length = 0
        for i, rank in enumerate(ranks):
            length = length + 1 if i and ranks[i - 1] == rank - 1 else 1
            run = Run(suit, length, rank)
            if length >= SHORTEST_RUN and (best is None or run.key() > best.key()):
                best = run
    return best


def sets(hand: list[int]) -> list[tuple[int, int]]:
    """Every set in the hand as (rank, cards), highest rank first."""
    counts: dict[int, int] = {}
    for card in hand:
        counts[DECK[card].rank] = counts.get(DECK[card].rank, 0) + 1
    return sorted(((rank, n) for rank, n in counts.items() if n >= SET_SIZE), reverse=True)


def set_text(rank: int, cards: int) -> str:
    return f"{_NUMBER_WORDS[cards]} {rank}s"


@dataclass(frozen=True, slots=True)
class Declarations:
    #: Points each seat scores from the three declarations.
    points: tuple[int, int]
    #: What the table hears, in order, seats named as {p0}, {p1}.
    lines: tuple[str, ...]


def declare(hands: list[list[int]], dealer: int) -> Declarations:
    """Compare both players' best Flush, Run and Set, in that order."""
    elder = 1 - dealer
    points = [0, 0]
    lines = [
        _flush(hands, elder, dealer, points),
        _run(hands, elder, dealer, points),
        _sets(hands, elder, dealer, points),
    ]
    return Declarations(points=(points[0], points[1]), lines=tuple(lines))


def _flush(hands: list[list[int]], elder: int, dealer: int, points: list[int]) -> str:
    mine, theirs = best_flush(hands[elder]), best_flush(hands[dealer])
    said = f"Flush: {{p{elder}}} declares {mine.text()}"
    if theirs.length < mine.length:
        winner = elder
        said += f"; {{p{dealer}}} has no better flush"
    elif theirs.length > mine.length:
        winner = dealer
        said += f"; {{p{dealer}}} declares {theirs.text()}"
    else:
        said += f"; {{p{dealer}}} declares {theirs.text()} too, so the ranks are added up"
        said += f": {mine.worth} against {theirs.worth}"
        if mine.worth == theirs.worth:
            return said + ". Nobody scores for the flush."
        winner = elder if mine.worth > theirs.worth else dealer
    length = mine.length if winner == elder else theirs.length
    gain = FLUSH_FACTOR * length
    points[winner] += gain
    return said + f". {{p{winner}}} scores {gain}."


def _run(hands: list[list[int]], elder: int, dealer: int, points: list[int]) -> str:
    mine, theirs = best_run(hands[elder]), best_run(hands[dealer])
    said = f"Run: {{p{elder}}} " + (f"declares a {mine.text()}" if mine else "has no run")
    if theirs is None or (mine is not None and theirs.length < mine.length):
        if mine is None:
            return said + f"; {{p{dealer}}} has none either. Nobody scores for the run."
        winner, run = elder, mine
        said += f"; {{p{dealer}}} has no better run"
    elif mine is None or theirs.length > mine.length:
        winner, run = dealer, theirs
        said += f"; {{p{dealer}}} declares a {theirs.text()}"
    else:
        said += f"; {{p{dealer}}} declares a {theirs.text()} too, so the top ranks are compared"
        said += f": {mine.top} against {theirs.top}"
        if mine.top == theirs.top:
            return said + ". Nobody scores for the run."
        winner, run = (elder, mine) if mine.top > theirs.top else (dealer, theirs)
    gain = RUN_BASE + run.length
    points[winner] += gain
    return said + f". {{p{winner}}} scores {gain}."


def _sets(hands: list[list[int]], elder: int, dealer: int, points: list[int]) -> str:
    mine, theirs = sets(hands[elder]), sets(hands[dealer])
    said = f"Set: {{p{elder}}} " + (f"declares {set_text(*mine[0])}" if mine else "has no set")
    if theirs and (not mine or theirs[0][0] > mine[0][0]):
        winner, held = dealer, theirs
        said += f"; {{p{dealer}}} declares {set_text(*theirs[0])}"
    elif mine:
        winner, held = elder, mine
        said += f"; {{p{dealer}}} has no better set"
    else:
        return said + f"; {{p{dealer}}} has none either. Nobody scores for sets."
    if len(held) > 1:
        said += f"; {{p{winner}}} also declares " + " and ".join(set_text(*s) for s in held[1:])
    gain = SET_POINTS * len(held)
    points[winner] += gain
    return said + f". {{p{winner}}} scores {gain} for {plural(len(held), 'set')}."
