"""Best House on the Block computer player.

Normal drafts the strongest stash card, then weighs each play by what it can bring: the trick
(less the Pranks in it) and the gold card, each times the chance that no player still to play
holds a higher card (counted from the cards not yet seen), less a small price for spending a
high card. Nobody must follow, so a card with no hope is thrown cheaply: a Prank when the trick
goes to someone else, else the lowest card. Easy: random, but never drafts a Prank and names
each card's most promising suit.

Hard judges its sensible moves by paired rollouts (`ROLLOUT_PLAYOUTS`): every move is tried in
the same guessed worlds, each followed by every seat playing exactly as normal does to the end
of the hand, and scored by points plus this hand's sheet so far, over the mean of the others';
normal's move is kept unless another beats it by more than its standard error. Why not the
tree search: it leaned at first on normal's move, and its playouts (a cheap greedy policy, cut
after 8 moves) gave each move worlds of its own, whose deal swamped what one card changes, so
no other move showed better: it chose normal's own move in 39 of 40 sampled positions at 3
players (32 of 40 at 2) and won 32% of 122 games against normal at 3 (fair 33%). Paired
rollouts leave normal's move in 7 of those 40 positions (22 of 40 at 2 players). Normal as the
playout policy reads the guessed state instead of building a view at every move, and who holds
a trick or a gold card is read from each card's standing, worked out once: together they cut
a decision's CPU time to 0.41 of a view at every move, with the same choices.
Against normal, hard then won 68% of 100 games at 3 players (58%-76%; fair 33%, target 50%)
and 92% of 100 at 2 (85%-96%; 65 of the 72 seeds on which the tree search won 45), at 0.50 s
and 0.33 s of CPU at p95 a decision.
The tree search's hooks below serve a hard player given a time budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from rules.candy_kit.cards import DECK, KING_SIZE, SUIT_SETS, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.best_candy.deal import deck_cards
from rules.games.best_candy.trick import as_play
from rules.games.best_house.game import IS_PRANK, RANK, gold_play, hand_sheet
from rules.games.best_house.gold import GOLD_SUIT, GOLD_VALUE
from rules.games.best_house.state import BestHouseState, BestHouseView
from rules.kit.heuristics import best, lead_rewards, points_lead, result_rewards
from rules.kit.tricks import NO_KEY, others_in_order, play_key

#: What spending a card costs, per rank: high cards win later tricks too.
SPEND = 0.04
#: How likely a player still to come is to play a higher card they hold.
BEATS = 0.7


def unseen(view: BestHouseView) -> list[int]:
    """The cards of this hand's deck the viewer has not seen: the others' hands, together."""
    seen = set(view.my_hand or ()) | set(view.trick) | set(view.stash)
    for pile in view.taken:
        seen.update(pile)
    return [c for c in deck_cards(list(view.colours)) if c not in seen]


def holds_up(card: int, suit: str | None, hidden: list[int], share: float, trump: str | None) -> float:
    """The chance that no player still to play beats `card` in `suit`: each unseen higher card
    (or trump, when `suit` is not trump) is in a later hand with probability `share`."""
    if suit is None or share <= 0:
        return 1.0
    higher = 0
    for other in hidden:
        counts = suit in SUIT_SETS[other] or other == KING_SIZE
        if (counts and RANK[other] > RANK[card]) or (trump is not None and trump != suit and trump in SUIT_SETS[other]):
            higher += 1
    return (1 - BEATS * share) ** higher


def draft_value(card: int) -> float:
    if card == KING_SIZE:
        return 30.0
    if IS_PRANK[card]:
        return -5.0
    return RANK[card] + 0.5 * len(DECK[card].suits)


#: What normal reads of the table: the same fields on a seat's view and on a (guessed) state.
Table = BestHouseView | BestHouseState


@cache
def _trick_key(card: int, suit: str | None, trump: str | None) -> tuple[int, int]:
    return play_key(as_play(0, card, suit), suit, trump)


@cache
def _gold_key(card: int, suit: str | None, gold_suit: str) -> tuple[int, int]:
    return play_key(gold_play(card, 0, suit, gold_suit), gold_suit, None)


def takes_trick(trick: Sequence[int], card: int, suit: str | None, trump: str | None) -> bool:
    """Whether `card`, played now, holds the trick so far (the game's `trick_winner`, worked out
    from each card's cached standing: this is asked for every move of every playout)."""
    if not trick:
        return True  # the leader holds a trick nobody has beaten
    before = max(_trick_key(c, suit, trump) for c in trick)
    return _trick_key(card, suit, trump) > before


def takes_gold(trick: Sequence[int], card: int, suit: str | None, gold_suit: str) -> bool:
    """Whether `card`, played now, holds the gold card so far (the game's `gold_winner`)."""
    mine = _gold_key(card, suit, gold_suit)
    return mine != NO_KEY and all(mine > _gold_key(c, suit, gold_suit) for c in trick)


def play_value(view: Table, action: Action, hidden: list[int]) -> float:
    card = int(action.args[0])
    named = str(action.args[1]) if len(action.args) == 2 else None
    trick = view.trick
    suit = named or view.trick_suit
    later = view.players - len(trick) - 1
    share = later / (view.players - 1)
    value = -SPEND * max(RANK[card], 0) * (3 if card == KING_SIZE else 1)
    if takes_trick(trick, card, suit, view.trump):
        pranks = sum(1 for c in trick if IS_PRANK[c]) + IS_PRANK[card]
        value += holds_up(card, suit, hidden, share, view.trump) * (1 - pranks)
    elif IS_PRANK[card]:
        value += 0.3  # it costs whoever wins
    if view.gold is not None:
        gold_suit = GOLD_SUIT[view.gold]
        if takes_gold(trick, card, suit, gold_suit):
            chance = holds_up(card, gold_suit, [c for c in hidden if c != KING_SIZE or suit == gold_suit], share, None)
            value += chance * GOLD_VALUE[view.gold]
    return value


def decide(table: Table, hidden: Callable[[], list[int]], legal: list[Action], rng: random.Random) -> Action:
    """Normal's choice; `hidden` gives the cards the chooser has not seen (asked only to play)."""
    if legal[0].kind == "take":
        return best(legal, lambda a: draft_value(int(a.args[0])), rng)
    unseen_cards = hidden()
    return best(legal, lambda a: play_value(table, a, unseen_cards), rng)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, BestHouseView)
    return decide(view, lambda: unseen(view), legal, rng)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """No Prank drafted while another card is there; each card played naming only its most
    promising suit (a card's suits differ only in the trick they name)."""
    assert isinstance(view, BestHouseView)
    if legal[0].kind == "take":
        return [a for a in legal if not IS_PRANK[int(a.args[0])]] or legal
    hidden = unseen(view)
    chosen: dict[int, tuple[float, Action]] = {}
    for action in legal:
        card, value = int(action.args[0]), play_value(view, action, hidden)
        if card not in chosen or value > chosen[card][0]:
            chosen[card] = (value, action)
    return [action for _value, action in chosen.values()]


def trick_top(cards: list[int], suit: str | None, trump: str | None) -> tuple[int, int]:
    """The (trump or not, rank) a card must beat to win the trick so far: cheap, for playouts."""
    top = (-1, -1)
    for card in cards:
        suits = SUIT_SETS[card]
        if trump is not None and trump in suits:
            key = (2, RANK[card])
        elif card == KING_SIZE or (suit is not None and suit in suits):
            key = (1, RANK[card])
        else:
            continue
        top = max(top, key)
    return top


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """A cheap greedy playout: draft the best card; lead a high card; follow with the cheapest
    card that wins the trick or the gold so far, else throw the lowest card. Some moves random."""
    assert isinstance(state, BestHouseState)
    if rng.random() < 0.25:
        return rng.choice(legal)
    if legal[0].kind == "take":
        return max(legal, key=lambda a: draft_value(int(a.args[0])))
    if not state.trick:
        return max(legal, key=lambda a: RANK[int(a.args[0])] + rng.random())
    trump, suit = state.trump, state.trick_suit
    top = trick_top(state.trick, suit, trump)
    gold_suit = GOLD_SUIT[state.gold] if state.gold is not None else None
    gold_top = max((RANK[c] for c in state.trick if gold_suit in SUIT_SETS[c]), default=-1)

    def score(action: Action) -> float:
        card = int(action.args[0])
        named = str(action.args[1]) if len(action.args) == 2 else suit
        gain = 0.0
        if trick_top([card], named, trump) > top:
            gain += 1.0
        if gold_suit is not None and gold_suit in SUIT_SETS[card] and RANK[card] > gold_top:
            gain += 2.5
        return gain * 20 - RANK[card]

    return max(legal, key=score)


def canonical(state: GameState, seat: int) -> GameState:
    """The others' cards dealt back in sorted order (each keeping the stash card it drafted
    while unplayed) and the face-down gold cards in order: what `seat` sees, and nothing else."""
    assert isinstance(state, BestHouseState)
    kept = {s: [c] for s, c in enumerate(state.drafted) if s != seat and c is not None and c in state.hands[s]}
    hands = others_in_order(state.hands, seat, kept, sort_key)
    return state.model_copy(update={"hands": hands, "gold_deck": sorted(state.gold_deck)})


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, BestHouseState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [
        state.scores[s] + hand_sheet(state.tricks_won[s], state.gold_won[s], state.taken[s]).total
        for s in range(state.players)
    ]
    return lead_rewards(points, spread=12)


def others_cards(state: BestHouseState, seat: int) -> list[int]:
    """The cards `seat` has not seen, read from a state: every deck card is in a hand, the
    stash, the trick or a taken pile, so they are the other hands' (what `unseen` counts)."""
    return [card for other, hand in enumerate(state.hands) if other != seat for card in hand]


def exact(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's own choice, read from a guessed world without building a view
    (a view per playout move cost most of a decision)."""
    assert isinstance(state, BestHouseState)
    return decide(state, lambda: others_cards(state, seat), legal, rng)


def hand_number(state: GameState) -> int:
    assert isinstance(state, BestHouseState)
    return state.hand_number


def lead(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's points, this hand's sheet included, over the mean of the others'."""
    assert isinstance(state, BestHouseState)
    points = [
        state.scores[s] + hand_sheet(state.tricks_won[s], state.gold_won[s], state.taken[s]).total
        for s in range(state.players)
    ]
    return points_lead(points)


NORMAL = normal
#: 100 playouts shared by the sensible moves, each to the end of the hand.
ROLLOUT_PLAYOUTS = 100
ROLLOUT_STAGE = hand_number
ROLLOUT_VALUE = lead
ROLLOUT_POLICY = exact
SENSIBLE = sensible
PRIOR_BIAS = 5.0
ROLLOUT = rollout
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 8
OPPONENTS_IN_TREE = False
ITERATIONS = 200
