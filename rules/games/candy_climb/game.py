"""Candy Climb: rules as pure functions over `ClimbState` (rulings §15).

A turn builds a meld one card at a time: `pick.<card>` adds a hand card to the player's
selection (only a card that can still be part of a meld playable now is offered, and at most
five are chosen), `clear` empties the selection, `play.<type>` plays it as one of the types it
forms (`play.single.<suit>` when leading a single names the round's suit), and `pass` gives up
the round. The selection lives in the state but only its owner sees it, so a half-built meld
never leaks. A hand ends the moment someone plays their last card; the game lasts one deal per
player and the fewest cards left over win.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from rules.candy_kit import candy_deck, fewest_points
from rules.candy_kit.candy_deck import CANDY_CORN, CARD_TEXT, SUIT_TEXT
from rules.candy_kit.cards import SUITS, suit_name
from rules.contract import Action, AutoPlayOptions, Event, Game, Result, View, plural, say
from rules.games.candy_climb import melds
from rules.games.candy_climb.help import HELP_PAGES
from rules.games.candy_climb.melds import CLIMB_DECK, RANK, SINGLE, Need, need_of, pickable, playable_kinds, suits_of
from rules.games.candy_climb.state import ClimbState, ClimbView
from rules.kit.words import message

LEADS_AND_NAMES = message("{who} leads {card} and names {suit}.", who="{who} lead {card} and name {suit}.")
CANNOT_BEAT = message("{who} cannot beat it and passes.", who="{who} cannot beat it and pass.")
LAST_CARD = message(
    "{who} has played their last card: the hand is over.", who="{who} have played your last card: the hand is over."
)
#: The deal, when `holder` (not the dealer) holds the Candy Corn.
DEALS_HOLDS = message(
    (
        "Hand {hand} of {hands}: {who} deals {n} card each. {holder} holds the {corn} and must lead a meld with it.",
        "Hand {hand} of {hands}: {who} deals {n} cards each. {holder} holds the {corn} and must lead a meld with it.",
    ),
    who=(
        "Hand {hand} of {hands}: {who} deal {n} card each. {holder} holds the {corn} and must lead a meld with it.",
        "Hand {hand} of {hands}: {who} deal {n} cards each. {holder} holds the {corn} and must lead a meld with it.",
    ),
    holder=(
        "Hand {hand} of {hands}: {who} deals {n} card each. {holder} hold the {corn} and must lead a meld with it.",
        "Hand {hand} of {hands}: {who} deals {n} cards each. {holder} hold the {corn} and must lead a meld with it.",
    ),
)
#: The deal, when the dealer holds the Candy Corn.
DEALS_HOLDS_OWN = message(
    (
        "Hand {hand} of {hands}: {who} deals {n} card each. {who} holds the {corn} and must lead a meld with it.",
        "Hand {hand} of {hands}: {who} deals {n} cards each. {who} holds the {corn} and must lead a meld with it.",
    ),
    who=(
        "Hand {hand} of {hands}: {who} deal {n} card each. {who} hold the {corn} and must lead a meld with it.",
        "Hand {hand} of {hands}: {who} deal {n} cards each. {who} hold the {corn} and must lead a meld with it.",
    ),
)
#: The deal, when the Candy Corn is among the unused cards: `first` leads.
DEALS_NO_CORN = message(
    (
        "Hand {hand} of {hands}: {who} deals {n} card each. Nobody was dealt the {corn}: {first} leads with any meld.",
        "Hand {hand} of {hands}: {who} deals {n} cards each. Nobody was dealt the {corn}: {first} leads with any meld.",
    ),
    who=(
        "Hand {hand} of {hands}: {who} deal {n} card each. Nobody was dealt the {corn}: {first} leads with any meld.",
        "Hand {hand} of {hands}: {who} deal {n} cards each. Nobody was dealt the {corn}: {first} leads with any meld.",
    ),
    first=(
        "Hand {hand} of {hands}: {who} deals {n} card each. Nobody was dealt the {corn}: {first} lead with any meld.",
        "Hand {hand} of {hands}: {who} deals {n} cards each. Nobody was dealt the {corn}: {first} lead with any meld.",
    ),
)
PASSES = message("{who} passes.", who="{who} pass.")
LEADS = message("{who} leads a {what}: {cards}.", who="{who} lead a {what}: {cards}.")
BEATS = message("{who} beats it with a {what}: {cards}.", who="{who} beat it with a {what}: {cards}.")
NEW_ROUND = message(
    "Everyone else passed: {who} leads a new round.", who="Everyone else passed: {who} lead a new round."
)
#: Each seat's cards left, its points for a hand (`got0`, ...), one message for each number of players.
CARDS_LEFT = {
    players: message("Cards left (points): " + ", ".join(f"{{p{s}}} {{got{s}}}" for s in range(players)) + ".")
    for players in (2, 3, 4)
}

#: Cards dealt to each player, by player count (FOUND): 2 players leave 16 cards unused.
DEAL: Final = {2: 16, 3: 16, 4: 12}
PICK: Final = {card: Action(kind="pick", args=(card,)) for card in CLIMB_DECK}
CLEAR: Final = Action(kind="clear")
PASS: Final = Action(kind="pass")
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(4))
#: How players read each meld type.
KIND_TEXT: Final = {
    "single": "single",
    "pair": "pair",
    "triple": "triple",
    "four": "four of a kind",
    "flush": "flush",
    "straight": "straight flush",
}


class Options(AutoPlayOptions):
    """The host option of the rulings (G10, §19)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    auto_pass: bool = Field(
        True,
        title="Pass for me when I cannot beat",
        description="A player with no meld that beats the table passes at once, without being asked",
    )


_PLAYS: Final = {
    (kind, suit): Action(kind="play", args=(kind,) if suit is None else (kind, suit))
    for kind in melds.KINDS
    for suit in (None, *SUITS)
}


def play_action(kind: str, suit: str | None = None) -> Action:
    return _PLAYS[kind, suit]


@lru_cache(maxsize=8192)
def _legal(hand: tuple[int, ...], selection: tuple[int, ...], need: Need, first_lead: bool) -> tuple[Action, ...]:
    """The moves of the player to act (cached: a turn asks for them again when a move is made)."""
    if first_lead and CANDY_CORN not in selection:
        # §15.2: the first meld holds the Candy Corn, so it goes in first.
        return (PICK[CANDY_CORN],)
    actions = [PICK[card] for card in pickable(hand, selection, need)]
    for kind in playable_kinds(selection, need):
        if kind == SINGLE and need is None:
            actions.extend(play_action(kind, suit) for suit in suits_of(melds.MASK[selection[0]]))
        else:
            actions.append(play_action(kind))
    if selection and not (first_lead and len(selection) == 1):
        actions.append(CLEAR)
    if need is not None:
        actions.append(PASS)
    return tuple(actions)


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return ", ".join(CARD_TEXT[c] for c in sorted(cards, key=lambda c: (RANK[c], c)))


class CandyClimb(Game[ClimbState]):
    id = "candy-climb"
    name = "Candy Climb"
    min_players = 2
    max_players = 4
    Options = Options
    state_type = ClimbState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        counts: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(self.min_players, self.max_players + 1)]
        return [*counts, (3, {"auto_pass": False})]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> ClimbState:
        assert isinstance(options, Options)
        state = ClimbState(players=players, seed=seed, scores=[0] * players, auto_pass=options.auto_pass)
        state.dealer = state.chance().randrange(players)
        state.log.extend(self._deal(state))
        return state

    def _deal(self, state: ClimbState) -> list[Event]:
        cards = list(CLIMB_DECK)
        state.chance().shuffle(cards)
        each = DEAL[state.players]
        state.hands = [sorted(cards[seat * each : (seat + 1) * each]) for seat in range(state.players)]
        state.unused = sorted(cards[state.players * each :])
        holder = next((seat for seat, hand in enumerate(state.hands) if CANDY_CORN in hand), None)
        state.first_lead = holder is not None
        self._new_round(state, holder if holder is not None else (state.dealer + 1) % state.players)
        corn = f"Candy Corn ({CARD_TEXT[CANDY_CORN]})"
        if holder is None:
            text, roles = DEALS_NO_CORN, {"who": state.dealer, "first": state.turn}
        elif holder == state.dealer:
            text, roles = DEALS_HOLDS_OWN, {"who": state.dealer}
        else:
            text, roles = DEALS_HOLDS, {"who": state.dealer, "holder": holder}
        return [say("deal", text, roles, hand=state.hand_number, hands=state.players, n=each, corn=corn)]

    def _new_round(self, state: ClimbState, leader: int) -> None:
        state.turn, state.last_player = leader, None
        state.table, state.kind, state.named = [], None, None
        state.passed = [False] * state.players
        state.selection = []

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: ClimbState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: ClimbState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        need = need_of(state.table, state.kind, state.named)
        return list(_legal(tuple(state.hands[seat]), tuple(state.selection), need, state.first_lead))

    def can_beat(self, state: ClimbState, seat: int) -> bool:
        need = need_of(state.table, state.kind, state.named)
        return bool(pickable(tuple(state.hands[seat]), (), need))

    def _apply(self, state: ClimbState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "pick":
            insort(state.selection, int(action.args[0]))  # in place: a pick is the commonest move
            return []
        if kind == "clear":
            del state.selection[int(state.first_lead) :]  # the Candy Corn stays in a first lead's meld
            return []
        if kind == "pass":
            state.passed[seat] = True
            state.selection = []
            return [say("pass", PASSES, {"who": seat}), *self._next_turn(state, seat)]
        return self._play(state, seat, str(action.args[0]), str(action.args[1]) if len(action.args) > 1 else None)

    def _play(self, state: ClimbState, seat: int, kind: str, suit: str | None) -> list[Event]:
        cards = state.selection
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card)
        leading = not state.table
        state.table, state.kind, state.last_player = list(cards), kind, seat
        state.selection, state.first_lead = [], False
        what = KIND_TEXT[kind]
        if leading and suit is not None:
            state.named = suit
            event = say("play", LEADS_AND_NAMES, {"who": seat}, card=CARD_TEXT[cards[0]], suit=SUIT_TEXT[suit])
        else:
            event = say("play", LEADS if leading else BEATS, {"who": seat}, what=what, cards=cards_text(cards))
        events = [event]
        if not hand:
            return events + self._end_hand(state, seat)
        return events + self._next_turn(state, seat)

    def _next_turn(self, state: ClimbState, seat: int) -> list[Event]:
        """§15.6: play moves left past everyone who has passed; when the turn comes back to the
        last player to play, they lead a new round. With `auto_pass`, a player who cannot beat
        the table passes at once (G10: their only move)."""
        events: list[Event] = []
        for step in range(1, state.players + 1):
            nxt = (seat + step) % state.players
            if nxt == state.last_player:
                self._new_round(state, nxt)
                events.append(say("round", NEW_ROUND, {"who": nxt}))
                return events
            if state.passed[nxt]:
                continue
            state.turn = nxt
            if state.auto_pass and not self.can_beat(state, nxt):
                state.passed[nxt] = True
                events.append(say("pass", CANNOT_BEAT, {"who": nxt}))
                continue
            return events
        raise AssertionError("a round always has a last player")  # pragma: no cover

    def _end_hand(self, state: ClimbState, out: int) -> list[Event]:
        """§15 hand end: every other player scores one point per card left in hand."""
        points = [len(hand) for hand in state.hands]
        state.last_points, state.last_out = points, out
        fewest_points.add_hand(state, points)
        sheet = {f"got{s}": got for s, got in enumerate(points)}
        seats = {f"p{s}": s for s in range(state.players)}
        events = [say("out", LAST_CARD, {"who": out}), say("score", CARDS_LEFT[state.players], seats, None, **sheet)]
        if state.hand_number >= state.players:
            state.table, state.kind, state.named, state.selection = [], None, None, []
            events.append(fewest_points.game_won(state, "Everyone has dealt once"))
            return events
        fewest_points.pass_deal(state)
        events.extend(self._deal(state))
        return events

    # ---- words ----------------------------------------------------------------

    def label(self, state: ClimbState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "pick":
            return f"Add {CARD_TEXT[int(action.args[0])]}"
        if kind == "clear":
            return "Start my meld again"
        if kind == "pass":
            return "Pass for this round"
        what = KIND_TEXT[str(action.args[0])]
        if len(action.args) > 1:
            return f"Lead it, naming {SUIT_TEXT[str(action.args[1])]}"
        return f"Play it as a {what}"

    def why_illegal(self, state: ClimbState, seat: int, action: Action) -> str:
        if action.kind == "pass":
            return "You lead this round, so you must play a meld."
        if action.kind == "pick":
            if state.first_lead and CANDY_CORN not in state.selection:
                return "The first meld of the hand must hold the Candy Corn: add it first."
            if len(state.selection) >= melds.MOST:
                return "A meld holds at most five cards."
            return "That card cannot be part of a meld you may play now with the cards already chosen."
        if action.kind == "play":
            if state.table:
                return "Your cards must be the same type and number as the last play, and higher."
            return "Those cards do not form that kind of meld."
        if action.kind == "clear":
            return "You have not chosen any cards."
        return f"That is not a move in {self.name}: add cards to a meld, play it, or pass."

    # ---- information ----------------------------------------------------------

    def view(self, state: ClimbState, seat: int | None) -> ClimbView:
        return ClimbView(
            seat=seat,
            hand=tuple(state.hands[seat]) if seat is not None else None,
            selection=tuple(state.selection) if seat is not None and seat == state.turn else (),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            unused=len(state.unused),
            table=tuple(state.table),
            kind=state.kind,
            named=state.named,
            last_player=state.last_player,
            passed=tuple(state.passed),
            first_lead=state.first_lead,
            auto_pass=state.auto_pass,
            dealer=state.dealer,
            turn=state.turn,
            hand_number=state.hand_number,
            scores=tuple(state.scores),
            last_points=tuple(state.last_points),
            last_out=state.last_out,
            over=state.over,
        )

    def result(self, state: ClimbState) -> Result | None:
        return fewest_points.result(state)

    def determinize(self, state: ClimbState, seat: int, rng: random.Random) -> ClimbState:
        """The other hands (and the unused cards) dealt again from what `seat` has not seen."""
        return candy_deck.guess_unseen(self, state, seat, rng, redeal_unseen)

    def render_text(self, view: View) -> str:
        assert isinstance(view, ClimbView)
        if view.table:
            named = f" (named {suit_name(view.named)})" if view.named else ""
            on_table = f"{KIND_TEXT[view.kind or SINGLE]}: {cards_text(view.table)}{named}"
        else:
            on_table = "nothing: a new round"
        lines = [f"Hand {view.hand_number} of {len(view.hand_sizes)} · on the table: {on_table}"]
        for other, size in enumerate(view.hand_sizes):
            passed = ", passed" if view.passed[other] else ""
            lines.append(f"{{p{other}}}: {plural(view.scores[other], 'point')}, {plural(size, 'card')}{passed}")
        if view.hand is not None:
            lines.append("Your hand: " + cards_text(view.hand))
        if view.selection:
            lines.append("Your meld so far: " + cards_text(view.selection))
        return "\n".join(lines)


def redeal_unseen(state: ClimbState, seat: int, arrange: Callable[[list[int]], None]) -> ClimbState:
    """Every card `seat` cannot see dealt again in the same places. What everyone knows stays:
    the first leader holds the Candy Corn, and with 2 players an undealt Candy Corn stays undealt.
    A rival's half-built meld is unknown, so it is dropped. Changes `state` and returns it."""
    known: list[list[int]] = [[] for _ in state.hands]
    if state.first_lead:
        known[state.turn] = [CANDY_CORN]
    corn_unused = CANDY_CORN in state.unused
    if corn_unused:
        state.unused.remove(CANDY_CORN)
    candy_deck.redeal_hidden(state.unused, state.hands, seat, arrange, known)
    if corn_unused:
        state.unused.append(CANDY_CORN)
    state.hands = [sorted(hand) for hand in state.hands]
    state.unused.sort()
    if state.turn != seat:
        state.selection = []
    return state
