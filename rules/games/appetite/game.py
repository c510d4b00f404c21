"""Appetite: an Ambition-like game for 4 players with the Best Candy deck (rulings §4).

A hand: 13 cards each, everyone passes three at the same time (left, right, across, then
again), the player left of the dealer leads, and 13 tricks are played following the named
suit with no trump. A taken card is worth points by how many suits it shows; at the end
of the hand the most points, or too few, give a tummy ache instead of points, unless
someone is stuffed with 75 or more. After a hand that gives someone a fourth tummy ache,
the best score among the others wins.

Moves: `pass.<card>` / `take-back.<card>` while passing, `play.<card>.<suit>` for a card
that names the trick suit and `play.<card>` for any other, then `pardon` or `no-pardon`
for a stuffed player. Following and the winner come from the shared core (rules/kit/tricks.py).
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_deck import SUIT_TEXT, card_move_label, select
from rules.candy_kit.candy_tricks import (
    PLAY,
    PLAY_AS,
    card_named,
    deal_hands,
    first_deal,
    next_hand,
    play_problem,
    play_to_trick,
    put_away,
    trick_won,
)
from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.candy_kit.passing import pass_picks, pick, pick_actions, redeal_unseen, still_changing, why_not_pick
from rules.contract import (
    SHARE_WIN_WITH_POINTS,
    WINS_WITH_POINTS,
    Action,
    AutoPlayOptions,
    Event,
    Game,
    Result,
    View,
    act,
    plural,
    say,
    say_winners,
)
from rules.games.appetite.help import HELP_PAGES, render_view
from rules.games.appetite.scoring import ACHES_OUT, card_points, score_hand
from rules.games.appetite.state import PASS_COUNT, AppetiteState, AppetiteView, SeatSheet
from rules.kit.tricks import Play, following, lead_after, note_void, winning_play
from rules.kit.words import message

STUFFED = message("{who} is stuffed and scores 60.", who="{who} are stuffed and score 60.")
DEALS = message(
    (
        "Hand {hand}: {who} deals. Everyone picks {n} card to pass {way}.",
        "Hand {hand}: {who} deals. Everyone picks {n} cards to pass {way}.",
    ),
    who=(
        "Hand {hand}: {who} deal. Everyone picks {n} card to pass {way}.",
        "Hand {hand}: {who} deal. Everyone picks {n} cards to pass {way}.",
    ),
)
LEADS_FIRST = message("{who} leads the first trick.", who="{who} lead the first trick.")
PRANK_LEADS = message("A Prank was in the trick: {who} leads.", who="A Prank was in the trick: {who} lead.")
#: Why a trick was won and what it is worth (`trick_won`).
TRICK_WON = (
    message(
        (
            "{who} led and nobody played a suited card, so {who} takes the trick ({n} point).",
            "{who} led and nobody played a suited card, so {who} takes the trick ({n} points).",
        ),
        who=(
            "{who} led and nobody played a suited card, so {who} take the trick ({n} point).",
            "{who} led and nobody played a suited card, so {who} take the trick ({n} points).",
        ),
    ),
    message(
        (
            "{who} wins the trick with {card}, the highest {suit} ({n} point).",
            "{who} wins the trick with {card}, the highest {suit} ({n} points).",
        ),
        who=(
            "{who} win the trick with {card}, the highest {suit} ({n} point).",
            "{who} win the trick with {card}, the highest {suit} ({n} points).",
        ),
    ),
)
#: What each of the four took in a hand: `got0`.. are "a tummy ache" or the points it scores.
HAND_OVER = message(
    "Hand over. {p0} took {taken0}: {got0}; {p1} took {taken1}: {got1}; {p2} took {taken2}: {got2}; "
    "{p3} took {taken3}: {got3}."
)
MAY_PARDON = message("{who} may pardon this hand's tummy aches.")
PARDONS = message(
    "{who} pardons everyone: this hand's tummy aches are gone.",
    who="{who} pardon everyone: this hand's tummy aches are gone.",
)
KEEPS_ACHES = message("{who} keeps this hand's tummy aches.", who="{who} keep this hand's tummy aches.")

PLAYERS = 4
TRICKS = 13
#: No Non-Treats and no King Size: the ranks -1 and 1-12 of the four colours.
DECK_CARDS: tuple[int, ...] = select(ranks=(-1, *range(1, 13)), king_size=False)
IS_PRANK: tuple[bool, ...] = tuple(card.is_prank for card in DECK)
POINTS: tuple[int, ...] = tuple(card_points(c.id) for c in DECK)
#: Where each hand's cards go: left, right, across, then again.
STEPS: tuple[int, ...] = (1, -1, 2)
DIRECTION: dict[int, str] = {1: "left", -1: "right", 2: "across"}

_PASS: tuple[Action, ...] = tuple(act("pass", c.id) for c in DECK)
_TAKE_BACK: tuple[Action, ...] = tuple(act("take-back", c.id) for c in DECK)
PARDON = act("pardon")
NO_PARDON = act("no-pardon")
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(PLAYERS))


def pass_step(hand_number: int) -> int:
    return STEPS[(hand_number - 1) % len(STEPS)]


def taken_points(cards: list[int]) -> int:
    return sum(POINTS[c] for c in cards)


class Appetite(Game[AppetiteState]):
    id = "appetite"
    name = "Appetite"
    min_players = PLAYERS
    max_players = PLAYERS
    Options = AutoPlayOptions
    state_type = AppetiteState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> AppetiteState:
        state = AppetiteState(players=players, seed=seed, scores=[0] * players, aches=[0] * players)
        return first_deal(state, self._deal)

    def _deal(self, state: AppetiteState) -> list[Event]:
        deal_hands(state, DECK_CARDS, TRICKS)
        state.picks = [[] for _ in range(PLAYERS)]
        state.passed = [[] for _ in range(PLAYERS)]
        state.received = [[] for _ in range(PLAYERS)]
        state.won = [[] for _ in range(PLAYERS)]
        state.voids = [[] for _ in range(PLAYERS)]
        state.tricks_won = [0] * PLAYERS
        state.trick_number = 0
        state.trick = []
        state.trick_suit = None
        state.phase = "pass"
        way = DIRECTION[pass_step(state.hand_number)]
        return [say("deal", DEALS, {"who": state.dealer}, hand=state.hand_number, n=PASS_COUNT, way=way)]

    # ---- play ---------------------------------------------------------------------

    def may_change(self, state: AppetiteState) -> frozenset[int]:
        return still_changing(state, PASS_COUNT) if state.phase == "pass" else frozenset()

    def to_act(self, state: AppetiteState) -> frozenset[int]:
        if state.phase == "pass":
            return frozenset(s for s in range(PLAYERS) if len(state.picks[s]) < PASS_COUNT)
        if state.phase == "play":
            return _ONLY[state.turn]
        if state.phase == "pardon" and state.stuffed is not None:
            return _ONLY[state.stuffed]
        return _NOBODY

    def legal_actions(self, state: AppetiteState, seat: int) -> list[Action]:
        if seat not in self.to_act(state) and seat not in self.may_change(state):
            return []
        if state.phase == "pass":
            return pick_actions(state, seat, PASS_COUNT, _PASS, _TAKE_BACK)
        if state.phase == "pardon":
            return [PARDON, NO_PARDON]
        out: list[Action] = []
        for card in self._playable(state, seat):
            if state.trick_suit is None and not IS_PRANK[card]:
                out.extend(PLAY_AS[card][s] for s in DECK[card].suits)
            else:
                out.append(PLAY[card])
        return out

    def _playable(self, state: AppetiteState, seat: int) -> list[int]:
        """G2 and G4: follow the named suit if you can; a Prank only when leading, when you
        cannot follow, or while no suit is named (then anything goes)."""
        hand = state.hands[seat]
        return [hand[i] for i in following([SUIT_SETS[c] for c in hand], state.trick_suit)]

    def why_illegal(self, state: AppetiteState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: AppetiteState, seat: int, action: Action) -> str | None:
        if action.kind in ("pardon", "no-pardon"):
            return None if state.phase == "pardon" else "Only a stuffed player pardons, right after the hand."
        if state.phase == "pardon":
            return "The stuffed player is deciding whether to pardon this hand's tummy aches."
        if action.kind in ("pass", "take-back"):
            if state.phase != "pass":
                return "The passing is over for this hand: play a card."
            return why_not_pick(state, seat, action, card_named(action.args), TEXT)
        if action.kind != "play":
            return f"There is no such move in {self.name}: you can pass cards or play a card."
        if state.phase == "pass":
            return f"First everyone passes {PASS_COUNT} cards."
        return play_problem(
            state.hands[seat],
            action.args,
            lambda card: DECK[card].suits if state.trick_suit is None and not IS_PRANK[card] else (),
            lambda card: None if card in self._playable(state, seat) else self._must_follow(state),
        )

    @staticmethod
    def _must_follow(state: AppetiteState) -> str:
        assert state.trick_suit is not None
        suit = SUIT_TEXT[state.trick_suit]
        return f"You hold {suit}: follow {suit}."

    def _apply(self, state: AppetiteState, seat: int, action: Action) -> list[Event]:
        if action.kind in ("pardon", "no-pardon"):
            return self._pardon(state, seat, action.kind == "pardon")
        if action.kind in ("pass", "take-back"):
            events = pick(state, seat, action, PASS_COUNT)
            return self._pass(state) if events is None else events
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, int(action.args[0]), named)

    def _pass(self, state: AppetiteState) -> list[Event]:
        step = pass_step(state.hand_number)
        events = pass_picks(state, step, DIRECTION[step], TEXT, sort_key)
        state.phase = "play"
        state.leader = state.turn = (state.dealer + 1) % PLAYERS
        events.append(say("lead", LEADS_FIRST, {"who": state.leader}))
        return events

    def _play(self, state: AppetiteState, seat: int, card: int, named: str | None) -> list[Event]:
        note_void(state.voids[seat], [SUIT_SETS[c] for c in state.hands[seat]], state.trick_suit)
        events = [play_to_trick(state, seat, card, named)]
        if len(state.trick) == PLAYERS:
            events.extend(self._close_trick(state))
        else:
            state.turn = (seat + 1) % PLAYERS
        return events

    def _close_trick(self, state: AppetiteState) -> list[Event]:
        leader, suit = state.leader, state.trick_suit
        plays = [
            Play(seat=(leader + k) % PLAYERS, suits=SUIT_SETS[c], rank=DECK[c].rank) for k, c in enumerate(state.trick)
        ]
        index = winning_play(plays, suit, None)
        winner, best = plays[index].seat, state.trick[index]
        state.won[winner].extend(state.trick)
        state.tricks_won[winner] += 1
        worth = taken_points(state.trick)
        events = [trick_won(winner, best, suit, texts=TRICK_WON, n=worth)]
        prank = any(IS_PRANK[c] for c in state.trick)
        put_away(state, winner)
        state.trick_number += 1
        if state.trick_number == TRICKS:
            events.extend(self._score_hand(state))
            return events
        state.leader = state.turn = lead_after(winner, PLAYERS, prank)
        if prank:
            events.append(say("lead", PRANK_LEADS, {"who": state.leader}))
        return events

    def _score_hand(self, state: AppetiteState) -> list[Event]:
        taken = [taken_points(w) for w in state.won]
        stuffed, points, aches = score_hand(taken)
        state.last_hand = [SeatSheet(taken=taken[s], points=points[s], ache=aches[s]) for s in range(PLAYERS)]
        state.stuffed = stuffed
        state.pardoned = False
        for s in range(PLAYERS):
            state.scores[s] += points[s]
            state.aches[s] += int(aches[s])
        sheets: dict[str, int | str] = {}
        for s in range(PLAYERS):
            sheets[f"taken{s}"] = taken[s]
            sheets[f"got{s}"] = "a tummy ache" if aches[s] else plural(points[s], "point")
        events = [say("hand", HAND_OVER, {f"p{s}": s for s in range(PLAYERS)}, None, **sheets)]
        if stuffed is not None:
            events.append(say("stuffed", STUFFED, {"who": stuffed}))
            if any(aches):
                state.phase = "pardon"
                events.append(say("ask", MAY_PARDON, {"who": stuffed}))
                return events
        events.extend(self._next_hand(state))
        return events

    def _pardon(self, state: AppetiteState, seat: int, pardon: bool) -> list[Event]:
        if pardon:
            for s, sheet in enumerate(state.last_hand):
                if sheet.ache:
                    state.aches[s] -= 1
            state.pardoned = True
            events = [say("pardon", PARDONS, {"who": seat})]
        else:
            events = [say("pardon", KEEPS_ACHES, {"who": seat})]
        events.extend(self._next_hand(state))
        return events

    def _next_hand(self, state: AppetiteState) -> list[Event]:
        return next_hand(self, state, max(state.aches) >= ACHES_OUT, self._deal, said_over=self._over)

    def _over(self, state: AppetiteState) -> Event:
        result = self.result(state)
        assert result is not None
        return result.event()

    # ---- information ------------------------------------------------------------------

    def label(self, state: AppetiteState, seat: int, action: Action) -> str:
        if action.kind == "pardon":
            return "Pardon everyone's tummy aches"
        if action.kind == "no-pardon":
            return "Keep the tummy aches"
        return card_move_label(action)

    def view(self, state: AppetiteState, seat: int | None) -> AppetiteView:
        own: tuple[list[int], ...] = ([], [], [], [])
        if seat is not None:
            own = (state.hands[seat], state.picks[seat], state.passed[seat], state.received[seat])
        return AppetiteView(
            seat=seat,
            players=PLAYERS,
            phase=state.phase,
            hand_number=state.hand_number,
            dealer=state.dealer,
            pass_step=pass_step(state.hand_number),
            hand_sizes=tuple(len(h) for h in state.hands),
            ready=tuple(state.phase == "pass" and len(p) == PASS_COUNT for p in state.picks),
            taken=tuple(taken_points(w) for w in state.won),
            tricks_won=tuple(state.tricks_won),
            trick_number=state.trick_number,
            leader=state.leader,
            turn=state.turn if state.phase == "play" else None,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            scores=tuple(state.scores),
            aches=tuple(state.aches),
            last_hand=tuple(state.last_hand),
            stuffed=state.stuffed,
            pardoned=state.pardoned,
            my_hand=None if seat is None else tuple(own[0]),
            my_picks=tuple(own[1]),
            my_passed=tuple(own[2]),
            my_received=tuple(own[3]),
        )

    def result(self, state: AppetiteState) -> Result | None:
        """Best score among the players with 3 tummy aches or fewer (all players if nobody is);
        then fewer tummy aches; then a shared win. Places follow the same order."""
        if state.phase != "over":
            return None
        eligible = [s for s in range(PLAYERS) if state.aches[s] < ACHES_OUT] or list(range(PLAYERS))
        keys = [(1 if s in eligible else 0, state.scores[s], -state.aches[s]) for s in range(PLAYERS)]
        places = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        winners = [s for s in range(PLAYERS) if places[s] == 1]
        over = say_winners("game-over", winners, WINS_WITH_POINTS, SHARE_WIN_WITH_POINTS, n=state.scores[winners[0]])
        return Result.worded(state.scores, places, over)

    def determinize(self, state: AppetiteState, seat: int, rng: random.Random) -> AppetiteState:
        """The others' hands guessed for `seat` (see `redeal_unseen`)."""
        step = pass_step(state.hand_number) if state.phase == "play" else None
        copy = self.copy_state(state)
        return redeal_unseen(state, copy, seat, step, SUIT_SETS.__getitem__, sort_key, rng)

    def render_text(self, view: View) -> str:
        assert isinstance(view, AppetiteView)
        return render_view(view)
