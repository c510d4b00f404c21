"""Ghosts Love Candy computer player.

Normal: values each kid's candy by its own Love card (with the row's end-of-game changes),
avoids being the ghost that scares a kid into its stash, and picks the ghost to send by how
many rivals it expects to go before it (their hands are public) against what the ghost
costs for later rounds. It decides from a small `Table` read from its view, or in a playout
from the state, so the playouts make exactly its choices without building a view.

Hard: paired rollouts (`ROLLOUT_PLAYOUTS`). Every move is tried in the same sampled worlds,
then every seat plays as normal does to the end of the game, and the final points decide:
a ghost sent now is one the later rounds lack, which only the whole game shows. Normal's
move is kept unless another beats it by more than its standard error.

Why the tree search that hard used before was no better than normal at three players (40%
of 77 games in an outside run and 33% of 47 in ours, fair 33%), though it chose otherwise
than normal in 19 of 30 sampled positions: it gave each move playouts in worlds of its own,
so the luck of the candy to come swamped the difference between two ghosts; its playouts
sent ghosts at random, so a ghost's cost for later rounds was never seen; a rival's node of
its tree averaged over worlds that share our Love card but deal that rival's at random, so
the rival played as if it knew ours and not its own; and a rival that had already sent its
ghost was imagined to have sent any ghost of its hand with equal chance, so the turn order
of its worlds (which decides who takes the best candy) was mostly wrong. Now a rival that
has sent its ghost sent, in every world, the one normal would send with the Love card that
world deals it (`determinize`), and the rivals play as the normal players they model. Hard
then won 66% of 100 games against normal at three players (95% interval 56-74%), choosing
otherwise than normal in 13 of 30 positions, at a CPU p95 of 0.70 s a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import Any, NamedTuple

from rules.contract import Action, Game, GameState, View
from rules.games.ghosts_love_candy.cards import (
    BLACK_CAT,
    CANDY_BONUS_KIDS,
    CANDY_INDEX,
    CHEERLEADER,
    KIDS,
    LOVE_CARDS,
    MAD_SCIENTIST,
    MAD_SCIENTIST_VALUE,
    STASH_KID_EXCEPTIONS,
    STASH_KID_POINTS,
    table_size,
)
from rules.games.ghosts_love_candy.game import GhostsLoveCandy
from rules.games.ghosts_love_candy.state import GlcState, GlcView
from rules.kit.heuristics import best

#: What sending one ghost point now costs, in candy points, while rounds remain.
GHOST_POINT_COST = 0.45
#: Blue kids whose ability usually brings candy or hurts a rival: a small pull towards them.
GOOD_ABILITIES = frozenset(number for number, kid in KIDS.items() if kid.box == "blue")
#: Hard's playouts a decision at three players (`playouts`).
PLAYOUTS = 100
#: The courage of a kid the Cheerleader guards: no pile of ghosts scares it.
NEVER = 10_000


@dataclass(frozen=True)
class Table:
    """What the normal player decides from: read from its view, or in a playout from the
    determinized state for any seat (the same numbers, without building a view)."""

    seat: int
    love: int
    kids: tuple[int | None, ...]
    candies: tuple[Sequence[int], ...]
    piles: tuple[int, ...]  # the ghosts' total on each kid
    hands: tuple[Sequence[int], ...]
    final: bool  # the last round
    ghost: int  # the seat's revealed ghost this round (0 before the reveal)


def table_of_view(view: GlcView) -> Table:
    assert view.seat is not None
    love = view.love[view.seat]
    assert love is not None
    return Table(
        seat=view.seat,
        love=love,
        kids=tuple(spot.kid for spot in view.row),
        candies=tuple(spot.candies for spot in view.row),
        piles=tuple(sum(g for g, _ in spot.ghosts) for spot in view.row),
        hands=view.hands,
        final=view.last_round,
        ghost=view.revealed[view.seat] or 0,
    )


def table_of_state(state: GlcState, seat: int) -> Table:
    return Table(
        seat=seat,
        love=state.love[seat],
        kids=tuple(spot.kid for spot in state.row),
        candies=tuple(spot.candies for spot in state.row),
        piles=tuple(sum(g.value for g in spot.ghosts) for spot in state.row),
        hands=tuple(state.hands),
        final=state.last_round,
        ghost=state.revealed[seat] or 0,
    )


def candy_values(table: Table) -> list[int]:
    """What each candy type is worth to the seat if the row stayed as it is."""
    values = list(LOVE_CARDS[table.love])
    kids = set(table.kids)
    if MAD_SCIENTIST in kids:
        values = [MAD_SCIENTIST_VALUE if v == 0 else v for v in values]
    for kid, t in CANDY_BONUS_KIDS.items():
        if kid in kids:
            values[t] += 1
    return values


def kid_points(kid: int) -> int:
    """What a kid is worth in a stash at the end."""
    return STASH_KID_EXCEPTIONS.get(kid, STASH_KID_POINTS)


class Spot(NamedTuple):
    """One kid as the seat sees it: its candy's worth, and what its ghosts need to scare it."""

    kid: int | None
    candy: float
    pile: int
    courage: int  # above any pile when the Cheerleader guards it
    bonus: float  # a blue ability's pull when it is not scared


def spots(table: Table, values: list[int]) -> list[Spot]:
    kids = table.kids
    guarded = {n for pos, kid in enumerate(kids) if kid == CHEERLEADER for n in (pos - 1, pos + 1)}
    out = []
    for pos, kid in enumerate(kids):
        if kid is None:
            out.append(Spot(None, -100.0, 0, 0, 0.0))
            continue
        candy = float(sum(map(mul, table.candies[pos], values)))
        courage = NEVER if pos in guarded else KIDS[kid].courage
        out.append(Spot(kid, candy, table.piles[pos], courage, 0.5 if kid in GOOD_ABILITIES else 0.0))
    return out


def spot_value(spot: Spot, ghost: int) -> float:
    """Taking this kid's candy with `ghost`, counting a scare into our own stash."""
    if spot.kid is None:
        return spot.candy
    if spot.pile + ghost >= spot.courage:
        return spot.candy + kid_points(spot.kid)
    return spot.candy + spot.bonus


def choose_ghost(table: Table, legal: list[Action], rng: random.Random) -> Action:
    me = table.seat
    row = spots(table, candy_values(table))
    rivals = [hand for other, hand in enumerate(table.hands) if other != me and hand]
    final = table.final or len(table.hands[me]) == 1

    def worth(action: Action) -> float:
        ghost = int(action.args[0])
        # Rivals expected to haunt before us: their public hands against our ghost.
        ahead = sum((sum(1 for g in hand if g > ghost) + 0.5 * hand.count(ghost)) / len(hand) for hand in rivals)
        values = sorted((spot_value(spot, ghost) for spot in row), reverse=True)
        low = min(int(ahead), len(values) - 1)
        high = min(low + 1, len(values) - 1)
        frac = ahead - int(ahead)
        gain = (1 - frac) * values[low] + frac * values[high]
        return gain - (0.0 if final else GHOST_POINT_COST * ghost)

    return best(legal, worth, rng)


def ability_worth(table: Table, values: list[int], action: Action) -> float:
    """A rough candy-point worth of one ability choice for the seat (0: indifferent)."""
    me = table.seat
    kind, args = action.kind, action.args

    def candy(word: int | str) -> int:
        return values[CANDY_INDEX[str(word)]]

    if kind == "movekid":
        kid, owner, to = int(args[0]), int(args[1]), int(args[2])
        points = kid_points(kid)
        return (-points if owner == me else 0) + (points if to == me else 0) + (0.1 if kid == BLACK_CAT else 0)
    if kind == "feed":
        return -candy(args[0])
    if kind == "swapghost":
        return 0.2 * (int(args[1]) - int(args[0]))
    if kind == "swapcandy":
        return candy(args[2]) - candy(args[0])
    if kind in ("steal", "snatch"):
        return candy(args[1])
    if kind == "raid":
        return float(sum(n * v for n, v in zip(table.candies[int(args[0])], values, strict=True)))
    if kind == "recycle":
        return candy(args[1]) - candy(args[0])
    return 0.0


def decide(table: Table, phase: str, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's choice."""
    if phase == "choose":
        return choose_ghost(table, legal, rng)
    values = candy_values(table)
    if phase == "haunt":
        row = spots(table, values)
        return best(legal, lambda a: spot_value(row[int(a.args[0])], table.ghost), rng)
    return best(legal, lambda a: ability_worth(table, values, a), rng)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, GlcView)
    return decide(table_of_view(view), view.phase, legal, rng)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Random, but never passing up a kid with candy for an empty-handed one, nor a candy ability."""
    assert isinstance(view, GlcView)
    if view.phase == "haunt":
        with_candy = [a for a in legal if sum(view.row[int(a.args[0])].candies)]
        return rng.choice(with_candy or legal)
    if view.phase == "ability":
        taking = [a for a in legal if a.kind != "decline"]
        return rng.choice(taking or legal)
    return rng.choice(legal)


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with the hidden decks in sorted order (what is known stays put)."""
    assert isinstance(state, GlcState)
    cut = len(state.candy_deck) - state.candy_known[seat]
    deck = sorted(state.candy_deck[:cut]) + state.candy_deck[cut:]
    return state.model_copy(update={"kid_deck": sorted(state.kid_deck), "candy_deck": deck})


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Playouts haunt the kid whose candy the actor's Love card values most (not scaring it
    into its own stash), now and then at random; other choices are random."""
    assert isinstance(state, GlcState)
    if state.phase != "haunt" or rng.random() < 0.2:
        if state.phase == "ability":
            return rng.choice([a for a in legal if a.kind != "decline"] or legal)
        return rng.choice(legal)
    values = LOVE_CARDS[state.love[seat]]
    ghost = state.revealed[seat] or 0
    row = state.row

    def worth(action: Action) -> float:
        spot = row[int(action.args[0])]
        assert spot.kid is not None
        value = float(sum(n * v for n, v in zip(spot.candies, values, strict=True)))
        if sum(g.value for g in spot.ghosts) + ghost >= KIDS[spot.kid].courage:
            value += kid_points(spot.kid)
        return value

    return best(legal, worth, rng)


def exact(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The normal player's own choice, read from a determinized state (paired rollouts)."""
    assert isinstance(state, GlcState)
    return decide(table_of_state(state, seat), state.phase, legal, rng)


def determinize(game: Game[Any], state: GameState, seat: int, rng: random.Random) -> GameState:
    """The game's world, but a rival that already chose its secret ghost this round chose
    the one normal would send with the Love card this world deals it, not any ghost it holds."""
    world = game.determinize(state, seat, rng)
    assert isinstance(world, GlcState)
    if world.phase != "choose":
        return world
    rivals = [other for other, ghost in enumerate(world.chosen) if other != seat and ghost is not None]
    for other in rivals:
        world.chosen[other] = None
    for other in rivals:
        sends = [send for send in game.legal_actions(world, other) if send.kind == "send"]
        world.chosen[other] = int(choose_ghost(table_of_state(world, other), sends, rng).args[0])
    return world


def playouts(state: GameState) -> int:
    """100 playouts at three players; fewer at bigger tables, where a playout to the end of the
    game has more turns (the work of a decision stays about the same)."""
    assert isinstance(state, GlcState)
    size = table_size(state.players)
    return round(PLAYOUTS * 3 * 8 / (state.players * size.rounds))


def whole_game(state: GameState) -> int:
    """Playouts run to the end of the game: a ghost sent now is one the later rounds lack."""
    return 0


def final_lead(game: Game[Any], state: GameState) -> list[float]:
    """Each seat's points less the best other seat's (the stash as the row now values it)."""
    assert isinstance(game, GhostsLoveCandy)
    assert isinstance(state, GlcState)
    scores = game.scores(state)
    return [mine - max(s for other, s in enumerate(scores) if other != seat) for seat, mine in enumerate(scores)]


NORMAL = normal
EASY = easy
ROLLOUT = rollout
CANONICAL = canonical
DETERMINIZE = determinize
ITERATIONS = 250
ROLLOUT_PLAYOUTS = playouts
ROLLOUT_STAGE = whole_game
ROLLOUT_VALUE = final_lead
ROLLOUT_POLICY = exact
