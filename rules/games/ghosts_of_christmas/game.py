"""Ghosts of Christmas: bidding, four rounds of three eras, hand scoring; Tiny Tim and Beyond.

The flow: a hand is dealt, everyone bids doors (skipped in Tiny Tim), then
rounds are played. In a round each player, from the start player clockwise,
plays one card per turn into an era they have not filled yet this round,
obeying that era's dial. Once every era has a card from everyone, the eras are
scored in order with the shared trick core, and the last winner starts the
next round. After the last round of a hand the bids are scored; after one
hand per player the game ends.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import (
    SHARE_WIN_WITH_POINTS,
    WINS_WITH_POINTS,
    Action,
    Event,
    Game,
    Result,
    View,
    act,
    plural,
    rank_places,
    say,
    say_winners,
)
from rules.games.ghosts_of_christmas.cards import (
    CARD_BY_TOKEN,
    DECK_SIZE,
    ERA_INDEX,
    ERA_NAMES,
    ERAS,
    MAX_PURPLE,
    SUIT_NAMES,
    SUIT_OF,
    TOKEN_OF,
    card_name,
    deck,
    eras_in_play,
    rounds_per_hand,
)
from rules.games.ghosts_of_christmas.scoring import bid_points, era_winner, tiny_tim_points
from rules.games.ghosts_of_christmas.state import EraTrick, EraView, GhostsState, GhostsView, PlayerBoard
from rules.games.ghosts_of_christmas.texts import HELP_PAGES, render_view
from rules.kit.tricks import deal_respecting_voids
from rules.kit.words import message

NEW_ROUND = message(
    "Round {round}: {who} holds the start marker and plays first.",
    who="Round {round}: {who} hold the start marker and play first.",
)
TAKES_MARKER = message("{who} takes the start player marker.", who="{who} take the start player marker.")
#: A new hand: who bids first, or in Tiny Tim (no bids) who plays first.
DEALS = {
    verb: message(
        (
            f"Hand {{hand}} of {{hands}}: {{n}} card each; {{who}} {verb}s first.",
            f"Hand {{hand}} of {{hands}}: {{n}} cards each; {{who}} {verb}s first.",
        ),
        who=(
            f"Hand {{hand}} of {{hands}}: {{n}} card each; {{who}} {verb} first.",
            f"Hand {{hand}} of {{hands}}: {{n}} cards each; {{who}} {verb} first.",
        ),
    )
    for verb in ("bid", "play")
}
BIDS = message("{who} bids {bid}.", who="{who} bid {bid}.")
BIDDING_OVER = message("Bidding is over; {who} plays first.", who="Bidding is over; {who} play first.")
PLAYS = message("{who} plays the {card} into {era}.", who="{who} play the {card} into {era}.")
PLAYS_SETTING = message(
    "{who} plays the {card} into {era} and sets its dial to {suit}.",
    who="{who} play the {card} into {era} and set its dial to {suit}.",
)
WINS_ERA = message(
    "{who} wins {era} ({suit} scoring) with the {card} and takes a wreath.",
    who="{who} win {era} ({suit} scoring) with the {card} and take a wreath.",
)
#: A hand's score, in the past tense (the same words whoever reads it); `points` is counted already.
SCORED = message(("{who} won {n} wreath: {points}.", "{who} won {n} wreaths: {points}."))
SCORED_BID = message(
    ("{who} bid {bid} and won {n} wreath: {points}.", "{who} bid {bid} and won {n} wreaths: {points}.")
)


class GhostsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    tiny_tim: bool = Field(
        default=False, title="Tiny Tim", description="No bidding: points come from how few tricks you win."
    )
    beyond: bool = Field(
        default=False, title="Beyond", description="A fourth era, Beyond: four tricks a round, three rounds a hand."
    )


# Actions are built once: legal_actions hands out these shared frozen objects.
PLAY_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(act("play", TOKEN_OF[card], era) for era in ERAS) for card in range(DECK_SIZE)
)
BID_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(act("bid", purple, red) for red in (0, 1)) for purple in range(MAX_PURPLE + 1)
)
ALL_BIDS: tuple[Action, ...] = tuple(BID_ACTIONS[purple][red] for purple in range(MAX_PURPLE + 1) for red in (0, 1))
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(4))
_NOBODY: frozenset[int] = frozenset()


def _suits(card: int) -> tuple[str]:
    """A Ghosts of Christmas card carries one suit."""
    return (SUIT_OF[card],)


def bid_text(purple: int, red: bool) -> str:
    return f"{purple} purple" + (" + red door" if red else "")


class GhostsOfChristmas(Game[GhostsState]):
    id = "ghosts-of-christmas"
    name = "Ghosts of Christmas"
    min_players = 3
    max_players = 4
    Options = GhostsOptions
    state_type = GhostsState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        return [
            (players, {"tiny_tim": tiny_tim, "beyond": beyond})
            for players in (3, 4)
            for tiny_tim in (False, True)
            for beyond in (False, True)
        ]

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> GhostsState:
        opts = self.options(options)
        assert isinstance(opts, GhostsOptions)
        state = GhostsState(players=players, seed=seed, tiny_tim=opts.tiny_tim, beyond=opts.beyond)
        state.start_player = state.chance().randrange(players)
        state.log.append(say("start", TAKES_MARKER, {"who": state.start_player}))
        state.log.extend(self._deal(state))
        return state

    def _deal(self, state: GhostsState) -> list[Event]:
        """Shuffle and deal every card, dials face down, doors and wreaths returned."""
        players = state.players
        cards = deck(players)
        state.chance().shuffle(cards)
        each = len(cards) // players
        state.hands = [sorted(cards[seat * each : (seat + 1) * each]) for seat in range(players)]
        eras = eras_in_play(state.beyond)
        state.played = [[None] * players for _ in range(eras)]
        state.dials = [None] * eras
        state.voids = [[] for _ in range(players)]
        state.gone = []
        state.purple = [None] * players
        state.red = [False] * players
        state.wreaths = [0] * players
        state.round_number = 0
        state.turn = state.start_player
        state.phase = "play" if state.tiny_tim else "bid"
        deals = DEALS["play" if state.tiny_tim else "bid"]
        return [say("deal", deals, {"who": state.start_player}, hand=state.hand_number + 1, hands=players, n=each)]

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: GhostsState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _ONLY[state.turn]

    def legal_actions(self, state: GhostsState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "bid":
            return list(ALL_BIDS)
        # Not the trick core's follow-suit: here the duty is to an era's dial (the suit of the first
        # card put into it, whoever played it), checked per era, since a player picks which era to fill.
        # Listed era by era, then card by card (the hand is sorted).
        hand = state.hands[seat]
        legal: list[Action] = []
        for era, row in enumerate(state.played):
            if row[seat] is not None:
                continue
            dial = state.dials[era]
            matching = [card for card in hand if SUIT_OF[card] == dial] if dial is not None else []
            legal.extend(PLAY_ACTIONS[card][era] for card in (matching or hand))
        return legal

    def _problem(self, state: GhostsState, seat: int, action: Action) -> str | None:
        """Why `seat`, whose turn it is, may not take `action`; None when it is legal.
        The tests hold it to `legal_actions` action by action."""
        args = action.args
        if action.kind == "bid":
            if state.phase != "bid":
                if state.tiny_tim:
                    return "Tiny Tim has no bidding: play a card into an era."
                return "Bidding is over for this hand: play a card into an era."
            if len(args) != 2 or not isinstance(args[0], int) or not isinstance(args[1], int):
                return "A bid names a number of purple doors and whether it takes the red door (at most one)."
            if not 0 <= args[0] <= MAX_PURPLE:
                return f"You may take 0 to {MAX_PURPLE} purple doors."
            if args[1] not in (0, 1):
                return "You may take one red door at most: say 0 or 1."
            return None
        if action.kind == "play":
            if state.phase == "bid":
                return "Everyone bids before the first card: take your doors first."
            if len(args) != 2 or not isinstance(args[0], str) or not isinstance(args[1], str):
                return "Name a card and an era, for example play.holly9.past."
            card = CARD_BY_TOKEN.get(args[0])
            if card is None:
                return f"There is no card called {args[0]}."
            era = ERA_INDEX.get(args[1], len(ERAS))
            if era >= len(state.dials):
                names = ", ".join(ERAS[: len(state.dials)])
                return f"There is no era called {args[1]} in this game; the eras are {names}."
            hand = state.hands[seat]
            if card not in hand:
                return f"You do not hold the {card_name(card)}."
            if state.played[era][seat] is not None:
                return f"You have already played into {ERA_NAMES[ERAS[era]]} this round."
            dial = state.dials[era]
            if dial is not None and SUIT_OF[card] != dial and any(SUIT_OF[held] == dial for held in hand):
                suit = SUIT_NAMES[dial]
                return f"The dial of {ERA_NAMES[ERAS[era]]} shows {suit} and you hold {suit}: play {suit} there."
            return None
        return f"There is no move called {action.kind} in {self.name}: you can bid or play."

    def why_illegal(self, state: GhostsState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _apply(self, state: GhostsState, seat: int, action: Action) -> list[Event]:
        if action.kind == "bid":
            return self._bid(state, seat, int(action.args[0]), action.args[1] == 1)
        return self._play(state, seat, CARD_BY_TOKEN[str(action.args[0])], ERA_INDEX[str(action.args[1])])

    def _bid(self, state: GhostsState, seat: int, purple: int, red: bool) -> list[Event]:
        state.purple[seat] = purple
        state.red[seat] = red
        events = [say("bid", BIDS, {"who": seat}, bid=bid_text(purple, red))]
        following = (seat + 1) % state.players
        if following == state.start_player:
            state.phase = "play"
            events.append(say("bidding-over", BIDDING_OVER, {"who": following}))
        state.turn = following
        return events

    def _play(self, state: GhostsState, seat: int, card: int, era: int) -> list[Event]:
        state.hands[seat].remove(card)
        state.played[era][seat] = card
        suit = SUIT_OF[card]
        dial = state.dials[era]
        played = {"card": card_name(card), "era": ERA_NAMES[ERAS[era]]}
        events = [say("play", PLAYS, {"who": seat}, None, **played)]
        if dial is None:
            # A face-down dial takes the suit of the first card played into its era.
            state.dials[era] = suit
            events = [say("play", PLAYS_SETTING, {"who": seat}, None, **played, suit=SUIT_NAMES[suit])]
        elif dial != suit and dial not in state.voids[seat]:
            # Not matching a dial is only allowed with none of that suit left: everyone now knows it.
            state.voids[seat].append(dial)
            state.voids[seat].sort()
        following = (seat + 1) % state.players
        state.turn = following
        if following == state.start_player and None not in (row[following] for row in state.played):
            events.extend(self._score_round(state))
        return events

    def _score_round(self, state: GhostsState) -> list[Event]:
        """Eras in order; each era's winner sets the next era's scoring suit and takes the marker."""
        events: list[Event] = []
        leader = state.start_player
        tricks: list[EraTrick] = []
        for era, row in enumerate(state.played):
            winner, scoring_suit = era_winner(row, leader)
            state.wreaths[winner] += 1
            tokens = tuple(TOKEN_OF[card] for card in row if card is not None)
            tricks.append(
                EraTrick(era=ERAS[era], scoring_suit=scoring_suit, leader=leader, winner=winner, cards=tokens)
            )
            winning_card = row[winner]
            assert winning_card is not None
            era_name, suit_name = ERA_NAMES[ERAS[era]], SUIT_NAMES[scoring_suit]
            won = {"era": era_name, "suit": suit_name, "card": card_name(winning_card)}
            events.append(say("era", WINS_ERA, {"who": winner}, None, **won))
            leader = winner
        state.start_player = leader
        state.last_round = tricks
        state.gone.extend(card for row in state.played for card in row if card is not None)
        players = state.players
        state.played = [[None] * players for _ in state.played]
        state.dials = [None] * len(state.dials)
        state.round_number += 1
        if state.round_number == rounds_per_hand(state.beyond):
            events.extend(self._score_hand(state))
        else:
            state.turn = leader
            events.append(say("round", NEW_ROUND, {"who": leader}, round=state.round_number + 1))
        return events

    def _score_hand(self, state: GhostsState) -> list[Event]:
        events: list[Event] = []
        points: list[int] = []
        for seat in range(state.players):
            wreaths = state.wreaths[seat]
            if state.tiny_tim:
                scored = tiny_tim_points(wreaths, state.players)
                line = say("hand-score", SCORED, {"who": seat}, n=wreaths, points=plural(scored, "point"))
            else:
                purple = state.purple[seat] or 0
                scored = bid_points(purple, state.red[seat], wreaths)
                bid = bid_text(purple, state.red[seat])
                line = say("hand-score", SCORED_BID, {"who": seat}, n=wreaths, bid=bid, points=plural(scored, "point"))
            points.append(scored)
            events.append(line)
        state.hand_scores.append(points)
        state.hand_number += 1
        if state.hand_number == state.players:
            state.phase = "over"
            totals = self._totals(state)
            best = max(totals)
            winners = [seat for seat in range(state.players) if totals[seat] == best]
            events.append(say_winners("game-over", winners, WINS_WITH_POINTS, SHARE_WIN_WITH_POINTS, n=best))
        else:
            events.extend(self._deal(state))
        return events

    # ---- information ----------------------------------------------------------------

    def label(self, state: GhostsState, seat: int, action: Action) -> str:
        if action.kind == "bid":
            return "Bid " + bid_text(int(action.args[0]), action.args[1] == 1)
        if action.kind == "play":
            era = ERA_NAMES[str(action.args[1])]
            return f"Play {card_name(CARD_BY_TOKEN[str(action.args[0])])} into {era}"
        return super().label(state, seat, action)

    def view(self, state: GhostsState, seat: int | None) -> GhostsView:
        totals = self._totals(state)
        boards = tuple(
            PlayerBoard(
                purple=state.purple[s],
                red=state.red[s],
                wreaths=state.wreaths[s],
                cards_in_hand=len(state.hands[s]),
                hand_scores=tuple(row[s] for row in state.hand_scores),
                total=totals[s],
            )
            for s in range(state.players)
        )
        eras = tuple(
            EraView(
                era=ERAS[era],
                dial=state.dials[era],
                cards=tuple(None if card is None else TOKEN_OF[card] for card in row),
            )
            for era, row in enumerate(state.played)
        )
        rounds = rounds_per_hand(state.beyond)
        return GhostsView(
            seat=seat,
            players=state.players,
            tiny_tim=state.tiny_tim,
            beyond=state.beyond,
            phase=state.phase,
            hand=min(state.hand_number + 1, state.players),
            hands_total=state.players,
            round=min(state.round_number + 1, rounds),
            rounds_per_hand=rounds,
            start_player=state.start_player,
            turn=None if state.phase == "over" else state.turn,
            eras=eras,
            boards=boards,
            my_hand=None if seat is None else tuple(TOKEN_OF[card] for card in state.hands[seat]),
            last_round=tuple(state.last_round),
            gone=tuple(TOKEN_OF[card] for card in sorted(state.gone)),
            voids=tuple(tuple(suits) for suits in state.voids),
        )

    @staticmethod
    def _totals(state: GhostsState) -> list[int]:
        return [sum(row[seat] for row in state.hand_scores) for seat in range(state.players)]

    def result(self, state: GhostsState) -> Result | None:
        if state.phase != "over":
            return None
        totals = self._totals(state)
        places = rank_places(totals)
        best = max(totals)
        winners = [seat for seat in range(state.players) if totals[seat] == best]
        return Result.worded(
            totals, places, say_winners("game-over", winners, WINS_WITH_POINTS, SHARE_WIN_WITH_POINTS, n=best)
        )

    def determinize(self, state: GhostsState, seat: int, rng: random.Random) -> GhostsState:
        """Other players' hands are redealt from the cards they hold together, each keeping its
        size and holding no suit it has shown it lacks (a dial it did not match)."""
        copy = self.copy_state(state)
        others = [s for s in range(state.players) if s != seat]
        pool = [card for s in others for card in state.hands[s]]
        sizes = {s: len(state.hands[s]) for s in others}
        voids = {s: state.voids[s] for s in others}
        dealt = deal_respecting_voids(pool, sizes, voids, _suits, rng)
        if dealt is not None:
            for s in others:
                copy.hands[s] = sorted(dealt[s])
        copy.seed = rng.randrange(2**62)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, GhostsView)
        return render_view(view)
