"""13 Ghosts: find the Ghost hidden in your opponents' Crypts (2 players, 3 players, or two teams)."""

from __future__ import annotations

import random
from bisect import insort
from typing import ClassVar

from pydantic import BaseModel

from rules.contract import (
    TAKE_BACK,
    WINS_WITH_POINTS,
    Action,
    Event,
    Game,
    Result,
    View,
    rank_places,
    say,
    say_winners,
    still_changing,
)
from rules.games.thirteen_ghosts import abilities, actions
from rules.games.thirteen_ghosts.cards import ALL_NUMBERS, RED, number_of, numbers_in
from rules.games.thirteen_ghosts.help import HELP_PAGES
from rules.games.thirteen_ghosts.knowledge import determinize, learn, sightings
from rules.games.thirteen_ghosts.picture import picture
from rules.games.thirteen_ghosts.rounds import begin_play, start_round
from rules.games.thirteen_ghosts.seating import own_set, teammate
from rules.games.thirteen_ghosts.state import SeatView, ThirteenGhostsState, ThirteenGhostsView, public_record
from rules.kit.copying import copy_model
from rules.kit.words import message

#: The state's field whose items a copy shares, but for an unfinished turn's (`ThirteenGhosts.copy_state`).
_MOVES = frozenset({"moves"})
#: The summaries: a team's or a player's rounds won to lost; points (3 players), a playoff.
TEAM_WINS_GAME = message("{who} and {mate} win, {won} rounds to {lost}.")
WINS_GAME = message("{who} wins, {won} rounds to {lost}.", who="{who} win, {won} rounds to {lost}.")
WIN_WITH_POINTS = message(("{who} win with {n} point.", "{who} win with {n} points."))
WON_PLAYOFF = message(
    (
        "{winner} and {loser} tied on {n} point; {winner} won the playoff {won} rounds to {lost}.",
        "{winner} and {loser} tied on {n} points; {winner} won the playoff {won} rounds to {lost}.",
    )
)
CHOSE_CRYPTS = message(
    "{who} chooses the team's Crypts and passes two cards to {mate}.",
    who="{who} choose the team's Crypts and pass two cards to {mate}.",
)
KEPT_HAND = message(
    "{who} keeps an opening hand and passes the other back.", who="{who} keep an opening hand and pass the other back."
)
GAVE_CRYPT = message("{who} gave you Crypt {crypt} and the cards {cards}.")
KEPT_GAVE = message(
    "{who} keeps {kept} and gives {back} to {chooser}.", who="{who} keep {kept} and give {back} to {chooser}."
)
HID_CRYPT = message("{who} hides a Ghost in their Crypt.", who="{who} hide a Ghost in your Crypt.")
TOOK_CRYPT_BACK = message(
    "{who} takes their Ghost back out of their Crypt to choose again.",
    who="{who} take your Ghost back out of your Crypt to choose again.",
)


class ThirteenGhosts(Game[ThirteenGhostsState]):
    id: ClassVar[str] = "13-ghosts"
    name: ClassVar[str] = "13 Ghosts"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[ThirteenGhostsState]] = ThirteenGhostsState
    hidden_information: ClassVar[bool] = True
    house_card_set: ClassVar[bool] = True
    help_pages: ClassVar[tuple[str, ...]] = HELP_PAGES

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> ThirteenGhostsState:
        n = players
        state = ThirteenGhostsState(
            players=n,
            seed=seed,
            duelists=list(range(n)),
            crypt=[None] * n,
            hand=[[] for _ in range(n)],
            pile=[],
            face_up=[[] for _ in range(n)],
            face_down=[[] for _ in range(n)],
            out=[False] * n,
            shield=[False] * n,
            possible=[ALL_NUMBERS] * n,
            known=[[] for _ in range(n)],
            wins=[0] * (2 if n == 4 else n),
            points=[0] * n,
        )
        # Whoever saw a ghost most recently starts: at a Discord table, chance decides.
        state.first = state.chance().randrange(n)
        state.log.extend(start_round(state))
        return state

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: ThirteenGhostsState) -> frozenset[int]:
        phase = state.phase
        if phase == "play":
            return frozenset((state.turn,))
        if phase == "choose":
            return frozenset(s for s in state.duelists if state.crypt[s] is None)
        if phase == "deal":
            seats = []
            for team, step in enumerate(state.team_step):
                if step == "crypts":
                    seats.append(state.chooser[team])
                elif step == "keep":
                    seats.append(teammate(state.chooser[team]))
            return frozenset(seats)
        return frozenset()

    def may_change(self, state: ThirteenGhostsState) -> frozenset[int]:
        """With two or three players a hidden Ghost may be taken back until the last Crypt is
        hidden (ruling G9). The team deal is not one secret choice: each step shows the teammate
        cards at once, so it is final when made."""
        if state.phase != "choose":
            return frozenset()
        return still_changing({s: state.crypt[s] is not None for s in state.duelists})

    def legal_actions(self, state: ThirteenGhostsState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == "play":
            if seat != state.turn:
                return []
            return actions.ActionList(self._turn_actions(state, seat))
        if seat not in self.to_act(state):
            return [TAKE_BACK] if seat in self.may_change(state) else []
        numbers = sorted(number_of(c) for c in state.hand[seat])
        if phase == "choose":
            return [actions.HIDE[n] for n in numbers]
        if state.team_step[seat % 2] == "crypts":
            return [actions.CRYPTS[a, b] for a in numbers for b in numbers if a != b]
        return [actions.KEEP[n] for n in numbers]

    def _turn_actions(self, state: ThirteenGhostsState, seat: int) -> list[Action]:
        step = state.step
        if step == "":
            legal = []
            hand = state.hand[seat]
            if hand:
                number = number_of(hand[0])
                # With the pile used up every turn is an attack; a red card's ability attacks too.
                if state.pile[own_set(state, seat)] or number in RED:
                    legal.append(actions.FACE_UP[number])
            legal.extend(actions.ATTACKS)
            return legal
        if step == "attack":
            return list(actions.ATTACKS)
        if step == "copy":
            return [actions.COPY[n] for n in abilities.copyable(state)]
        if step == "order":
            return [actions.KEEP_ORDER, actions.SWAP_ORDER]
        return [actions.TELL, actions.QUIET]

    def _apply(self, state: ThirteenGhostsState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "attack":
            return abilities.attack(state, seat, int(action.args[0]))
        if kind == "up":
            return abilities.play_face_up(state, seat)
        if kind == "copy":
            return abilities.copy(state, seat, int(action.args[0]))
        if kind == "order":
            return abilities.put_back(state, seat, swap=action.args[0] == "swap")
        if kind in ("tell", "quiet"):
            return abilities.tell(state, seat, share=kind == "tell")
        if kind == "crypt":
            return self._hide(state, seat, int(action.args[0]))
        if kind == "take-back":
            return self._take_back(state, seat)
        if kind == "crypts":
            return self._team_crypts(state, seat, int(action.args[0]), int(action.args[1]))
        return self._keep(state, seat, int(action.args[0]))

    def _take(self, state: ThirteenGhostsState, seat: int, number: int) -> int:
        hand = state.hand[seat]
        card = next(c for c in hand if number_of(c) == number)
        hand.remove(card)
        return card

    def _hide(self, state: ThirteenGhostsState, seat: int, number: int) -> list[Event]:
        state.crypt[seat] = self._take(state, seat, number)
        events = [
            say("crypt", HID_CRYPT, {"who": seat}),
            Event(kind="crypt", text=f"Your Crypt holds {number}.", seats=(seat,)),
        ]
        if all(state.crypt[s] is not None for s in state.duelists):
            events += begin_play(state)
        return events

    def _take_back(self, state: ThirteenGhostsState, seat: int) -> list[Event]:
        card = state.crypt[seat]
        assert card is not None
        state.crypt[seat] = None
        # Hands are dealt in order (`start_round`), so the card goes back exactly where it was.
        insort(state.hand[seat], card)
        return [say("crypt", TOOK_CRYPT_BACK, {"who": seat})]

    def _team_crypts(self, state: ThirteenGhostsState, seat: int, mine: int, theirs: int) -> list[Event]:
        """The chooser picks both Crypts and passes the other two cards: the teammate sees
        those two and their own Crypt, never the chooser's Crypt."""
        mate = teammate(seat)
        state.crypt[seat] = self._take(state, seat, mine)
        mate_crypt = self._take(state, seat, theirs)
        state.crypt[mate] = mate_crypt
        passed, state.hand[seat] = state.hand[seat], []
        state.hand[mate] = passed
        learn(state, mate, [mate_crypt, *passed])
        state.team_step[seat % 2] = "keep"
        listed = ", ".join(str(n) for n in sorted(number_of(c) for c in passed))
        return [
            say("deal", CHOSE_CRYPTS, {"who": seat, "mate": mate}),
            say("deal", GAVE_CRYPT, {"who": seat}, seats=(mate,), crypt=theirs, cards=listed),
        ]

    def _keep(self, state: ThirteenGhostsState, seat: int, number: int) -> list[Event]:
        chooser = teammate(seat)
        kept = self._take(state, seat, number)
        state.hand[chooser] = state.hand[seat]
        state.hand[seat] = [kept]
        state.team_step[seat % 2] = "done"
        back = number_of(state.hand[chooser][0])
        events = [
            say("deal", KEPT_HAND, {"who": seat}),
            say("deal", KEPT_GAVE, {"who": seat, "chooser": chooser}, seats=(seat, chooser), kept=number, back=back),
        ]
        if state.team_step == ["done", "done"]:
            events += begin_play(state)
        return events

    # ---- explanations ---------------------------------------------------------------

    def label(self, state: ThirteenGhostsState, seat: int, action: Action) -> str:
        if action.kind == "take-back" and (crypt := state.crypt[seat]) is not None:
            return f"Take {number_of(crypt)} back out of your Crypt"
        if action.kind == "keep":
            others = [number_of(c) for c in state.hand[seat] if number_of(c) != action.args[0]]
            if others:
                return f"Keep {action.args[0]}, give {others[0]} back to your teammate"
        return actions.label(action, tuple(number_of(c) for c in state.peeked))

    def why_illegal(self, state: ThirteenGhostsState, seat: int, action: Action) -> str:
        kind, args = action.kind, action.args
        numbers = sorted(number_of(c) for c in state.hand[seat]) if 0 <= seat < state.players else []
        step = state.step
        if kind == "attack" and (len(args) != 1 or args[0] not in range(1, 14)):
            return "An attack names one number from 1 to 13."
        if state.phase in ("choose", "deal") and kind in ("up", "attack", "copy", "order", "tell", "quiet"):
            return "Nobody plays before every Crypt is hidden."
        if state.phase == "play" and kind in ("crypt", "crypts", "keep", "take-back"):
            return "The Crypts are already chosen for this round."
        if kind == "take-back":
            if state.phase == "deal":
                return "With teams, the Crypts are final once chosen: your teammate has seen the cards."
            return "You have no Ghost in your Crypt to take back."
        if step == "attack" and kind != "attack":
            return "Your red card ends with an attack: name a number from 1 to 13."
        if step == "copy" and kind != "copy":
            allowed = ", ".join(map(str, abilities.copyable(state)))
            return f"Your 2 copies a card played face up this round: choose one of {allowed}."
        if step == "order" and kind != "order":
            return "Put the two cards you looked at back on the pile first."
        if step == "tell" and kind not in ("tell", "quiet"):
            return "First say whether you tell your teammate what you saw."
        if kind in ("crypt", "keep", "up", "crypts") and any(a not in numbers for a in args):
            return f"You do not hold that card; your hand is {', '.join(map(str, numbers)) or 'empty'}."
        if kind == "up" and not state.pile[own_set(state, seat)]:
            return "The pile is empty: every turn is now an attack (red cards may still be played face up)."
        if kind == "copy":
            return "Only a 2 you have just played can copy, and only a card played face up this round."
        if kind in ("order", "tell", "quiet"):
            return "That choice belongs to an 8 or a 10 you have just played."
        return super().why_illegal(state, seat, action)

    # ---- information ------------------------------------------------------------------

    def view(self, state: ThirteenGhostsState, seat: int | None) -> View:
        seats = tuple(_seat_view(state, s) for s in range(state.players))
        mine: dict[str, object] = {}
        if seat is not None:
            crypt = state.crypt[seat]
            mine = {
                "my_crypt": number_of(crypt) if crypt is not None else None,
                "my_hand": tuple(sorted(number_of(c) for c in state.hand[seat])),
                "my_face_down": tuple(number_of(c) for c in state.face_down[seat]),
                "sightings": sightings(state, seat),
            }
        return ThirteenGhostsView(
            seat=seat,
            players=state.players,
            phase=state.phase,
            playoff=state.playoff,
            duelists=tuple(state.duelists),
            round=state.round,
            first=state.first,
            turn=state.turn,
            step=state.step,
            extra_turn=state.extra_turn,
            seats=seats,
            pile_sizes=tuple(len(p) for p in state.pile),
            moves=public_record(state.moves, state.step),
            wins=tuple(state.wins),
            points=tuple(state.points),
            chooser=tuple(state.chooser),
            team_step=tuple(state.team_step),
            **mine,
        )

    def result(self, state: ThirteenGhostsState) -> Result | None:
        if state.phase != "over":
            return None
        n = state.players
        if n == 4:
            scores = tuple(state.wins[s % 2] for s in range(n))
            winner = 0 if state.wins[0] > state.wins[1] else 1
            team = {"who": winner, "mate": winner + 2}
            line = say("game-over", TEAM_WINS_GAME, team, won=state.wins[winner], lost=state.wins[1 - winner])
            return Result.worded(scores, rank_places(scores), line)
        if n == 2:
            scores = tuple(state.wins)
            winner = 0 if scores[0] > scores[1] else 1
            line = say("game-over", WINS_GAME, {"who": winner}, won=scores[winner], lost=scores[1 - winner])
            return Result.worded(scores, rank_places(scores), line)
        points = tuple(state.points)
        if not state.playoff:
            best = max(points)
            leaders = [s for s in range(n) if points[s] == best]
            line = say_winners("game-over", leaders, WINS_WITH_POINTS, WIN_WITH_POINTS, n=best)
            return Result.worded(points, rank_places(points), line)
        # A two-way tie was played off: the playoff winner first, the other tied seat second.
        a, b = state.duelists
        winner, loser = (a, b) if state.wins[a] > state.wins[b] else (b, a)
        places = [3] * n
        places[winner], places[loser] = 1, 2
        duel = {"winner": winner, "loser": loser}
        line = say("game-over", WON_PLAYOFF, duel, n=points[winner], won=state.wins[winner], lost=state.wins[loser])
        return Result.worded(points, places, line)

    def copy_state(self, state: ThirteenGhostsState) -> ThirteenGhostsState:
        # Every move (and every world the computer imagines) copies the state: a move changes only
        # while its turn is unfinished (see `Move`), so the copy shares the others and copies that one.
        copied = copy_model(state, items_kept=_MOVES)
        if copied.step and copied.moves:
            copied.moves[-1] = copy_model(copied.moves[-1])
        return copied

    def determinize(self, state: ThirteenGhostsState, seat: int, rng: random.Random) -> ThirteenGhostsState:
        return determinize(state, seat, rng)

    def render_text(self, view: View) -> str:
        assert isinstance(view, ThirteenGhostsView)
        return picture(view)


def _seat_view(state: ThirteenGhostsState, s: int) -> SeatView:
    """What everyone sees of seat `s`. Remembered by what it shows (a seat view is frozen, and most
    seats look the same from one move to the next, while every screen draws every seat)."""
    crypt = state.crypt[s]
    out = state.out[s]
    key = (
        len(state.hand[s]),
        tuple(number_of(c) for c in state.face_up[s]),
        len(state.face_down[s]),
        out,
        state.shield[s],
        number_of(crypt) if out and crypt is not None else None,
        crypt is not None,
        state.possible[s],
    )
    known = _SEAT_VIEWS.get(key)
    if known is None:
        hand_size, face_up, face_down, _, shielded, shown, has_crypt, possible = key
        known = SeatView(
            hand_size=hand_size,
            face_up=face_up,
            face_down=face_down,
            out=out,
            shielded=shielded,
            crypt=shown,
            has_crypt=has_crypt,
            possible=tuple(numbers_in(possible)),
        )
        if len(_SEAT_VIEWS) >= 4096:
            _SEAT_VIEWS.clear()
        _SEAT_VIEWS[key] = known
    return known


#: What a seat shows -> its `SeatView` (see `_seat_view`).
_SEAT_VIEWS: dict[tuple[int, tuple[int, ...], int, bool, bool, int | None, bool, int], SeatView] = {}
