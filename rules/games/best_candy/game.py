"""Best Candy on the Block: the base game for 1-5 players.

A move is one action:
- `keep.<suit>`: keep that suit card as the hand's secret favourite;
- `take.<card>`: draft that card from the revealed stash;
- `play.<card>` or `play.<card>.<suit>`: play a card to the trick; the suit is
  given exactly when this card chooses the trick suit (a lead, or the first
  suited card after a Prank or Non-Treat lead, or the 1 of Kings face up). One
  action rather than two steps keeps every decision visible in one list of
  controls, leaves no half-played card in the state, and lets `legal_actions` list
  only the card+suit pairs the rules allow (trump forced, never trump for the King Size).
- With King cards (kings.py), the choices an effect asks of one player: `name.<suit>`,
  `veto.<card>`, `pair.<card>` / `pair-stop`, `tax.<card>` / `tax-pass`, `keep-one.<card>`,
  `favourite.<suit>` / `favourite-keep`, `trump.<suit>` / `trump-keep`.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel

from rules.candy_kit.cards import COMBO_CARDS, DECK, SUIT_SETS, SUITS, WHITE_CARDS, card_text, suit_name
from rules.contract import TAKE_BACK, Action, Event, Game, Result, View, act, plural, say, say_winners, still_changing
from rules.games.best_candy import kings, kingsized, solo, teams, trick
from rules.games.best_candy.deal import begin_draft, reveal_trump, start_hand, stash_card_text, tell, who
from rules.games.best_candy.help import HELP_PAGES
from rules.games.best_candy.scoring import TARGET, game_over, places, score_hand
from rules.games.best_candy.state import OPPONENT, BestCandyOptions, BestCandyState, Phase
from rules.games.best_candy.view import PEEKS, BestCandyView, build_view, render_text
from rules.games.best_candy.words import choice_label, why_not_choice
from rules.kit.words import message

KEPT_FAVOURITE = message("{who} has kept a favourite suit.", who="{who} have kept a favourite suit.")
TAKES = message("{who} takes {card} from the stash.", who="{who} take {card} from the stash.")
#: A hand's score: its tricks and Pranks (counted), its bonus, then its points (`n`) and total.
SCORED = message(
    (
        "{who}: {tricks}, -{pranks}, {bonus}: {n} point, {total} in all.",
        "{who}: {tricks}, -{pranks}, {bonus}: {n} points, {total} in all.",
    )
)
#: The end: the winner(s) and every hand's score (`scores`, hands named by seat marks).
WINS_RACE = message("{who} wins the race to {target} ({scores}).", who="{who} win the race to {target} ({scores}).")
WIN_RACE = message("{who} win the race to {target} ({scores}).")
TOOK_FAVOURITE_BACK = message(
    "{who} takes back their favourite suit to choose again.",
    who="{who} take back your favourite suit to choose again.",
)
TOOK_VOTE_BACK = message("{who} takes back their vote to vote again.", who="{who} take back your vote to vote again.")

# Actions are built once: legal_actions hands out these shared frozen objects.
_KEEP: dict[str, Action] = {s: act("keep", s) for s in (*SUITS, *WHITE_CARDS)}
_VOTE: dict[str, Action] = {c: act("vote", c) for c in COMBO_CARDS}
_TAKE: tuple[Action, ...] = tuple(act("take", c.id) for c in DECK)
_PLAY: tuple[Action, ...] = tuple(act("play", c.id) for c in DECK)
_PLAY_AS: tuple[dict[str, Action], ...] = tuple({s: act("play", c.id, s) for s in SUITS} for c in DECK)


#: Move kinds that answer a King card's choice (kings.options lists them).
CHOICE_KINDS = frozenset(
    {"name", "veto", "pair", "pair-stop", "tax", "tax-pass", "keep-one", "favourite", "favourite-keep", "trump"}
    | {"trump-keep"}
)


def play_action(card: int, suit: str | None) -> Action:
    return _PLAY[card] if suit is None else _PLAY_AS[card][suit]


@cache
def choice_action(kind: str, arg: int | str | None) -> Action:
    return act(kind) if arg is None else act(kind, arg)


class BestCandy(Game[BestCandyState]):
    id = "best-candy"
    name = "Best Candy on the Block"
    min_players = 1
    #: Six only with the King-Sized expansion (`seat_range`).
    max_players = 6
    Options: ClassVar[type[BaseModel]] = BestCandyOptions
    state_type = BestCandyState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        solo_levels: list[tuple[int, dict[str, Any]]] = [(1, {"solo_difficulty": d}) for d in (1, 2, 3)]
        base: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(2, 6)]
        expansion: list[tuple[int, dict[str, Any]]] = [(n, {"king_cards": True}) for n in range(2, 7)]
        white: list[tuple[int, dict[str, Any]]] = [(3, {"king_cards": True, "new_suit_cards": "all"})]
        team_play: list[tuple[int, dict[str, Any]]] = [
            (4, {"teams": True}),
            (4, {"teams": True, "king_cards": True}),
            (6, {"teams": True, "king_cards": True}),
        ]
        return solo_levels + base + expansion + white + team_play

    def seat_range(self, options: BaseModel) -> tuple[int, int]:
        """1-6 players: six always play the King-Sized expansion (it is what seats a sixth), and
        with King cards 2-6 (the expansion has no solo game); teams 4 or 6 (5 is refused by
        `check_players`)."""
        assert isinstance(options, BestCandyOptions)
        if options.teams:
            return (4, 6)
        return (2, 6) if options.king_cards else (1, 6)

    def check_options(self, options: BaseModel) -> None:
        assert isinstance(options, BestCandyOptions)
        kingsized.check_choices(options)
        teams.check_choices(options)

    def check_players(self, players: int, options: BaseModel) -> None:
        super().check_players(players, options)
        assert isinstance(options, BestCandyOptions)
        kingsized.check(players, options)
        teams.check(players, options)

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> BestCandyState:
        assert isinstance(options, BestCandyOptions)
        state = BestCandyState(players=players, seed=seed, options=options)
        state.scores = [0] * state.hand_count
        if kingsized.uses_kings(players, options):
            state.kings = kingsized.choose_kings(players, options, state.chance())
        state.white_cards = kingsized.picked_white_cards(players, options)
        state.log.extend(start_hand(state))
        return state

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: BestCandyState) -> frozenset[int]:
        if state.phase is Phase.FAVOURITE:
            if state.options.teams:
                return frozenset(s for s in range(state.players) if not state.votes[s])
            return frozenset(s for s in range(state.players) if not state.favourites[s])
        if state.phase is Phase.DRAFT:
            return frozenset(state.drafters[:1])
        if state.phase is Phase.TRICKS:
            if state.pending:
                return frozenset((state.pending[0].seat,))
            return frozenset((state.turn,))
        return frozenset()

    def may_change(self, state: BestCandyState) -> frozenset[int]:
        """A kept favourite or a team vote may be taken back until the last player has chosen
        (ruling G9): nothing moves until then (`_keep`)."""
        if state.phase is not Phase.FAVOURITE:
            return frozenset()
        chosen = state.votes if state.options.teams else state.favourites
        return still_changing({s: bool(chosen[s]) for s in range(state.players)})

    def legal_actions(self, state: BestCandyState, seat: int) -> list[Action]:
        phase = state.phase
        if phase is Phase.FAVOURITE:
            chosen = state.votes[seat] if state.options.teams else state.favourites[seat]
            if chosen:
                return [TAKE_BACK] if seat in self.may_change(state) else []
            if state.options.teams:
                return [_VOTE[c] for c in state.offers[seat]]
            return [_KEEP[s] for s in state.offers[seat]]
        if phase is Phase.DRAFT:
            return [_TAKE[c] for c in state.stash] if state.drafters[0] == seat else []
        if phase is Phase.TRICKS and state.pending:
            choice = state.pending[0]
            if choice.seat != seat:
                return []
            return [choice_action(kind, arg) for kind, arg in kings.options(state, choice)]
        if phase is Phase.TRICKS and state.turn == seat:
            leading = not state.trick
            hand = state.hands[seat]
            face_up = not state.kings or not kings.plays_face_down(state)
            return [play_action(c, s) for c, s in trick.choices(hand, state.trick_suit, state.trump, leading, face_up)]
        return []

    def _apply(self, state: BestCandyState, seat: int, action: Action) -> list[Event]:
        if action.kind == "keep":
            events = self._keep(state, seat, str(action.args[0]))
        elif action.kind == "vote":
            events = teams.vote(state, seat, str(action.args[0]))
            if all(state.favourites):
                events.extend(begin_draft(state))
        elif action.kind == "take":
            events = self._take(state, seat, int(action.args[0]))
        elif action.kind == "take-back":
            events = self._take_back(state, seat)
        elif action.kind in CHOICE_KINDS:
            events = kings.answer(state, seat, action.kind, action.args[0] if action.args else None)
            events.extend(self._advance(state))
        else:
            suit = str(action.args[1]) if len(action.args) > 1 else None
            events = self._play(state, seat, int(action.args[0]), suit)
        if state.solo:
            events.extend(self._opponent_moves(state))
        return events

    def _keep(self, state: BestCandyState, seat: int, suit: str) -> list[Event]:
        state.favourites[seat] = [suit]
        # One line: the keeper's own screen shows which suit ("Favourite suit").
        events = [say("favourite", KEPT_FAVOURITE, {"who": seat})]
        if all(state.favourites):
            # The last keep: only now do the other suit cards go back into the suit deck, seat by
            # seat, so a keep taken back before it left nothing to undo, and the deck is the
            # same whatever order the players kept in. `offers` stays as dealt (each seat still
            # knows its own).
            for hand, offers in enumerate(state.offers):
                state.suit_deck.extend(s for s in offers if s not in state.favourites[hand])
            events.extend(begin_draft(state))
        return events

    def _take_back(self, state: BestCandyState, seat: int) -> list[Event]:
        """Ruling G9: a keep or a vote taken back before the last one leaves the hand as before it."""
        if state.options.teams:
            state.votes[seat] = ""
            return [say("vote", TOOK_VOTE_BACK, {"who": seat})]
        state.favourites[seat] = []
        return [say("favourite", TOOK_FAVOURITE_BACK, {"who": seat})]

    def _take(self, state: BestCandyState, hand: int, card: int) -> list[Event]:
        state.stash.remove(card)
        state.hands[hand].append(card)
        state.drafters.pop(0)
        events = [tell(state, "take", TAKES, hand, card=stash_card_text(card))]
        if not state.drafters:
            events.extend(reveal_trump(state, last_drafter=hand))
        return events

    def _advance(self, state: BestCandyState) -> list[Event]:
        """With King cards: carry the trick on (random plays, its resolution), then the hand's end."""
        events, closed = kings.advance(state)
        if closed and not any(state.hands):
            events.extend(self._finish_hand(state))
        return events

    def _play(self, state: BestCandyState, hand: int, card: int, suit: str | None) -> list[Event]:
        if state.kings:
            return kings.play_card(state, hand, card, suit) + self._advance(state)
        state.hands[hand].remove(card)
        state.trick.append(card)
        if suit is None:
            events = [tell(state, "play", kings.PLAYS, hand, card=card_text(card), how="")]
        else:
            state.trick_suit = suit
            if suit in state.named_suits:
                state.named_suits.remove(suit)
            state.named_suits.insert(0, suit)
            named = kings.PLAYS_AND_NAMES
            events = [tell(state, "play", named, hand, card=card_text(card), how="", suit=suit_name(suit))]
        if len(state.trick) == state.hand_count:
            events.extend(self._finish_trick(state))
        return events

    def _finish_trick(self, state: BestCandyState) -> list[Event]:
        count = state.hand_count
        winner = trick.trick_winner(state.trick, state.leader, count, state.trick_suit, state.trump)
        best = state.trick[(winner - state.leader) % count]
        why = trick.trick_won(state, winner, best, state.trick_suit, state.trump)
        state.taken[winner].extend(state.trick)
        state.tricks_won[winner] += 1
        state.last_trick = state.trick
        state.last_trick_leader = state.leader
        state.last_trick_winner = winner
        state.leader = OPPONENT if state.solo else trick.next_leader(state.trick, winner, count)
        state.trick = []
        state.trick_suit = None
        events = [why]
        if not any(state.hands):
            events.extend(self._finish_hand(state))
        return events

    def _finish_hand(self, state: BestCandyState) -> list[Event]:
        sheets = [score_hand(state, h) for h in range(state.hand_count)]
        state.last_hand = sheets
        events = []
        for h, sheet in enumerate(sheets):
            state.scores[h] += sheet.points
            favourite = "/".join(suit_name(s) for s in sheet.favourites)
            bonus = "belly ache, no bonus" if sheet.belly_ache else f"+{sheet.bonus} {favourite}"
            if sheet.king_points:
                bonus += f", {sheet.king_points:+d} from King cards"
            tricks, pranks = plural(sheet.tricks, "trick"), plural(sheet.pranks, "prank")
            total = state.scores[h]
            events.append(
                tell(state, "score", SCORED, h, tricks=tricks, pranks=pranks, bonus=bonus, n=sheet.points, total=total)
            )
        if state.options.teams:
            totals = teams.team_scores(state)
            events.extend(
                teams.say_team("score", state, t, teams.TEAM_TOTAL, total=totals[t]) for t in range(teams.TEAMS)
            )
        if teams.game_over(state) if state.options.teams else game_over(state.scores):
            state.phase = Phase.OVER
            state.hands = [[] for _ in state.hands]
            events.append(self._over(state))
        else:
            events.extend(start_hand(state))
        return events

    def _opponent_moves(self, state: BestCandyState) -> list[Event]:
        """The solo opponent moves by itself whenever the game waits on it."""
        events: list[Event] = []
        while True:
            if state.phase is Phase.DRAFT and state.drafters[0] == OPPONENT:
                events.extend(self._take(state, OPPONENT, solo.draft_pick(state.stash)))
            elif state.phase is Phase.TRICKS and state.turn == OPPONENT:
                card, suit = solo.move(state)
                events.extend(self._play(state, OPPONENT, card, suit))
            else:
                return events

    # ---- words ----------------------------------------------------------------

    def label(self, state: BestCandyState, seat: int, action: Action) -> str:
        if action.kind in CHOICE_KINDS:
            return choice_label(action, state.options.teams)
        if action.kind == "vote":
            return f"Vote for {suit_name(str(action.args[0]))}"
        if action.kind == "keep":
            return f"Keep {suit_name(str(action.args[0]))} as favourite"
        if action.kind == "take-back":
            if state.options.teams:
                return f"Take back your vote for {suit_name(state.votes[seat])}" if state.votes[seat] else "Take back"
            kept = state.favourites[seat]
            return f"Take back {suit_name(kept[0])} as favourite" if kept else "Take back"
        card = int(action.args[0])
        if action.kind == "take":
            return f"Take {stash_card_text(card)}"
        text = f"Play {card_text(card)}"
        if len(action.args) > 1:
            text += f", {suit_name(str(action.args[1]))} trick"
        return text

    def why_illegal(self, state: BestCandyState, seat: int, action: Action) -> str:
        args = action.args
        if action.kind == "take-back":
            if state.phase is not Phase.FAVOURITE:
                return "Favourite suits and team cards are final once everyone has chosen."
            if state.options.teams:
                return "You have not voted yet: there is no vote to take back."
            return "You have not kept a favourite suit yet: there is nothing to take back."
        if action.kind in CHOICE_KINDS:
            return why_not_choice(state, seat, action)
        if action.kind == "vote":
            if not state.options.teams:
                return "Votes are for team play only: keep one of your suit cards."
            if state.phase is not Phase.FAVOURITE:
                return "Team cards are voted on at the start of a hand."
            if state.votes[seat]:
                return "You have already voted for your team's card."
            offered = " or ".join(suit_name(c) for c in state.offers[seat])
            return f"Vote for one of your team's cards: {offered}."
        if state.pending and state.phase is Phase.TRICKS:
            return "First answer the King card's question (see your controls)."
        if action.kind == "keep":
            if state.phase is not Phase.FAVOURITE:
                return "Favourite suits are kept at the start of a hand, before the stash is revealed."
            if state.favourites[seat]:
                return "You have already kept your favourite suit for this hand."
            offered = ", ".join(suit_name(s) for s in state.offers[seat])
            return f"Keep one of the suit cards you were dealt: {offered}."
        if action.kind in ("take", "play") and (not args or not isinstance(args[0], int)):
            return "Say which card, by its number."
        if action.kind == "take":
            if state.phase is not Phase.DRAFT:
                return "Cards are taken from the stash only after everyone has kept a favourite suit."
            return "That card is not in the stash."
        if action.kind == "play":
            return self._why_not_playable(state, seat, action)
        return super().why_illegal(state, seat, action)

    def _why_not_playable(self, state: BestCandyState, seat: int, action: Action) -> str:
        if state.phase is not Phase.TRICKS:
            return "Cards are played to tricks once the draft is over and trump is revealed."
        card = int(action.args[0])
        hand = state.hands[seat]
        if card not in hand:
            return "You do not hold that card."
        suit = action.args[1] if len(action.args) > 1 else None
        if len(action.args) > 2 or isinstance(suit, int):
            return "A card is played with at most one suit word: the trick suit it chooses."
        if card not in trick.playable(hand, state.trick_suit):
            assert state.trick_suit is not None
            name = suit_name(state.trick_suit)
            if DECK[card].is_prank:
                return (
                    f"You must follow suit: you hold a {name} card. A Prank is played only when leading, "
                    "when you cannot follow, or before the trick suit is chosen."
                )
            return f"You must follow suit: you hold a {name} card."
        leading = not state.trick
        options = trick.suit_choices(card, state.trump, leading) if state.trick_suit is None else ()
        if not options:
            if state.trick_suit is not None and suit is not None:
                return f"The trick suit is already {suit_name(state.trick_suit)}: play the card without a suit."
            return f"{card_text(card)} has no suit to choose: play it without one."
        if suit is None:
            listed = ", ".join(suit_name(s) for s in options)
            return f"This card chooses the trick suit: add one of {listed}."
        if DECK[card].is_king_size:
            return f"The King Size may choose any suit for the trick except trump ({suit_name(str(state.trump))})."
        if leading and state.trump in SUIT_SETS[card]:
            trump = suit_name(str(state.trump))
            return f"This card carries trump, so the trick suit must be {trump}."
        return f"{card_text(card)} does not carry {suit_name(str(suit))}; choose one of its own suits."

    # ---- information ----------------------------------------------------------

    def view(self, state: BestCandyState, seat: int | None) -> BestCandyView:
        return build_view(state, seat)

    def render_text(self, view: View) -> str:
        assert isinstance(view, BestCandyView)
        return render_text(view)

    def result(self, state: BestCandyState) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        return Result.worded(state.scores[: state.players], self._places(state), self._over(state))

    def _places(self, state: BestCandyState) -> tuple[int, ...]:
        ranked = teams.places(state) if state.options.teams else places(state)
        # Solo: the opponent is a hand without a seat; it still ranks (a lost game is place 2).
        return tuple(ranked[: state.players])

    def _summary(self, state: BestCandyState) -> str:
        if state.options.teams:
            return teams.summary(state)
        ranked = places(state)
        winners = [h for h, place in enumerate(ranked) if place == 1]
        names = " and ".join(who(state, h) for h in winners)
        scores = ", ".join(f"{who(state, h, starts_sentence=False)} {state.scores[h]}" for h in range(state.hand_count))
        verb = "win" if len(winners) > 1 else "wins"
        return f"{names} {verb} the race to {TARGET} ({scores})."

    def _over(self, state: BestCandyState) -> Event:
        """The game's last line: `_summary` as a message, said to the winner(s) it names."""
        if state.options.teams:
            return teams.over(state)
        ranked = places(state)
        winners = [h for h, place in enumerate(ranked) if place == 1]
        scores = ", ".join(f"{who(state, h, starts_sentence=False)} {state.scores[h]}" for h in range(state.hand_count))
        if state.solo and OPPONENT in winners:
            if len(winners) == 1:
                return tell(state, "over", WINS_RACE, OPPONENT, target=TARGET, scores=scores)
            both = " and ".join(who(state, h, starts_sentence=h == winners[0]) for h in winners)
            return say("over", WIN_RACE, {}, who=both, target=TARGET, scores=scores)
        return say_winners("over", winners, WINS_RACE, WIN_RACE, target=TARGET, scores=scores)

    def determinize(self, state: BestCandyState, seat: int, rng: random.Random) -> BestCandyState:
        """Resample what `seat` cannot see: the other hands (the solo opponent's order
        included), others' face-down trick cards, the face-down stash, everyone else's suit
        cards and the suit deck (less the top cards `seat` is looking at)."""
        copy = self.copy_state(state)
        others = [h for h in range(copy.hand_count) if h != seat]
        hidden_stash = copy.phase is Phase.FAVOURITE
        face_down = list(kings.hidden_cards(copy, seat)) if copy.kings else []
        pool = [c for h in others for c in copy.hands[h]] + (copy.stash if hidden_stash else [])
        pool += [card for _, card in face_down]
        rng.shuffle(pool)
        for h in others:
            size = len(copy.hands[h])
            copy.hands[h] = pool[:size]
            del pool[:size]
        for k, _ in face_down:
            copy.trick[k] = pool.pop()
        if hidden_stash:
            copy.stash = pool
        if copy.options.teams:
            self._resample_team_cards(copy, seat, rng)
        else:
            self._resample_suit_cards(copy, seat, others, rng)
        copy.log = copy.visible_log(seat)
        copy.seed = rng.getrandbits(62)
        return copy

    @staticmethod
    def _resample_team_cards(copy: BestCandyState, seat: int, rng: random.Random) -> None:
        """Team play: nobody holds a suit card, so only the suit deck's order (less the top cards
        `seat` is looking at) is hidden; the combo cards are teams.resample's."""
        asked = copy.pending[0] if copy.pending else None
        peeking = asked is not None and asked.seat == seat and asked.kind in PEEKS
        combos = copy.combo_deck[: kings.PEEK] if peeking and asked is not None and asked.kind == "favourite" else []
        seen = copy.suit_deck[: kings.PEEK] if peeking and not combos else []
        rest = copy.suit_deck[len(seen) :]
        rng.shuffle(rest)
        copy.suit_deck = seen + rest
        teams.resample(copy, seat, combos, rng)

    @staticmethod
    def _resample_suit_cards(copy: BestCandyState, seat: int, others: list[int], rng: random.Random) -> None:
        """Deal the others new suit cards from those `seat` has not seen (never its own, never
        trump as a kept card), keep their choices' count, and rebuild the suit deck."""
        every = [*SUITS, *copy.white_cards]
        asked = copy.pending[0] if copy.pending else None
        seen = copy.suit_deck[: kings.PEEK] if asked is not None and asked.seat == seat and asked.kind in PEEKS else []
        mine = set(copy.offers[seat]) | set(copy.favourites[seat]) | set(seen)
        free = [s for s in every if s not in mine and s != copy.trump]
        rng.shuffle(free)
        choosing = copy.phase is Phase.FAVOURITE
        for h in others:
            kept, dealt = len(copy.favourites[h]), len(copy.offers[h])
            if choosing and dealt:
                copy.offers[h] = free[:dealt]
                del free[:dealt]
                copy.favourites[h] = copy.offers[h][:kept]
            else:
                copy.favourites[h] = free[:kept]
                del free[:kept]
        held = {s for f in copy.favourites for s in f}
        if choosing:
            # Every dealt suit card is out of the deck until the last keep (`_keep`).
            held.update(s for offers in copy.offers for s in offers)
        else:
            # Their discards went back to the deck: any suit card `seat` never held and nobody kept.
            spare = [s for s in every if s not in mine and s not in held]
            rng.shuffle(spare)
            for h in others:
                extra = len(copy.offers[h]) - len(copy.favourites[h])
                if copy.offers[h]:
                    copy.offers[h] = copy.favourites[h] + spare[:extra]
                    del spare[:extra]
        deck = [s for s in every if s not in held and s != copy.trump and s not in seen]
        rng.shuffle(deck)
        copy.suit_deck = seen + deck
