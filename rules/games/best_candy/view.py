"""What one seat (or a spectator) may see of a Best Candy game, and its text picture."""

from __future__ import annotations

from rules.candy_kit.cards import DECK, card_text, sort_key, suit_name
from rules.contract import View, plural
from rules.games.best_candy import teams
from rules.games.best_candy.scoring import TARGET
from rules.games.best_candy.state import OPPONENT, BestCandyState, HandScore, Pending, Phase

#: A face-down card of the trick, as everyone but its player sees it.
HIDDEN = -1
#: Choices that show their player the top of the suit deck.
PEEKS = frozenset(("favourite", "trump"))


class BestCandyView(View):
    players: int
    solo: bool
    phase: Phase
    hand_number: int
    colours: tuple[str, ...]
    #: The viewer's own cards, sorted by suit and rank (empty for a spectator).
    hand: tuple[int, ...]
    #: Suit cards the viewer may still keep one of.
    offers: tuple[str, ...]
    #: The viewer's kept favourite suit(s).
    favourites: tuple[str, ...]
    #: Per hand (a solo game's opponent is hand 1): who has kept a favourite, cards held.
    chosen: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    stash_revealed: bool
    stash: tuple[int, ...]
    stash_size: int
    drafters: tuple[int, ...]
    trump: str | None
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    tricks_won: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    last_trick: tuple[int, ...]
    last_trick_leader: int
    last_trick_winner: int | None
    last_hand: tuple[HandScore, ...]
    named_suits: tuple[str, ...]
    # ---- the King-Sized expansion ----
    kings: tuple[int, ...] = ()
    white_cards: tuple[str, ...] = ()
    #: Per trick card: who counts as its player, and whether it lies face down (then it is
    #: `HIDDEN` in `trick` for everyone but its player).
    trick_seats: tuple[int, ...] = ()
    trick_hidden: tuple[bool, ...] = ()
    paired: tuple[int, ...] = ()
    trick_stash: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    #: The top suit cards the viewer is looking at (the 8 or the 12 of Kings), else empty.
    peek: tuple[str, ...] = ()
    trick_winner: int | None = None
    last_trick_seats: tuple[int, ...] = ()
    # ---- team play ----
    teams: bool = False
    team_target: int = 0
    #: The viewer's team's combo card ("" while voting, or for a spectator) and the viewer's vote.
    team_card: str = ""
    vote: str = ""

    @property
    def hand_count(self) -> int:
        return max(self.players, 2)

    @property
    def asked(self) -> Pending | None:
        """The King card's choice the game waits on, if any."""
        return self.pending[0] if self.pending else None

    def pranks_taken(self, hand: int) -> int:
        return sum(1 for c in self.taken[hand] if DECK[c].is_prank)

    def trick_plays(self) -> list[tuple[int, int]]:
        """(hand, card) of the trick in progress, in playing order (`HIDDEN` for a face-down card)."""
        if self.trick_seats:
            return list(zip(self.trick_seats, self.trick, strict=True))
        return [((self.leader + k) % self.hand_count, c) for k, c in enumerate(self.trick)]

    def last_trick_plays(self) -> list[tuple[int, int]]:
        if self.last_trick_seats:
            return list(zip(self.last_trick_seats, self.last_trick, strict=True))
        return [((self.last_trick_leader + k) % self.hand_count, c) for k, c in enumerate(self.last_trick)]


def build_view(state: BestCandyState, seat: int | None) -> BestCandyView:
    own_cards: tuple[int, ...] = ()
    offers: tuple[str, ...] = ()
    favourites: tuple[str, ...] = ()
    if seat is not None:
        own_cards = tuple(sorted(state.hands[seat], key=sort_key))
        offers = tuple(state.offers[seat])
        favourites = tuple(state.favourites[seat])
    revealed = state.phase is not Phase.FAVOURITE
    hidden = state.trick_hidden or [False] * len(state.trick)
    trick = [
        HIDDEN if down and state.trick_seats[k] != seat else card
        for k, (card, down) in enumerate(zip(state.trick, hidden, strict=True))
    ]
    asked = state.pending[0] if state.pending else None
    peeking = asked is not None and asked.seat == seat and asked.kind in PEEKS
    team_play = state.options.teams
    peek = state.combo_deck if team_play and asked is not None and asked.kind == "favourite" else state.suit_deck
    voting = team_play and state.phase is Phase.FAVOURITE
    return BestCandyView(
        seat=seat,
        players=state.players,
        solo=state.solo,
        phase=state.phase,
        hand_number=state.hand_number,
        colours=tuple(state.colours),
        hand=own_cards,
        offers=offers,
        favourites=favourites,
        chosen=tuple(bool(v) for v in state.votes) if voting else tuple(bool(f) for f in state.favourites),
        hand_sizes=tuple(len(h) for h in state.hands),
        stash_revealed=revealed,
        stash=tuple(state.stash) if revealed else (),
        stash_size=len(state.stash),
        drafters=tuple(state.drafters),
        trump=state.trump,
        leader=state.leader,
        turn=state.turn if state.phase is Phase.TRICKS else None,
        trick=tuple(trick),
        trick_suit=state.trick_suit,
        tricks_won=tuple(state.tricks_won),
        taken=tuple(tuple(t) for t in state.taken),
        scores=tuple(state.scores),
        last_trick=tuple(state.last_trick),
        last_trick_leader=state.last_trick_leader,
        last_trick_winner=state.last_trick_winner,
        last_hand=tuple(state.last_hand),
        named_suits=tuple(state.named_suits),
        kings=tuple(state.kings),
        white_cards=tuple(state.white_cards),
        trick_seats=tuple(state.trick_seats),
        trick_hidden=tuple(state.trick_hidden),
        paired=tuple(state.paired),
        trick_stash=tuple(state.trick_stash),
        pending=tuple(state.pending),
        peek=tuple(peek[:3]) if peeking else (),
        trick_winner=state.trick_winner,
        last_trick_seats=tuple(state.last_trick_seats),
        teams=team_play,
        team_target=teams.target(state) if team_play else 0,
        team_card=state.team_cards[teams.team_of(seat)] if team_play and seat is not None else "",
        vote=state.votes[seat] if voting and seat is not None else "",
    )


def shown_card(card: int) -> str:
    return "a face-down card" if card == HIDDEN else card_text(card)


def hand_name(view: BestCandyView, hand: int) -> str:
    return "Opponent" if view.solo and hand == OPPONENT else f"{{p{hand}}}"


def render_text(view: BestCandyView) -> str:
    lines = [f"Best Candy on the Block, hand {view.hand_number} ({view.phase.value}); first to {TARGET}."]
    lines.append("Trump: " + (suit_name(view.trump) if view.trump else "not revealed yet"))
    if view.stash_revealed:
        lines.append("Stash: " + (", ".join(card_text(c) for c in view.stash) or "empty"))
    else:
        lines.append(f"Stash: {view.stash_size} cards face down")
    for hand in range(view.hand_count):
        lines.append(
            f"{hand_name(view, hand)}: {plural(view.scores[hand], 'point')}, {plural(view.tricks_won[hand], 'trick')}, "
            f"{plural(view.pranks_taken(hand), 'prank')}, {plural(view.hand_sizes[hand], 'card')} in hand"
        )
    if view.trick or view.phase is Phase.TRICKS:
        played = ", ".join(f"{hand_name(view, h)} {shown_card(c)}" for h, c in view.trick_plays()) or "nothing yet"
        suit = suit_name(view.trick_suit) if view.trick_suit else "not chosen"
        lines.append(f"Trick (suit {suit}): {played}")
    if view.paired:
        lines.append("Under the Trade: " + ", ".join(card_text(c) for c in view.paired))
    if view.asked is not None:
        lines.append(f"Waiting for {hand_name(view, view.asked.seat)} to answer {DECK[view.asked.card].name}.")
    if view.teams:
        totals = [sum(view.scores[s] for s in teams.members(view.players, t)) for t in range(teams.TEAMS)]
        lines.append(
            "Teams: "
            + "; ".join(f"{teams.team_name(view.players, t)} {totals[t]}" for t in range(teams.TEAMS))
            + f" (first to {view.team_target})"
        )
    if view.last_trick_winner is not None:
        played = ", ".join(f"{hand_name(view, h)} {card_text(c)}" for h, c in view.last_trick_plays())
        lines.append(f"Last trick, won by {hand_name(view, view.last_trick_winner)}: {played}")
    if view.seat is not None:
        lines.append("Your hand: " + (", ".join(card_text(c) for c in view.hand) or "empty"))
        if view.team_card:
            lines.append("Your team's card: " + suit_name(view.team_card))
        elif view.favourites:
            lines.append("Your favourite: " + ", ".join(suit_name(s) for s in view.favourites))
        elif view.offers:
            lines.append("Your suit cards: " + ", ".join(suit_name(s) for s in view.offers))
    if view.peek:
        lines.append("You look at the top cards: " + ", ".join(suit_name(s) for s in view.peek))
    return "\n".join(lines)
