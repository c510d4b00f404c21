"""Passing cards before the tricks: the part of the trick core that Haunted House and Appetite share.

Everyone picks the same number of cards at the same time (a pick can be taken back until the
last one is made), then every seat's picks go to the seat `step` places on. The picks stay
secret until the exchange; afterwards a player knows where their own cards went, which is what
a computer's guess of the others' hands (`redeal_unseen`) must respect.

A game keeps its own phase names, directions and who leads afterwards; these functions only
touch the hands, picks and what was passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from rules.contract import Action, Event, say
from rules.contract import still_changing as contract_still_changing
from rules.kit.tricks import exchange, redeal_others, still_held
from rules.kit.words import message

PICKED = message(
    ("{who} has picked {n} card.", "{who} has picked {n} cards."),
    who=("{who} have picked {n} card.", "{who} have picked {n} cards."),
)
PASSED = message("{who} passes {cards} to {receiver}.", who="{who} pass {cards} to {receiver}.")


class PassingHands(Protocol):
    """The fields a passing game's state holds (pydantic models satisfy it by their fields)."""

    players: int
    seed: int
    draws: int
    hands: list[list[int]]
    picks: list[list[int]]
    passed: list[list[int]]
    received: list[list[int]]
    voids: list[list[str]]


S = TypeVar("S", bound=PassingHands)


def pick_actions(
    state: PassingHands, seat: int, count: int, pass_of: Sequence[Action], take_back_of: Sequence[Action]
) -> list[Action]:
    """A seat still picking may pick any card it holds and has not picked, or take a pick back; a
    seat done picking may still take one back until the last pick of the table (ruling G9)."""
    picks = state.picks[seat]
    if len(picks) >= count:
        return [take_back_of[c] for c in picks]
    return [pass_of[c] for c in state.hands[seat] if c not in picks] + [take_back_of[c] for c in picks]


def still_changing(state: PassingHands, count: int) -> frozenset[int]:
    """The seats done picking while others still pick: they may take a pick back (`Game.may_change`)."""
    return contract_still_changing({s: len(state.picks[s]) >= count for s in range(state.players)})


def why_not_pick(state: PassingHands, seat: int, action: Action, card: int | None, text: Sequence[str]) -> str | None:
    """Why this `pass` or `take-back` is refused while passing; None when it is fine."""
    if card is None or len(action.args) != 1:
        return "Pick one of your cards to pass."
    if action.kind == "take-back":
        return None if card in state.picks[seat] else f"You have not picked the {text[card]} to pass."
    if card not in state.hands[seat]:
        return f"You do not hold the {text[card]}."
    if card in state.picks[seat]:
        return f"You have already picked the {text[card]} to pass."
    return None


def pick(state: PassingHands, seat: int, action: Action, count: int) -> list[Event] | None:
    """Apply a legal pick or take-back. None when it was the last pick of the table (the caller
    then passes); otherwise the events to show (a note when this seat has picked them all)."""
    card = int(action.args[0])
    if action.kind == "take-back":
        state.picks[seat].remove(card)
        return []
    state.picks[seat].append(card)
    if all(len(p) == count for p in state.picks):
        return None
    if len(state.picks[seat]) == count:
        return [say("picked", PICKED, {"who": seat}, n=count)]
    return []


def pass_picks(state: PassingHands, step: int, way: str, text: Sequence[str], key: Callable[[int], Any]) -> list[Event]:
    """Every seat's picks go `step` seats on: a public line, then each seat's own private line
    naming what it gave and to whom. The picks are cleared."""
    players = state.players
    count = len(state.picks[0])
    state.passed, state.received = exchange(state.hands, state.picks, step, key)
    events = [Event(kind="pass", text=f"Everyone passes {count} cards {way}.")]
    for s in range(players):
        gave = ", ".join(text[c] for c in state.passed[s])
        events.append(say("passed", PASSED, {"who": s, "receiver": (s + step) % players}, seats=(s,), cards=gave))
    state.picks = [[] for _ in range(players)]
    return events


def redeal_unseen(
    state: S,
    copy: S,
    seat: int,
    step: int | None,
    suits_of: Callable[[int], frozenset[str]],
    key: Callable[[int], Any],
    rng: random.Random,
) -> S:
    """A guess of the others' hands for `seat`, written into `copy` (a deep copy of `state`): the
    cards the others hold together are redealt, keeping each hand's size, no suit a seat has
    shown it lacks and, once the cards have been passed (`step` given), the cards `seat` passed
    with whoever got them while still unplayed. Others' picks become the first cards of their
    new hands. The copy gets a fresh seed from `rng`, so its future draws are guesses too."""
    kept = still_held(state.hands, seat, state.passed[seat], step) if step is not None else {}
    dealt = redeal_others(state.hands, seat, state.voids, kept, suits_of, key, rng)
    if dealt is not None:
        copy.hands = dealt
        for s in range(state.players):
            if s != seat:
                copy.picks[s] = dealt[s][: len(state.picks[s])]
    copy.seed = rng.randrange(2**62)
    copy.draws = 0
    return copy
