"""The three declarations of a Candy Pick! hand: Flush, Run and Set (rulings §7.4-7.8).

Each is worked out from a hand alone; `declare` compares both hands, says what the table
hears (the non-dealer's best first, the dealer's only when equal or better, a tie-break
value only when the lengths are equal) and what each player scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.candy_kit.candy_deck import SUIT_TEXT
from rules.candy_kit.cards import DECK, SUITS
from rules.contract import Event, say
from rules.kit.words import Msgid, message

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

#: The verbs a declaration says of a player, and what they read to that player.
_YOU_VERBS = (("declares", "declare"), ("also declares", "also declare"), ("has", "have"), ("scores", "score"))


def _said(text: Msgid) -> Msgid:
    """Catalogue a declaration, which names the non-dealer as `who` and the dealer as `dealer`,
    with its forms for each of them reading it."""

    def to(role: str, line: str) -> str:
        for verb, you in _YOU_VERBS:
            line = re.sub(rf"\{{{role}\}} {verb}\b", f"{{{role}}} {you}", line)
        return line

    if isinstance(text, str):
        return message(text, who=to("who", text), dealer=to("dealer", text))
    one, many = text
    return message(text, who=(to("who", one), to("who", many)), dealer=(to("dealer", one), to("dealer", many)))


def _compared(start: str, nobody: str) -> dict[str | None, Msgid]:
    """A declaration that ends in a comparison (`start`): nobody scores (None, `nobody`), or the
    non-dealer (`who`) or the dealer (`dealer`) does."""
    return {
        None: _said(f"{start} {nobody}"),
        "who": _said(start + " {who} scores {gain}."),
        "dealer": _said(start + " {dealer} scores {gain}."),
    }


FLUSH_BETTER = _said("Flush: {who} declares {mine}; {dealer} has no better flush. {who} scores {gain}.")
FLUSH_BEATEN = _said("Flush: {who} declares {mine}; {dealer} declares {theirs}. {dealer} scores {gain}.")
FLUSH_ADDED = _compared(
    "Flush: {who} declares {mine}; {dealer} declares {theirs} too, so the ranks are added up: "
    "{worth} against {other_worth}.",
    "Nobody scores for the flush.",
)
RUN_NONE = _said("Run: {who} has no run; {dealer} has none either. Nobody scores for the run.")
RUN_BETTER = _said("Run: {who} declares a {mine}; {dealer} has no better run. {who} scores {gain}.")
#: The dealer's longer run, after the non-dealer's shorter one (True) or none (False).
RUN_BEATEN = {
    True: _said("Run: {who} declares a {mine}; {dealer} declares a {theirs}. {dealer} scores {gain}."),
    False: _said("Run: {who} has no run; {dealer} declares a {theirs}. {dealer} scores {gain}."),
}
RUN_COMPARED = _compared(
    "Run: {who} declares a {mine}; {dealer} declares a {theirs} too, so the top ranks are compared: "
    "{top} against {other_top}.",
    "Nobody scores for the run.",
)
SET_NONE = _said("Set: {who} has no set; {dealer} has none either. Nobody scores for sets.")
#: The non-dealer's better set, alone (False) or with more (`more`, True).
SET_BETTER = {
    False: _said(
        (
            "Set: {who} declares {mine}; {dealer} has no better set. {who} scores {gain} for {n} set.",
            "Set: {who} declares {mine}; {dealer} has no better set. {who} scores {gain} for {n} sets.",
        )
    ),
    True: _said(
        (
            "Set: {who} declares {mine}; {dealer} has no better set; {who} also declares {more}. "
            "{who} scores {gain} for {n} set.",
            "Set: {who} declares {mine}; {dealer} has no better set; {who} also declares {more}. "
            "{who} scores {gain} for {n} sets.",
        )
    ),
}


def _dealers_set(opening: str, more: bool) -> Msgid:
    also = "; {dealer} also declares {more}" if more else ""
    return _said(
        (
            f"Set: {opening}; {{dealer}} declares {{theirs}}{also}. {{dealer}} scores {{gain}} for {{n}} set.",
            f"Set: {opening}; {{dealer}} declares {{theirs}}{also}. {{dealer}} scores {{gain}} for {{n}} sets.",
        )
    )


#: The dealer's better set, by whether the non-dealer has one and the dealer more than one.
SET_BEATEN = {
    (mine, more): _dealers_set("{who} declares {mine}" if mine else "{who} has no set", more)
    for mine in (True, False)
    for more in (True, False)
}


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
    #: What the table hears, in order, as log lines worded for each reader.
    events: tuple[Event, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        """What the table hears, in order, seats named as {p0}, {p1}."""
        return tuple(event.text for event in self.events)


def declare(hands: list[list[int]], dealer: int) -> Declarations:
    """Compare both players' best Flush, Run and Set, in that order."""
    elder = 1 - dealer
    points = [0, 0]
    roles = {"who": elder, "dealer": dealer}
    said = [
        _flush(hands, elder, dealer, points),
        _run(hands, elder, dealer, points),
        _sets(hands, elder, dealer, points),
    ]
    events = tuple(say("declare", text, roles, None, **args) for text, args in said)
    return Declarations(points=(points[0], points[1]), events=events)


#: A declaration: its message and what fills it.
Said = tuple[Msgid, dict[str, int | str]]


def _flush(hands: list[list[int]], elder: int, dealer: int, points: list[int]) -> Said:
    mine, theirs = best_flush(hands[elder]), best_flush(hands[dealer])
    args: dict[str, int | str] = {"mine": mine.text(), "theirs": theirs.text()}
    if theirs.length != mine.length:
        winner = elder if theirs.length < mine.length else dealer
        text = FLUSH_BETTER if winner == elder else FLUSH_BEATEN
    else:
        args |= {"worth": mine.worth, "other_worth": theirs.worth}
        if mine.worth == theirs.worth:
            return FLUSH_ADDED[None], args
        winner = elder if mine.worth > theirs.worth else dealer
        text = FLUSH_ADDED["who" if winner == elder else "dealer"]
    length = mine.length if winner == elder else theirs.length
    gain = FLUSH_FACTOR * length
    points[winner] += gain
    return text, args | {"gain": gain}


def _run(hands: list[list[int]], elder: int, dealer: int, points: list[int]) -> Said:
    mine, theirs = best_run(hands[elder]), best_run(hands[dealer])
    args: dict[str, int | str] = {"mine": mine.text() if mine else "", "theirs": theirs.text() if theirs else ""}
    if theirs is None or (mine is not None and theirs.length < mine.length):
        if mine is None:
            return RUN_NONE, args
        winner, run, text = elder, mine, RUN_BETTER
    elif mine is None or theirs.length > mine.length:
        winner, run, text = dealer, theirs, RUN_BEATEN[mine is not None]
    else:
        args |= {"top": mine.top, "other_top": theirs.top}
        if mine.top == theirs.top:
            return RUN_COMPARED[None], args
        winner, run = (elder, mine) if mine.top > theirs.top else (dealer, theirs)
        text = RUN_COMPARED["who" if winner == elder else "dealer"]
    gain = RUN_BASE + run.length
    points[winner] += gain
    return text, args | {"gain": gain}


def _sets(hands: list[list[int]], elder: int, dealer: int, points: list[int]) -> Said:
    mine, theirs = sets(hands[elder]), sets(hands[dealer])
    args: dict[str, int | str] = {
        "mine": set_text(*mine[0]) if mine else "",
        "theirs": set_text(*theirs[0]) if theirs else "",
    }
    if theirs and (not mine or theirs[0][0] > mine[0][0]):
        winner, held, text = dealer, theirs, SET_BEATEN[bool(mine), len(theirs) > 1]
    elif mine:
        winner, held, text = elder, mine, SET_BETTER[len(mine) > 1]
    else:
        return SET_NONE, args
    gain = SET_POINTS * len(held)
    points[winner] += gain
    more = " and ".join(set_text(*s) for s in held[1:])
    return text, args | {"more": more, "gain": gain, "n": len(held)}
