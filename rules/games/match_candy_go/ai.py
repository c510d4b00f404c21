"""Match Candy-Go computer players: aim for captures, and for cards of sets.

The normal player looks one deck card ahead: for each card it may play, it averages over the
cards it has not seen (the next deck card is one of them) the best outcome of putting that card
on a stack. An outcome is worth what the capture brings (a card of a set counts more while the
rival holds none of that set, and taking a card from a set the rival collects spoils it; every
card counts a little towards the most junk) less what the rival may take next turn: the two
stacks worth most to it, each weighed by the chance that the rival holds a card that joins it.
Of two plays that do as well, it plays the card with fewer suits.

Why: the points come mostly from holding the most junk, so hands are won by capturing turn
after turn, and the player who has to lay a card captures nothing that turn. The former look
ahead spent its many-suit cards (and the King Size) first, however little they added, and was
left with one-suit cards that joined nothing: in the hands it lost it often took 8 cards of 49.
It also feared every stack alike, though a stack whose suit few unseen cards carry is one the
rival can rarely add to. Measured against random seats (400 games, 2 seats, the bench's seeds):
the greedy player (capture now, else a stack of 3, else lay the card with fewest suits) won
69%, the look ahead 76%, weighing the rival's reach 78%, keeping the many-suit cards too 82%
(on the next 400 seeds: 78% against the former look ahead's 76%).

Hard judges its plays by paired rollouts (`rules.ai.rollouts`): each play tried in the same
sampled deals, every seat then playing the greedy choice (`decide`) to the hand's end, scored by
the points lead. Normal's look-ahead averages over every unseen card at each move, too dear for a
playout's every move, so the playouts are greedy, and hard leaves normal's play only when another
beats it by two standard errors. Why: the tree search (greedy playouts cut at 30 moves, each play
in worlds of its own) won 65% of 50 games against the former normal but 46% of 97 against the
look-ahead that keeps its many-suit cards: it no longer knew better than normal. By paired
rollouts it won 60% of 100 games (50-69%; 57 of the same 97 against 45): better than normal, at
the 60% target but not shown above it.

Why not more: 200 playouts were shared by a decision's plays, and the first plays of a hand have
up to 35 (each card on each stack it joins), so each play got 6 worlds: too few for normal's
move to be left on evidence. A playout runs to the hand's end, so its cost grows with the cards
still in hand; a decision now gets `PLAYOUT_CARDS` divided by those cards (about 500 at a hand's
start, up to 2,000 near its end), the same work for every decision (CPU p95 0.78 s).
Measured: 64% of 100 games (54%-73%); on the 100 seeds both played, 64 wins
against 60.

Most of a playout's time went on what nobody reads (cProfile of a decision): each move's log
lines, the frozen-set suits of every stack asked again at every move, and at the hand's end the
shuffle and deal of the next hand. `play_out` plays the same moves with the same random numbers
on the state's own lists, a stack's suits kept as bits (the same choices and values, checked in
its tests): the same 100 games as before, move for move, at a CPU p95 of 0.22 s a decision
instead of 0.78 s. The time saved did not buy strength: three times the playouts (32,000
card-turns, each play judged in three times the worlds) won 48% of 100 games (39%-58%; 48.5
wins against 64 on the same seeds), and with a margin of 3.5 standard errors besides, 9 of 19.
More worlds rank the plays more surely by the playouts' measure, but the playouts' seats play
the greedy choice, not the look-ahead of the normal rival hard meets (against random seats the
greedy player won 69%, normal 82%): the likelier limit now is that model of the rival, not the
number of worlds. So hard keeps 10,000 card-turns.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.candy_kit.candy_deck import MATCH_SETS, redeal_hidden
from rules.candy_kit.cards import SUITS
from rules.contract import Action, Game, GameState, View
from rules.games.match_candy_go.game import CAPTURE_AT, DECK, stack_suits, suits_of
from rules.games.match_candy_go.scoring import hand_points
from rules.games.match_candy_go.state import MatchState, MatchView
from rules.kit.copying import copy_model
from rules.kit.heuristics import best, lead_rewards, points_lead, result_rewards

_IN_SET = frozenset(card for cards in MATCH_SETS.values() for card in cards)


def worth(cards: Sequence[int]) -> float:
    return sum(1.5 if card in _IN_SET else 1.0 for card in cards)


def decide(
    stacks: Sequence[Sequence[int]], added: Sequence[int], phase: str, legal: list[Action], rng: random.Random
) -> Action:
    def score(action: Action) -> float:
        if action.kind == "lay":
            # A card with few suits is the hardest for a rival to build on.
            return -float(len(suits_of(int(action.args[0]))))
        number = int(action.args[-1]) - 1
        stack = stacks[number]
        size = len(stack) + 1
        if phase == "deck" and added and number not in added:
            return 20 + worth([c for n in {*added, number} for c in stacks[n]])
        if size >= 4:
            return 15 + worth(stack)
        # A stack of 3 may become 4 with the deck card: a capture this very turn.
        return 2.0 if size == 3 else 1.0

    return best(legal, score, rng)


#: Each set by number, the set of each card in one, and what holding k of a set of n is worth
#: while the rival holds none of it: n * (k/n)^1.5, so a nearly whole set counts most.
_SET_NAMES: tuple[str, ...] = tuple(MATCH_SETS)
_SET_OF: dict[int, int] = {card: i for i, name in enumerate(_SET_NAMES) for card in MATCH_SETS[name]}
_HOLDING: tuple[tuple[float, ...], ...] = tuple(
    tuple(len(MATCH_SETS[name]) * (k / len(MATCH_SETS[name])) ** 1.5 for k in range(len(MATCH_SETS[name]) + 1))
    for name in _SET_NAMES
)
#: Each captured card's worth towards the most junk (half of it scores, for one player).
JUNK_WORTH = 0.7
#: How much of what the rival may take next turn (its two best stacks) counts against a move.
RIVAL_WEIGHT = 0.5
#: What playing a card costs for each suit it carries (up to 4; the King Size counts 4): a card
#: with many suits joins a stack on a later turn where a one-suit card would have to be laid.
SUIT_KEPT = 0.2
_SUITS_COUNTED = 4


def _set_worth(i: int, mine: int, theirs: int) -> float:
    """Set i's worth to us: ours while the rival has none of it, the rival's while we have none."""
    return (_HOLDING[i][mine] if theirs == 0 else 0.0) - (_HOLDING[i][theirs] if mine == 0 else 0.0)


def _set_counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * len(_SET_NAMES)
    for card in cards:
        i = _SET_OF.get(card)
        if i is not None:
            counts[i] += 1
    return counts


def _taking(ours: list[int], theirs: list[int], stack: Sequence[int], by_us: bool) -> float:
    """What a stack is worth to us when we take it (by_us) or when the rival does (negative)."""
    added: dict[int, int] = {}
    for card in stack:
        i = _SET_OF.get(card)
        if i is not None:
            added[i] = added.get(i, 0) + 1
    change = 0.0
    for i, k in added.items():
        now = _set_worth(i, ours[i], theirs[i])
        change += (_set_worth(i, ours[i] + k, theirs[i]) if by_us else _set_worth(i, ours[i], theirs[i] + k)) - now
    return change + (JUNK_WORTH if by_us else -JUNK_WORTH) * len(stack)


def _reach(unseen: Sequence[int], rival_cards: int) -> Callable[[list[int]], float]:
    """The chance that the rival holds a card joining a stack: each of its cards is one of the
    unseen cards (a share of them join the stack)."""
    known: dict[frozenset[str], float] = {}

    def chance(stack: list[int]) -> float:
        suits = stack_suits(stack)
        value = known.get(suits)
        if value is None:
            joining = sum(1 for card in unseen if suits_of(card) & suits) / len(unseen) if unseen else 1.0
            value = known[suits] = 1.0 - (1.0 - joining) ** rival_cards
        return value

    return chance


def _turn_ends(
    ours: list[int],
    theirs: list[int],
    stacks: list[list[int]],
    added: Sequence[int],
    reach: Callable[[list[int]], float],
) -> float:
    """A turn's outcome: what we capture (two stacks added to, or one of 4) less the two stacks
    left that the rival would gain most from, each as likely as the rival holds a card for it."""
    gained = 0.0
    left = stacks
    if len(added) >= 2 or any(len(stacks[n]) >= CAPTURE_AT for n in added):
        ours = list(ours)
        for n in added:
            gained += _taking(ours, theirs, stacks[n], True)
        for n in added:
            for card in stacks[n]:
                i = _SET_OF.get(card)
                if i is not None:
                    ours[i] += 1
        left = [stack for n, stack in enumerate(stacks) if n not in added]
    losses = sorted(_taking(ours, theirs, stack, False) * reach(stack) for stack in left)
    return gained + RIVAL_WEIGHT * sum(losses[:2])


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, MatchView)
    assert view.seat is not None
    assert view.hand is not None
    me = view.seat
    ours = _set_counts(view.captures[me])
    theirs = _set_counts([card for seat, cards in enumerate(view.captures) if seat != me for card in cards])
    stacks = [list(stack) for stack in view.stacks]
    seen = {*view.hand, *(c for stack in stacks for c in stack), *(c for cards in view.captures for c in cards)}
    if view.turned is not None:
        seen.add(view.turned)
    unseen = [card for card in DECK if card not in seen]
    reach = _reach(unseen, max(1, sum(view.hand_sizes) - len(view.hand)))
    if view.phase == "deck":
        turned = view.turned
        assert turned is not None

        def put(action: Action) -> float:
            number = int(action.args[0]) - 1
            after = [*stacks[:number], [*stacks[number], turned], *stacks[number + 1 :]]
            return _turn_ends(ours, theirs, after, sorted({*view.added, number}), reach)

        return best(legal, put, rng)

    def play(action: Action) -> float:
        card = int(action.args[0])
        return outcome(action, card) - SUIT_KEPT * min(len(suits_of(card)), _SUITS_COUNTED)

    def outcome(action: Action, card: int) -> float:
        if action.kind == "lay":
            after, added = [*stacks, [card]], []
        else:
            number = int(action.args[1]) - 1
            after, added = [*stacks[:number], [*stacks[number], card], *stacks[number + 1 :]], [number]
        if view.pile_size == 0 or not unseen:
            return _turn_ends(ours, theirs, after, added, reach)
        # The deck card is one of the unseen cards, each as likely; we put it where it is worth most.
        accepts = [stack_suits(stack) for stack in after]
        total = 0.0
        for deck_card in unseen:
            suits = suits_of(deck_card)
            outcomes = [
                _turn_ends(
                    ours, theirs, [*after[:n], [*after[n], deck_card], *after[n + 1 :]], sorted({*added, n}), reach
                )
                for n, accepted in enumerate(accepts)
                if suits & accepted
            ]
            total += max(outcomes) if outcomes else _turn_ends(ours, theirs, [*after, [deck_card]], added, reach)
        return total / len(unseen)

    return best(legal, play, rng)


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(state, MatchState)
    if rng.random() < 0.2:
        return rng.choice(legal)
    return decide(state.stacks, state.added, state.phase, legal, rng)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, MatchState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    now = hand_points(state.captures, state.pair_bonus)
    return lead_rewards([float(t + p) for t, p in zip(state.scores, now, strict=True)], spread=10.0)


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with every unseen card in sorted order."""
    assert isinstance(state, MatchState)
    copy = copy_model(state)
    redeal_hidden(copy.pile, copy.hands, seat, list.sort)
    return copy


def greedy(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Every seat's play in hard's playouts: the greedy choice, read from the state."""
    assert isinstance(state, MatchState)
    return decide(state.stacks, state.added, state.phase, legal, rng)


def hand_number(state: GameState) -> int:
    """The hand in progress: a playout stops when it ends."""
    assert isinstance(state, MatchState)
    return state.hand_number


def lead(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's points (the hand's so far included) less the others' mean."""
    assert isinstance(state, MatchState)
    now = hand_points(state.captures, state.pair_bonus) if not state.over else [0] * len(state.scores)
    return points_lead([float(t + p) for t, p in zip(state.scores, now, strict=True)])


#: Each card's suits as bits (the King Size carries all): a stack takes a card when their bits
#: meet, the stack's bits being those every card of it carries (`stack_suits`).
_BITS: dict[int, int] = {card: sum(1 << i for i, suit in enumerate(SUITS) if suit in suits_of(card)) for card in DECK}
_ALL_BITS = (1 << len(SUITS)) - 1
_WORTH: dict[int, float] = {card: worth([card]) for card in DECK}
_LAID: dict[int, float] = {card: -float(len(suits_of(card))) for card in DECK}


def _stack_bits(stack: Sequence[int]) -> int:
    bits = _ALL_BITS
    for card in stack:
        bits &= _BITS[card]
    return bits


def _joining(stack: list[int], number: int, added: list[int], stacks: list[list[int]], deck: bool) -> float:
    """`decide`'s score of adding a card to stack `number` (the same sums, so the same ties)."""
    if deck and added and number not in added:
        return 20 + sum(_WORTH[c] for n in {*added, number} for c in stacks[n])
    size = len(stack) + 1
    if size >= CAPTURE_AT:
        return 15 + sum(_WORTH[c] for c in stack)
    return 2.0 if size == 3 else 1.0


def _pick(options: list[Any], scores: list[float], rng: random.Random) -> Any:
    """`best`'s choice among options already scored: the same draw from `rng`."""
    top = max(scores)
    return rng.choice([option for option, score in zip(options, scores, strict=True) if score >= top - 1e-9])


def play_out(game: Game[Any], state: GameState, seat: int, rng: random.Random, max_moves: int) -> list[float]:
    """The rest of the hand as `MatchCandyGo._apply` plays it with every seat choosing by `greedy`
    (the same cards and random numbers, move for move), and then `lead`; but on the state's own
    lists, with suits as bits, no log lines and no next deal, which cost most of a playout.
    Changes `state`'s lists (a playout's private copy)."""
    assert isinstance(state, MatchState)
    if state.over:
        return points_lead([float(total) for total in state.scores])
    hands, pile, captures = state.hands, state.pile, state.captures
    stacks = state.stacks
    bits = [_stack_bits(stack) for stack in stacks]
    players = len(hands)
    turn, phase, turned, added = state.turn, state.phase, state.turned, list(state.added)
    for _ in range(max_moves):
        if phase == "deck":
            assert turned is not None
            card = turned
            fits = [n for n, stack_bits in enumerate(bits) if _BITS[card] & stack_bits]
            if len(fits) > 1:
                number = _pick(fits, [_joining(stacks[n], n, added, stacks, True) for n in fits], rng)
            else:
                number = fits[0]
            stacks[number].append(card)
            bits[number] &= _BITS[card]
            if number not in added:
                added.append(number)
            turned = None
        else:
            hand = hands[turn]
            ordered = sorted(hand)
            joins = [(card, n) for card in ordered for n, stack_bits in enumerate(bits) if _BITS[card] & stack_bits]
            if joins:
                if len(joins) > 1:
                    scores = [_joining(stacks[n], n, added, stacks, False) for _, n in joins]
                    card, number = _pick(joins, scores, rng)
                else:
                    card, number = joins[0]
                hand.remove(card)
                stacks[number].append(card)
                bits[number] &= _BITS[card]
                if number not in added:
                    added.append(number)
            else:
                card = _pick(ordered, [_LAID[c] for c in ordered], rng) if len(ordered) > 1 else ordered[0]
                hand.remove(card)
                stacks.append([card])
                bits.append(_BITS[card])
            if pile:
                card = pile.pop()
                if any(_BITS[card] & stack_bits for stack_bits in bits):
                    turned, phase = card, "deck"
                    continue
                stacks.append([card])
                bits.append(_BITS[card])
        # The turn's end (`_end_turn`): two stacks added to, or one of 4, are captured.
        if len(added) >= 2 or any(len(stacks[n]) >= CAPTURE_AT for n in added):
            captures[turn] += [card for n in sorted(added) for card in stacks[n]]
            stacks = [stack for n, stack in enumerate(stacks) if n not in added]
            bits = [stack_bits for n, stack_bits in enumerate(bits) if n not in added]
        added, phase = [], "hand"
        if any(hands):
            turn = (turn + 1) % players
            continue
        # The hand's end (`_end_hand`): the dealer sweeps the stash; a next hand starts with no captures.
        captures[state.dealer] += [card for stack in stacks for card in stack]
        return _lead_with(state, captures)
    return _lead_with(state, captures)  # cut at `max_moves`, as the generic playout is


def _lead_with(state: MatchState, captures: list[list[int]]) -> list[float]:
    """`lead` once this hand's `captures` are scored."""
    points = hand_points(captures, state.pair_bonus)
    return points_lead([float(total + got) for total, got in zip(state.scores, points, strict=True)])


#: Playout card-turns a decision may spend: a playout runs to the hand's end, so its cost grows
#: with the cards still in hand; the decision's playouts are this divided by those cards
#: (three times as many played no better: see above).
PLAYOUT_CARDS = 10_000
MAX_PLAYOUTS = 2_000


def playouts(state: GameState) -> int:
    """The same work for every decision: few playouts at a hand's start, many near its end."""
    assert isinstance(state, MatchState)
    return min(MAX_PLAYOUTS, PLAYOUT_CARDS // max(1, sum(len(hand) for hand in state.hands)))


NORMAL = normal
CANONICAL = canonical
ROLLOUT = rollout
EVALUATE = evaluate
OPPONENTS_IN_TREE = False
HORIZON = 30
ITERATIONS = 200
ROLLOUT_PLAYOUTS = playouts
ROLLOUT_STAGE = hand_number
ROLLOUT_VALUE = lead
ROLLOUT_POLICY = greedy
ROLLOUT_MARGIN = 2.0
ROLLOUT_PLAY_OUT = play_out
