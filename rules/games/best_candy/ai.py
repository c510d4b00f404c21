"""Best Candy computer player.

Normal keeps the suit it holds most of, drafts strong and favourite cards, and in tricks
weighs what winning the trick is worth (a trick point, minus Pranks, plus favourite cards,
unless it would bring a belly ache) against the chance the card holds and what the card
is worth later: win cheaply, dump Pranks on tricks it will not take, keep high cards.
Hard: the generic search with playouts cut at the end of the hand in progress, 180
iterations a decision. Its time is its playouts (each plays the rest of the hand), so it
grows with the iterations; stopping early saves little here (the leading move is seldom out
of reach before 250 of 300 iterations) and the search keeps no tree from one decision to
the next. At 300 iterations a two-player decision took 1.39 s CPU at p95, over the 1 s
target; at 180 it takes 0.77 s, and hard against normal won the same 7 of the same 11
games (64%, 95% interval 35-85%; at 180 also with the rival keeping its favourite suit
blind in the search, as it does at the table).
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.cards import COMBO_CARDS, DECK, KING_OF, SUIT_SETS, Effect
from rules.contract import Action, Game, GameState, View
from rules.games.best_candy import king_ai, kings, teams, trick
from rules.games.best_candy.scoring import BELLY_ACHE_AT, TARGET, places
from rules.games.best_candy.state import BestCandyState, Phase
from rules.games.best_candy.view import PEEKS, BestCandyView
from rules.kit.heuristics import best, lead_rewards, result_rewards

#: How much a card's strength for later tricks weighs against winning this one.
KEEP_WEIGHT = 0.06


def strength(card: int, trump: str | None) -> float:
    """How likely the card is to win a trick later, roughly in [0, 1]; Pranks below 0."""
    info = DECK[card]
    if info.is_prank:
        return -0.6
    if info.is_non_treat:
        return 0.0
    if info.is_king_size:
        return 0.95
    if info.is_king:
        if info.effect is Effect.TRUMP:
            return 0.55
        return (info.rank + 0.5) / 14 - (0.6 if info.passes_lead else 0.0)
    if trump is not None and trump in info.suits:
        return 0.5 + info.rank / 26
    return info.rank / 14


def card_cost(card: int, trump: str | None) -> float:
    """What playing the card costs for later: strong cards are worth keeping."""
    return 10 * strength(card, trump)


def keep_score(view: BestCandyView, suit: str) -> float:
    return sum(1 + DECK[c].rank / 12 for c in view.hand if suit in SUIT_SETS[c])


def draft_score(view: BestCandyView, card: int) -> float:
    info = DECK[card]
    favourite = 3.0 if any(s in info.suits for s in view.favourites) else 0.0
    penalty = 2.0 if info.passes_lead or card == KING_OF[Effect.ONE_CARD] else 0.0
    return info.rank + favourite + (5.0 if info.is_king_size or info.is_king else 0.0) - penalty


def trick_worth(view: BestCandyView, me: int, cards: list[int]) -> float:
    """What taking these cards as a trick is worth to the viewer."""
    if view.kings:
        cards = [c for c in cards if c >= 0]  # face-down cards are unknown
        extra = sum(king_ai.card_value(view, c) for c in cards if DECK[c].is_king)
    else:
        extra = 0.0
    pranks = sum(1 for c in cards if DECK[c].is_prank)
    favourite = sum(1 for s in view.favourites for c in cards if s in SUIT_SETS[c])
    tricks = view.tricks_won[me] + 1
    if tricks >= BELLY_ACHE_AT[view.players]:
        # The belly ache wipes the whole favourite bonus of the hand.
        taken = sum(1 for s in view.favourites for c in view.taken[me] if s in SUIT_SETS[c])
        return 1 - pranks - taken + extra
    return 1 - pranks + favourite + extra


def play_score(view: BestCandyView, action: Action) -> float:
    me = view.turn
    assert me is not None
    card = int(action.args[0])
    suit = str(action.args[1]) if len(action.args) > 1 else view.trick_suit
    cards = [*view.trick, card]
    count = view.hand_count
    if view.kings:
        after_me = count - 1 - (me - view.leader) % count
        winner = king_ai.visible_winner(view, [*view.trick_plays(), (me, card)], suit)
    else:
        after_me = count - len(cards)
        winner = trick.trick_winner(cards, view.leader, count, suit, view.trump)
    hold = 0.0
    if winner == me:
        if after_me == 0:
            hold = 1.0
        else:
            info = DECK[card]
            if view.trump is not None and (view.trump in info.suits or (info.is_king_size and suit == view.trump)):
                base = 0.55 + info.rank / 30
            elif info.is_king_size:
                base = 0.8
            elif suit is not None and suit in info.suits:
                base = 0.15 + info.rank / 16
            else:
                base = 0.3  # nobody has chosen a suit yet: a Prank or Non-Treat lead
            hold = base**after_me
    worth = trick_worth(view, me, cards)
    score = hold * worth - KEEP_WEIGHT * card_cost(card, view.trump)
    if len(view.trick) == 0 and suit is not None and suit in view.favourites:
        score += 0.15  # leading our suit draws our favourite cards into the trick
    return score


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, BestCandyView)
    kind = legal[0].kind
    if view.asked is not None:
        return king_ai.answer(view, legal)
    if kind == "keep":
        return best(legal, lambda a: keep_score(view, str(a.args[0])), rng)
    if kind == "vote":
        return best(legal, lambda a: sum(keep_score(view, s) for s in COMBO_CARDS[str(a.args[0])]), rng)
    if kind == "take":
        return best(legal, lambda a: draft_score(view, int(a.args[0])), rng)
    return best(legal, lambda a: play_score(view, a), rng)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Random, but never drafting a Prank while a better card is there."""
    if legal[0].kind == "take":
        treats = [a for a in legal if not DECK[int(a.args[0])].passes_lead]
        return rng.choice(treats or legal)
    return rng.choice(legal)


def canonical(state: GameState, seat: int) -> GameState:
    """Hidden cards dealt in sorted order: other hands (and the face-down stash) and suit cards."""
    assert isinstance(state, BestCandyState)
    others = [h for h in range(state.hand_count) if h != seat]
    hidden_stash = state.phase is Phase.FAVOURITE
    face_down = list(kings.hidden_cards(state, seat)) if state.kings else []
    pool = sorted(
        [c for h in others for c in state.hands[h]] + (state.stash if hidden_stash else []) + [c for _, c in face_down]
    )
    hands = [list(h) for h in state.hands]
    for h in others:
        size = len(hands[h])
        hands[h], pool = pool[:size], pool[size:]
    played = list(state.trick)
    for k, _ in face_down:
        played[k] = pool.pop()
    stash = pool if hidden_stash else list(state.stash)
    # The determinization deals the others' suit cards again from a fixed list; only the
    # suit deck's order is left to hide (less the top cards the seat is looking at).
    asked = state.pending[0] if state.pending else None
    top = kings.PEEK if asked is not None and asked.seat == seat and asked.kind in PEEKS else 0
    deck = state.suit_deck[:top] + sorted(state.suit_deck[top:])
    return state.model_copy(update={"hands": hands, "stash": stash, "suit_deck": deck, "trick": played})


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    """Finished: the places (the solo game against its opponent's hand). Else: the race so far."""
    assert isinstance(state, BestCandyState)
    if state.phase is Phase.OVER:
        ranked = places(state)
        if state.solo:
            return [1.0 if ranked[0] == 1 and ranked[1] != 1 else 0.5 if ranked[0] == ranked[1] else 0.0]
        result = game.result(state)
        assert result is not None
        return result_rewards(result)
    points = [state.scores[h] + state.tricks_won[h] for h in range(state.hand_count)]
    if state.options.teams:
        # Partners share a race: each seat is rated by its team's lead.
        totals = [sum(points[s] for s in teams.members(state.players, t)) for t in range(teams.TEAMS)]
        by_team = lead_rewards(totals, spread=teams.target(state) / 2)
        return [by_team[teams.team_of(h)] for h in range(state.players)]
    rewards = lead_rewards(points, spread=TARGET / 2)
    return rewards[: max(state.players, 1)]


def sides(game: Game[Any], state: GameState) -> list[int]:
    """Team play's two teams; else every seat (a solo game: its only seat) is its own side."""
    assert isinstance(state, BestCandyState)
    if state.options.teams:
        return [teams.team_of(s) for s in range(state.players)]
    return list(range(state.players))


NORMAL = normal
EASY = easy
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 60
ITERATIONS = 180
SIDES = sides
