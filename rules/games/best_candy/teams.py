"""Team play with the green combo suit cards (rulings §17.7).

Two teams: seats 0, 2(, 4) and 1, 3(, 5), so partners sit opposite with 4 players and every
other seat with 6. Each team is dealt two combo cards, seen by its members only; each member
votes in secret for one, the majority keeps it (a tie is drawn at random) and the other goes
back face down. A member's favourite bonus counts taken cards carrying either suit of the team
card; their belly ache cancels only their own bonus. A team's score is its members' scores
added up; the first team to the target (31 for each member unless the host sets it) wins;
ties go to the team bonus of the last hand, then to the team that took the King Size.
"""

from __future__ import annotations

import random
from collections import Counter

from rules.candy_kit.cards import COMBO_CARDS, suit_name
from rules.contract import Event, say
from rules.games.best_candy.scoring import TARGET
from rules.games.best_candy.state import BestCandyOptions, BestCandyState
from rules.kit.errors import RuleError
from rules.kit.words import Msgid, message

VOTED = message("{who} has voted for a team card.", who="{who} have voted for a team card.")
#: A team's players are the roles `m0`, `m1` (and `m2` with 6 players): "Team {m0} & {m1}".
_MEMBERS = {k: " & ".join(f"{{m{i}}}" for i in range(k)) for k in (2, 3)}


def _team_message(text: str, yours: str) -> dict[int, Msgid]:
    """A line about a team (`{team}` in `text`), by team size; its players read `yours`."""
    return {
        k: message(text.replace("{team}", names), **{f"m{i}": yours for i in range(k)}) for k, names in _MEMBERS.items()
    }


TEAM_KEPT = _team_message("Team {team} has kept its team card.", "Your team has kept its team card.")
#: A team's total after a hand.
TEAM_TOTAL = _team_message("Team {team}: {total} in all.", "Your team: {total} in all.")
#: The end: the winning team(s) (`team0`, `team1`: their names) and each team's score.
TEAM_WINS = _team_message(
    "Team {team} wins the race to {target} ({scores}).", "Your team wins the race to {target} ({scores})."
)
#: Both teams level (`team0`, `team1`: their names as seat marks).
TEAMS_SHARE = message("Team {team0} and team {team1} share the win in the race to {target} ({scores}).")
KEEPS_TEAM_CARD = message("{who} keeps the same team card.", who="{who} keep the same team card.")
SWAPS_TEAM_CARD = message(
    "{who} swaps the team card for one from the combo deck.",
    who="{who} swap the team card for one from the combo deck.",
)

TEAMS = 2
#: Combo cards dealt to each team.
DEALT = 2


def team_of(seat: int) -> int:
    return seat % TEAMS


def members(players: int, team: int) -> list[int]:
    return [s for s in range(players) if team_of(s) == team]


def say_team(kind: str, state: BestCandyState, team: int, texts: dict[int, Msgid], **args: int | str) -> Event:
    """A public line about `team`, said to its players as "your team"."""
    seats = members(state.players, team)
    return say(kind, texts[len(seats)], {f"m{i}": s for i, s in enumerate(seats)}, None, **args)


def team_name(players: int, team: int) -> str:
    """How the log names a team: "{p0} & {p2}"."""
    return " & ".join(f"{{p{s}}}" for s in members(players, team))


def target(state: BestCandyState) -> int:
    return state.options.team_target or TARGET * (state.players // TEAMS)


def check_choices(options: BestCandyOptions) -> None:
    """What the host cannot choose whatever the player count."""
    if options.team_target and not options.teams:
        raise RuleError("A team target needs team play on.")


def check(players: int, options: BestCandyOptions) -> None:
    if options.teams and players not in (4, 6):
        raise RuleError("Team play is for 4 or 6 players: two teams, partners sitting apart.")
    check_choices(options)


def deal_team_cards(state: BestCandyState) -> None:
    """Two combo cards to each team, shown to its members; everyone then votes."""
    deck = list(COMBO_CARDS)
    state.chance().shuffle(deck)
    offers = [deck[t * DEALT : (t + 1) * DEALT] for t in range(TEAMS)]
    state.combo_deck = deck[TEAMS * DEALT :]
    state.offers = [list(offers[team_of(s)]) for s in range(state.players)]
    state.favourites = [[] for _ in range(state.players)]
    state.votes = [""] * state.players
    state.team_cards = [""] * TEAMS


def vote(state: BestCandyState, seat: int, combo: str) -> list[Event]:
    """A secret vote; once everyone has voted, each team keeps its majority card."""
    state.votes[seat] = combo
    events = [
        Event(kind="vote", text=f"You vote for {suit_name(combo)} as your team's card.", seats=(seat,)),
        say("vote", VOTED, {"who": seat}),
    ]
    if all(state.votes):
        for team in range(TEAMS):
            events.extend(_keep(state, team))
        state.votes = [""] * state.players
    return events


def _keep(state: BestCandyState, team: int) -> list[Event]:
    seats = members(state.players, team)
    offered = state.offers[seats[0]]
    counts = Counter(state.votes[s] for s in seats)
    most = max(counts.values())
    tied = [c for c in offered if counts[c] == most]
    kept = tied[0] if len(tied) == 1 else state.chance().choice(tied)
    set_team_card(state, team, kept)
    state.combo_deck.extend(c for c in offered if c != kept)
    drawn = " (a tie, drawn at random)" if len(tied) > 1 else ""
    return [
        say_team("favourite", state, team, TEAM_KEPT),
        Event(kind="favourite", text=f"Your team keeps {suit_name(kept)}{drawn}.", seats=tuple(seats)),
    ]


def set_team_card(state: BestCandyState, team: int, combo: str) -> None:
    state.team_cards[team] = combo
    for seat in members(state.players, team):
        state.favourites[seat] = list(COMBO_CARDS[combo])


def swap_team_card(state: BestCandyState, seat: int, combo: str | None) -> list[Event]:
    """The 8 of Kings in team play: swap the team's card for one of the top combo cards."""
    team = team_of(seat)
    if combo is None:
        return [say("king", KEEPS_TEAM_CARD, {"who": seat})]
    k = state.combo_deck.index(combo)
    old = state.team_cards[team]
    state.combo_deck[k] = old
    set_team_card(state, team, combo)
    return [
        say("king", SWAPS_TEAM_CARD, {"who": seat}),
        Event(
            kind="king",
            text=f"Your team's card is now {suit_name(combo)} (it was {suit_name(old)}).",
            seats=tuple(members(state.players, team)),
        ),
    ]


def team_scores(state: BestCandyState) -> list[int]:
    return [sum(state.scores[s] for s in members(state.players, t)) for t in range(TEAMS)]


def game_over(state: BestCandyState) -> bool:
    return max(team_scores(state)) >= target(state)


def standing(state: BestCandyState, team: int) -> tuple[int, int, int]:
    """Team score, then the team's bonus in the last hand, then whether it took the King Size."""
    seats = members(state.players, team)
    last = state.last_hand
    bonus = sum(last[s].bonus for s in seats) if last else 0
    king = int(any(last[s].king_size for s in seats)) if last else 0
    return team_scores(state)[team], bonus, king


def places(state: BestCandyState) -> list[int]:
    """Each seat's place: its team's (both partners win or lose together)."""
    keys = [standing(state, t) for t in range(TEAMS)]
    team_place = [
        1 + sum(len(members(state.players, o)) for o in range(TEAMS) if keys[o] > keys[t]) for t in range(TEAMS)
    ]
    return [team_place[team_of(s)] for s in range(state.players)]


def summary(state: BestCandyState) -> str:
    return over(state).text


def over(state: BestCandyState) -> Event:
    """The game's last line: the winning team (or both, level) and each team's score."""
    ranked = places(state)
    scores = team_scores(state)
    winners = sorted({team_of(s) for s in range(state.players) if ranked[s] == 1})
    listed = ", ".join(f"{team_name(state.players, t)} {scores[t]}" for t in range(TEAMS))
    if len(winners) == 1:
        return say_team("over", state, winners[0], TEAM_WINS, target=target(state), scores=listed)
    names = {f"team{k}": team_name(state.players, t) for k, t in enumerate(winners)}
    return say("over", TEAMS_SHARE, {}, None, target=target(state), scores=listed, **names)


def resample(copy: BestCandyState, seat: int, peeked: list[str], rng: random.Random) -> None:
    """Determinize the combo cards for `seat`: it sees its team's offer (while voting), its
    team's card and the top combo cards it is looking at; the other team's cards, the deck's
    order and every other seat's secret vote are drawn again."""
    mine, other = team_of(seat), 1 - team_of(seat)
    theirs = members(copy.players, other)
    if not copy.team_cards[mine]:
        unknown = [c for c in COMBO_CARDS if c not in copy.offers[seat]]
        rng.shuffle(unknown)
        for s in theirs:
            copy.offers[s] = unknown[:DEALT]
        copy.combo_deck = unknown[DEALT:]
        for s in range(copy.players):
            if s != seat and copy.votes[s]:
                copy.votes[s] = rng.choice(copy.offers[s])
        return
    seen = {copy.team_cards[mine], *peeked}
    unknown = [c for c in COMBO_CARDS if c not in seen]
    rng.shuffle(unknown)
    set_team_card(copy, other, unknown[0])
    for s in theirs:
        copy.offers[s] = unknown[:DEALT]
    copy.combo_deck = list(peeked) + unknown[1:]
