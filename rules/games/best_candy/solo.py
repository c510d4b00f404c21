"""The solo opponent: the rulebook's automaton, which is a hand of cards, not a seat.

Its hand lies face down in a shuffled pile, top card first. It keeps every
suit card it is dealt (1, 2 or 3 by difficulty), drafts the highest-ranked
stash card, and leads every trick with its top card. The trick suit it names
is that card's top suit, or trump when the card carries trump; with the King
Size, the most recently named suit that is not trump. Should it ever follow,
it plays the first card from the top that may legally be played.
"""

from __future__ import annotations

from rules.candy_kit.cards import DECK
from rules.games.best_candy.state import OPPONENT, BestCandyState
from rules.games.best_candy.trick import Choice, playable


def draft_pick(stash: list[int]) -> int:
    """The highest-ranked card of the stash (the first shown among equals)."""
    return max(stash, key=lambda c: DECK[c].rank)


def named_suit(state: BestCandyState, card_id: int) -> str | None:
    """The trick suit the opponent names with `card_id`, when playing it names one."""
    card = DECK[card_id]
    if card.is_treat:
        return state.trump if state.trump in card.suits else card.suits[0]
    if card.is_king_size:
        for suit in state.named_suits:
            if suit != state.trump:
                return suit
        # Nothing named yet this game: the rulebook is silent; its own favourite
        # (never trump, which is drawn from the suit cards nobody kept) is our choice.
        return state.favourites[OPPONENT][0]
    return None


def lead(state: BestCandyState) -> Choice:
    card = state.hands[OPPONENT][0]
    return card, named_suit(state, card)


def follow(state: BestCandyState) -> Choice:
    card = playable(state.hands[OPPONENT], state.trick_suit)[0]
    return card, named_suit(state, card) if state.trick_suit is None else None


def move(state: BestCandyState) -> Choice:
    """The opponent's play to the trick in progress."""
    return lead(state) if not state.trick else follow(state)
