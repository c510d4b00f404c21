"""Haunted House: a Hearts-like game for 3-5 players with the Best Candy deck (rulings §2).

A hand: deal everything, everyone picks three cards to pass at the same time (left on
odd hands, right on even ones), the Trail Mix (purple 1) leads the first trick, then
tricks are played following the named suit. Every Halloween card and Prank taken
costs a point of courage, unless one player takes 13 or more of the 14: then everyone
else loses 13. After a hand that leaves someone at 0 or less, the most courage wins.

Moves: `pass.<card>` picks a card to pass and `take-back.<card>` puts a picked card back
(until the last pick of the table, ruling G9); `play.<card>.<suit>` plays a card that names the trick
suit (a lead, or the first suited card after a Prank lead), `play.<card>` any other card.
Who wins a trick, following and breaking come from the shared core (rules/kit/tricks.py).
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_deck import HALLOWEEN_CARDS, PRANKS, SUIT_TEXT, card_at, card_move_label, select, without
from rules.candy_kit.candy_tricks import (
    card_named,
    deal_hands,
    first_deal,
    next_hand,
    play_breaking,
    play_problem,
    plays_of,
    put_away,
    trick_won,
)
from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.candy_kit.passing import pass_picks, pick, pick_actions, redeal_unseen, still_changing, why_not_pick
from rules.contract import (
    Action,
    AutoPlayOptions,
    Event,
    Game,
    Result,
    View,
    act,
    rank_places,
    say,
    say_winners,
)
from rules.games.haunted_house.help import HELP_PAGES, render_view
from rules.games.haunted_house.state import PASS_COUNT, START_COURAGE, HauntedHouseState, HauntedHouseView
from rules.kit.tricks import (
    Play,
    before_broken,
    can_follow,
    following,
    lead_after,
    pass_step,
    winning_play,
)
from rules.kit.words import Msgid, message

FIRST_LEADER = message("{who} holds the {card} and leads.", who="{who} hold the {card} and lead.")
DEALS = message(
    (
        "Hand {hand}: {who} deals {n} card each. Everyone picks {picks} cards to pass {way}.",
        "Hand {hand}: {who} deals {n} cards each. Everyone picks {picks} cards to pass {way}.",
    ),
    who=(
        "Hand {hand}: {who} deal {n} card each. Everyone picks {picks} cards to pass {way}.",
        "Hand {hand}: {who} deal {n} cards each. Everyone picks {picks} cards to pass {way}.",
    ),
)
#: Why a trick was won (`trick_won`) when it holds `n` point cards; without any, the kit's own words.
TRICK_WON_POINTS = (
    message(
        (
            "{who} led and nobody played a suited card, so {who} takes the trick; it holds {n} point card.",
            "{who} led and nobody played a suited card, so {who} takes the trick; it holds {n} point cards.",
        ),
        who=(
            "{who} led and nobody played a suited card, so {who} take the trick; it holds {n} point card.",
            "{who} led and nobody played a suited card, so {who} take the trick; it holds {n} point cards.",
        ),
    ),
    message(
        (
            "{who} wins the trick with {card}, the highest {suit}; it holds {n} point card.",
            "{who} wins the trick with {card}, the highest {suit}; it holds {n} point cards.",
        ),
        who=(
            "{who} win the trick with {card}, the highest {suit}; it holds {n} point card.",
            "{who} win the trick with {card}, the highest {suit}; it holds {n} point cards.",
        ),
    ),
)
PRANK_LEADS = message("A Prank was in the trick: {who} leads.", who="A Prank was in the trick: {who} lead.")


def _losses(players: int) -> Msgid:
    """A hand's losses of courage (`lost0`, `lost1`, ...), said to each seat (`p0`, `p1`, ...)."""
    parts = [f"{{p{s}}} loses {{lost{s}}}" for s in range(players)]
    you = {
        f"p{s}": "Hand over: "
        + "; ".join(p.replace("} loses", "} lose") if k == s else p for k, p in enumerate(parts))
        + "."
        for s in range(players)
    }
    return message("Hand over: " + "; ".join(parts) + ".", **you)


HAND_OVER = {players: _losses(players) for players in (3, 4, 5)}
SCARES = message(
    (
        "{who} took {n} point card and scares everyone: the others lose {scare}.",
        "{who} took {n} point cards and scares everyone: the others lose {scare}.",
    ),
    who=(
        "{who} took {n} point card and scare everyone: the others lose {scare}.",
        "{who} took {n} point cards and scare everyone: the others lose {scare}.",
    ),
)
WINS = message(
    ("{who} wins with {n} point of courage left.", "{who} wins with {n} points of courage left."),
    who=("{who} win with {n} point of courage left.", "{who} win with {n} points of courage left."),
)
SHARE_WIN = message(
    ("{who} share the win with {n} point of courage left.", "{who} share the win with {n} points of courage left.")
)

HALLOWEEN = "halloween"
#: The purple 1 (Trail Mix): its holder leads the first trick with it.
FIRST_LEAD = card_at("purple", 1)
#: The suits the first lead may name: the purple 1's own.
FIRST_LEAD_SUITS: tuple[str, ...] = DECK[FIRST_LEAD].suits
#: Halloween cards and Pranks: a point of courage each when taken.
POINT_CARDS = frozenset(HALLOWEEN_CARDS) | frozenset(PRANKS)
#: Taking this many point cards in one hand scares everyone else.
SCARE = 13
IS_PRANK: tuple[bool, ...] = tuple(card.is_prank for card in DECK)
IS_HALLOWEEN: tuple[bool, ...] = tuple(HALLOWEEN in card.suits for card in DECK)
#: Each card's name on buttons and in the log, worked out once (the log names every card played).

# No King Size and no Non-Treats (ranks -1 to 12 of the four colours); one or two 1s less
# with 3 or 5 players, so the deck deals out evenly.
_FULL = select(ranks=(-1, *range(1, 13)), king_size=False)
DECKS: dict[int, tuple[int, ...]] = {
    3: without(_FULL, [card_at("green", 1)]),
    4: _FULL,
    5: without(_FULL, [card_at("green", 1), card_at("orange", 1)]),
}

# Actions are built once: legal_actions hands out these shared frozen objects.
_PASS: tuple[Action, ...] = tuple(act("pass", c.id) for c in DECK)
_TAKE_BACK: tuple[Action, ...] = tuple(act("take-back", c.id) for c in DECK)
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(5))


def direction(step: int) -> str:
    return "left" if step == 1 else "right"


def first_trick_cards(hand: list[int], trick_suit: str) -> list[int]:
    """What a follower may play to the first trick (ruling 2.5), in hand order: a following
    card without Halloween if there is one; else a following card (all carry Halloween);
    else, unable to follow, a treat without Halloween if there is one; else anything."""
    follows = [c for c in hand if trick_suit in SUIT_SETS[c]]
    if follows:
        return [c for c in follows if not IS_HALLOWEEN[c]] or follows
    return [c for c in hand if not IS_HALLOWEEN[c] and not IS_PRANK[c]] or list(hand)


class HauntedHouse(Game[HauntedHouseState]):
    id = "haunted-house"
    name = "Haunted House"
    min_players = 3
    max_players = 5
    Options = AutoPlayOptions
    state_type = HauntedHouseState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> HauntedHouseState:
        state = HauntedHouseState(players=players, seed=seed, courage=[START_COURAGE] * players)
        return first_deal(state, self._deal)

    def _deal(self, state: HauntedHouseState) -> list[Event]:
        players = state.players
        each = len(DECKS[players]) // players
        deal_hands(state, DECKS[players], each)
        state.picks = [[] for _ in range(players)]
        state.passed = [[] for _ in range(players)]
        state.received = [[] for _ in range(players)]
        state.taken = [[] for _ in range(players)]
        state.voids = [[] for _ in range(players)]
        state.tricks_won = [0] * players
        state.trick_number = 0
        state.trick = []
        state.trick_suit = None
        state.broken = False
        state.phase = "pass"
        way = direction(pass_step(state.hand_number))
        return [say("deal", DEALS, {"who": state.dealer}, hand=state.hand_number, n=each, picks=PASS_COUNT, way=way)]

    # ---- play ---------------------------------------------------------------------

    def may_change(self, state: HauntedHouseState) -> frozenset[int]:
        return still_changing(state, PASS_COUNT) if state.phase == "pass" else frozenset()

    def to_act(self, state: HauntedHouseState) -> frozenset[int]:
        if state.phase == "pass":
            return frozenset(s for s in range(state.players) if len(state.picks[s]) < PASS_COUNT)
        if state.phase == "play":
            return _ONLY[state.turn]
        return _NOBODY

    def legal_actions(self, state: HauntedHouseState, seat: int) -> list[Action]:
        if state.phase == "pass":
            return pick_actions(state, seat, PASS_COUNT, _PASS, _TAKE_BACK)
        if state.phase != "play" or seat != state.turn:
            return []
        return [a for card in self._playable(state, seat) for a in plays_of(card, self._names(state, card))]

    def _playable(self, state: HauntedHouseState, seat: int) -> list[int]:
        hand = state.hands[seat]
        if not state.trick:
            if state.trick_number == 0:
                return [FIRST_LEAD]
            if state.broken:
                return list(hand)
            suits = [SUIT_SETS[c] for c in hand]
            return [hand[i] for i in before_broken(suits, HALLOWEEN, [IS_PRANK[c] for c in hand])]
        if state.trick_suit is None:
            return list(hand)  # after a Prank lead anything goes until a suited card
        if state.trick_number == 0:
            return first_trick_cards(hand, state.trick_suit)
        return [hand[i] for i in following([SUIT_SETS[c] for c in hand], state.trick_suit)]

    def _names(self, state: HauntedHouseState, card: int) -> tuple[str, ...]:
        """The suits this card may name: none once a trick suit exists or for a Prank; the first
        lead names one of the purple 1's suits; Halloween only once broken, or when this very
        card breaks it (a forced Halloween lead, or the first suited card after a Prank lead)."""
        if state.trick_suit is not None or IS_PRANK[card]:
            return ()
        if state.trick_number == 0:
            return FIRST_LEAD_SUITS
        return DECK[card].suits

    def why_illegal(self, state: HauntedHouseState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: HauntedHouseState, seat: int, action: Action) -> str | None:
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
            lambda card: self._names(state, card),
            lambda card: None if card in self._playable(state, seat) else self._why_not_card(state, seat, card),
        )

    def _why_not_card(self, state: HauntedHouseState, seat: int, card: int) -> str:
        if not state.trick and state.trick_number == 0:
            return f"The first trick is led with the {TEXT[FIRST_LEAD]}."
        if not state.trick:
            return "Halloween is not broken yet: lead a card without Halloween that is not a Prank."
        assert state.trick_suit is not None
        suit = SUIT_TEXT[state.trick_suit]
        if state.trick_number == 0 and can_follow([SUIT_SETS[c] for c in state.hands[seat]], state.trick_suit):
            return f"Follow {suit}, and in the first trick with a card without Halloween if you have one."
        if state.trick_number == 0:
            return "No Halloween card and no Prank in the first trick while you hold another treat."
        return f"You hold {suit}: follow {suit}."

    def _apply(self, state: HauntedHouseState, seat: int, action: Action) -> list[Event]:
        if action.kind in ("pass", "take-back"):
            events = pick(state, seat, action, PASS_COUNT)
            return self._pass(state) if events is None else events
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, int(action.args[0]), named)

    def _pass(self, state: HauntedHouseState) -> list[Event]:
        step = pass_step(state.hand_number)
        events = pass_picks(state, step, direction(step), TEXT, sort_key)
        state.phase = "play"
        holder = next(s for s in range(state.players) if FIRST_LEAD in state.hands[s])
        state.leader = state.turn = holder
        events.append(say("first-lead", FIRST_LEADER, {"who": holder}, card=TEXT[FIRST_LEAD]))
        return events

    def _play(self, state: HauntedHouseState, seat: int, card: int, named: str | None) -> list[Event]:
        events = play_breaking(state, seat, card, named, HALLOWEEN)
        if len(state.trick) == state.players:
            events.extend(self._close_trick(state))
        else:
            state.turn = (seat + 1) % state.players
        return events

    def _close_trick(self, state: HauntedHouseState) -> list[Event]:
        players, leader, suit = state.players, state.leader, state.trick_suit
        plays = [
            Play(seat=(leader + k) % players, suits=SUIT_SETS[c], rank=DECK[c].rank) for k, c in enumerate(state.trick)
        ]
        index = winning_play(plays, suit, None)
        winner = plays[index].seat
        best = state.trick[index]
        points = [c for c in state.trick if c in POINT_CARDS]
        state.taken[winner].extend(points)
        state.tricks_won[winner] += 1
        if points:
            events = [trick_won(winner, best, suit, texts=TRICK_WON_POINTS, n=len(points))]
        else:
            events = [trick_won(winner, best, suit)]
        prank = any(IS_PRANK[c] for c in state.trick)
        put_away(state, winner)
        state.trick_number += 1
        if not state.hands[winner]:
            events.extend(self._score_hand(state))
            return events
        state.leader = state.turn = lead_after(winner, players, prank)
        if prank:
            events.append(say("lead", PRANK_LEADS, {"who": state.leader}))
        return events

    def _score_hand(self, state: HauntedHouseState) -> list[Event]:
        players = state.players
        counts = [len(t) for t in state.taken]
        scarer = next((s for s in range(players) if counts[s] >= SCARE), None)
        if scarer is None:
            losses = counts
            lost = {f"lost{s}": losses[s] for s in range(players)}
            said = say("hand", HAND_OVER[players], {f"p{s}": s for s in range(players)}, None, **lost)
        else:
            losses = [0 if s == scarer else SCARE for s in range(players)]
            said = say("hand", SCARES, {"who": scarer}, n=counts[scarer], scare=SCARE)
        for s in range(players):
            state.courage[s] -= losses[s]
        state.last_losses, state.last_scarer = losses, scarer
        return [said, *next_hand(self, state, min(state.courage) <= 0, self._deal, said_over=self._over)]

    def _over(self, state: HauntedHouseState) -> Event:
        best = max(state.courage)
        winners = [s for s in range(state.players) if state.courage[s] == best]
        return say_winners("game-over", winners, WINS, SHARE_WIN, n=best)

    # ---- information ------------------------------------------------------------------

    def label(self, state: HauntedHouseState, seat: int, action: Action) -> str:
        return card_move_label(action)

    def view(self, state: HauntedHouseState, seat: int | None) -> HauntedHouseView:
        own: tuple[list[int], ...] = ([], [], [], [])
        if seat is not None:
            own = (state.hands[seat], state.picks[seat], state.passed[seat], state.received[seat])
        return HauntedHouseView(
            seat=seat,
            players=state.players,
            phase=state.phase,
            hand_number=state.hand_number,
            dealer=state.dealer,
            pass_step=pass_step(state.hand_number),
            courage=tuple(state.courage),
            hand_sizes=tuple(len(h) for h in state.hands),
            ready=tuple(state.phase == "pass" and len(p) == PASS_COUNT for p in state.picks),
            taken=tuple(tuple(t) for t in state.taken),
            tricks_won=tuple(state.tricks_won),
            trick_number=state.trick_number,
            tricks_per_hand=len(DECKS[state.players]) // state.players,
            leader=state.leader,
            turn=state.turn if state.phase == "play" else None,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            broken=state.broken,
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            last_losses=tuple(state.last_losses),
            last_scarer=state.last_scarer,
            my_hand=None if seat is None else tuple(own[0]),
            my_picks=tuple(own[1]),
            my_passed=tuple(own[2]),
            my_received=tuple(own[3]),
        )

    def result(self, state: HauntedHouseState) -> Result | None:
        if state.phase != "over":
            return None
        return Result.worded(state.courage, rank_places(state.courage), self._over(state))

    def determinize(self, state: HauntedHouseState, seat: int, rng: random.Random) -> HauntedHouseState:
        """The others' hands guessed for `seat` (see `redeal_unseen`)."""
        step = pass_step(state.hand_number) if state.phase == "play" else None
        copy = self.copy_state(state)
        return redeal_unseen(state, copy, seat, step, SUIT_SETS.__getitem__, sort_key, rng)

    def render_text(self, view: View) -> str:
        assert isinstance(view, HauntedHouseView)
        return render_view(view)
