"""Sugarfree computer players: shed the dearest cards first, keep wild cards for when stuck.

Left-over cards score against you, so the normal player plays its highest-valued matching
treat; wild cards (which always fit) are kept for a turn with no match, unless the hand is
nearly gone or a rival is about to go out (then a Prank slows them down). It names the suit
it holds most of, and always adds an extra card after a Non-Treat (the dearest one). The same
choices, read from a determinized state, drive the search's playouts.

Why hard judges its cards by paired rollouts, not by the tree search: the tree gave each card
playouts in worlds of its own, and one card played now changes a hand's end by a few points
while the deal of each world changes it by far more, so 200 playouts could not rank the cards
(hand 1, seed 10000: 11 Gummy/Sour 0.526, 6 Candy/Sour 0.533, Prank 0.494 at 2,000 playouts);
and a playout cut at 30 moves was scored on the totals with a 40-point spread, which a quarter
of the decisions of a game start beyond (the rewards then sit at 0 or 1 whatever the card).
Hard won 41% of 41 games against normal that way. Now every card is tried in the same worlds,
each followed by every seat playing as normal does (which is exactly the rival a normal player
is) to the end of the hand, and the hand's points decide; normal's card is kept unless another
beats it by more than its standard error. Hard then won 67% of 33 games against normal (22 wins
against 14 on the same seeds). A rival that had to draw held nothing that fitted the top then,
wild cards included, nor do the cards it drew and kept: its worlds now deal it so. With both,
hard won 59% of 100 games (49%-68%; 27 wins against 17 for the tree search on its 41 seeds,
59 against 50 for the tree leaning on normal's card on the same 100), at a CPU p95 of 0.27 s a
decision: its interval holds both 50% and the 60% target.

Its worlds now also read what a rival chose to shed (`readings`): a normal rival plays the dearest
card that fits, a King Size at once, so after it chose a treat of rank r it holds no fitting King
Size or higher treat, except among cards drawn since; and every draw of the hand counts, not only
the last. With that and 500 playouts a decision (CPU p95 0.31 s): 25 wins of 39 games against 24
for the code before on the same seeds.

Half of a playout's time went on what nobody reads: the log lines of every move and, at the
hand's end, the shuffle and deal of the next hand (cProfile of one decision). `play_out` plays
the same moves with the same random numbers on the state's own lists, and a reading's ruled-out
cards come from a table: a decision at the same playouts costs a quarter of its time (the same
choices, the same values, checked in its tests), so hard now spends 2,000 playouts a decision.
With both the readings and 2,000 playouts: 71% of 100 games against normal (61%-79%, above the
60% target; 71 wins against 59 for the code with 300 playouts and draws read, on the same 100
seeds: better on 21, worse on 9), at a CPU p95 of 0.37 s a decision; the same code on the next
183 seeds as well: 70% of 283 games (65%-75%), CPU p95 0.38 s.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, card_of, face_value, text_of
from rules.candy_kit.cards import SUITS, suit_name
from rules.contract import Action, Event, Game, GameState, View
from rules.games.sugarfree.game import NAME, ONE_DECK, PRANK_DRAW, playable, redeal_unseen
from rules.games.sugarfree.state import SugarfreeState, SugarfreeView
from rules.kit.copying import copy_model
from rules.kit.heuristics import best, lead_rewards, penalty_lead, result_rewards


def play_score(card: int, hand_size: int, next_size: int) -> float:
    printed = card_of(card)
    if printed.is_king_size:
        return 13.5  # the dearest card, and wild
    if printed.is_prank:
        return 20.0 if next_size <= 2 else (1.0 if hand_size <= 3 else -3.0)
    if printed.is_non_treat:
        return 0.5 if hand_size <= 3 else -2.0
    return float(printed.rank)


def decide(
    hand: Sequence[int], sizes: Sequence[int], seat: int, phase: str, legal: list[Action], rng: random.Random
) -> Action:
    if phase == "name":
        counts = {suit: sum(1 for c in hand if suit in card_of(c).suits) for suit in SUITS}
        return best(legal, lambda a: counts[str(a.args[0])], rng)
    next_size = sizes[(seat + 1) % len(sizes)]

    def score(action: Action) -> float:
        if action.kind != "play":
            return -1.0 if action.kind == "stop" else 0.0
        return play_score(int(action.args[0]), len(hand), next_size) + 0.01 * face_value(int(action.args[0]))

    return best(legal, score, rng)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, SugarfreeView)
    assert view.seat is not None
    assert view.hand is not None
    return decide(view.hand, view.hand_sizes, view.seat, view.phase, legal, rng)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Random moves, but it never stops short after a Non-Treat."""
    return rng.choice([a for a in legal if a.kind != "stop"] or legal)


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(state, SugarfreeState)
    if rng.random() < 0.2:
        return rng.choice(legal)
    sizes = [len(hand) for hand in state.hands]
    return decide(state.hands[seat], sizes, seat, state.phase, legal, rng)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    """A playout cut short: the scores so far plus what each hand would cost now (fewer is better)."""
    assert isinstance(state, SugarfreeState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [
        -(total + sum(face_value(c) for c in hand)) for total, hand in zip(state.scores, state.hands, strict=True)
    ]
    return lead_rewards(points, spread=40.0)


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with every unseen card in sorted order."""
    assert isinstance(state, SugarfreeState)
    return redeal_unseen(copy_model(state), seat, list.sort)


NORMAL = normal
EASY = easy
ROLLOUT = rollout
EVALUATE = evaluate
CANONICAL = canonical
#: Rivals are played by the playout policy from their own cards: a rival node of our tree would
#: play as if it saw our hand (measured: hard against normal went from 2 in 10 to 5 in 10).
OPPONENTS_IN_TREE = False
#: The tree search's settings, used only when hard is given a time budget or another playout.
HORIZON = 30
ITERATIONS = 200


def exact(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's own choice, read from a determinized state (paired rollouts)."""
    assert isinstance(state, SugarfreeState)
    sizes = [len(hand) for hand in state.hands]
    return decide(state.hands[seat], sizes, seat, state.phase, legal, rng)


#: Printed cards by the words the log shows them with (both copies of a card read alike).
_BY_TEXT: dict[str, int] = {text_of(card): card for card in ONE_DECK}
_BY_SUIT_NAME: dict[str, str] = {suit_name(suit): suit for suit in SUITS}


@dataclass(frozen=True, slots=True)
class Reading:
    """What one turn of a rival this hand tells of the cards it held then: nothing that fitted
    `top` (and the suit `named` on it) when it had to draw (`above` None); when it chose to play
    a card ranked `above`, nothing fitting that the normal player would have played first (the
    King Size, or a treat ranked higher). The rival holds such cards now only among the `gained`
    cards it has drawn since."""

    top: int
    named: str | None
    above: int | None
    gained: int

    def rules_out(self, card: int) -> bool:
        if not playable(card, self.top, self.named):
            return False
        if self.above is None:
            return True
        printed = card_of(card)
        return printed.is_king_size or (printed.is_treat and printed.rank > self.above)

    def ruled_out(self) -> frozenset[int]:
        """The printed cards (`card % COPY`) this reading rules out: a table, since every world
        of a decision asks it of every hidden card."""
        return _ruled_out(self.top % COPY, self.named, self.above)


@functools.cache
def _ruled_out(top: int, named: str | None, above: int | None) -> frozenset[int]:
    reading = Reading(top, named, above, 0)
    return frozenset(card for card in ONE_DECK if reading.rules_out(card))


def readings(log: Sequence[Event], rival: int) -> list[Reading]:
    """What `rival`'s turns of the hand in progress tell of its hand, read from the log. A player
    draws only when nothing in hand fits the top, wild cards included; a normal player sheds the
    dearest card that fits (a King Size at once); a card found by drawing is played unchosen."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].kind == "deal"), None)
    if start is None:
        return []
    found: list[list[Any]] = []  # [top, named, above, gained], `gained` growing
    top: int | None = None
    named: str | None = None
    forced = False  # the next play is the card a draw found
    for event in log[start:]:
        if event.kind == "pass":
            forced = False
        if event.said is None:
            continue
        who = dict(event.said.roles).get("who")
        args = dict(event.said.args)
        if event.kind in ("deal", "play"):
            card = _BY_TEXT.get(str(args["card"]))
            if card is None:
                return []
            printed = card_of(card)
            # A Non-Treat chosen means no treat fitted; a Prank may be chosen over anything.
            chosen = event.kind == "play" and who == rival and not forced and top is not None
            if chosen and (printed.is_treat or printed.is_non_treat):
                found.append([top, named, printed.rank if printed.is_treat else 0, 0])
            top, named, forced = card, None, False
        elif event.kind == "name":
            named = _BY_SUIT_NAME.get(str(args["suit"]))
        elif event.kind == "draw":
            forced = True
            if who == rival and top is not None:
                for reading in found:
                    reading[3] += int(args["n"])
                found.append([top, named, None, 0])
        elif event.kind == "prank" and who == rival:
            for reading in found:
                reading[3] += int(args["n"])
    return [Reading(*reading) for reading in found]


def determinize(game: Game[Any], state: GameState, seat: int, rng: random.Random) -> GameState:
    """The game's uniform guess, then each rival is given back, from the draw pile, cards its turns
    did not rule out (`readings`) in place of the ruled-out ones beyond what it has drawn since."""
    world = game.determinize(state, seat, rng)
    assert isinstance(world, SugarfreeState)
    for rival, hand in enumerate(world.hands):
        if rival == seat:
            continue
        known = sorted(readings(world.log, rival), key=lambda reading: reading.gained)
        if not known:
            continue
        out = [reading.ruled_out() for reading in known]
        spare = [i for i, card in enumerate(world.pile) if not any(card % COPY in cards for cards in out)]
        rng.shuffle(spare)
        for reading, cards in zip(known, out, strict=True):
            ruled_out = [i for i, card in enumerate(hand) if card % COPY in cards]
            rng.shuffle(ruled_out)
            for i in ruled_out[: max(0, len(ruled_out) - reading.gained)]:
                if not spare:
                    break
                j = spare.pop()
                hand[i], world.pile[j] = world.pile[j], hand[i]
    return world


def hand_number(state: GameState) -> int:
    assert isinstance(state, SugarfreeState)
    return state.hand_number


def lead(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's lead in points over the mean of the others (fewer points is better)."""
    assert isinstance(state, SugarfreeState)
    return penalty_lead(state.scores)


#: `decide`'s score of each printed card whose score does not depend on the hands (None: it does).
_FIXED: tuple[float | None, ...] = tuple(
    None if card_of(card).is_prank or card_of(card).is_non_treat else play_score(card, 7, 7) + 0.01 * face_value(card)
    for card in range(max(ONE_DECK) + 1)
)


def _shed(cards: list[int], may_stop: bool, hand_size: int, next_size: int, rng: random.Random) -> int | None:
    """`decide`'s card among `cards` (sorted; None: stop, when `may_stop`), with its scores and
    its use of `rng`, from a table."""
    scores = []
    for card in cards:
        fixed = _FIXED[card % COPY]
        scores.append(play_score(card, hand_size, next_size) + 0.01 * face_value(card) if fixed is None else fixed)
    options: list[int | None] = list(cards)
    if may_stop:
        options.append(None)
        scores.append(-1.0)
    top = max(scores)
    return rng.choice([option for option, score in zip(options, scores, strict=True) if score >= top - 1e-9])


def play_out(game: Game[Any], state: GameState, seat: int, rng: random.Random, max_moves: int) -> list[float]:
    """The rest of the hand as `Sugarfree._apply` plays it with every seat choosing by `exact`
    (the same cards, draws and random numbers, move for move), and then `lead`; but on the
    state's own lists, with no log lines and no next deal, which cost half of a playout. Changes
    `state`'s hands and piles (a playout's private copy)."""
    assert isinstance(state, SugarfreeState)
    if state.over:
        return penalty_lead(state.scores)
    hands, pile, discard = state.hands, state.pile, state.discard
    players = len(hands)
    turn, phase, named, passes = state.turn, state.phase, state.named, state.passes
    out = False
    for _ in range(max_moves):
        hand = hands[turn]
        card: int | None = None
        if phase == "name":
            legal = list(NAME.values())
            named = str(decide(hand, [len(h) for h in hands], turn, phase, legal, rng).args[0])
            phase, passes, turn = "play", 0, (turn + 1) % players
            continue
        if phase == "extra":
            card = _shed(sorted(hand), True, len(hand), len(hands[(turn + 1) % players]), rng)
            if card is None:
                phase, passes, turn = "play", 0, (turn + 1) % players
                continue
        else:
            top = discard[-1]
            fitting = [c for c in sorted(hand) if playable(c, top, named)]
            if len(fitting) > 1:
                card = _shed(fitting, False, len(hand), len(hands[(turn + 1) % players]), rng)
            elif fitting:
                card = fitting[0]
        if card is None:
            top = discard[-1]
            while card is None:
                drawn = candy_deck.draw(state, pile, discard)
                if drawn is None:
                    break
                hand.append(drawn)
                if playable(drawn, top, named):
                    card = drawn
            if card is None:
                passes += 1
                if passes >= players:
                    out = True
                    break
                phase, turn = "play", (turn + 1) % players
                continue
        hand.remove(card)
        discard.append(card)
        named, passes = None, 0
        if not hand:
            out = True
            break
        printed = card_of(card)
        if printed.is_king_size:
            phase = "name"
        elif printed.is_non_treat:
            phase = "extra"
        elif printed.is_prank:
            victim = (turn + 1) % players
            for _ in range(PRANK_DRAW):
                gained = candy_deck.draw(state, pile, discard)
                if gained is None:
                    break
                hands[victim].append(gained)
            phase, turn = "play", (turn + 2) % players
        else:
            phase, turn = "play", (turn + 1) % players
    if not out:
        return penalty_lead(state.scores)  # cut at `max_moves`, as the generic playout is
    return penalty_lead(
        [total + sum(face_value(c) for c in hand) for total, hand in zip(state.scores, hands, strict=True)]
    )


#: 2,000 playouts shared by the playable cards, each to the end of the hand.
DETERMINIZE = determinize
ROLLOUT_PLAYOUTS = 2000
ROLLOUT_STAGE = hand_number
ROLLOUT_VALUE = lead
ROLLOUT_POLICY = exact
ROLLOUT_PLAY_OUT = play_out
