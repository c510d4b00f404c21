"""What the normal computer player knows about King cards: who a trick with King cards goes to
(as far as the seat can see), what a card in a take is worth at the hand's end, and an answer to
every choice a King card asks for. Decides from the seat's view only."""

from __future__ import annotations

from collections.abc import Sequence

from rules.candy_kit.cards import DECK, KING_OF, SUITS, WHITE_CARDS, Effect, favourite_matches
from rules.contract import Action
from rules.games.best_candy import trick
from rules.games.best_candy.view import HIDDEN, BestCandyView
from rules.kit.tricks import winning_play

LOWEST = KING_OF[Effect.LOWEST]
TRADE = KING_OF[Effect.TRADE]
SWEET = KING_OF[Effect.TREAT]
TAKE_ONE = KING_OF[Effect.ONE_CARD]


def visible_winner(
    view: BestCandyView, plays: Sequence[tuple[int, int]], suit: str | None, trade_value: int = 0
) -> int | None:
    """The seat the visible cards of a trick would go to (face-down cards left out), or None."""
    shown = [(seat, card) for seat, card in plays if card != HIDDEN]
    if not shown:
        return None
    lowest = any(card == LOWEST for _, card in shown)
    entries = [trick.as_play(seat, card, suit, view.trump, trade_value if card == TRADE else 0) for seat, card in shown]
    return entries[winning_play(entries, suit, None if lowest else view.trump, lowest)].seat


def card_value(view: BestCandyView, card: int) -> float:
    """What one card in the viewer's take is worth at the end of the hand."""
    info = DECK[card]
    value = 0.0
    if info.passes_lead:
        value -= 1
    if card == SWEET:
        value += 2
    if card == TAKE_ONE:
        value -= 1
    if any(favourite_matches(card, f) for f in view.favourites):
        value += 1
    return value


def _best(options: list[Action], score: dict[Action, float]) -> Action:
    return max(options, key=lambda a: score[a])


def answer(view: BestCandyView, legal: list[Action]) -> Action:
    """The normal player's answer to a King card's choice."""
    me = view.seat
    assert me is not None
    score: dict[Action, float] = {}
    for action in legal:
        score[action] = _score(view, me, action.kind, action.args[0] if action.args else None)
    return _best(legal, score)


def _score(view: BestCandyView, me: int, kind: str, arg: int | str | None) -> float:
    if kind == "name" and isinstance(arg, str):
        return _suit_for_me(view, me, arg)
    if kind == "veto" and isinstance(arg, int):
        owner = dict((c, s) for s, c in view.trick_plays()).get(arg)
        leader_now = visible_winner(view, view.trick_plays(), view.trick_suit)
        if owner is not None and owner != me and owner == leader_now:
            return 10.0
        return (1.0 if DECK[arg].passes_lead and leader_now == me else 0.0) + DECK[arg].rank / 20
    if kind == "pair" and isinstance(arg, int):
        return DECK[arg].rank / 4 - 1.5 - card_value(view, arg)
    if kind in ("tax", "keep-one") and isinstance(arg, int):
        return card_value(view, arg) + 0.1 * (DECK[arg].rank > 0)
    if kind == "favourite" and isinstance(arg, str):
        return _favourite_worth(view, me, arg)
    if kind == "trump" and isinstance(arg, str):
        return sum(1 for c in view.hand if arg in DECK[c].suits) + 0.5
    if kind == "favourite-keep":
        return _favourite_worth(view, me, view.favourites[0]) + 0.01 if view.favourites else 0.0
    if kind == "trump-keep" and view.trump is not None:
        return sum(1 for c in view.hand if view.trump in DECK[c].suits) + 0.5
    return 0.0  # stop pairing, take nothing


def _suit_for_me(view: BestCandyView, me: int, suit: str) -> float:
    """A new trick suit is good when the visible trick then goes to me."""
    winner = visible_winner(view, view.trick_plays(), suit)
    favourite = 0.2 if suit in view.favourites else 0.0
    return (1.0 if winner == me else 0.0) + favourite - 0.01 * SUITS.index(suit)


def _favourite_worth(view: BestCandyView, me: int, favourite: str) -> float:
    taken = sum(1 for c in view.taken[me] if favourite_matches(c, favourite))
    held = sum(1 for c in view.hand if favourite_matches(c, favourite))
    return taken + 0.5 * held - (0.5 if favourite in WHITE_CARDS and not taken else 0.0)
