"""Best Candy's rules for playing to a trick: what may be played, which trick
suit a card may choose, who wins, and who leads next.

Who wins is decided by the shared core (rules/kit/tricks.py); this module only
says how Best Candy's cards enter it and what must be played.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.candy_kit.candy_tricks import WON
from rules.candy_kit.cards import DECK, KING_OF, SUIT_SETS, SUITS, Effect, card_text, suit_name
from rules.contract import Event, say
from rules.games.best_candy.deal import tell
from rules.games.best_candy.state import OPPONENT, BestCandyState
from rules.kit.tricks import Play, can_follow, winning_play
from rules.kit.words import message

#: Why a trick was won under Lowest Wins (the other reasons are the candy trick games' `WON`).
WON_LOWEST = message(
    "{who} wins the trick with {card}, the lowest {suit}.", who="{who} win the trick with {card}, the lowest {suit}."
)
#: The solo opponent, named twice, leads a trick nobody follows with a suited card.
OPPONENT_LED = message("The opponent led and nobody played a suited card, so the opponent takes the trick.")

#: Cards a player able to follow may play instead of following: the King Size (it counts as the
#: trick suit but is never forced), the Non-Treats and the expansion's King cards (always legal).
_ALWAYS_PLAYABLE = frozenset(c.id for c in DECK if c.is_king_size or c.is_non_treat or c.is_king)
#: Cards that let a hand follow: a King card always counts as the trick suit (rulings K2), so a
#: hand holding one can follow; the King Size needs no following and does not count.
_KING_CARDS = frozenset(c.id for c in DECK if c.is_king)
RENAME = KING_OF[Effect.RENAME]
ALWAYS_TRUMP = KING_OF[Effect.TRUMP]
#: Rank in quarter points: a King card ranks half a point above its print, the Trade a quarter.
QUARTERS = 4

#: A play: the card and, when it chooses the trick suit, that suit.
Choice = tuple[int, str | None]


def suit_choices(card_id: int, trump: str | None, leading: bool = True) -> tuple[str, ...]:
    """The trick suits a card may choose when it is the first suited card of the trick.

    A Treat chooses one of its suits; only a leader must choose trump when the card
    carries it (after a Prank or Non-Treat lead, the first suited card chooses freely
    among its suits). The King Size chooses any suit but trump; Pranks and Non-Treats
    choose none.
    """
    card = DECK[card_id]
    if card_id == RENAME:
        return SUITS  # it names any suit, trump included (its own effect)
    if card_id == ALWAYS_TRUMP:
        return () if trump is None else (trump,)
    if card.is_king_size or card.is_king:
        return tuple(s for s in SUITS if s != trump)
    if card.is_treat:
        return (trump,) if leading and trump in card.suits else card.suits
    return ()


def playable(hand: Sequence[int], trick_suit: str | None) -> list[int]:
    """Cards of `hand` that may be played now, in hand order.

    Before a trick suit is chosen (leading, or after a Prank or Non-Treat lead)
    anything goes; a hand that cannot follow plays anything; a hand that can
    follow plays a card of the trick suit, the King Size or a Non-Treat.
    """
    if trick_suit is None or not (
        not _KING_CARDS.isdisjoint(hand) or can_follow([SUIT_SETS[c] for c in hand], trick_suit)
    ):
        return list(hand)
    return [c for c in hand if trick_suit in SUIT_SETS[c] or c in _ALWAYS_PLAYABLE]


def choices(
    hand: Sequence[int], trick_suit: str | None, trump: str | None, leading: bool = True, face_up: bool = True
) -> list[Choice]:
    """Every legal (card, suit) play: a suited card played before the trick suit is chosen
    comes once per suit it may choose; every other card comes once with no suit. The 1 of
    Kings played face up names a suit even after the trick suit is chosen (face down, it
    names one when revealed)."""
    if trick_suit is not None:
        out_: list[Choice] = []
        for card in playable(hand, trick_suit):
            if card == RENAME and face_up:
                out_.extend((card, suit) for suit in SUITS)
            else:
                out_.append((card, None))
        return out_
    out: list[Choice] = []
    for card in hand:
        suits = _CHOICES[leading][card][trump]
        if suits:
            out.extend((card, suit) for suit in suits)
        else:
            out.append((card, None))
    return out


#: `suit_choices` of every card for every trump, for a leader and for a later player, worked out once.
_CHOICES: dict[bool, tuple[dict[str | None, tuple[str, ...]], ...]] = {
    leading: tuple({trump: suit_choices(c.id, trump, leading) for trump in (None, *SUITS)} for c in DECK)
    for leading in (True, False)
}


def as_play(
    hand_index: int, card_id: int, trick_suit: str | None, trump: str | None = None, trade_value: int = 0
) -> Play:
    """A card as the shared core sees it. Ranks are in quarter points (King cards +2, the Trade 1
    plus its paired cards' ranks, `trade_value` in quarters); the 4 of Kings carries trump."""
    card = DECK[card_id]
    rank = QUARTERS * card.rank
    suits = SUIT_SETS[card_id]
    if card.is_king:
        rank += 1 + trade_value if card.effect is Effect.TRADE else 2
        if card_id == ALWAYS_TRUMP and trump is not None:
            suits = frozenset((trump,))
    return Play(
        seat=hand_index,
        suits=suits,
        rank=rank,
        always_trick_suit=card.is_king_size or card.is_king,
    ).in_trick(trick_suit)


def trick_winner(cards: Sequence[int], leader: int, hands: int, trick_suit: str | None, trump: str | None) -> int:
    """The hand that wins a finished trick: highest trump, else highest of the trick suit,
    ties to the earlier card, and the leader when no suited card was played."""
    plays = [as_play((leader + k) % hands, card, trick_suit) for k, card in enumerate(cards)]
    return plays[winning_play(plays, trick_suit, trump)].seat


def trick_won(
    state: BestCandyState, winner: int, best: int, trick_suit: str | None, trump: str | None, lowest: bool = False
) -> Event:
    """Why a hand took the trick, in the words the other candy trick games use: it led and nobody
    played a suited card, or its card `best` is the highest (the lowest, under Lowest Wins) of the
    trick suit or of trump. Said to the winner."""
    if trick_suit is None:
        if state.solo and winner == OPPONENT:
            return say("trick", OPPONENT_LED, {})
        return tell(state, "trick", WON[0], winner)
    by_trump = trump is not None and trump != trick_suit and (trump in SUIT_SETS[best] or best == ALWAYS_TRUMP)
    which = "trump" if by_trump else suit_name(trick_suit)
    return tell(state, "trick", WON_LOWEST if lowest else WON[1], winner, card=card_text(best), suit=which)


def next_leader(cards: Sequence[int], winner: int, hands: int) -> int:
    """The winner leads, unless the trick held a Prank: then the hand to the winner's right does."""
    if any(DECK[c].passes_lead for c in cards):
        return (winner - 1) % hands
    return winner
