"""Scary computer player.

Normal rates its hand for each possible trump (the King Size, the Vampire Teeth, high trumps
and high cards each take a trick now and then; a friend and the stash add some more) and bids
the lowest count it may when its hand should take that much good candy with its side. As the
ghost it lays away its weakest cards and names the strongest card it lacks (the King Size, the
teeth, then the highest trump) so that its friend is strong. In play it knows its side as far
as it may: it feeds good candy to a partner who is winning, wins cheaply when the other side is
winning, and otherwise sheds its weakest card. Hard: the generic search, its root limited to
sensible moves (bids at the lowest count per suit, strong friend cards), playouts cut after a
while and scored by the scores plus where the hand in progress is heading.

Why normal raises to 20 at some tables: against random seats every auction climbed to 21, a
count no side takes, so every hand went to the ghostbusters and the game was decided by who
had been the ghost (who scores nothing) and the friend. Normal never bid that high, so its
play did not count at all (43% of 800 games, fair share 20%). At a table that bids beyond what
a side can take (someone has bid 17 or more in this auction, or the last ghost missed by 8 or
more), a raise to 20 leaves the next seat still bidding only 21 or a pass; such a seat raises,
becomes the ghost and scores nothing. Normal makes that raise when the next seat is the rival
with the most points and at least two others are still bidding (so that it is hardly ever left
the ghost itself): 48% of the same 800 games. A table of careful bidders never shows a bid of
17, so there normal bids as before.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.candy_deck import VAMPIRE_TEETH
from rules.candy_kit.cards import DECK, KING_SIZE, SUIT_SETS, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.scary import GAME
from rules.games.scary.game import (
    BUSTER_POINTS,
    FRIEND_POINTS,
    GHOST_POINTS,
    GOOD,
    HIGHEST_BID,
    PLAYERS,
    TRUMP_SUITS,
    good_count,
    trick_winner,
)
from rules.games.scary.state import ScaryState, ScaryView
from rules.kit.copying import copy_model
from rules.kit.heuristics import best, lead_rewards, result_rewards

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)
#: Good candy a trick brings on average (about 20 of the 50 cards played in 10 tricks).
GOOD_PER_TRICK = 2.0
#: Tricks a friend and the stash are worth to a bidder, on average.
HELP_TRICKS = 1.5


def trick_chance(card: int, trump: str) -> float:
    """A rough chance that a card takes a trick on its own with this trump."""
    rank = RANK[card]
    if card == KING_SIZE:
        return 1.0
    if card == VAMPIRE_TEETH:
        return 0.85
    if trump in SUIT_SETS[card]:
        return 0.9 if rank >= 10 else 0.6 if rank >= 7 else 0.35
    return 0.45 if rank == 12 else 0.3 if rank == 11 else 0.0


def expected_good(hand: tuple[int, ...], trump: str) -> float:
    """The good candy a side led by this hand should take with this trump."""
    return GOOD_PER_TRICK * (sum(trick_chance(c, trump) for c in hand) + HELP_TRICKS)


def keep_value(card: int, trump: str | None) -> float:
    """How much the ghost wants to keep a card (the lowest three are laid away)."""
    if card in (KING_SIZE, VAMPIRE_TEETH):
        return 100.0
    value = float(RANK[card])
    if trump is not None and trump in SUIT_SETS[card]:
        value += 30
    if card in GOOD:
        value += 10
    return value


def friend_cards(view: ScaryView) -> list[int]:
    """The strongest cards the ghost lacks, best first: a friend holding one is a strong friend."""
    mine = set(view.my_hand or ()) | set(view.my_discards)
    trump = view.trump
    trumps = sorted(
        (c for c in GOOD if trump is not None and trump in SUIT_SETS[c] and c not in (KING_SIZE, VAMPIRE_TEETH)),
        key=lambda c: -RANK[c],
    )
    return [c for c in (KING_SIZE, VAMPIRE_TEETH, *trumps) if c not in mine]


def sides(view: ScaryView) -> tuple[set[int], set[int]]:
    """(partners, opponents) of the viewer as far as it knows."""
    me, ghost, friend = view.seat, view.ghost, view.friend
    assert me is not None
    assert ghost is not None
    everyone = set(range(view.players)) - {me}
    if me == ghost:
        partners = {friend} - {me} if friend is not None else set()
        return partners, everyone - partners if friend is not None else set()
    if friend == me:
        return {ghost}, everyone - {ghost}
    opponents = {ghost} | ({friend} if friend is not None else set())
    return (everyone - opponents if friend is not None else set()), opponents


def winning_seat(view: ScaryView) -> tuple[int, int] | None:
    """(seat, card) winning the trick so far, once it has a suit."""
    if not view.trick or view.trick_suit is None:
        return None
    index = trick_winner(view.trick, view.trick_suit, view.trump)
    return (view.leader + index) % view.players, view.trick[index]


def strength(card: int, trump: str | None) -> float:
    bonus = 20 if trump is not None and trump in SUIT_SETS[card] else 0
    return RANK[card] + bonus + (40 if card in (KING_SIZE, VAMPIRE_TEETH) else 0)


#: A count no side takes: a seat that bids it bids without looking at its hand.
BLIND_BID = 17
#: Good candy the last ghost missed by that shows a table bidding without looking.
BLIND_MISS = 8
#: The raise that leaves the next seat only the highest count or a pass.
PUSH_BID = HIGHEST_BID - 1


def blind_table(view: ScaryView) -> bool:
    """Whether this table bids counts no side takes (in this auction, or the last hand's)."""
    if max((count or 0) for count in view.bid_counts) >= BLIND_BID:
        return True
    last = view.last_hand
    return last is not None and not last.made and last.bid - last.good >= BLIND_MISS


def push_rival(view: ScaryView, bids: list[Action]) -> Action | None:
    """At a blind table, the raise to 20 that makes the next seat still bidding the ghost, when
    that seat is the rival with most points and two or more others still bid (None: no push)."""
    me = view.seat
    assert me is not None
    bidding = [s for s in range(view.players) if s != me and not view.passed[s]]
    pushes = [a for a in bids if int(a.args[0]) == PUSH_BID]
    if not pushes or len(bidding) < 2 or not blind_table(view):
        return None
    after = next(s for s in view.seat_order(me + 1, view.players - 1) if s in bidding)
    if view.scores[after] < max(view.scores[s] for s in range(view.players) if s != me):
        return None
    # Should everyone pass after all, the ghost plays the suit its hand is best in.
    hand = view.my_hand or ()
    return max(pushes, key=lambda a: (expected_good(hand, str(a.args[1])), -TRUMP_SUITS.index(str(a.args[1]))))


def _bid(view: ScaryView, legal: list[Action], rng: random.Random) -> Action:
    hand = view.my_hand or ()
    bids = [a for a in legal if a.kind == "bid"]
    if not bids:
        return legal[0]
    pushed = push_rival(view, bids)
    if pushed is not None:
        return pushed
    low = min(int(a.args[0]) for a in bids)
    rated = {suit: expected_good(hand, suit) for suit in TRUMP_SUITS}
    suit = max(rated, key=lambda s: (rated[s], -TRUMP_SUITS.index(s)))
    if rated[suit] < low:
        return next(a for a in legal if a.kind == "pass")
    return next(a for a in bids if int(a.args[0]) == low and a.args[1] == suit)


def _play_score(view: ScaryView) -> Any:
    partners, opponents = sides(view)
    trump = view.trump
    top = winning_seat(view)
    good_in_trick = good_count(view.trick)
    if not view.trick:
        ghost_side = view.seat == view.ghost or view.friend == view.seat

        def lead(action: Action) -> float:
            card = int(action.args[0])
            named = 5.0 if len(action.args) == 2 and action.args[1] == trump else 0.0
            power = strength(card, trump)
            # The ghost's side draws trump with its strong cards; the others lead low and safe.
            base = power if ghost_side and power >= 28 else -power - (10 if card in GOOD else 0)
            return base + named

        return lead

    def follow(action: Action) -> float:
        card = int(action.args[0])
        power = strength(card, trump)
        if top is None:
            return -power
        seat, _best_card = top
        cards = [*list(view.trick), card]
        wins = trick_winner(cards, view.trick_suit, trump) == len(view.trick)
        good = 10 if card in GOOD else 0
        if seat in partners and not wins:
            return 50 + good - power / 10  # feed good candy to a winning partner
        if seat in opponents or (seat not in partners and good_in_trick + (card in GOOD) > 0):
            if wins:
                return 100 - power  # take it as cheaply as possible
            return -power - good
        return -power - good - (30 if wins else 0)

    return follow


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, ScaryView)
    assert view.seat is not None
    kind = legal[0].kind
    if view.phase == "bid":
        return _bid(view, legal, rng)
    if kind == "discard":
        return best(legal, lambda a: -keep_value(int(a.args[0]), view.trump), rng)
    if kind == "call":
        wanted = friend_cards(view)
        if wanted:
            return next(a for a in legal if int(a.args[0]) == wanted[0])
        return best(legal, lambda a: float(RANK[int(a.args[0])]), rng)
    return best(legal, _play_score(view), rng)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """Bids only at the lowest count allowed (one per suit); friend cards among the five
    strongest the ghost lacks; every other move."""
    assert isinstance(view, ScaryView)
    if view.phase == "bid":
        bids = [a for a in legal if a.kind == "bid"]
        if not bids:
            return legal
        low = min(int(a.args[0]) for a in bids)
        return [a for a in legal if a.kind == "pass" or int(a.args[0]) == low]
    if view.phase == "call":
        wanted = set(friend_cards(view)[:5])
        return [a for a in legal if int(a.args[0]) in wanted] or legal
    return legal


def canonical(state: GameState, seat: int) -> GameState:
    """Everything `seat` cannot see dealt back in sorted order, place by place."""
    assert isinstance(state, ScaryState)
    hidden = GAME.hidden_from(state, seat)
    pool = sorted(c for cards in hidden.values() for c in cards)
    copy = copy_model(state)
    for place, cards in hidden.items():
        part, pool = pool[: len(cards)], pool[len(cards) :]
        if place < PLAYERS:
            copy.hands[place] = sorted(part, key=sort_key)
        elif place == PLAYERS:
            copy.stash = part
        elif seat != state.ghost:
            copy.discards = part
    if state.called is not None and not state.revealed and state.ghost is not None:
        copy.friend = next((s for s in range(PLAYERS) if state.called in copy.hands[s]), state.ghost)
    if seat != state.ghost:
        copy.from_stash = []
    return copy


def projected_gains(state: ScaryState) -> list[float]:
    """Points each seat may expect from the hand in progress: a made bid is likelier the more
    good candy the ghost's side already holds against what it still needs."""
    gains = [0.0] * PLAYERS
    if state.phase != "play" or state.ghost is None or state.friend is None:
        return gains
    side = {state.ghost, state.friend}
    have = sum(good_count(state.taken[s]) for s in side)
    left = sum(good_count(h) for h in state.hands)
    chance = max(0.0, min(1.0, 0.5 + (have + 0.5 * left - state.contract) / 6))
    if have >= state.contract:
        chance = 1.0
    elif have + left < state.contract:
        chance = 0.0
    for s in range(PLAYERS):
        if s == state.ghost:
            gains[s] = chance * GHOST_POINTS
        elif s == state.friend:
            gains[s] = chance * FRIEND_POINTS
        else:
            gains[s] = (1 - chance) * BUSTER_POINTS
    return gains


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, ScaryState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    gains = projected_gains(state)
    return lead_rewards([state.scores[s] + gains[s] for s in range(PLAYERS)], spread=20)


NORMAL = normal
SENSIBLE = sensible
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 60
ITERATIONS = 200
