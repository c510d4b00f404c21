"""How Many Candies do you Wish computer player.

Normal bids the tricks its hand should take (high Candy cards surely, other high cards
sometimes) and bids nil with a hand that looks safe for it (no Candy above 6 and no card
above 9). In play it wins cheaply while its team still needs tricks (not over a partner who
is winning), and ducks once the team has its bid or when it bid nil. Hard: the generic
search, playouts cut after a while and scored by the teams' scores plus this hand's points.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.how_many_candies.game import TRUMP, score_team, team_of
from rules.games.how_many_candies.state import TEAMS, HowManyState, HowManyView
from rules.kit.heuristics import best, lead_rewards, result_rewards
from rules.kit.tricks import Play, others_in_order, winning_play

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)


def trick_chance(card: int) -> float:
    """A rough chance that a card takes a trick on its own."""
    rank = RANK[card]
    if TRUMP in SUIT_SETS[card]:
        return 1.0 if rank >= 9 else 0.7 if rank >= 6 else 0.4
    return 0.9 if rank == 12 else 0.6 if rank == 11 else 0.25 if rank == 10 else 0.0


def safe_nil(hand: tuple[int, ...]) -> bool:
    return all(RANK[c] <= 9 for c in hand) and all(RANK[c] <= 6 for c in hand if TRUMP in SUIT_SETS[c])


def winner_so_far(view: HowManyView) -> tuple[int, int] | None:
    """(seat, card) winning the trick so far."""
    if not view.trick:
        return None
    seats = [view.leader]
    for _ in range(len(view.trick) - 1):
        seats.append(view.order[(view.order.index(seats[-1]) + 1) % view.players])
    plays = [Play(seat=s, suits=SUIT_SETS[c], rank=RANK[c]) for s, c in zip(seats, view.trick, strict=True)]
    index = winning_play(plays, view.trick_suit, TRUMP)
    return seats[index], view.trick[index]


def beats(card: int, top: int, trick_suit: str | None) -> bool:
    plays = [Play(seat=0, suits=SUIT_SETS[top], rank=RANK[top]), Play(seat=1, suits=SUIT_SETS[card], rank=RANK[card])]
    return winning_play(plays, trick_suit, TRUMP) == 1


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, HowManyView)
    assert view.seat is not None
    assert view.my_hand is not None
    me = view.seat
    hand = view.my_hand
    if legal[0].kind == "bid":
        if safe_nil(hand):
            return legal[0]
        estimate = round(sum(trick_chance(c) for c in hand))
        return legal[max(1, min(estimate, len(legal) - 1))]
    team = view.team_of(me)
    partner = view.members(team)[1] if view.members(team)[0] == me else view.members(team)[0]
    my_bid = view.bids[me]
    team_bid = sum(view.bids[s] or 0 for s in view.members(team))
    team_tricks = sum(view.tricks[s] for s in view.members(team))
    want = my_bid != 0 and team_tricks < team_bid
    if not view.trick:
        # Lead: when tricks are wanted, the strongest card; otherwise the weakest.
        def lead_score(action: Action) -> float:
            card = int(action.args[0])
            strength = RANK[card] + (6 if TRUMP in SUIT_SETS[card] else 0)
            return strength if want else -strength

        return best(legal, lead_score, rng)
    top = winner_so_far(view)
    assert top is not None
    top_seat, top_card = top
    partner_wins = top_seat == partner and view.bids[partner] != 0

    def score(action: Action) -> float:
        card = int(action.args[0])
        strength = RANK[card] + (13 if TRUMP in SUIT_SETS[card] else 0)
        wins = beats(card, top_card, view.trick_suit)
        if want and not partner_wins:
            return 100 - strength if wins else -strength  # win as cheaply as possible, else shed the weakest
        if wins:
            return -100 - strength  # avoid winning; if forced, with the weakest winner
        return strength  # duck with the highest card that still loses

    return best(legal, score, rng)


def canonical(state: GameState, seat: int) -> GameState:
    """The others' cards dealt back in sorted order (the determinization redeals them anyway)."""
    assert isinstance(state, HowManyState)
    hands = others_in_order(state.hands, seat, {}, sort_key)
    return state.model_copy(update={"hands": hands})


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, HowManyState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = list(state.scores)
    if state.phase == "play":
        for team in range(TEAMS):
            a, b = state.order[team], state.order[team + TEAMS]
            sheet, _ = score_team((state.bids[a] or 0, state.bids[b] or 0), (state.tricks[a], state.tricks[b]), 0)
            points[team] += sheet.total
    return lead_rewards([points[team_of(state, s)] for s in range(state.players)], spread=150)


def sides(game: Game[Any], state: GameState) -> list[int]:
    assert isinstance(state, HowManyState)
    return [team_of(state, s) for s in range(state.players)]


NORMAL = normal
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 60
ITERATIONS = 200
SIDES = sides
