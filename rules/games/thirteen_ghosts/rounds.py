"""Rounds and turns: dealing, whose turn it is, drawing, scoring a round, ending the game."""

from __future__ import annotations

from rules.contract import Event, plural, say
from rules.games.thirteen_ghosts.cards import ALL_NUMBERS, card_id, number_of
from rules.games.thirteen_ghosts.knowledge import learn
from rules.games.thirteen_ghosts.seating import is_duel, is_teams, next_slot, own_set, team_of, teammate
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from rules.kit.words import message

LAST_STANDING = message(
    "{who} is the last one standing and scores a point.", who="{who} are the last one standing and score a point."
)

ROUNDS_TO_WIN = 3
POINTS_TO_END = 6


def start_round(state: ThirteenGhostsState) -> list[Event]:
    """Shuffle, deal, and ask for Crypts (the team deal with four players)."""
    n = state.players
    state.crypt = [None] * n
    state.hand = [[] for _ in range(n)]
    state.face_up = [[] for _ in range(n)]
    state.face_down = [[] for _ in range(n)]
    state.out = [seat not in state.duelists for seat in range(n)]
    state.shield = [False] * n
    state.possible = [ALL_NUMBERS] * n
    state.known = [[] for _ in range(n)]
    state.peeked = []
    state.moves = []
    state.step = ""
    state.extra_turn = False
    state.slot = state.first
    state.turn = state.first
    sets = 2 if is_teams(state) else 1
    state.pile = []
    for card_set in range(sets):
        pile = [card_id(card_set, number) for number in range(1, 14)]
        state.chance().shuffle(pile)
        state.pile.append(pile)
    events = [Event(kind="round", text=f"Round {state.round} begins; {{p{state.first}}} will start.")]
    if is_teams(state):
        state.phase = "deal"
        # The seat that draws four alternates inside each team from round to round.
        state.chooser = [team + 2 * ((state.round - 1) % 2) for team in range(2)]
        state.team_step = ["crypts", "crypts"]
        for team, chooser in enumerate(state.chooser):
            drawn = [state.pile[team].pop() for _ in range(4)]
            state.hand[chooser] = drawn
            learn(state, chooser, drawn)
            events.append(Event(kind="deal", text=f"{{p{chooser}}} draws four Ghosts for the team."))
            events.append(Event(kind="deal", text=f"You drew {_numbers(drawn)}.", seats=(chooser,)))
    else:
        state.phase = "choose"
        for seat in state.duelists:
            # In order, so a Ghost taken back out of the Crypt goes back where it was (ruling G9).
            dealt = sorted([state.pile[0].pop(), state.pile[0].pop()])
            state.hand[seat] = dealt
            learn(state, seat, dealt)
            events.append(Event(kind="deal", text=f"You were dealt {_numbers(dealt)}.", seats=(seat,)))
    return events


def _numbers(cards: list[int]) -> str:
    return ", ".join(str(n) for n in sorted(number_of(c) for c in cards))


def begin_play(state: ThirteenGhostsState) -> list[Event]:
    """Everyone has a Crypt: the first player's turn starts."""
    state.phase = "play"
    state.slot = state.first
    begin_turn(state, state.first)
    return [Event(kind="turn", text=f"Every Crypt is hidden. {{p{state.first}}} plays first.")]


def begin_turn(state: ThirteenGhostsState, seat: int) -> None:
    state.turn = seat
    state.step = ""
    state.peeked = []
    state.shield[seat] = False  # a 4 protects only until its owner's next turn starts


def finish_turn(state: ThirteenGhostsState) -> list[Event]:
    """Draw (if the pile has cards), then the next turn: the same seat again after a 13."""
    seat = state.turn
    events: list[Event] = []
    pile = state.pile[own_set(state, seat)]
    if pile:
        card = pile.pop()
        state.hand[seat].append(card)
        learn(state, seat, [card])
        events.append(Event(kind="draw", text=f"You drew {number_of(card)}.", seats=(seat,)))
    if state.extra_turn:
        state.extra_turn = False
        begin_turn(state, seat)
        events.append(Event(kind="turn", text=f"{{p{seat}}} takes another turn."))
        return events
    state.slot, player = next_slot(state, state.slot)
    begin_turn(state, player)
    return events


def knock_out(state: ThirteenGhostsState, attacker: int, victim: int) -> list[Event]:
    """A hit: score it, and end the round (and maybe the game) when it decides the round."""
    crypt = state.crypt[victim]
    assert crypt is not None
    state.out[victim] = True
    state.possible[victim] = 1 << number_of(crypt)
    if is_duel(state):
        return _round_won(state, attacker)
    if is_teams(state):
        if state.out[teammate(victim)]:
            return _round_won(state, attacker)
        return [Event(kind="out", text=f"{{p{victim}}} is out of the round; {{p{teammate(victim)}}} plays on.")]
    # Three players (ruling 6): the first knock-out pays the two still in 1 point each; the
    # second ends the round and pays the last one standing 1 more. A round pays 3 points.
    still_in = [s for s in range(state.players) if not state.out[s]]
    if len(still_in) == 2:
        for seat in still_in:
            state.points[seat] += 1
        names = " and ".join(f"{{p{s}}}" for s in still_in)
        return [Event(kind="out", text=f"{{p{victim}}} is out of the round; {names} score a point each.")]
    last = still_in[0]
    state.points[last] += 1
    events = [
        Event(kind="out", text=f"{{p{victim}}} is out of the round."),
        say("round", LAST_STANDING, {"who": last}),
    ]
    return events + _next_round(state)


def _round_won(state: ThirteenGhostsState, attacker: int) -> list[Event]:
    side = team_of(state, attacker)
    state.wins[side] += 1
    who = f"{{p{attacker}}} and {{p{teammate(attacker)}}}" if is_teams(state) else f"{{p{attacker}}}"
    events = [Event(kind="round", text=f"{who} win round {state.round}.")]
    return events + _next_round(state)


def _next_round(state: ThirteenGhostsState) -> list[Event]:
    """Game over, a three-player playoff, or the next round with the next first player."""
    state.step = ""
    state.peeked = []
    state.extra_turn = False
    if is_duel(state) or is_teams(state):
        if max(state.wins) >= ROUNDS_TO_WIN:
            state.phase = "over"
            return []
    elif max(state.points) >= POINTS_TO_END:
        best = max(state.points)
        leaders = [s for s in range(state.players) if state.points[s] == best]
        if len(leaders) != 2:
            state.phase = "over"
            return []
        state.playoff = True
        state.duelists = leaders
        state.wins = [0] * state.players
        state.round += 1
        state.first = leaders[state.chance().randrange(2)]
        names = " and ".join(f"{{p{s}}}" for s in leaders)
        tied = Event(kind="playoff", text=f"{names} are tied on {plural(best, 'point')}: a two-player game decides.")
        return [tied, *start_round(state)]
    state.round += 1
    state.first = _next_first(state)
    return start_round(state)


def _next_first(state: ThirteenGhostsState) -> int:
    """The first player moves one seat clockwise (alternates with two players)."""
    for step in range(1, state.players + 1):
        seat = (state.first + step) % state.players
        if seat in state.duelists:
            return seat
    raise AssertionError("no player left")
