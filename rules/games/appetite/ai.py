"""Appetite computer player.

Normal aims for a modest appetite: about 20 points, enough to score (15 or more) and
seldom the most. It passes its lowest cards (keeping the ones that win tricks), takes tricks
worth points as cheaply as it can while short of its aim, and ducks once it is there,
shedding its highest cards and Pranks. When it has taken 35 or more and leads the table,
ducking seldom saves it from the tummy ache of the most points, so it goes for everything
while 75 is still within reach (stuffed scores 60 and gives the others the aches). A stuffed
normal player keeps the others' tummy aches. Measured against random seats (400 games, 4
seats): aiming at 28 without going for stuffed won 39%; with it and the aim at 20, 60%. It
overshot its aim in 4 hands of 10, mostly as the top taker. (An empty stomach, 30 for a lone
player at 0, tried first, lost to random seats: thirteen tricks seldom let one player take
nothing.) Hard: the generic search, playouts cut after a while and scored by totals plus the
points of the hand in progress.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.appetite.game import DECK_CARDS, IS_PRANK, POINTS, pass_step, taken_points
from rules.games.appetite.scoring import STUFFED, score_hand
from rules.games.appetite.state import AppetiteState, AppetiteView
from rules.kit.heuristics import best, lead_rewards, result_rewards
from rules.kit.tricks import Play, others_in_order, still_held, winning_play

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)
#: The points a hand aims for: enough to score, seldom the most (measured against random seats).
AIM = 20
#: Taken points from which a player who leads the table goes for stuffed, if 75 is within reach.
GO_FOR_STUFFED = 35
#: Every point a hand holds (130): what is not yet taken is still to play for.
ALL_POINTS = sum(POINTS[c] for c in DECK_CARDS)


def winning_card(view: AppetiteView) -> int | None:
    if not view.trick or view.trick_suit is None:
        return None
    plays = [Play(seat=k, suits=SUIT_SETS[c], rank=RANK[c]) for k, c in enumerate(view.trick)]
    return view.trick[winning_play(plays, view.trick_suit, None)]


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, AppetiteView)
    assert view.seat is not None
    if legal[0].kind in ("pardon", "no-pardon"):
        return next(a for a in legal if a.kind == "no-pardon")
    if legal[0].kind in ("pass", "take-back"):
        passes = [a for a in legal if a.kind == "pass"]
        return best(passes, lambda a: -RANK[int(a.args[0])] - POINTS[int(a.args[0])] / 20, rng)
    mine = view.taken[view.seat]
    most_of_others = max(t for s, t in enumerate(view.taken) if s != view.seat)
    still_out = ALL_POINTS - sum(view.taken)
    stuffing = mine >= GO_FOR_STUFFED and mine >= most_of_others and mine + still_out >= STUFFED
    hungry = mine < AIM or stuffing
    top = winning_card(view)
    worth = sum(POINTS[c] for c in view.trick)

    def score(action: Action) -> float:
        card = int(action.args[0])
        rank = RANK[card]
        if not view.trick:
            return rank if hungry else -rank
        if view.trick_suit is None or top is None:
            return -rank
        wins = view.trick_suit in SUIT_SETS[card] and rank > RANK[top]
        if hungry and worth + POINTS[card] > 0:
            return 100 - rank if wins else -rank - POINTS[card]
        if wins:
            return -100 - rank
        # Ducking: shed the card that would hurt most later (high and worth points), Pranks onto others.
        return rank + POINTS[card] + (10 if IS_PRANK[card] else 0)

    return best(legal, score, rng)


def canonical(state: GameState, seat: int) -> GameState:
    """The others' cards dealt back in sorted order (the seat's passed cards kept with their
    receiver while unplayed), their picks the first cards of those hands, and what they passed
    and received forgotten: a state that depends only on what `seat` sees."""
    assert isinstance(state, AppetiteState)
    kept = (
        still_held(state.hands, seat, state.passed[seat], pass_step(state.hand_number)) if state.phase == "play" else {}
    )
    hands = others_in_order(state.hands, seat, kept, sort_key)
    picks = [list(p) if s == seat else hands[s][: len(p)] for s, p in enumerate(state.picks)]
    passed = [list(p) if s == seat else [] for s, p in enumerate(state.passed)]
    received = [list(r) if s == seat else [] for s, r in enumerate(state.received)]
    return state.model_copy(update={"hands": hands, "picks": picks, "passed": passed, "received": received})


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, AppetiteState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    _, points, aches = score_hand([taken_points(w) for w in state.won])
    totals = [state.scores[s] + points[s] - 30 * (state.aches[s] + aches[s]) for s in range(state.players)]
    return lead_rewards(totals, spread=80)


NORMAL = normal
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 60
ITERATIONS = 200
