"""Rounds and turns: dealing, whose turn it is, drawing, scoring a round, ending the game."""

from __future__ import annotations

from rules.contract import Event, say
from rules.games.thirteen_ghosts.cards import ALL_NUMBERS, card_id, number_of
from rules.games.thirteen_ghosts.knowledge import learn
from rules.games.thirteen_ghosts.seating import is_duel, is_teams, next_slot, own_set, team_of, teammate
from rules.games.thirteen_ghosts.state import ThirteenGhostsState
from rules.kit.words import message

LAST_STANDING = message(
    "{who} is the last one standing and scores a point.", who="{who} are the last one standing and score a point."
)

ROUND_BEGINS = message("Round {round} begins; {who} will start.")
DRAWS_FOUR = message("{who} draws four Ghosts for the team.", who="{who} draw four Ghosts for the team.")
ALL_HIDDEN = message("Every Crypt is hidden. {who} plays first.", who="Every Crypt is hidden. {who} play first.")
ANOTHER_TURN = message("{who} takes another turn.", who="{who} take another turn.")
OUT_MATE_ON = message(
    "{who} is out of the round; {mate} plays on.",
    who="{who} are out of the round; {mate} plays on.",
    mate="{who} is out of the round; {mate} play on.",
)
OUT_OTHERS_SCORE = message(
    "{who} is out of the round; {a} and {b} score a point each.",
    who="{who} are out of the round; {a} and {b} score a point each.",
)
OUT = message("{who} is out of the round.", who="{who} are out of the round.")
WINS_ROUND = message("{who} wins round {round}.", who="{who} win round {round}.")
TEAM_WINS_ROUND = message("{who} and {mate} win round {round}.")
TIED = message(
    (
        "{a} and {b} are tied on {n} point: a two-player game decides.",
        "{a} and {b} are tied on {n} points: a two-player game decides.",
    )
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
    events = [say("round", ROUND_BEGINS, {"who": state.first}, round=state.round)]
    if is_teams(state):
        state.phase = "deal"
        # The seat that draws four alternates inside each team from round to round.
        state.chooser = [team + 2 * ((state.round - 1) % 2) for team in range(2)]
        state.team_step = ["crypts", "crypts"]
        for team, chooser in enumerate(state.chooser):
            drawn = [state.pile[team].pop() for _ in range(4)]
            state.hand[chooser] = drawn
            learn(state, chooser, drawn)
            events.append(say("deal", DRAWS_FOUR, {"who": chooser}))
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
    return [say("turn", ALL_HIDDEN, {"who": state.first})]


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
        events.append(say("turn", ANOTHER_TURN, {"who": seat}))
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
        return [say("out", OUT_MATE_ON, {"who": victim, "mate": teammate(victim)})]
    # Three players (ruling 6): the first knock-out pays the two still in 1 point each; the
    # second ends the round and pays the last one standing 1 more. A round pays 3 points.
    still_in = [s for s in range(state.players) if not state.out[s]]
    if len(still_in) == 2:
        for seat in still_in:
            state.points[seat] += 1
        return [say("out", OUT_OTHERS_SCORE, {"who": victim, "a": still_in[0], "b": still_in[1]})]
    last = still_in[0]
    state.points[last] += 1
    events = [
        say("out", OUT, {"who": victim}),
        say("round", LAST_STANDING, {"who": last}),
    ]
    return events + _next_round(state)


def _round_won(state: ThirteenGhostsState, attacker: int) -> list[Event]:
    side = team_of(state, attacker)
    state.wins[side] += 1
    if is_teams(state):
        won = say("round", TEAM_WINS_ROUND, {"who": attacker, "mate": teammate(attacker)}, round=state.round)
    else:
        won = say("round", WINS_ROUND, {"who": attacker}, round=state.round)
    events = [won]
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
        tied = say("playoff", TIED, {"a": leaders[0], "b": leaders[1]}, n=best)
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
