"""Ghosts Love Candy: set-up, the round (candy, secret ghosts, turn order, turns), scares and scoring."""

from __future__ import annotations

import random

from pydantic import BaseModel

from rules.contract import (
    TAKE_BACK,
    WINS_WITH_POINTS,
    Action,
    Event,
    Game,
    Result,
    View,
    plural,
    rank_places,
    say,
    say_winners,
    still_changing,
)
from rules.games.ghosts_love_candy import abilities, lines
from rules.games.ghosts_love_candy.abilities import CHOICE_KIND, DECLINE, action, candy_list, kid_name, kid_name_first
from rules.games.ghosts_love_candy.cards import (
    ASTRONAUT,
    BUMBLEBEE,
    CANDY_BONUS_KIDS,
    CANDY_TYPES,
    CHEERLEADER,
    COPIES_PER_TYPE,
    DINOSAUR,
    KID_NUMBERS,
    KIDS,
    LOVE_CARDS,
    MAD_SCIENTIST,
    MAD_SCIENTIST_VALUE,
    STASH_KID_EXCEPTIONS,
    STASH_KID_POINTS,
    ZOMBIE,
    table_size,
)
from rules.games.ghosts_love_candy.help import HELP_PAGES
from rules.games.ghosts_love_candy.state import Ghost, GlcState, GlcView, Pending, Spot, SpotView, Stash, StashView
from rules.games.ghosts_love_candy.text import render
from rules.kit.words import message

#: The summary when several players have the most points.
TIE_FOR_FIRST = message(("BOO! {who} tie for first with {n} point.", "BOO! {who} tie for first with {n} points."))
KIND_TO_KID: dict[str, int] = {kind: kid for kid, kind in CHOICE_KIND.items()}


def send(value: int) -> Action:
    return action("send", value)


def haunt(pos: int) -> Action:
    return action("haunt", pos)


class GhostsLoveCandy(Game[GlcState]):
    id = "ghosts-love-candy"
    name = "Ghosts Love Candy"
    min_players = 3
    max_players = 6
    state_type = GlcState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES

    # ---- set-up -------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> GlcState:
        size = table_size(players)
        state = GlcState(
            players=players,
            seed=seed,
            rounds=size.rounds,
            hands=[list(size.ghosts) for _ in range(players)],
            chosen=[None] * players,
            revealed=[None] * players,
            love=[],
            love_known=[[] for _ in range(players)],
            kid_deck=[],
            candy_deck=[],
            candy_known=[0] * players,
            row=[],
            stashes=[Stash() for _ in range(players)],
        )
        state.love = state.chance().sample(sorted(LOVE_CARDS), players)
        kids = list(KID_NUMBERS)
        state.chance().shuffle(kids)
        state.row = [Spot(kid=kids.pop()) for _ in range(size.kids_in_row)]
        state.kid_deck = kids
        candies = [t for t in range(CANDY_TYPES) for _ in range(COPIES_PER_TYPE)]
        state.chance().shuffle(candies)
        state.candy_deck = candies
        state.log.extend(self._start_round(state))
        return state

    # ---- whose move -------------------------------------------------------------

    def to_act(self, state: GlcState) -> frozenset[int]:
        phase = state.phase
        if phase == "choose":
            return frozenset(seat for seat, ghost in enumerate(state.chosen) if ghost is None)
        if phase == "haunt":
            return frozenset((state.order[state.turn],))
        if phase == "ability" and state.pending is not None:
            return frozenset((state.pending.seat,))
        return frozenset()

    def may_change(self, state: GlcState) -> frozenset[int]:
        """A chosen ghost may be taken back until the last player has chosen (ruling G9)."""
        if state.phase != "choose":
            return frozenset()
        return still_changing({seat: ghost is not None for seat, ghost in enumerate(state.chosen)})

    def legal_actions(self, state: GlcState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == "choose":
            if state.chosen[seat] is not None:
                return [TAKE_BACK] if seat in self.may_change(state) else []
            return [send(v) for v in state.hands[seat]]
        if phase == "haunt":
            if state.order[state.turn] != seat:
                return []
            return [haunt(pos) for pos, spot in enumerate(state.row) if spot.kid is not None]
        if phase == "ability":
            pending = state.pending
            if pending is None or pending.seat != seat:
                return []
            choices = abilities.options(state, pending.kid, seat, pending.spot)
            if KIDS[pending.kid].optional:
                choices.append(DECLINE)
            return choices
        return []

    # ---- moves --------------------------------------------------------------------

    def _apply(self, state: GlcState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "send":
            return self._choose(state, seat, int(action.args[0]))
        if kind == "take-back":
            # The ghost never left the hand: taking it back leaves the round as before the choice.
            state.chosen[seat] = None
            return [say("choose", lines.TOOK_BACK, {"who": seat})]
        if kind == "haunt":
            return self._haunt(state, seat, int(action.args[0]))
        pending = state.pending
        assert pending is not None
        state.pending = None
        state.phase = "haunt"
        if kind == "decline":
            events = [say("ability", lines.LET_GO, {"who": seat}, kid=KIDS[pending.kid].name)]
        else:
            events = abilities.resolve(state, pending.kid, seat, pending.spot, action)
        events.extend(self._end_turn(state))
        return events

    def _choose(self, state: GlcState, seat: int, value: int) -> list[Event]:
        state.chosen[seat] = value
        # One line: the chooser's own screen shows which ghost ("Your secret ghost this round").
        events = [say("choose", lines.HAS_CHOSEN, {"who": seat})]
        if all(ghost is not None for ghost in state.chosen):
            events.extend(self._reveal(state))
        return events

    def _reveal(self, state: GlcState) -> list[Event]:
        chosen = [int(g) for g in state.chosen if g is not None]
        state.revealed = list(state.chosen)
        state.chosen = [None] * state.players
        for seat, value in enumerate(chosen):
            state.hands[seat].remove(value)
        everyone = {f"s{seat}": seat for seat in range(len(chosen))}
        ghosts = {f"g{seat}": value for seat, value in enumerate(chosen)}
        events = [say("reveal", lines.REVEALED[len(chosen)], everyone, None, **ghosts)]
        state.order, tie_events = self._turn_order(state, chosen)
        events.extend(tie_events)
        state.turn = 0
        state.phase = "haunt"
        events.extend(self._begin_turn(state))
        return events

    def _turn_order(self, state: GlcState, chosen: list[int]) -> tuple[list[int], list[Event]]:
        """Highest ghost first; tied players each reveal a kid and the higher card number goes first."""
        order: list[int] = []
        events: list[Event] = []
        # Revealed kids are discarded only once every tie is settled, so a reshuffle during a
        # later tie cannot bring back a kid revealed for an earlier one.
        revealed: list[int] = []
        for value in sorted(set(chosen), reverse=True):
            tied = [seat for seat, v in enumerate(chosen) if v == value]
            if len(tied) == 1:
                order.extend(tied)
                continue
            drawn: list[tuple[int, int]] = []  # (card number, seat)
            undrawn: list[int] = []
            for seat in tied:
                kid = self._draw_kid(state, events)
                if kid is None:
                    undrawn.append(seat)
                else:
                    drawn.append((kid, seat))
            drawn.sort(reverse=True)
            order.extend(seat for _kid, seat in drawn)
            if undrawn:
                # No kid left anywhere to break the tie: the remaining tied players go in a random order.
                state.chance().shuffle(undrawn)
                order.extend(undrawn)
            tied_roles = {f"s{k}": seat for k, (_kid, seat) in enumerate(drawn)}
            kids: dict[str, int | str] = {"value": value}
            for k, (kid, _seat) in enumerate(drawn):
                kids[f"k{k}"], kids[f"c{k}"] = KIDS[kid].name, f"{kid:02d}"
            events.append(say("tie", lines.TIE_BROKEN[len(drawn)], tied_roles, None, **kids))
            revealed.extend(kid for kid, _seat in drawn)
        state.kid_discard.extend(revealed)
        return order, events

    def _draw_kid(self, state: GlcState, events: list[Event]) -> int | None:
        if not state.kid_deck and state.kid_discard:
            state.kid_deck = sorted(state.kid_discard)
            state.kid_discard = []
            state.chance().shuffle(state.kid_deck)
            events.append(
                Event(kind="reshuffle", text="The Kid deck ran out: the discarded kids were shuffled into a new one.")
            )
        return state.kid_deck.pop() if state.kid_deck else None

    def _begin_turn(self, state: GlcState) -> list[Event]:
        """With no kid left in the row the ghost has nowhere to go: it is discarded and play moves on."""
        if any(spot.kid is not None for spot in state.row):
            return []
        seat = state.order[state.turn]
        value = state.revealed[seat]
        assert value is not None
        state.ghost_discard.append(Ghost(value=value, owner=seat))
        events = [say("haunt", lines.NOWHERE_TO_HAUNT, {"who": seat}, value=value)]
        events.extend(self._end_turn(state))
        return events

    def _haunt(self, state: GlcState, seat: int, pos: int) -> list[Event]:
        spot = state.row[pos]
        value = state.revealed[seat]
        assert value is not None
        assert spot.kid is not None
        spot.ghosts.append(Ghost(value=value, owner=seat))
        taken = spot.candies
        stash = state.stashes[seat].candies
        for t, n in enumerate(taken):
            stash[t] += n
        spot.candies = [0] * CANDY_TYPES
        haunted: dict[str, int | str] = {"kid": kid_name(spot.kid), "value": value, "candies": candy_list(taken)}
        events = [say("haunt", lines.HAUNTED, {"who": seat}, None, **haunted)]
        kid = KIDS[spot.kid]
        if kid.box == "blue":
            events.extend(self._start_ability(state, seat, pos, kid.number))
            if state.pending is not None:
                return events
        events.extend(self._end_turn(state))
        return events

    def _start_ability(self, state: GlcState, seat: int, pos: int, kid: int) -> list[Event]:
        if kid == ASTRONAUT:
            state.candy_known[seat] = len(abilities.candy_top(state))
        choices = abilities.options(state, kid, seat, pos)
        if not choices:
            return [Event(kind="ability", text=f"The {KIDS[kid].name}'s ability cannot be done, so it is skipped.")]
        if len(choices) == 1 and not KIDS[kid].optional:
            return abilities.resolve(state, kid, seat, pos, choices[0])
        state.pending = Pending(kid=kid, seat=seat, spot=pos)
        state.phase = "ability"
        return []

    def _end_turn(self, state: GlcState) -> list[Event]:
        events = self._scare_check(state)
        state.turn += 1
        if state.turn < len(state.order):
            state.phase = "haunt"
            events.extend(self._begin_turn(state))
            return events
        if state.last_round:
            events.extend(self._finish(state))
        else:
            events.extend(self._start_round(state))
        return events

    # ---- rounds -------------------------------------------------------------------

    def _start_round(self, state: GlcState) -> list[Event]:
        if any(not hand for hand in state.hands):
            return self._finish(state)  # only reachable if the row ran out of kids for many rounds
        state.round += 1
        state.phase = "choose"
        state.chosen = [None] * state.players
        state.revealed = [None] * state.players
        state.order = []
        state.turn = 0
        events = [Event(kind="round", text=f"Round {state.round} begins.")]
        deck = state.candy_deck
        before = len(deck)
        for spot in state.row:
            if spot.kid is None:
                continue
            for _ in range(2 if spot.kid == BUMBLEBEE else 1):
                if deck:
                    spot.candies[deck.pop()] += 1
        placed = before - len(deck)
        state.candy_known = [max(0, known - placed) for known in state.candy_known]
        if not deck:
            state.last_round = True
            events.append(Event(kind="round", text="The last candy has been placed: this is the final round."))
        return events

    def _finish(self, state: GlcState) -> list[Event]:
        state.phase = "over"
        state.pending = None
        scores = self.scores(state)
        sheet: dict[str, int | str] = {}
        for seat, (card, score) in enumerate(zip(state.love, scores, strict=True)):
            sheet[f"l{seat}"], sheet[f"p{seat}"] = card, score
        everyone = {f"s{seat}": seat for seat in range(state.players)}
        return [say("end", lines.GAME_OVER[state.players], everyone, None, **sheet)]

    # ---- scaring --------------------------------------------------------------------

    def _scare_check(self, state: GlcState) -> list[Event]:
        """Each kid once, from the one nearest the Kid deck down the row."""
        events: list[Event] = []
        row = state.row
        for pos in range(len(row)):
            spot = row[pos]
            if spot.kid is None or not spot.ghosts:
                continue
            if sum(g.value for g in spot.ghosts) < KIDS[spot.kid].courage:
                continue
            if self._cheered(state, pos):
                events.append(
                    Event(kind="scare", text=f"The Cheerleader keeps {kid_name(spot.kid)} from being scared.")
                )
                continue
            events.extend(self._scare(state, pos))
        return events

    @staticmethod
    def _cheered(state: GlcState, pos: int) -> bool:
        row = state.row
        return any(0 <= n < len(row) and row[n].kid == CHEERLEADER for n in (pos - 1, pos + 1))

    def _scare(self, state: GlcState, pos: int) -> list[Event]:
        spot = state.row[pos]
        kid = spot.kid
        assert kid is not None
        scarer = spot.ghosts[-1].owner  # the top ghost is the last one haunting
        total = sum(g.value for g in spot.ghosts)
        stash = state.stashes[scarer]
        zombie_returns = ZOMBIE in stash.kids
        state.ghost_discard.extend(spot.ghosts)
        for t, n in enumerate(spot.candies):
            state.candy_discard[t] += n
        scared: dict[str, int | str] = {
            "kid": kid_name_first(kid),
            "courage": KIDS[kid].courage,
            "candies": candy_list(spot.candies),
        }
        events = [say("scare", lines.SCARED, {"who": scarer}, None, n=total, **scared)]
        if kid == DINOSAUR:
            for n in (pos - 1, pos + 1):
                if 0 <= n < len(state.row) and state.row[n].ghosts:
                    state.ghost_discard.extend(state.row[n].ghosts)
                    state.row[n].ghosts = []
                    events.append(
                        Event(
                            kind="scare",
                            text=f"The Dinosaur's roar clears the ghosts off {kid_name(state.row[n].kid)}.",
                        )
                    )
        stash.kids.append(kid)
        if zombie_returns:
            stash.kids.remove(ZOMBIE)
            state.row[pos] = Spot(kid=ZOMBIE)
            events.append(say("scare", lines.ZOMBIE_WALKS, {"who": scarer}))
        else:
            new = self._draw_kid(state, events)
            state.row[pos] = Spot(kid=new)
            if new is not None:
                events.append(Event(kind="scare", text=f"{kid_name_first(new)} joins the neighborhood."))
        return events

    # ---- scoring -----------------------------------------------------------------------

    @staticmethod
    def candy_values(state: GlcState, seat: int) -> list[int]:
        """What each candy type is worth to `seat` at the end: Love card, then the row's modifiers."""
        in_row = {spot.kid for spot in state.row}
        values = list(LOVE_CARDS[state.love[seat]])
        if MAD_SCIENTIST in in_row:
            values = [MAD_SCIENTIST_VALUE if v == 0 else v for v in values]
        for kid, t in CANDY_BONUS_KIDS.items():
            if kid in in_row:
                values[t] += 1
        return values

    def scores(self, state: GlcState) -> list[int]:
        out = []
        for seat, stash in enumerate(state.stashes):
            values = self.candy_values(state, seat)
            candy = sum(n * v for n, v in zip(stash.candies, values, strict=True))
            kids = sum(STASH_KID_EXCEPTIONS.get(kid, STASH_KID_POINTS) for kid in stash.kids)
            out.append(candy + kids)
        return out

    def result(self, state: GlcState) -> Result | None:
        if state.phase != "over":
            return None
        scores = self.scores(state)
        places = rank_places(scores)
        winners = [seat for seat, place in enumerate(places) if place == 1]
        best = max(scores)
        return Result.worded(scores, places, say_winners("game-over", winners, WINS_WITH_POINTS, TIE_FOR_FIRST, n=best))

    # ---- information ---------------------------------------------------------------------

    def view(self, state: GlcState, seat: int | None) -> GlcView:
        over = state.phase == "over"
        if over:
            love: tuple[int | None, ...] = tuple(state.love)
        elif seat is None:
            love = (None,) * state.players
        else:
            known = state.love_known[seat]
            love = tuple(card if other == seat or other in known else None for other, card in enumerate(state.love))
        top: tuple[int, ...] = ()
        if seat is not None and state.candy_known[seat]:
            top = tuple(state.candy_deck[-state.candy_known[seat] :][::-1])
        pending = state.pending
        return GlcView(
            seat=seat,
            players=state.players,
            round=state.round,
            rounds=state.rounds,
            last_round=state.last_round,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            row=tuple(
                SpotView(kid=s.kid, candies=tuple(s.candies), ghosts=tuple((g.value, g.owner) for g in s.ghosts))
                for s in state.row
            ),
            stashes=tuple(StashView(candies=tuple(s.candies), kids=tuple(s.kids)) for s in state.stashes),
            hands=tuple(tuple(hand) for hand in state.hands),
            has_chosen=tuple(g is not None for g in state.chosen),
            my_choice=state.chosen[seat] if seat is not None else None,
            revealed=tuple(state.revealed),
            order=tuple(state.order),
            turn=state.turn,
            love=love,
            candy_left=len(state.candy_deck),
            candy_top=top,
            candy_discard=tuple(state.candy_discard),
            kid_deck_left=len(state.kid_deck),
            kid_discard=tuple(state.kid_discard),
            ghost_discard=tuple((g.value, g.owner) for g in state.ghost_discard),
            pending_kid=pending.kid if pending else None,
            pending_seat=pending.seat if pending else None,
            scores=tuple(self.scores(state)) if over else None,
        )

    def determinize(self, state: GlcState, seat: int, rng: random.Random) -> GlcState:
        copy = self.copy_state(state)
        copy.log = copy.visible_log(seat)
        if copy.phase != "over":
            known = {seat, *copy.love_known[seat]}
            unknown = [other for other in range(copy.players) if other not in known]
            pool = sorted(set(LOVE_CARDS) - {copy.love[other] for other in known})
            for other, card in zip(unknown, rng.sample(pool, len(unknown)), strict=True):
                copy.love[other] = card
        for other, ghost in enumerate(copy.chosen):
            if other != seat and ghost is not None:
                copy.chosen[other] = rng.choice(copy.hands[other])
        rng.shuffle(copy.kid_deck)
        keep = copy.candy_known[seat]
        deck = copy.candy_deck
        cut = len(deck) - keep
        hidden = deck[:cut]
        rng.shuffle(hidden)
        copy.candy_deck = hidden + deck[cut:]
        copy.seed = rng.randrange(2**63)
        copy.draws = 0
        return copy

    # ---- words -------------------------------------------------------------------------

    def label(self, state: GlcState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "send":
            return f"Send ghost {action.args[0]}"
        if kind == "take-back":
            return f"Take back ghost {state.chosen[seat]}"
        if kind == "haunt":
            spot = state.row[int(action.args[0])]
            return (
                f"Haunt the {KIDS[spot.kid or 0].name} ({plural(sum(spot.candies), 'candy', 'candies')})"
                if spot.kid
                else "Haunt"
            )
        kid = state.pending.kid if state.pending else KIND_TO_KID.get(kind, 0)
        return abilities.label(state, kid, action)

    def why_not_your_turn(self, state: GlcState, seat: int) -> str:
        if state.phase == "choose" and state.chosen[seat] is not None:
            waiting = ", ".join(f"{{p{s}}}" for s in sorted(self.to_act(state)))
            return f"You have already chosen your ghost for this round; waiting for {waiting}."
        return super().why_not_your_turn(state, seat)

    def why_illegal(self, state: GlcState, seat: int, action: Action) -> str:
        kind = action.kind
        if state.phase == "choose":
            if kind == "take-back":
                return "You have no ghost chosen to take back."
            if state.chosen[seat] is not None:
                return "You have already chosen your ghost for this round: take it back to choose another."
            if kind == "send" and action.args:
                return f"You have no ghost {action.args[0]} in your hand."
            return "Now everyone secretly chooses a ghost to send."
        if state.phase == "haunt":
            if kind == "haunt":
                return "There is no kid in that spot of the neighborhood."
            return "It is your turn to haunt a kid with your revealed ghost."
        if state.phase == "ability" and state.pending is not None:
            name = KIDS[state.pending.kid].name
            if kind == "decline":
                return f"The {name}'s ability is not optional."
            return f"That is not one of the choices the {name}'s ability offers now."
        return super().why_illegal(state, seat, action)

    def render_text(self, view: View) -> str:
        assert isinstance(view, GlcView)
        return render(view)
