"""Up and Down the Block computer players: keep what melds, throw the dearest loose card.

The normal player asks the meld finder for its best split: it discards the dearest card left
over (never a Prank, which lowers its score where it sits), goes out whenever it can, and takes
the top discard only when that makes its best split cheaper. The search's playouts use a
cheaper rule of thumb (a card with no partner in hand goes first, the dearest of them) so
they stay fast.

Why hard is level with normal between two players (53% of 146 games): with 24 iterations and
its strong first lean (`PRIOR_BIAS` 3) it chose normal's own move in all of 40 positions, so
it plays as normal. With 300 iterations and a light lean (1.0) it leaves normal's move in
11 of 30 positions, at 0.3 s CPU a decision (p95 0.5 s), but won 39% of 23 games against
normal (95% interval 22-59%): no gain shown, not kept. Its playouts are too noisy to rank the
discards: a 3,000-iteration search agrees with normal in 11 of 30 positions and with the
300-iteration one in 13. Normal itself as the playout policy costs 8 ms an iteration, about
eight times the cheap rule: a cheaper copy of normal's discard would be the next thing to try.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.candy_kit.candy_deck import COPY, card_of, face_value
from rules.contract import Action, Game, GameState, View
from rules.games.up_and_down.game import DISCARD, DRAW, GO_OUT, TAKE, redeal_unseen, unseen_wilds, wild
from rules.games.up_and_down.melds import HIGH, LOW, best_split, is_wild, loose, out_discards
from rules.games.up_and_down.state import UpDownState, UpDownView
from rules.kit.copying import copy_model
from rules.kit.heuristics import lead_rewards, result_rewards


def partners(card: int, hand: Sequence[int], key: str) -> int:
    """Cards in `hand` this one could share a set or a run with (wilds not counted)."""
    printed = card_of(card)
    count = 0
    for other in hand:
        if other == card or is_wild(other, key):
            continue
        theirs = card_of(other)
        if theirs.rank == printed.rank or (
            LOW <= printed.rank <= HIGH
            and LOW <= theirs.rank <= HIGH
            and abs(theirs.rank - printed.rank) <= 2
            and set(theirs.suits) & set(printed.suits)
        ):
            count += 1
    return count


def keep_score(card: int, hand: Sequence[int], key: str) -> float:
    """How much a card is worth keeping: wilds most, then cards with partners, cheap cards."""
    if is_wild(card, key):
        return 100.0
    if face_value(card) < 0:
        return 50.0  # a Prank left over lowers the score
    return 10.0 * partners(card, hand, key) - face_value(card)


def discard_choice(hand: Sequence[int], taken: int | None, key: str, can_go_out: bool) -> int:
    """The normal player's discard: one that lets it go out, else the dearest loose card."""
    allowed = [card for card in hand if card != taken]
    if can_go_out:
        outs = out_discards(hand, key)
        going = [card for card in allowed if card % COPY in outs]
        if going:
            return max(going, key=lambda c: (face_value(c), c))
    left = [card for card in best_split(hand, key).left if card != taken and face_value(card) >= 0]
    pool = left or allowed
    return min(pool, key=lambda c: (keep_score(c, hand, key), -c))


def decide(view: UpDownView, legal: list[Action], rng: random.Random) -> Action:
    assert view.hand is not None
    if view.phase == "going-out":
        return GO_OUT
    hand = list(view.hand)
    if view.phase == "discard":
        return DISCARD[discard_choice(hand, view.taken, view.wild, view.out is None)]
    if TAKE in legal and DRAW not in legal:
        return TAKE
    top = view.discard[-1]
    if is_wild(top, view.wild):
        return TAKE
    now = best_split(hand, view.wild).value
    with_top = [*hand, top]
    thrown = discard_choice(with_top, top, view.wild, False)
    after = best_split([c for c in with_top if c != thrown], view.wild).value
    return TAKE if after < now else DRAW


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, UpDownView)
    return decide(view, legal, rng)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Random moves, but it always goes out when it can."""
    return GO_OUT if GO_OUT in legal else rng.choice(legal)


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(state, UpDownState)
    if GO_OUT in legal:
        return GO_OUT
    if rng.random() < 0.2:
        return rng.choice(legal)
    hand, key = state.hands[seat], wild(state)
    if state.phase == "draw":
        top = state.discard[-1]
        useful = top not in loose([*hand, top], key)
        return TAKE if useful or DRAW not in legal else DRAW
    spare = [card for card in loose(hand, key) if card != state.taken and face_value(card) > 0]
    if spare:
        return DISCARD[max(spare, key=lambda c: (face_value(c), c))]
    return rng.choice(legal)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    """A playout cut short: the scores so far plus what each hand's loose cards would cost."""
    assert isinstance(state, UpDownState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    key = wild(state)
    points = [
        -(total + sum(face_value(c) for c in loose(hand, key)))
        for total, hand in zip(state.scores, state.hands, strict=True)
    ]
    return lead_rewards(points, spread=40.0)


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with every unseen card, and the wild suits to come, in order."""
    assert isinstance(state, UpDownState)
    copy = redeal_unseen(copy_model(state), seat, list.sort)
    copy.wild_cards[copy.hand_number :] = unseen_wilds(copy)[: len(copy.wild_cards) - copy.hand_number]
    return copy


NORMAL = normal
EASY = easy
ROLLOUT = rollout
EVALUATE = evaluate
CANONICAL = canonical
#: Rivals are played by the playout policy from their own cards (see Sugarfree's note).
OPPONENTS_IN_TREE = False
#: Playouts stop here (a few turns each); scores and hands then rate the position.
HORIZON = 12
ITERATIONS = 24
#: The search starts out leaning to the normal player's move (its few playouts are noisy): without
#: it hard lost all 6 two-player games to normal; with it, it won 3 of 4 (measured, see README).
PRIOR_BIAS = 3.0
