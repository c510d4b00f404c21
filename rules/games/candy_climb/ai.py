"""Candy Climb computer players.

The normal player thinks in whole melds and then builds the chosen one card by card: it keeps
a short list of sensible melds (every single, each rank's cards together, the lowest cards of
each suit as a flush, the lowest straight flush of each run; when answering, the cheapest meld
of the needed type that beats the table), picks the best one that holds the cards already
chosen, and adds its lowest missing card, or plays it once complete. Leading, it sheds as many
low cards as it can; answering, it plays the cheapest meld that beats, and it names for a single
the suit the rest of the deck is shortest of above its card. The same choices, read from a
determinized state, drive the search's playouts; the search itself looks only at the cards of
those melds.

Why hard judges its melds by paired rollouts, not by the tree search: the tree gave each meld
playouts in worlds of its own, cut after 24 moves (a round or two) and scored on the cards
still held, with rival passes at random one time in ten. Leading, a dozen or more melds shared
300 iterations, and which meld is better shows in who holds the lead and the high cards late
in the hand, which a cut playout does not reach and a world's deal swamps: hard won 55% of 67
games against normal (46% of 56 with 100 iterations). Now every meld is tried in the same
worlds, each followed by every seat playing as normal does (exactly the rival a normal player
is) to the end of the hand, and the cards left decide; normal's meld is kept unless another
beats it by more than its standard error. And a rival the table passed for (it could not beat)
is dealt, in every world, no meld that beats that table, as its hand only loses cards. Hard then
won 73% of 100 games against normal (64%-81%; 49 wins against 37 for the tree search on its 67
seeds), at a CPU p95 of 0.43 s a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rules.candy_kit.candy_deck import CANDY_CORN, CARD_TEXT, SUIT_TEXT
from rules.contract import Action, Event, Game, GameState, View
from rules.games.candy_climb.game import (
    CANNOT_BEAT,
    CLEAR,
    KIND_TEXT,
    LEADS,
    LEADS_AND_NAMES,
    PASS,
    PICK,
    play_action,
    redeal_unseen,
)
from rules.games.candy_climb.melds import (
    BIT,
    CLIMB_DECK,
    FLUSH,
    MASK,
    MOST,
    RANK,
    RANK_SIZE,
    SAME_RANK,
    SINGLE,
    STRAIGHT,
    Need,
    need_of,
    pickable,
    suits_of,
)
from rules.games.candy_climb.state import ClimbState, ClimbView
from rules.kit.copying import copy_model
from rules.kit.heuristics import lead_rewards, penalty_lead, result_rewards

Meld = tuple[str, tuple[int, ...]]


def _lowest(cards: Sequence[int]) -> list[int]:
    return sorted(cards, key=lambda c: (RANK[c], c))


def _runs(cards: Sequence[int]) -> list[list[int]]:
    """One card per rank (the lowest id), split into runs of consecutive ranks."""
    by_rank: dict[int, int] = {}
    for card in sorted(cards):
        by_rank.setdefault(RANK[card], card)
    runs: list[list[int]] = []
    for rank in sorted(by_rank):
        if runs and RANK[runs[-1][-1]] == rank - 1:
            runs[-1].append(by_rank[rank])
        else:
            runs.append([by_rank[rank]])
    return runs


def candidates(hand: Sequence[int], need: Need) -> list[Meld]:
    """A short list of melds of `hand` that may be played now."""
    by_suit = {bit: [c for c in hand if MASK[c] & bit] for bit in BIT.values()}
    by_rank: dict[int, list[int]] = {}
    for card in hand:
        by_rank.setdefault(RANK[card], []).append(card)
    found: list[Meld] = []
    if need is None:
        found.extend((SINGLE, (card,)) for card in hand)
        for cards in by_rank.values():
            if len(cards) >= 2:
                found.append((SAME_RANK[len(cards)], tuple(sorted(cards))))
        for cards in by_suit.values():
            if len(cards) >= 3:
                found.append((FLUSH, tuple(sorted(_lowest(cards)[:MOST]))))
            for run in _runs(cards):
                if len(run) >= 3:
                    found.append((STRAIGHT, tuple(sorted(run[:MOST]))))
        return found
    kind, size, beat, named = need
    if kind == SINGLE:
        assert named is not None
        above = [c for c in by_suit[BIT[named]] if RANK[c] > beat]
        if above:
            found.append((SINGLE, (_lowest(above)[0],)))
    elif kind in RANK_SIZE:
        for rank in sorted(by_rank):
            if rank > beat and len(by_rank[rank]) >= size:
                found.append((kind, tuple(sorted(by_rank[rank])[:size])))
                break
    elif kind == FLUSH:
        for cards in by_suit.values():
            if len(cards) < size:
                continue
            above = [c for c in _lowest(cards) if RANK[c] > beat]
            if above:
                rest = [c for c in _lowest(cards) if c != above[0]][: size - 1]
                found.append((FLUSH, tuple(sorted([above[0], *rest]))))
    else:
        for cards in by_suit.values():
            for run in _runs(cards):
                for end in range(size - 1, len(run)):
                    if RANK[run[end]] > beat:
                        found.append((STRAIGHT, tuple(sorted(run[end - size + 1 : end + 1]))))
                        break
    return found


def _shed_value(meld: Meld) -> float:
    """Leading: many cards, and low ones (high cards win rounds later)."""
    return sum(1.5 - RANK[c] / 12 for c in meld[1])


def _answer_cost(meld: Meld) -> float:
    return max(RANK[c] for c in meld[1]) + 0.01 * sum(RANK[c] for c in meld[1])


def target(hand: Sequence[int], selection: Sequence[int], need: Need, first_lead: bool) -> Meld | None:
    """The meld to build: the best sensible one holding the cards already chosen."""
    plan = _plan(tuple(hand), need, first_lead)
    chosen = set(selection)
    if plan is not None and chosen <= set(plan[1]):
        return plan
    return _best([m for m in candidates(hand, need) if chosen <= set(m[1])], need)


@lru_cache(maxsize=4096)
def _plan(hand: tuple[int, ...], need: Need, first_lead: bool) -> Meld | None:
    """The meld to build from scratch (worked out once per hand and table: playouts ask often)."""
    melds = candidates(hand, need)
    if first_lead:
        melds = [m for m in melds if CANDY_CORN in m[1]]
    return _best(melds, need)


def _best(melds: list[Meld], need: Need) -> Meld | None:
    if not melds:
        return None
    if need is None:
        return max(melds, key=lambda m: (_shed_value(m), m[1]))
    return min(melds, key=lambda m: (_answer_cost(m), m[1]))


def name_suit(card: int, hand: Sequence[int]) -> str:
    """The card's suit that the other cards are shortest of above it."""
    mine = set(hand)

    def above(suit: str) -> int:
        bit = BIT[suit]
        return sum(1 for c in CLIMB_DECK if c not in mine and MASK[c] & bit and RANK[c] > RANK[card])

    return min(suits_of(MASK[card]), key=lambda s: (above(s), s))


def _has(legal: list[Action], action: Action) -> bool:
    """Whether `action` is legal: the rules hand out one object per move, so identity is enough
    (and far cheaper than comparing models, which playouts would do thousands of times)."""
    return any(a is action for a in legal)


def decide(hand: Sequence[int], selection: Sequence[int], need: Need, first_lead: bool, legal: list[Action]) -> Action:
    goal = target(hand, selection, need, first_lead)
    if goal is None:
        if selection and _has(legal, CLEAR):
            return CLEAR
        return PASS if _has(legal, PASS) else legal[0]
    kind, cards = goal
    missing = [c for c in cards if c not in selection]
    if missing:
        return next((a for a in legal if a.kind == "pick" and a.args[0] == missing[0]), legal[0])
    choice = play_action(kind, name_suit(cards[0], hand)) if kind == SINGLE and need is None else play_action(kind)
    return choice if _has(legal, choice) else legal[0]


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, ClimbView)
    assert view.hand is not None
    need = need_of(view.table, view.kind, view.named)
    return decide(view.hand, view.selection, need, view.first_lead, legal)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Random melds: any card to start one (or a pass), then random cards until it can be played."""
    assert isinstance(view, ClimbView)
    plays = [a for a in legal if a.kind == "play"]
    if view.selection and plays:
        return rng.choice(plays)
    return rng.choice([a for a in legal if a.kind in ("pick", "pass")] or legal)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """Pass, and the sensible melds built in one order (their cards by id): the next card of
    each meld that starts with the cards chosen so far, or playing the selection when it is one.
    The search so chooses among whole melds, and a meld's later cards are no decision at all."""
    assert isinstance(view, ClimbView)
    assert view.hand is not None
    need = need_of(view.table, view.kind, view.named)
    chosen = tuple(sorted(view.selection))
    useful: set[Action] = set()
    for kind, cards in candidates(view.hand, need):
        if cards[: len(chosen)] != chosen:
            continue
        if len(cards) > len(chosen):
            useful.add(PICK[cards[len(chosen)]])
        elif kind == SINGLE and need is None:
            useful.update(play_action(kind, suit) for suit in suits_of(MASK[cards[0]]))
        else:
            useful.add(play_action(kind))
    kept = [a for a in legal if a in useful]
    if not kept and chosen:
        return legal  # a selection of the player's own (a turn clock ran out): anything goes
    return [*kept, PASS] if _has(legal, PASS) else kept or legal


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(state, ClimbState)
    if not state.selection and _has(legal, PASS) and rng.random() < 0.1:
        return PASS
    need = need_of(state.table, state.kind, state.named)
    return decide(state.hands[seat], state.selection, need, state.first_lead, legal)


def exact(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's own choice, read from a determinized state (paired rollouts)."""
    assert isinstance(state, ClimbState)
    need = need_of(state.table, state.kind, state.named)
    return decide(state.hands[seat], state.selection, need, state.first_lead, legal)


def hand_number(state: GameState) -> int:
    assert isinstance(state, ClimbState)
    return state.hand_number


def lead(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's lead in points over the mean of the others (fewer points is better)."""
    assert isinstance(state, ClimbState)
    return penalty_lead(state.scores)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    """A playout cut short: points so far plus the cards still held (fewer is better)."""
    assert isinstance(state, ClimbState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [-(total + len(hand)) for total, hand in zip(state.scores, state.hands, strict=True)]
    return lead_rewards(points, spread=16.0)


_CARD_BY_TEXT: dict[str, int] = {CARD_TEXT[card]: card for card in CLIMB_DECK}
_SUIT_BY_TEXT: dict[str, str] = {text: suit for suit, text in SUIT_TEXT.items()}
_KIND_BY_TEXT: dict[str, str] = {text: kind for kind, text in KIND_TEXT.items()}


def _said(msgid: str | tuple[str, ...]) -> tuple[str, ...]:
    return (msgid,) if isinstance(msgid, str) else msgid


_CANNOT_BEAT = _said(CANNOT_BEAT)
_LEADS = (_said(LEADS), _said(LEADS_AND_NAMES))


def could_not_beat(log: Sequence[Event], rival: int) -> list[Need]:
    """The tables the log shows `rival` unable to beat this hand (the table passed for it). A
    hand's cards only leave it, so its cards now cannot beat any of them either. Only rounds the
    log shows from their start count (the log keeps the recent lines)."""
    start = max((index for index, event in enumerate(log) if event.kind == "deal"), default=0)
    needs: list[Need] = []
    known = False
    table: list[int] = []
    kind: str | None = None
    named: str | None = None
    for event in log[start:]:
        said = event.said
        if event.kind in ("deal", "round"):
            known, table, kind, named = True, [], None, None
        elif not known or said is None:
            continue
        elif event.kind == "play":
            args = dict(said.args)
            if "suit" in args:
                table, kind, named = [_CARD_BY_TEXT[str(args["card"])]], SINGLE, _SUIT_BY_TEXT[str(args["suit"])]
            else:
                table = [_CARD_BY_TEXT[text] for text in str(args["cards"]).split(", ")]
                kind = _KIND_BY_TEXT[str(args["what"])]
                if said.msg in _LEADS:
                    named = None
        elif event.kind == "pass" and said.msg == _CANNOT_BEAT and dict(said.roles).get("who") == rival:
            needs.append(need_of(table, kind, named))
    return needs


def determinize(game: Game[Any], state: GameState, seat: int, rng: random.Random) -> GameState:
    """The game's uniform guess, then each rival's cards that would beat a table it could not beat
    this hand are traded for unused cards (with 2 players, 16 cards are never dealt)."""
    world = game.determinize(state, seat, rng)
    assert isinstance(world, ClimbState)
    spare = [card for card in world.unused if card != CANDY_CORN]
    if not spare:
        return world
    for rival, hand in enumerate(world.hands):
        if rival == seat:
            continue
        needs = could_not_beat(world.log, rival)
        # A few trades at most: a trade may bring in a card that beats another table.
        for _ in range(30 if needs else 0):
            beaten = next((found for need in needs if (found := pickable(tuple(hand), (), need))), ())
            offered = [card for card in beaten if card != CANDY_CORN]
            if not offered:
                break
            out = rng.choice(offered)
            index = rng.randrange(len(spare))
            hand[hand.index(out)], spare[index] = spare[index], out
        hand.sort()
    corn = [CANDY_CORN] if CANDY_CORN in world.unused else []
    world.unused = sorted(spare + corn)
    return world


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with every unseen card in sorted order."""
    assert isinstance(state, ClimbState)
    return redeal_unseen(copy_model(state), seat, list.sort)


NORMAL = normal
EASY = easy
SENSIBLE = sensible
ROLLOUT = rollout
EVALUATE = evaluate
CANONICAL = canonical
#: Rivals are played by the playout policy from their own cards (see Sugarfree's note).
OPPONENTS_IN_TREE = False
#: The tree search's settings, used only when hard is given a time budget or another playout.
PRIOR_BIAS = 1.0
HORIZON = 24
ITERATIONS = 300
DETERMINIZE = determinize
#: 200 playouts shared by the sensible moves: whole hands cost more than Sugarfree's.
ROLLOUT_PLAYOUTS = 200
ROLLOUT_STAGE = hand_number
ROLLOUT_VALUE = lead
ROLLOUT_POLICY = exact
