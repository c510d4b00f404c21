"""Up and Down the Block computer players: keep what melds, throw the dearest loose card.

The normal player asks the meld finder for its best split: it discards the dearest card left
over (never a Prank, which lowers its score where it sits), goes out whenever it can, and takes
the top discard only when that makes its best split cheaper. The tree search (hard with a time
budget) plays out with a cheaper rule of thumb: a card with no partner in hand goes first, the
dearest of them.

Why hard was level with normal between two players (53% of 146 games): with 24 iterations and
its strong first lean (`PRIOR_BIAS` 3) it chose normal's own move in all of 40 positions, so it
played as normal; with 300 iterations and a light lean it left normal's move in 11 of 30
positions but won 39% of 23 games. The tree gave each discard playouts in worlds of its own, cut
after 12 moves and scored on the loose cards then, so the deal of a world swamped the discard,
and its playouts (a cheap rule of thumb, random one move in five) were not the rival a normal
player is. And it dealt each rival's unseen cards uniformly, though a normal rival keeps what
melds and throws its dearest loose card: of such uniform deals, 317 in 1,500 fit the rival's last
discard (a real normal rival's cards fit it every time, 300 of 300).

So hard now weighs its moves by paired rollouts: taking the top discard or drawing, and the
discards worth weighing (the cards the best split leaves over, or the cards that go out), each
tried in the same worlds and followed, to the end of the hand, by every seat playing normal's own
choices (`exact`, read from the state: the best split's value and left-over cards are remembered
per hand, so a playout costs about 5 ms, against 6 to 8 through normal's view). Normal's move is
kept unless another beats it by more than its standard error. Each rival's unseen cards are dealt
again until its last discard this hand is the one normal would have made from them (1,418 of
1,500 worlds fit). 48 playouts a decision left normal's move in 11 of 40 positions (5 of 20
draws, 6 of 20 discards), at a CPU mean of 0.23 s and p95 of 0.65 s. Hard then won 74% of the
first 65 games against normal (13 wins against 9 for the tree search on the 23 seeds both played),
but 46% of the next 35: 64% of 100 (54%-73%), at a CPU p95 of 0.71 s a decision. The interval
still holds the 60% target; more playouts would narrow each decision's noise, but a decision's p95
was near its 1 s budget.

Where a decision's time went (cProfile of 46 decisions): half on the meld finder's best split of
hands it had not seen, a fifth on dealing rivals until they fit, a seventh on the game's moves
with their log lines and the next hand's deal. Of the four new hands a drawing turn asks about,
two need no search: once a card the best split leaves over is discarded, the rest is worth that
split less the card (`value_without`), and that hand is the one asked about next (by the
take-or-draw question, and on the seat's next turn). `play_out` makes the playout's moves on the
state's own lists without log lines or the next deal, and each hand's search data is built once.
The same moves at about 0.6 of the time, so hard now spends 72 playouts a decision: 72% of 100
games against normal (63%-80%, above the 60% target), at a CPU p95 of 0.65 s a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, card_of, face_value, text_of
from rules.candy_kit.cards import KING_SIZE
from rules.contract import Action, Event, Game, GameState, View
from rules.games.up_and_down.game import (
    DISCARD,
    DRAW,
    GO_OUT,
    ONE_DECK,
    TAKE,
    TURN_LIMIT,
    can_draw,
    redeal_unseen,
    unseen_wilds,
    wild,
)
from rules.games.up_and_down.melds import (
    HIGH,
    LOW,
    is_wild,
    left_over,
    loose,
    melds_all,
    out_discards,
    split_value,
    value_without,
)
from rules.games.up_and_down.state import UpDownState, UpDownView
from rules.kit.copying import copy_model
from rules.kit.heuristics import lead_rewards, penalty_lead, result_rewards


def _could_pair(card: int, other: int) -> bool:
    mine, theirs = card_of(card), card_of(other)
    return theirs.rank == mine.rank or (
        LOW <= mine.rank <= HIGH
        and LOW <= theirs.rank <= HIGH
        and abs(theirs.rank - mine.rank) <= 2
        and bool(set(theirs.suits) & set(mine.suits))
    )


#: Per printed card, the printed cards (as bits) it could share a set or a run with.
_PAIRS = tuple(
    sum(1 << other for other in range(KING_SIZE + 1) if _could_pair(card, other)) for card in range(KING_SIZE + 1)
)


def partners(card: int, hand: Sequence[int], key: str) -> int:
    """Cards in `hand` this one could share a set or a run with (wilds not counted)."""
    pairs = _PAIRS[card % COPY]
    return sum(1 for other in hand if other != card and pairs >> (other % COPY) & 1 and not is_wild(other, key))


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
    left = [card for card in left_over(hand, key) if card != taken and face_value(card) >= 0]
    if not left:
        return min(allowed, key=lambda c: (keep_score(c, hand, key), -c))
    thrown = min(left, key=lambda c: (keep_score(c, hand, key), -c))
    value_without(hand, thrown, key)  # the hand it leaves is asked about next: no search then
    return thrown


def decide(view: UpDownView, legal: list[Action], rng: random.Random) -> Action:
    assert view.hand is not None
    top = view.discard[-1] if view.discard else None
    return choose(view.hand, view.phase, view.taken, view.wild, view.out, top, legal)


def choose(
    hand: Sequence[int], phase: str, taken: int | None, key: str, out: int | None, top: int | None, legal: list[Action]
) -> Action:
    """The normal player's move from the facts it reads: its cards, the phase, the card it just
    took, the wild suit, whether someone went out, and the top discard."""
    if phase == "going-out":
        return GO_OUT
    if phase == "discard":
        return DISCARD[discard_choice(hand, taken, key, out is None)]
    if TAKE in legal and DRAW not in legal:
        return TAKE
    assert top is not None
    if is_wild(top, key):
        return TAKE
    now = split_value(hand, key)
    with_top = [*hand, top]
    thrown = discard_choice(with_top, top, key, False)
    after = split_value([c for c in with_top if c != thrown], key)
    return TAKE if after < now else DRAW


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, UpDownView)
    return decide(view, legal, rng)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Random moves, but it always goes out when it can."""
    return GO_OUT if GO_OUT in legal else rng.choice(legal)


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """Discards worth weighing: the cards the best split leaves over (a card in a meld is kept),
    and normal's own choice; when the hand can go out, only the discards that let it."""
    assert isinstance(view, UpDownView)
    if view.phase != "discard" or view.hand is None:
        return legal
    hand, key = list(view.hand), view.wild
    chosen = DISCARD[discard_choice(hand, view.taken, key, view.out is None)]
    if view.out is None and out_discards(hand, key):
        outs = out_discards(hand, key)
        cards = {card for card in hand if card % COPY in outs}
    else:
        cards = {card for card in left_over(hand, key) if face_value(card) >= 0}
    kept = [action for action in legal if action is chosen or int(action.args[0]) in cards]
    return kept or legal


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


def exact(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's own choice, read from a determinized state (paired rollouts)."""
    assert isinstance(state, UpDownState)
    top = state.discard[-1] if state.discard else None
    return choose(state.hands[seat], state.phase, state.taken, wild(state), state.out, top, legal)


def hand_number(state: GameState) -> int:
    assert isinstance(state, UpDownState)
    return state.hand_number


def lead(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's lead in points over the mean of the others (fewer points is better)."""
    assert isinstance(state, UpDownState)
    return penalty_lead(state.scores)


#: Printed cards by the words the log names them with (both copies of a card read alike).
_BY_TEXT: dict[str, int] = {text_of(card): card for card in ONE_DECK}


def last_discard(log: Sequence[Event], rival: int, out: int | None) -> tuple[int, int | None, bool] | None:
    """What the log tells of `rival`'s last discard this hand: the printed card, the printed card
    it had taken from the discard pile that turn (None: it drew), and whether it could still go
    out then (nobody had; `out` is who has now). A turn ends with its discard, so its cards have
    not changed since. None: no discard of its this hand in the log."""
    out_since = False
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if event.kind == "deal" or event.said is None:
            return None
        if event.kind == "out":
            out_since = True  # read backwards: someone went out after the discard
        elif event.kind == "discard" and dict(event.said.roles).get("who") == rival:
            card = _BY_TEXT[str(dict(event.said.args)["card"])]
            before = log[index - 1] if index > 0 else None
            taken = None
            if before is not None and before.kind == "take" and before.said is not None:
                taken = _BY_TEXT[str(dict(before.said.args)["card"])]
            return card, taken, out is None or out_since
    return None


def could_have_kept(
    hand: Sequence[int], card: int, taken: int | None, key: str, could_go_out: bool, two_decks: bool = False
) -> bool:
    """Whether a normal player holding `hand` after discarding the printed `card` (having taken
    the printed `taken`) would have chosen that discard: the cards it kept are the ones that meld
    or are worth more to it, and a hand that melded whole would have gone out. With two decks
    either copy of the card may have been thrown (ties between equal cards go by copy)."""
    if could_go_out and melds_all(hand, key):
        return False
    took = next((c for c in hand if taken is not None and c % COPY == taken), None)
    copies = [copy for copy in ((card, card + COPY) if two_decks else (card,)) if copy not in hand]
    return any(discard_choice([*hand, thrown], took, key, could_go_out) % COPY == card for thrown in copies)


#: How many deals of a rival's unseen cards a world tries before keeping one that breaks the rule.
DEAL_TRIES = 30


def determinize(game: Game[Any], state: GameState, seat: int, rng: random.Random) -> GameState:
    """The game's uniform guess, then each rival's unseen cards are dealt again (from the draw pile
    and them) until its last discard this hand is the one a normal player would have made."""
    world = game.determinize(state, seat, rng)
    assert isinstance(world, UpDownState)
    key = wild(world)
    for rival, hand in enumerate(world.hands):
        if rival == seat or rival == world.out:
            continue
        last = last_discard(world.log, rival, world.out)
        if last is None:
            continue
        card, taken, could_go_out = last
        shown = list(world.known[rival])
        hidden = len(hand) - len(shown)
        for _ in range(DEAL_TRIES):
            if could_have_kept(hand, card, taken, key, could_go_out, world.two_decks):
                break
            unseen = [c for c in hand if c not in shown] + world.pile
            rng.shuffle(unseen)
            hand[:] = [*shown, *unseen[:hidden]]
            world.pile[:] = unseen[hidden:]
    return world


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with every unseen card, and the wild suits to come, in order."""
    assert isinstance(state, UpDownState)
    copy = redeal_unseen(copy_model(state), seat, list.sort)
    copy.wild_cards[copy.hand_number :] = unseen_wilds(copy)[: len(copy.wild_cards) - copy.hand_number]
    return copy


NORMAL = normal
EASY = easy
SENSIBLE = sensible
ROLLOUT = rollout
EVALUATE = evaluate
CANONICAL = canonical
#: Rivals are played by the playout policy from their own cards (see Sugarfree's note).
OPPONENTS_IN_TREE = False
#: The tree search's settings, used only when hard is given a time budget or another playout.
#: Its playouts stop here (a few turns each); scores and hands then rate the position.
HORIZON = 12
ITERATIONS = 24
#: The search starts out leaning to the normal player's move (its few playouts are noisy): without
#: it hard lost all 6 two-player games to normal; with it, it won 3 of 4 (measured, see README).
PRIOR_BIAS = 3.0


def playouts(state: GameState) -> int:
    """72 playouts a decision shared by the moves weighed, each to the end of the hand, fewer from
    four players: a playout costs about 3 ms between two (each step asks the meld finder about a
    new hand), more with every seat, and each world's rivals are dealt again until they fit."""
    return min(72, 216 // state.players)


def play_out(game: Game[Any], state: GameState, seat: int, rng: random.Random, max_moves: int) -> list[float]:
    """The rest of the hand as `UpAndDownTheBlock._apply` plays it with every seat choosing by
    `exact` (the same cards, draws and shuffles, move for move), and then `lead`; but on the
    state's own lists, without log lines, the melds shown on going out, or the next deal, which
    nobody reads. Changes `state`'s hands and piles (a playout's private copy)."""
    assert isinstance(state, UpDownState)
    if state.over:
        return penalty_lead(state.scores)
    hands, pile, discard, key = state.hands, state.pile, state.discard, wild(state)
    players = len(hands)
    turn, phase, taken, out, turns = state.turn, state.phase, state.taken, state.out, state.turns
    for _ in range(max_moves):
        hand = hands[turn]
        if phase == "draw":
            if can_draw(state) and choose(hand, phase, None, key, out, discard[-1], _BOTH) is DRAW:
                card = candy_deck.draw(state, pile, discard)
                assert card is not None
                hand.append(card)
            else:
                taken = discard.pop()
                hand.append(taken)
            phase = "discard"
            continue
        if phase == "discard":
            card = discard_choice(hand, taken, key, out is None)
            hand.remove(card)
            discard.append(card)
            if out is None and melds_all(hand, key):
                phase, taken = "going-out", None
                continue
        else:  # going out, as `exact` always does
            out = turn
        # The turn ends (`_end_turn`): the hand too, once back to who went out, or stalled.
        turns += 1
        following = (turn + 1) % players
        if (out is not None and following == out) or (out is None and turns >= TURN_LIMIT * players):
            points = [split_value(cards, key) for cards in hands]
            return penalty_lead([total + got for total, got in zip(state.scores, points, strict=True)])
        turn, phase, taken = following, "draw", None
    return penalty_lead(state.scores)  # cut at `max_moves`, as the generic playout is


#: `choose`'s legal moves when both drawing and taking are allowed.
_BOTH = [DRAW, TAKE]

DETERMINIZE = determinize
ROLLOUT_PLAYOUTS = playouts
ROLLOUT_STAGE = hand_number
ROLLOUT_VALUE = lead
ROLLOUT_POLICY = exact
ROLLOUT_PLAY_OUT = play_out
