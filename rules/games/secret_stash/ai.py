"""Secret Stash computer player.

Normal values its hand under every contract it could declare (top trumps nearly sure
tricks, other trumps by rank, an 11 of a side suit now and then), bids up to what its best
contract should take, and bids nil only with a hand of low cards. As declarer it looks at the
stash, lays down its three weakest cards for the contract it means to play (its highest
ones for a nil), and declares the contract worth most among those that should make the bid.
In play everyone wants tricks (the most tricks and each 12 are multipliers), so it wins as
cheaply as it can, else sheds its weakest card; a nil bidder ducks with its highest losing
card. Hard: the generic search, its playouts playing normal's cards to the end of the hand in
progress, scored by the totals plus that hand as if it ended now.

Why hard plays its playouts like normal: with uniformly random playouts it won 48% of 3-player
games against two normals (76 games), little over a fair third: a bid, the lay and the contract
were valued by random cards, which neither make bids nor defend like the rivals do. Played with
normal's cards (win as cheaply as possible, else shed the weakest; a tenth of moves random), the
search values them by the hand the table will really play.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.cards import DECK, KING_SIZE, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.secret_stash.game import (
    CONTRACTS,
    NOTRUMP,
    POWER,
    SUITS_IN,
    TOP_TRUMPS,
    TRUMP,
    VALUES,
    score_hand,
    trick_winner,
)
from rules.games.secret_stash.state import PLAYERS, StashState, StashView
from rules.kit.heuristics import best, lead_rewards, result_rewards

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)
_TOP_CHANCE = dict(zip(TOP_TRUMPS, (1.0, 0.95, 0.85, 0.8, 0.75), strict=True))
_TRUMP_CHANCE = {11: 0.7, 10: 0.6, 9: 0.5, 8: 0.4}
_SIDE_CHANCE = {12: 0.8, 11: 0.4, 10: 0.15}
#: Expected help from a look at the stash, in tricks.
STASH_HOPE = 0.5
#: Share of random moves in the search's playouts (so its worlds do not all play alike).
PLAYOUT_NOISE = 0.1


def trick_chance(card: int, contract: str) -> float:
    """A rough chance that a card takes a trick under a contract."""
    if contract == NOTRUMP and card == KING_SIZE:
        return 1.0
    if TRUMP in SUITS_IN[contract][card]:
        return _TOP_CHANCE.get(card) or _TRUMP_CHANCE.get(RANK[card], 0.3)
    return _SIDE_CHANCE.get(RANK[card], 0.0)


def estimate(hand: tuple[int, ...] | list[int], contract: str) -> float:
    return sum(trick_chance(c, contract) for c in hand)


def best_contract(hand: tuple[int, ...] | list[int], bid: int) -> str:
    """The contract worth most among those expected to make `bid`; else the strongest."""

    def key(contract: str) -> tuple[bool, float]:
        guess = estimate(hand, contract)
        makes = guess >= bid
        return makes, VALUES[contract] if makes else guess

    return max(CONTRACTS, key=key)


def safe_nil(hand: tuple[int, ...]) -> bool:
    return KING_SIZE not in hand and all(RANK[c] <= 10 for c in hand) and sum(RANK[c] >= 9 for c in hand) <= 2


def winning_card(view: StashView) -> int | None:
    if not view.trick or view.trick_suit is None or view.contract is None:
        return None
    return view.trick[trick_winner(view.trick, view.leader, view.trick_suit, view.contract)]


def wins(view: StashView, card: int) -> bool:
    assert view.trick_suit is not None
    assert view.contract is not None
    cards = (*view.trick, card)
    return trick_winner(cards, view.leader, view.trick_suit, view.contract) == len(view.trick)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, StashView)
    assert view.my_hand is not None
    hand = view.my_hand
    kind = legal[0].kind
    if kind == "pass":
        kinds = {a.kind: a for a in legal}
        if "nil" in kinds and safe_nil(hand):
            return kinds["nil"]
        hope = max(estimate(hand, k) for k in CONTRACTS if k != NOTRUMP) + STASH_HOPE
        target = min(10, int(hope + 0.5))
        bids = [a for a in legal if a.kind == "bid" and int(a.args[0]) <= target]
        return bids[0] if bids else kinds["pass"]
    if kind == "look":
        return legal[0]
    if kind in ("lay", "take-back"):
        lays = [a for a in legal if a.kind == "lay"]
        if view.bid == 0:
            return best(lays, lambda a: RANK[int(a.args[0])], rng)
        contract = best_contract(hand, view.bid)
        return best(lays, lambda a: -trick_chance(int(a.args[0]), contract) - RANK[int(a.args[0])] / 100, rng)
    if kind == "declare":
        if len(legal) == 1:
            return legal[0]
        choice = best_contract(hand, view.bid)
        return next(a for a in legal if a.args[0] == choice)
    assert view.contract is not None
    power = POWER[view.contract]
    ducking = view.seat == view.declarer and view.bid == 0
    if not view.trick:
        # Lead: the strongest card to win the trick; a nil bidder its weakest.
        return best(legal, lambda a: -power[int(a.args[0])] if ducking else power[int(a.args[0])], rng)

    def score(action: Action) -> float:
        card = int(action.args[0])
        strength = power[card]
        if wins(view, card):
            return -1000.0 - strength if ducking else 1000.0 - strength
        return strength if ducking else -strength

    return best(legal, score, rng)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """Never take a laid card back (it only undoes a move)."""
    return [a for a in legal if a.kind != "take-back"] or legal


def canonical(state: GameState, seat: int) -> GameState:
    """The cards `seat` cannot see dealt back in sorted order: the other hands, and the stash
    unless `seat` is the declarer who looked."""
    assert isinstance(state, StashState)
    others = [s for s in range(PLAYERS) if s != seat]
    knows_stash = seat == state.declarer and bool(state.looked)
    places: list[list[int]] = [state.hands[s] for s in others]
    if not knows_stash:
        places.append(state.stash)
    pool = sorted(c for cards in places for c in cards)
    filled: list[list[int]] = []
    for cards in places:
        filled.append(sorted(pool[: len(cards)], key=sort_key))
        pool = pool[len(cards) :]
    hands = [list(h) for h in state.hands]
    for s, cards in zip(others, filled, strict=False):
        hands[s] = cards
    stash = filled[-1] if not knows_stash else list(state.stash)
    return state.model_copy(update={"hands": hands, "stash": stash})


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Normal's play read from a determinized state: win a trick as cheaply as possible, else
    shed the weakest card (a nil declarer the reverse); normal itself for the other phases."""
    assert isinstance(state, StashState)
    if state.phase != "play" or state.contract is None:
        return normal(game, game.view(state, seat), legal, rng)
    if rng.random() < PLAYOUT_NOISE:
        return rng.choice(legal)
    power = POWER[state.contract]
    ducking = seat == state.declarer and state.bid == 0
    if not state.trick:
        if ducking:
            return min(legal, key=lambda a: power[int(a.args[0])])
        return max(legal, key=lambda a: power[int(a.args[0])])
    suit = state.trick_suit
    assert suit is not None
    trick = list(state.trick)

    def score(action: Action) -> float:
        card = int(action.args[0])
        strength = power[card]
        if trick_winner([*trick, card], state.leader, suit, state.contract or NOTRUMP) == len(trick):
            return -1000.0 - strength if ducking else 1000.0 - strength
        return strength if ducking else -strength

    return max(legal, key=score)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, StashState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = list(state.scores)
    if state.phase == "play" and state.declarer is not None and state.contract is not None:
        sheets = score_hand(state.declarer, state.bid, bool(state.looked), state.contract, state.tricks, state.won)
        points = [p + sheet.points for p, sheet in zip(points, sheets, strict=True)]
    return lead_rewards(points, spread=150)


NORMAL = normal
SENSIBLE = sensible
CANONICAL = canonical
EVALUATE = evaluate
ROLLOUT = rollout
HORIZON = 30
ITERATIONS = 200
