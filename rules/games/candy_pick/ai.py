"""Candy Pick! computer player.

Normal swaps its low cards that are in no set, run or long flush; then plays for the trick
table's good outcomes: 7 to 9 tricks, or at most 3 when its hand looks too weak to reach 7.
It leads the card and suit least (or, not wanting the trick, most) likely to be beaten,
judged from the unseen cards and the suits the other player has shown it lacks; it follows
with the cheapest card that wins, or ducks with its highest losing card, throwing its
highest cards away when it cannot follow. From its seventh trick on it ducks: the table
forgives up to two more, but a tenth scores nothing and gives the other player 31.
Hard: the generic search over guesses of the hidden cards, playouts scored by points.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.candy_pick.declare import best_flush, best_run, sets
from rules.games.candy_pick.game import DECK_CARDS, TRICK_POINTS
from rules.games.candy_pick.state import HAND_SIZE, CandyPickState, CandyPickView
from rules.kit.heuristics import best, lead_rewards, result_rewards

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)
#: Ranks at or below this are swapped unless they help a declaration.
LOW = 8
#: The most tricks of the low good outcome, the fewest of the high one (trick table).
FEW, HIGH = 3, 7


def discards(hand: tuple[int, ...], most: int) -> list[int]:
    """The cards to swap: the low ones outside the best run, any set and the best flush,
    lowest first, at least one and at most `most`."""
    run = best_run(list(hand))
    flush = best_flush(list(hand))
    set_ranks = {rank for rank, _ in sets(list(hand))}

    def worth(card: int) -> float:
        value = float(RANK[card])
        suits = SUIT_SETS[card]
        if run is not None and run.suit in suits and run.top - run.length < RANK[card] <= run.top:
            value += 6
        if RANK[card] in set_ranks:
            value += 6
        if flush.suit in suits:
            value += 2
        return value

    ranked = sorted(hand, key=lambda c: (worth(c), sort_key(c)))
    low = [c for c in ranked if worth(c) <= LOW]
    return (low or ranked[:1])[:most]


def expected_tricks(hand: tuple[int, ...]) -> float:
    """A rough count of the tricks a hand takes: a 12 nearly always, a 5 seldom."""
    return sum((RANK[c] - 4) / 8 for c in hand)


def wants_trick(view: CandyPickView, hand: tuple[int, ...]) -> bool:
    me = view.seat
    assert me is not None
    mine = view.tricks_won[me]
    if mine >= HIGH:
        return False
    if mine > FEW:
        return True
    return mine + expected_tricks(hand) >= HIGH - 0.5


def beaten(view: CandyPickView, hand: tuple[int, ...], card: int, suit: str) -> float:
    """Roughly how likely a lead of `card` naming `suit` is to lose the trick: the other player
    holds a card of the suit (unless it has shown it lacks one), and a higher one."""
    other = 1 - (view.seat or 0)
    if suit in view.voids[other]:
        return 0.0
    seen = set(hand) | set(view.played) | set(view.my_discards)
    unseen = [c for c in DECK_CARDS if c not in seen]
    holding = view.hand_sizes[other] / max(1, len(unseen))
    of_suit = [c for c in unseen if suit in SUIT_SETS[c]]
    if not of_suit:
        return 0.0
    higher = sum(1 for c in of_suit if RANK[c] > RANK[card])
    follows = 1 - (1 - holding) ** len(of_suit)
    return follows * higher / len(of_suit)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, CandyPickView)
    hand = view.my_hand or ()
    if view.phase == "exchange":
        wanted = discards(tuple(c for c in hand), view.most_exchanged)
        for action in legal:
            if action.kind == "take-back" and int(action.args[0]) not in wanted:
                return action
        for action in legal:
            if action.kind == "discard" and int(action.args[0]) in wanted:
                return action
        return next(a for a in legal if a.kind == "exchange")
    win = wants_trick(view, hand)
    if not view.trick:

        def lead(action: Action) -> float:
            chance = beaten(view, hand, int(action.args[0]), str(action.args[1]))
            return 1 - chance if win else chance

        return best(legal, lead, rng)
    led = view.trick[0]
    suit = view.trick_suit

    def follow(action: Action) -> float:
        card = int(action.args[0])
        beats = suit in SUIT_SETS[card] and RANK[card] > RANK[led]
        if win:
            return 100 - RANK[card] if beats else -RANK[card]
        return (50 + RANK[card]) if not beats else -RANK[card]

    return best(legal, follow, rng)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """In the exchange, swap only low cards (ranks up to 8): a high card nearly always beats
    what the talon gives back; and never take a pick back, which only a person changing their
    mind needs (a search that may would pick and unpick for ever). Every card play counts."""
    if legal[0].kind not in ("discard", "take-back", "exchange"):
        return legal
    moves = [a for a in legal if a.kind != "take-back"]
    low = [a for a in moves if a.kind == "exchange" or RANK[int(a.args[0])] <= LOW]
    return low or moves or legal


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Random play for the search's playouts, without taking picks back (so a playout's
    exchange ends within five moves)."""
    moves = [a for a in legal if a.kind != "take-back"] if legal[0].kind != "play" else legal
    return rng.choice(moves or legal)


def canonical(state: GameState, seat: int) -> GameState:
    """The other player's hand, discards and the talon dealt from their cards in sorted order,
    its picks the first cards of its hand, what it drew forgotten: a state that depends only
    on what `seat` sees."""
    assert isinstance(state, CandyPickState)
    other = 1 - seat
    pool = sorted([*state.hands[other], *state.discards[other], *state.talon], key=sort_key)
    size, gone = len(state.hands[other]), len(state.discards[other])
    hands = [list(h) for h in state.hands]
    hands[other] = pool[:size]
    discards_ = [list(d) for d in state.discards]
    discards_[other] = pool[size : size + gone]
    picks = [list(p) for p in state.picks]
    picks[other] = hands[other][: len(state.picks[other])]
    drawn = [list(d) for d in state.drawn]
    drawn[other] = []
    return state.model_copy(
        update={"hands": hands, "discards": discards_, "talon": pool[size + gone :], "picks": picks, "drawn": drawn}
    )


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, CandyPickState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [float(p) for p in state.scores]
    if state.phase == "play":
        # Tricks still to come shared in proportion to those taken so far: a rough projection.
        played = sum(state.tricks_won)
        for s in range(2):
            share = state.tricks_won[s] / played if played else 0.5
            points[s] += TRICK_POINTS[round(share * HAND_SIZE)]
    return lead_rewards(points, spread=60)


NORMAL = normal
SENSIBLE = sensible
ROLLOUT = rollout
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 40
ITERATIONS = 200
