"""Ghosts of Christmas computer player.

Normal bids from its hand's strength: each card gets a rough chance to win its era, the
chances give a distribution of wreaths, and it takes the doors with the best expected
score. In play it looks ahead: for each card and era it may play, it deals the unseen cards to
the others a few times (just the cards they can still hold: not those played earlier in the
hand, none of a suit a seat has shown it lacks), plays the round out with the others playing a
legal card at random, and scores the wreaths it would then hold plus what its remaining cards
should bring, as the hand is scored (the bid, or Tiny Tim's 6 for none and 1 a wreath up to the
most). Late in the hand it plays the whole hand out instead: in Tiny Tim from 9 cards left (the
second round), with bids from 6 (the last two rounds).

Why it looks ahead: the former player aimed its expected wreath count (rough per-card chances)
at its bid and won 66% of 400 games against random seats (3 seats), 40% in Tiny Tim, where
those chances could not steer it to a good count. Looking ahead over the round won 76% and 60%
of the same games; with guesses of the others' hands that hold only the cards they can have,
83% and 66% (61-70%, under the 67% target).

Why its own later cards follow an aim: in those play-outs its own later cards went at random,
so a card was judged as if its owner would then waste its next ones, and the cards kept for
later rounds only by their rough chances, as if nobody chose where to play them. Tiny Tim is
won by steering to exactly the count wanted (6 wreaths score as much as none, 7 nothing), so
that mattered most there. Its own cards now take while the wreaths held plus what its later
rounds should bring fall short of the aim (Tiny Tim's most, or the bid's purple doors, half a
wreath more with the red door), with the strongest card that can still win; else they duck,
with the strongest card that surely loses (rid of a danger), or the weakest. And late in the
hand the play-out runs to the hand's end, so the last rounds are played, not guessed, with up
to 24 deals a candidate when few cards are left. In Tiny Tim it won 71% of the same 400 games
(67-76%, above the target; CPU p95 45 ms on the busy machine). Playing the whole hand out from
the second round with bids too won fewer of the first 150 games (80% against 87% from the
third), its aim for a bid (purple doors, half a wreath for the red one) being rougher than
Tiny Tim's. With bids: 90% of the same 400 games (86-92%; 83% before).

What it still misjudges: its own later cards follow a plan card by card, so a card kept back
can be forced to win an era later in the round (a Heart left for an era with no Heart); a
player planning its last cards of the hand together, and for the exact count wanted, chose
better in positions built to test it and won 77% of the first 69 Tiny Tim games (72% for this
one), but at a CPU p95 of 185 ms: not in.

Hard: normal, given more thought where normal is roughest. Its bid: normal reads a hand by
independent per-card chances, never takes the red door, and made its bid in 72 of 135 hands
between normal players; hard plays each bid within two purple doors of normal's through the
whole hand on 60 guessed deals (the same deals for every bid), every seat to its aim as the
look-ahead plays its own later cards (the others' bids are those on the table or, still to come,
normal's bid for the cards dealt them), and keeps normal's bid unless another scored more. Its
card: normal's look-ahead over ten times as many guessed deals (HARD_DEALS), so a card is not
ranked by a few lucky or unlucky deals.

Why not a search: the generic search judged a card by playouts with every seat at random, cut
after a hand, and won 43% of 69 games against normal (3 seats; 32-55%, fair 33%, target 50%).
Paired rollouts (every candidate in the same worlds, every seat played by normal's aim rule
without its look-ahead, on plain lists) did no better on their first 11 games (50%; the search
55% on the same seeds): that rule chooses normal's move in only a quarter of positions and, as a
player, won 20% of 45 games against normal seats, so it is a poor model of the table, and
normal's look-ahead is far too dear for a playout's every move. On the same 45 seeds (the search:
41%), against normal seats: normal's look-ahead over six times its deals won 40%; the others
played to their own aims in it rather than at random, 37% (and 29% of 29 games with ten times
the deals); bids tried on played-out hands with normal's play, 46%. Hard (both) against normal
at 3 seats: 45% of 100 games (36-55%; 46% of the 69 seeds the search played, where it won 43%),
CPU p95 0.27 s a decision; with Tiny Tim (no bids, so only the deals differ): 39% of 100 games
(30-48%), CPU p95 0.36 s.

Why it falls short of 50%: hard now plays normal's own cards, better guessed, and bids a little
better; that gains it 3.3 points a game over the normal seats' mean (standard error 1.6; 45
games), against a spread of 10.7 points a game from the deal, and 0.3 points with Tiny Tim
(spread 3.0). Winning half the games at a table of three would take several times that edge,
which a better model of the others is needed for: normal's look-ahead plays them at random, and
the cheap rule that plays them to their bids instead models normal worse (above).
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Action, Game, GameState, View
from rules.games.ghosts_of_christmas.cards import (
    CARD_BY_TOKEN,
    ERA_INDEX,
    HIGHEST_RANK,
    RANK_OF,
    SUIT_OF,
    TRUMP,
    deck,
    eras_in_play,
    rounds_per_hand,
)
from rules.games.ghosts_of_christmas.scoring import TINY_TIM_MOST_WREATHS, bid_points, tiny_tim_points
from rules.games.ghosts_of_christmas.state import GhostsState, GhostsView
from rules.kit.heuristics import best, lead_rewards, result_rewards


def lowest_rank(players: int) -> int:
    return 4 if players == 3 else 1


def _raw_chance(card: int, players: int) -> float:
    rank, low = RANK_OF[card], lowest_rank(players)
    top = (rank - low) / (HIGHEST_RANK - low)
    if SUIT_OF[card] == TRUMP:
        return 0.15 + 0.8 * top**2
    return 0.05 + 0.6 * top**3


#: Scales the raw chances so that a whole deck's chances add up to the eras of a hand
#: (each era is won by exactly one card).
_SCALE: dict[tuple[int, bool], float] = {
    (players, beyond): eras_in_play(beyond)
    * rounds_per_hand(beyond)
    / sum(_raw_chance(c, players) for c in deck(players))
    for players in (3, 4)
    for beyond in (False, True)
}


def win_chance(card: int, players: int, beyond: bool = False) -> float:
    """A card's rough chance to take the era it goes into, before anything is played."""
    return min(0.97, _raw_chance(card, players) * _SCALE[(players, beyond)])


def wreath_odds(chances: list[float]) -> list[float]:
    """Probability of each number of wreaths, cards taken as independent."""
    odds = [1.0]
    for p in chances:
        nxt = [0.0] * (len(odds) + 1)
        for w, q in enumerate(odds):
            nxt[w] += q * (1 - p)
            nxt[w + 1] += q * p
        odds = nxt
    return odds


def bid_worth(action: Action, odds: list[float]) -> float:
    purple, red = int(action.args[0]), action.args[1] == 1
    return sum(q * bid_points(purple, red, w) for w, q in enumerate(odds))


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, GhostsView)
    assert view.seat is not None
    assert view.my_hand is not None
    hand = [CARD_BY_TOKEN[t] for t in view.my_hand]
    if legal[0].kind == "bid":
        odds = wreath_odds([win_chance(c, view.players, view.beyond) for c in hand])
        return best(legal, lambda a: bid_worth(a, odds), rng)
    return play(view, legal, rng)


#: Rounds played out per candidate move (the same deals for every candidate, so they compare fairly),
#: fewer when there are more candidates than a 3-era round's 36 (Beyond), to keep a decision quick.
PLAYOUTS = 8
ROUNDS_PER_DECISION = 8 * 36


def hand_worth(view: GhostsView, me: int, wreaths: int) -> int:
    """What the hand scores for `me` if it ends with this many wreaths."""
    if view.tiny_tim:
        return tiny_tim_points(wreaths, view.players)
    board = view.boards[me]
    return bid_points(board.purple or 0, board.red, wreaths)


def _round_deals(
    view: GhostsView, me: int, hand: list[int], count: int, rng: random.Random
) -> list[dict[int, list[int]]]:
    """`count` guesses of the others' hands: the cards not seen (not ours, not in the eras, not
    played earlier in the hand) dealt out at random, each seat getting as many as it still holds
    and, where the cards allow, none of a suit it has shown it lacks."""
    played = [[None if t is None else CARD_BY_TOKEN[t] for t in era.cards] for era in view.eras]
    seen = {*hand, *(c for row in played for c in row if c is not None)}
    # Not `last_round`: in a hand's first round it is the last hand's, whose cards are dealt again.
    seen |= {CARD_BY_TOKEN[t] for t in view.gone}
    pool = [c for c in deck(view.players) if c not in seen]
    later_rounds = view.rounds_per_hand - view.round
    needs = {
        s: sum(1 for row in played if row[s] is None) + len(view.eras) * later_rounds
        for s in range(view.players)
        if s != me
    }
    voids = {s: set(view.voids[s]) if s < len(view.voids) else set() for s in needs}
    return [_deal_once(pool, needs, voids, rng) for _ in range(count)]


def _deal_once(
    pool: list[int], needs: dict[int, int], voids: dict[int, set[str]], rng: random.Random
) -> dict[int, list[int]]:
    """One guess: the pool shuffled and dealt, a seat's void suits going to the seats that may
    hold them (a plain deal when the voids cannot all be kept)."""
    cards = list(pool)
    rng.shuffle(cards)
    dealt: dict[int, list[int]] = {s: [] for s in needs}
    # The cards fewest seats may hold go first, so the open seats are not filled by others.
    cards.sort(key=lambda c: sum(SUIT_OF[c] not in voids[s] for s in needs))
    for card in cards:
        open_seats = [s for s in needs if len(dealt[s]) < needs[s] and SUIT_OF[card] not in voids[s]]
        if not open_seats:
            if all(len(dealt[s]) == n for s, n in needs.items()):
                return dealt
            break
        dealt[rng.choice(open_seats)].append(card)
    else:
        return dealt
    start = 0
    for s, n in needs.items():
        dealt[s], start = cards[start : start + n], start + n
    return dealt


#: Per card, its strength in an era: above every other suit if a Heart, else its rank (counted only
#: in the scoring suit).
_TRUMP_OVER = tuple(RANK_OF[c] + (100 if SUIT_OF[c] == TRUMP else 0) for c in range(len(RANK_OF)))


def _winner(row: list[int | None], leader: int) -> int:
    """`era_winner`'s seat for a full era, without its trick bookkeeping (the look-ahead scores
    thousands of eras a decision): the highest Heart, else the highest card of the leader's suit."""
    lead = row[leader]
    assert lead is not None
    suit, top, best_seat = SUIT_OF[lead], -1, leader
    for seat, card in enumerate(row):
        assert card is not None
        if (SUIT_OF[card] == TRUMP or SUIT_OF[card] == suit) and _TRUMP_OVER[card] > top:
            top, best_seat = _TRUMP_OVER[card], seat
    return best_seat


def _beaten(card: int, row: list[int | None]) -> bool:
    """Whether a card already in the era beats `card` whoever leads it: a higher Heart, a Heart
    over a card of another suit, or a higher card of its own suit."""
    suit, rank = SUIT_OF[card], RANK_OF[card]
    for other in row:
        if other is None:
            continue
        if SUIT_OF[other] == TRUMP and (suit != TRUMP or RANK_OF[other] > rank):
            return True
        if SUIT_OF[other] == suit and RANK_OF[other] > rank:
            return True
    return False


def _own_choice(
    options: list[tuple[int, int]], rows: list[list[int | None]], take: bool, chance: dict[int, float]
) -> tuple[int, int]:
    """Our own later card in a played-out round, played to the plan rather than at random: to
    take, the strongest card that can still win; to duck, the strongest card that surely loses
    (rid of a danger), else the weakest."""
    safe = [(c, e) for c, e in options if _beaten(c, rows[e])]
    if take:
        live = [(c, e) for c, e in options if (c, e) not in safe]
        if live:
            return max(live, key=lambda o: chance[o[0]])
        return min(options, key=lambda o: chance[o[0]])
    if safe:
        return max(safe, key=lambda o: chance[o[0]])
    return min(options, key=lambda o: chance[o[0]])


def _play_out(
    view: GhostsView,
    me: int,
    hand: list[int],
    card: int,
    era: int,
    dealt: dict[int, list[int]],
    rng: random.Random,
    aim: float,
    chance: dict[int, float],
    whole_hand: bool,
) -> tuple[int, list[int]]:
    """Our card into `era`, then the rest of the round (or of the hand) with the others playing a
    legal card at random and us to our aim: taking while the wreaths we hold and those our later
    rounds should bring fall short of `aim`, else ducking. The wreaths we win and the cards we keep."""
    players, eras = view.players, len(view.eras)
    rows: list[list[int | None]] = [[None if t is None else CARD_BY_TOKEN[t] for t in e.cards] for e in view.eras]
    dials = [e.dial for e in view.eras]
    hands = {s: list(cards) for s, cards in dealt.items()}
    mine = hands[me] = [c for c in hand if c != card]
    start, won = view.start_player, 0
    count = view.boards[me].wreaths

    def taking() -> bool:
        # What our cards after this round should win, from their rough chances.
        this_round = sum(1 for row in rows if row[me] is None)
        beyond = len(mine) - this_round
        later = sum(chance[c] for c in mine) * beyond / len(mine) if beyond > 0 else 0.0
        return count + won + later < aim

    take = taking()
    rows[era][me] = card
    dials[era] = dials[era] or SUIT_OF[card]
    seat = (me + 1) % players
    left = sum(1 for row in rows for c in row if c is None)
    while True:
        while left:
            open_eras = [e for e in range(eras) if rows[e][seat] is None]
            if open_eras:
                held = hands[seat]
                if not held:
                    return won, mine  # the pool was short for this seat: no more wreaths counted
                options: list[tuple[int, int]] = []
                for e in open_eras:
                    dial = dials[e]
                    matching = [c for c in held if SUIT_OF[c] == dial] if dial is not None else held
                    options.extend((c, e) for c in matching or held)
                if seat == me:
                    chosen, into = _own_choice(options, rows, take, chance)
                else:
                    chosen, into = options[rng.randrange(len(options))]
                held.remove(chosen)
                rows[into][seat] = chosen
                dials[into] = dials[into] or SUIT_OF[chosen]
                left -= 1
            seat = (seat + 1) % players
        for row in rows:
            start = _winner(row, start)
            won += start == me
        if not whole_hand or not mine:
            return won, mine
        rows = [[None] * players for _ in range(eras)]
        dials = [None] * eras
        left = eras * players
        seat = start
        take = taking()


def _aim(view: GhostsView, me: int) -> float:
    """The wreaths we want by the hand's end: Tiny Tim's most that still score, or the bid's purple
    doors (half a wreath more with the red door, which may take one or not)."""
    if view.tiny_tim:
        return TINY_TIM_MOST_WREATHS[view.players]
    board = view.boards[me]
    return (board.purple or 0) + (0.5 if board.red else 0.0)


#: From this many of our cards left, the look-ahead plays the whole hand out instead of the round:
#: in Tiny Tim from the second round, with bids only in the last two (from the second round, they
#: won fewer of the same games: its aim for a bid is rougher than Tiny Tim's).
WHOLE_HAND_CARDS = {True: 9, False: 6}
#: The cards a decision may play out in whole hands, shared by its candidates (fewer deals each
#: when there are many).
PLAYS_PER_DECISION = 6000
#: At most this many deals a candidate in whole hands: the last rounds, with few cards, afford
#: more, and there a single unlucky guess decides whether one more wreath is risked.
WHOLE_HAND_PLAYOUTS = 24


def play(view: GhostsView, legal: list[Action], rng: random.Random, deals: int = 1) -> Action:
    """Each candidate's worth: over a few guessed deals (`deals` times normal's), the round played
    out after it and the rest of the hand expected from the cards kept (their rough chances), or
    late in the hand the whole hand played out, scored as the hand would be scored."""
    assert view.seat is not None
    assert view.my_hand is not None
    me = view.seat
    hand = [CARD_BY_TOKEN[t] for t in view.my_hand]
    whole_hand = len(hand) <= WHOLE_HAND_CARDS[view.tiny_tim]
    if whole_hand:
        count = min(WHOLE_HAND_PLAYOUTS, PLAYS_PER_DECISION // (len(legal) * len(hand) * view.players))
    else:
        count = min(PLAYOUTS, ROUNDS_PER_DECISION // len(legal))
    count *= deals
    guesses = _round_deals(view, me, hand, max(2, count), rng)
    wreaths = view.boards[me].wreaths
    seed = rng.getrandbits(32)
    later: dict[tuple[tuple[int, ...], int], float] = {}

    def rest_of_hand(kept: list[int], now: int) -> float:
        key = (tuple(sorted(kept)), now)
        if key not in later:
            odds = wreath_odds([win_chance(c, view.players, view.beyond) for c in kept])
            later[key] = sum(q * hand_worth(view, me, now + w) for w, q in enumerate(odds))
        return later[key]

    chance = {c: win_chance(c, view.players, view.beyond) for c in hand}
    aim = _aim(view, me)

    def worth(action: Action) -> float:
        card, era = CARD_BY_TOKEN[str(action.args[0])], ERA_INDEX[str(action.args[1])]
        local = random.Random(seed)
        total = 0.0
        for dealt in guesses:
            won, kept = _play_out(view, me, hand, card, era, dealt, local, aim, chance, whole_hand)
            total += rest_of_hand(kept, wreaths + won)
        return total / len(guesses)

    return best(legal, worth, rng)


def canonical(state: GameState, seat: int) -> GameState:
    """The others' cards dealt back in sorted order (the determinization redeals them anyway)."""
    assert isinstance(state, GhostsState)
    others = [s for s in range(state.players) if s != seat]
    pool = sorted(card for s in others for card in state.hands[s])
    hands = [list(h) for h in state.hands]
    for s in others:
        size = len(hands[s])
        hands[s], pool = pool[:size], pool[size:]
    return state.model_copy(update={"hands": hands})


def hand_points(state: GhostsState, seat: int) -> int:
    """What the hand in progress would score for `seat` if it ended now."""
    wreaths = state.wreaths[seat]
    if state.tiny_tim:
        return tiny_tim_points(wreaths, state.players)
    return bid_points(state.purple[seat] or 0, state.red[seat], wreaths)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, GhostsState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [sum(row[s] for row in state.hand_scores) + hand_points(state, s) for s in range(state.players)]
    return lead_rewards(points, spread=12)


def _hand_wins(view: GhostsView, hands: list[list[int]], aims: list[float], chance: dict[int, float]) -> list[int]:
    """A whole hand from its first card, every seat playing to its aim as the look-ahead plays its
    own later cards (`_own_choice`): the wreaths each seat wins."""
    players, eras = view.players, len(view.eras)
    wins = [0] * players
    start = seat = view.start_player
    for _ in range(view.rounds_per_hand):
        rows: list[list[int | None]] = [[None] * players for _ in range(eras)]
        dials: list[str | None] = [None] * eras
        for _ in range(eras * players):
            held = hands[seat]
            if not held:
                return wins  # the pool was short for this seat (it cannot be at a hand's start)
            options: list[tuple[int, int]] = []
            open_eras = 0
            for era, row in enumerate(rows):
                if row[seat] is None:
                    open_eras += 1
                    dial = dials[era]
                    matching = [c for c in held if SUIT_OF[c] == dial] if dial is not None else held
                    options.extend((c, era) for c in matching or held)
            beyond = len(held) - open_eras
            later = sum(chance[c] for c in held) * beyond / len(held) if beyond > 0 else 0.0
            card, era = _own_choice(options, rows, wins[seat] + later < aims[seat], chance)
            held.remove(card)
            rows[era][seat] = card
            dials[era] = dials[era] or SUIT_OF[card]
            seat = (seat + 1) % players
        for row in rows:
            start = _winner(row, start)
            wins[start] += 1
        seat = start
    return wins


#: Hard's bid: the bids this many purple doors either side of normal's are tried ...
BID_SPREAD = 2
#: ... on this many guessed deals each (the same deals for every bid).
BID_DEALS = 60


def bid_by_play(game: Game[Any], view: GhostsView, legal: list[Action], rng: random.Random) -> Action:
    """Normal's bid, or a bid of a few purple doors more or fewer that scored more when the hand
    was played out on guessed deals: every seat playing to its aim, the others' bids theirs on the
    table or, still to come, the bid normal would make with the cards dealt to them."""
    assert view.seat is not None
    assert view.my_hand is not None
    me = view.seat
    hand = [CARD_BY_TOKEN[t] for t in view.my_hand]
    usual = normal(game, view, legal, rng)
    chance = {c: win_chance(c, view.players, view.beyond) for c in deck(view.players)}
    bids = [a for a in legal if a.args[1] == 0 and abs(int(a.args[0]) - int(usual.args[0])) <= BID_SPREAD]
    scored = dict.fromkeys(bids, 0.0)
    for dealt in _round_deals(view, me, hand, BID_DEALS, rng):
        aims = [0.0] * view.players
        for seat, cards in dealt.items():
            board = view.boards[seat]
            if board.purple is not None:
                aims[seat] = board.purple + (0.5 if board.red else 0.0)
            else:
                odds = wreath_odds([chance[c] for c in cards])
                theirs = max(legal, key=lambda a: bid_worth(a, odds))
                aims[seat] = int(theirs.args[0]) + (0.5 if theirs.args[1] == 1 else 0.0)
        for bid in bids:
            aims[me] = int(bid.args[0])
            hands = [sorted(dealt[s]) if s != me else list(hand) for s in range(view.players)]
            wins = _hand_wins(view, hands, aims, chance)
            scored[bid] += bid_points(int(bid.args[0]), False, wins[me])
    top = max(scored.values())
    if scored.get(usual, -1.0) >= top - 1e-9:
        return usual
    return max(bids, key=lambda a: scored[a])


#: Hard's look-ahead spends this many times normal's guessed deals.
HARD_DEALS = 10


def hard(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """A bid tried on played-out hands (`bid_by_play`), and normal's look-ahead over `HARD_DEALS`
    times as many guessed deals."""
    assert isinstance(view, GhostsView)
    if legal[0].kind == "bid":
        return bid_by_play(game, view, legal, rng)
    return play(view, legal, rng, HARD_DEALS)


NORMAL = normal
HARD = hard
CANONICAL = canonical
EVALUATE = evaluate
#: A hand's moves at 3 seats (3 bids, 36 cards): a playout ends about where its hand does.
HORIZON = 39
ITERATIONS = 250
