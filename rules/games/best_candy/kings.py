"""The King cards' effects and the order in which a trick holding them resolves (rulings §17.3-17.4).

Only games with King cards come here. A card is played by `play_card`; `advance` then carries
the trick on until a player must choose (a `Pending` choice, a move for that player alone) or
a player must play. A full trick resolves in the ruled order:

1. as each face-up card is played: the Trade's pairing, the Mom Veto's removal, the 1's suit;
   the 5 and the 7 start acting on later players;
2. after the last card: face-down cards are revealed; their Trade, Veto and 1 act, in that order;
3. the 11 passes every card one seat left; 4. the 9 adds the stash;
5. the winner (the 3: lowest card, trump ignored); 6. the Dad Tax's pick;
7. the winner takes the trick (the 10: one card only); 8. the winner's 8, then 12;
9. the next leader: the 2's holder, else right of the winner after a Prank, else the winner.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.candy_kit.cards import DECK, KING_OF, SUITS, WHITE_CARDS, Effect, card_text, suit_name
from rules.contract import Event, plural, say
from rules.games.best_candy import teams
from rules.games.best_candy import trick as tricks
from rules.games.best_candy.deal import clear_trick
from rules.games.best_candy.state import BestCandyState, Pending
from rules.kit.tricks import winning_play
from rules.kit.words import Msgid, message

#: `how` is " at random" after a face-up 7, else nothing.
PLAYS = message("{who} plays {card}{how}.", who="{who} play {card}{how}.")
PLAYS_FACE_DOWN = message("{who} plays a card{how}, face down.", who="{who} play a card{how}, face down.")
#: The same play, shown to its player only.
PLAYS_CARD_FACE_DOWN = message("{who} plays {card}{how}, face down.", who="{who} play {card}{how}, face down.")
RENAMES = message("{who} names {suit} as the new trick suit.", who="{who} name {suit} as the new trick suit.")
CHOOSES = message("{who} chooses {suit} as the trick suit.", who="{who} choose {suit} as the trick suit.")
#: A card removed or taken from the trick: a player's (`owner`), or the Trade's or the stash's (`pile`).
VETO_REMOVES = message("{who}'s Mom Veto removes {owner}'s {card} from the trick; it goes to the stash.")
VETO_REMOVES_FROM = message("{who}'s Mom Veto removes the {pile}'s {card} from the trick; it goes to the stash.")
TRADE_CARRIES = message(
    ("{who}'s Trade carries {n} card from a take pile.", "{who}'s Trade carries {n} cards from a take pile.")
)
PUTS_UNDER_TRADE = message("{who} puts {card} under the Trade.", who="{who} put {card} under the Trade.")
TAX_TAKES_NOTHING = message("{who}'s Dad Tax takes nothing.")
TAX_TAKES = message("{who}'s Dad Tax takes {owner}'s {card} from the trick.")
TAX_TAKES_FROM = message("{who}'s Dad Tax takes the {pile}'s {card} from the trick.")
KEEPS_ONLY = message(
    (
        "Take One: {who} keeps only {card}; the other card goes to the stash.",
        "Take One: {who} keeps only {card}; the other {n} cards go to the stash.",
    ),
    who=(
        "Take One: {who} keep only {card}; the other card goes to the stash.",
        "Take One: {who} keep only {card}; the other {n} cards go to the stash.",
    ),
)
KEEPS_FAVOURITE = message("{who} keeps the same favourite.", who="{who} keep the same favourite.")
SWAPS_FAVOURITE = message(
    "{who} swaps favourites with a suit card from the deck.",
    who="{who} swap favourites with a suit card from the deck.",
)
LEAVES_TRUMP = message("{who} leaves trump as it is.", who="{who} leave trump as it is.")
MAKES_TRUMP = message("{who}'s Royal Prank makes {suit} trump from the next trick; {old} goes into the suit deck.")
NEXT_LEAD = message("Next Lead: {who} leads the next trick.", who="Next Lead: {who} lead the next trick.")
#: The trick's cards, each with its player (`h0` plays `c0`...), for 1 to 6 players.
_LISTED = {k: ", ".join(f"{{h{i}}} {{c{i}}}" for i in range(k)) for k in range(1, 7)}
TURNED_UP = {k: message(f"The face-down cards are turned up: {cards}.") for k, cards in _LISTED.items()}
PASSED_LEFT = {k: message(f"Pass Left: every card moves one seat left. Now: {cards}.") for k, cards in _LISTED.items()}
PLAYS_AND_RENAMES = message(
    "{who} plays {card}{how} and names {suit} as the new trick suit.",
    who="{who} play {card}{how} and name {suit} as the new trick suit.",
)
PLAYS_AND_NAMES = message(
    "{who} plays {card}{how} and chooses {suit} as the trick suit.",
    who="{who} play {card}{how} and choose {suit} as the trick suit.",
)

TAX = KING_OF[Effect.TAX]
VETO = KING_OF[Effect.VETO]
TRADE = KING_OF[Effect.TRADE]
RENAME = KING_OF[Effect.RENAME]
LEAD = KING_OF[Effect.LEAD]
LOWEST = KING_OF[Effect.LOWEST]
FACE_DOWN = KING_OF[Effect.FACE_DOWN]
RANDOM = KING_OF[Effect.RANDOM]
FAVOURITE = KING_OF[Effect.FAVOURITE]
STASH = KING_OF[Effect.STASH]
ONE_CARD = KING_OF[Effect.ONE_CARD]
ROTATE = KING_OF[Effect.ROTATE]
ROYAL_PRANK = KING_OF[Effect.PRANK]
#: Cards the 8 and the 12 let the winner look at, from the top of the suit deck.
PEEK = 3
#: The Trade carries at most this many cards of its player's take pile.
MOST_PAIRED = 2

# Stages of a trick's resolution, in order.
PLAY, REVEALED, RESOLVED, TAXED, TAKEN, FAVOURITE_DONE, DONE = (
    "play",
    "revealed",
    "resolved",
    "taxed",
    "taken",
    "favourite_done",
    "done",
)


def face_up_in_trick(state: BestCandyState, card: int) -> bool:
    """A card acting on later players: in the trick and face up."""
    if card not in state.trick:
        return False
    return not state.trick_hidden[state.trick.index(card)]


def plays_face_down(state: BestCandyState) -> bool:
    """After a face-up 5, every later card of the trick is played face down."""
    return face_up_in_trick(state, FACE_DOWN)


def plays_at_random(state: BestCandyState) -> bool:
    """After a face-up 7, every later card of the trick is drawn at random from its hand."""
    return face_up_in_trick(state, RANDOM)


def holder(state: BestCandyState, card: int) -> int:
    return state.trick_seats[state.trick.index(card)]


def trade_value(state: BestCandyState) -> int:
    """The Trade's paired cards' printed ranks, in the quarter points the trick core compares."""
    return tricks.QUARTERS * sum(DECK[c].rank for c in state.paired)


def peek(state: BestCandyState) -> list[str]:
    return state.suit_deck[:PEEK]


def favourite_peek(state: BestCandyState) -> list[str]:
    """What the 8's winner looks at: the top suit cards, or in team play the top combo cards."""
    return state.combo_deck[:PEEK] if state.options.teams else peek(state)


# ---- choices --------------------------------------------------------------------


def veto_targets(state: BestCandyState) -> list[int]:
    """Cards the Mom Veto may remove: any in the trick but itself and the Trade, or one paired card."""
    return [c for c in state.trick if c not in (VETO, TRADE)] + list(state.paired)


def tax_targets(state: BestCandyState) -> list[int]:
    """Cards the Dad Tax may take: any in the trick (stash and paired cards too) but itself and the Trade."""
    return [c for c in (*state.trick, *state.paired, *state.trick_stash) if c not in (TAX, TRADE)]


def trick_cards(state: BestCandyState) -> list[int]:
    """Everything the winner would take: played, paired and stash cards."""
    return [*state.trick, *state.paired, *state.trick_stash]


def options(state: BestCandyState, choice: Pending) -> list[tuple[str, int | str | None]]:
    """(move kind, argument) of each legal answer to a pending choice, in a stable order."""
    kind = choice.kind
    if kind == "name":
        names = SUITS if choice.card == RENAME else tricks.suit_choices(choice.card, state.trump, leading=False)
        return [("name", s) for s in names]
    if kind == "veto":
        return [("veto", c) for c in veto_targets(state)]
    if kind == "pair":
        return [("pair", c) for c in state.taken[choice.seat]] + [("pair-stop", None)]
    if kind == "tax":
        return [("tax", c) for c in tax_targets(state)] + [("tax-pass", None)]
    if kind == "keep_one":
        return [("keep-one", c) for c in trick_cards(state)]
    if kind == "favourite":
        return [("favourite", s) for s in favourite_peek(state)] + [("favourite-keep", None)]
    if kind == "trump":
        return [("trump", s) for s in peek(state) if s not in WHITE_CARDS] + [("trump-keep", None)]
    raise ValueError(f"unknown choice {kind}")


def _ask(state: BestCandyState, kind: str, seat: int, card: int) -> list[Event]:
    state.pending.append(Pending(kind=kind, seat=seat, card=card))
    return []


def _asks_on_play(state: BestCandyState, seat: int, card: int, named: bool) -> None:
    """The choice a face-up card asks for as it is played (or revealed)."""
    if card == TRADE and state.taken[seat]:
        _ask(state, "pair", seat, card)
    elif card == VETO and veto_targets(state):
        _ask(state, "veto", seat, card)
    elif (card == RENAME and not named) or (not named and state.trick_suit is None and DECK[card].suited):
        _ask(state, "name", seat, card)


# ---- playing ------------------------------------------------------------------------


def play_card(state: BestCandyState, seat: int, card: int, suit: str | None, at_random: bool = False) -> list[Event]:
    """Put a card in the trick: face down after a 5, else face up with its on-play effect."""
    hidden = plays_face_down(state)
    state.hands[seat].remove(card)
    state.trick.append(card)
    state.trick_seats.append(seat)
    state.trick_hidden.append(hidden)
    how = " at random" if at_random else ""
    if hidden:
        return [
            say("play", PLAYS_FACE_DOWN, {"who": seat}, how=how),
            say("play", PLAYS_CARD_FACE_DOWN, {"who": seat}, (seat,), card=card_text(card), how=how),
        ]
    if suit is None:
        event = say("play", PLAYS, {"who": seat}, card=card_text(card), how=how)
    else:
        named = PLAYS_AND_RENAMES if _name_suit(state, card, suit) else PLAYS_AND_NAMES
        event = say("play", named, {"who": seat}, card=card_text(card), how=how, suit=suit_name(suit))
    _asks_on_play(state, seat, card, named=suit is not None)
    return [event]


def _name_suit(state: BestCandyState, card: int, suit: str) -> bool:
    """Make `suit` the trick suit; whether the card renamed one already named."""
    renamed = state.trick_suit is not None
    state.trick_suit = suit
    if suit in state.named_suits:
        state.named_suits.remove(suit)
    state.named_suits.insert(0, suit)
    return renamed and card == RENAME


def answer(state: BestCandyState, seat: int, kind: str, arg: int | str | None) -> list[Event]:
    """Apply a legal answer to the first pending choice."""
    choice = state.pending.pop(0)
    if kind == "name":
        assert isinstance(arg, str)
        named = RENAMES if _name_suit(state, choice.card, arg) else CHOOSES
        return [say("king", named, {"who": seat}, suit=suit_name(arg))]
    if kind == "veto":
        assert isinstance(arg, int)
        return _veto(state, seat, arg)
    if kind in ("pair", "pair-stop"):
        return _pair(state, seat, arg if isinstance(arg, int) else None, choice)
    if kind in ("tax", "tax-pass"):
        return _tax(state, seat, arg if isinstance(arg, int) else None)
    if kind == "keep-one":
        assert isinstance(arg, int)
        return _keep_one(state, seat, arg)
    if kind in ("favourite", "favourite-keep"):
        if state.options.teams:
            return teams.swap_team_card(state, seat, arg if isinstance(arg, str) else None)
        return _swap_favourite(state, seat, arg if isinstance(arg, str) else None)
    return _swap_trump(state, seat, arg if isinstance(arg, str) else None)


def _from_trick(
    state: BestCandyState, kind: str, texts: tuple[Msgid, Msgid], seat: int, card: int, **args: int | str
) -> Event:
    """A King card's line about a card of the trick: a player's (`texts[0]`, naming them as
    `owner`), or the Trade's or the stash's (`texts[1]`, as `pile`)."""
    if card in state.paired or card in state.trick_stash:
        pile = "Trade" if card in state.paired else "stash"
        return say(kind, texts[1], {"who": seat}, None, pile=pile, card=card_text(card), **args)
    owner = state.trick_seats[state.trick.index(card)]
    return say(kind, texts[0], {"who": seat, "owner": owner}, None, card=card_text(card), **args)


def _veto(state: BestCandyState, seat: int, card: int) -> list[Event]:
    event = _from_trick(state, "king", (VETO_REMOVES, VETO_REMOVES_FROM), seat, card)
    if card in state.paired:
        state.paired.remove(card)
    else:
        k = state.trick.index(card)
        del state.trick[k], state.trick_seats[k], state.trick_hidden[k]
        state.trick_removed += 1
    # A removed card's choices still waiting (a face-down 1's suit) are cancelled with it.
    state.pending = [p for p in state.pending if p.card != card]
    state.stash.append(card)
    return [event]


def _pair(state: BestCandyState, seat: int, card: int | None, choice: Pending) -> list[Event]:
    if card is None:
        return [say("king", TRADE_CARRIES, {"who": seat}, n=len(state.paired))]
    state.taken[seat].remove(card)
    state.paired.append(card)
    events = [say("king", PUTS_UNDER_TRADE, {"who": seat}, card=card_text(card))]
    if len(state.paired) < MOST_PAIRED and state.taken[seat]:
        state.pending.insert(0, choice)
    return events


def _tax(state: BestCandyState, seat: int, card: int | None) -> list[Event]:
    if card is None:
        return [say("king", TAX_TAKES_NOTHING, {"who": seat})]
    event = _from_trick(state, "king", (TAX_TAKES, TAX_TAKES_FROM), seat, card)
    _lift(state, card)
    state.taken[seat].append(card)
    return [event]


def _lift(state: BestCandyState, card: int) -> None:
    """Take a card out of the finished trick, wherever in it it lies."""
    for pile in (state.paired, state.trick_stash):
        if card in pile:
            pile.remove(card)
            return
    k = state.trick.index(card)
    del state.trick[k], state.trick_seats[k], state.trick_hidden[k]


def _keep_one(state: BestCandyState, seat: int, card: int) -> list[Event]:
    rest = [c for c in trick_cards(state) if c != card]
    state.taken[seat].append(card)
    state.stash.extend(rest)
    state.tricks_won[seat] += 1
    _empty_trick_cards(state)
    return [say("king", KEEPS_ONLY, {"who": seat}, card=card_text(card), n=len(rest))]


def _empty_trick_cards(state: BestCandyState) -> None:
    state.trick = []
    state.trick_seats = []
    state.trick_hidden = []
    state.paired = []
    state.trick_stash = []


def _swap_favourite(state: BestCandyState, seat: int, suit: str | None) -> list[Event]:
    if suit is None:
        return [say("king", KEEPS_FAVOURITE, {"who": seat})]
    k = state.suit_deck.index(suit)
    old = state.favourites[seat][0]
    state.suit_deck[k] = old
    state.favourites[seat] = [suit]
    return [
        say("king", SWAPS_FAVOURITE, {"who": seat}),
        Event(
            kind="king",
            text=f"You swap {suit_name(old)} for {suit_name(suit)}: {suit_name(suit)} is your favourite now.",
            seats=(seat,),
        ),
    ]


def _swap_trump(state: BestCandyState, seat: int, suit: str | None) -> list[Event]:
    if suit is None:
        return [say("king", LEAVES_TRUMP, {"who": seat})]
    assert state.trump is not None
    k = state.suit_deck.index(suit)
    old = state.trump
    state.suit_deck[k] = old
    state.trump = suit
    return [say("king", MAKES_TRUMP, {"who": seat}, suit=suit_name(suit), old=suit_name(old))]


# ---- a full trick ---------------------------------------------------------------------


def advance(state: BestCandyState) -> tuple[list[Event], bool]:
    """Carry the trick on until a player must move. Returns the events and whether a trick closed.

    The stage is kept in a local and saved only when the trick stops on a choice (it is the
    inner loop of every computer search)."""
    events: list[Event] = []
    stage = state.stage
    while not state.pending:
        if stage == PLAY:
            if not state.trick_full:
                if not plays_at_random(state):
                    return events, False
                seat = state.turn
                card = state.chance().choice(sorted(state.hands[seat]))
                events.extend(play_card(state, seat, card, None, at_random=True))
                continue
            stage = REVEALED
            events.extend(_reveal(state))
        elif stage == REVEALED:
            stage = RESOLVED
            events.extend(_resolve(state))
        elif stage == RESOLVED:
            stage = TAXED
            if TAX in state.trick and holder(state, TAX) != state.trick_winner and tax_targets(state):
                _ask(state, "tax", holder(state, TAX), TAX)
        elif stage == TAXED:
            stage = TAKEN
            events.extend(_take(state))
        elif stage == TAKEN:
            stage = FAVOURITE_DONE
            if _resolved(state, FAVOURITE) and favourite_peek(state) and state.favourites[_winner(state)]:
                _ask(state, "favourite", _winner(state), FAVOURITE)
        elif stage == FAVOURITE_DONE:
            stage = DONE
            if _resolved(state, ROYAL_PRANK) and any(s not in WHITE_CARDS for s in peek(state)):
                _ask(state, "trump", _winner(state), ROYAL_PRANK)
        else:
            events.extend(_close(state))
            return events, True
    state.stage = stage
    return events, False


def _winner(state: BestCandyState) -> int:
    assert state.trick_winner is not None
    return state.trick_winner


def _resolved(state: BestCandyState, card: int) -> bool:
    """Whether `card` was in the trick when its winner was found (a later Tax or 10 moves it, it still acts)."""
    return card in state.last_trick


def _reveal(state: BestCandyState) -> list[Event]:
    hidden = [k for k, down in enumerate(state.trick_hidden) if down]
    if not hidden:
        return []
    state.trick_hidden = [False] * len(state.trick)
    shown = _listed(TURNED_UP, "reveal", [(state.trick_seats[k], state.trick[k]) for k in hidden])
    revealed = {state.trick[k] for k in hidden}
    # Their own choices, in the ruled order: the Trade, then the Mom Veto, then the 1.
    for card in (TRADE, VETO, RENAME):
        if card in revealed:
            _asks_on_play(state, holder(state, card), card, named=False)
    return [shown]


def _listed(texts: dict[int, Msgid], kind: str, plays: list[tuple[int, int]]) -> Event:
    """A line listing cards of the trick with their players (`h0` `c0`, ...)."""
    roles = {f"h{i}": seat for i, (seat, _) in enumerate(plays)}
    cards = {f"c{i}": card_text(card) for i, (_, card) in enumerate(plays)}
    return say(kind, texts[len(plays)], roles, None, **cards)


def _resolve(state: BestCandyState) -> list[Event]:
    """The 11, the 9, then the winner and who leads next (fixed before the Tax or the 10 move cards)."""
    events: list[Event] = []
    count = state.hand_count
    if ROTATE in state.trick:
        state.trick_seats = [(s + 1) % count for s in state.trick_seats]
        events.append(_listed(PASSED_LEFT, "king", list(zip(state.trick_seats, state.trick, strict=True))))
    if STASH in state.trick and state.stash:
        state.trick_stash = list(state.stash)
        state.stash = []
        joined = plural(len(state.trick_stash), "card")
        events.append(Event(kind="king", text=f"Stash Raid: the stash joins the trick ({joined})."))
    lowest = LOWEST in state.trick
    value = trade_value(state)
    plays = [
        tricks.as_play(seat, card, state.trick_suit, state.trump, value if card == TRADE else 0)
        for card, seat in zip(state.trick, state.trick_seats, strict=True)
    ]
    best_play = winning_play(plays, state.trick_suit, None if lowest else state.trump, lowest)
    winner = plays[best_play].seat
    state.trick_winner = winner
    if LEAD in state.trick:
        state.next_lead = holder(state, LEAD)
    elif any(DECK[c].passes_lead for c in state.trick):
        state.next_lead = (winner - 1) % count
    else:
        state.next_lead = winner
    # Remember the trick as it was won, for the table and for the 8 and 12 after the Tax and the 10.
    state.last_trick = list(state.trick)
    state.last_trick_seats = list(state.trick_seats)
    state.last_trick_leader = state.leader
    state.last_trick_winner = winner
    if lowest:
        events.append(Event(kind="king", text="Lowest Wins: the lowest card of the trick suit takes this trick."))
    events.append(tricks.trick_won(state, winner, state.trick[best_play], state.trick_suit, state.trump, lowest))
    return events


def _take(state: BestCandyState) -> list[Event]:
    winner = _winner(state)
    if _resolved(state, ONE_CARD) and trick_cards(state):
        _ask(state, "keep_one", winner, ONE_CARD)
        return []
    state.taken[winner].extend(trick_cards(state))
    state.tricks_won[winner] += 1
    # The cards stay on show in the trick until it closes (the 8 and 12 may still ask the winner).
    return []


def _close(state: BestCandyState) -> list[Event]:
    lead = state.next_lead
    assert lead is not None
    clear_trick(state)
    state.leader = lead
    if LEAD in state.last_trick:
        return [say("king", NEXT_LEAD, {"who": lead})]
    return []


def hidden_cards(state: BestCandyState, seat: int) -> Iterator[tuple[int, int]]:
    """(position, card) of the trick's face-down cards that `seat` did not play."""
    for k, card in enumerate(state.trick):
        if state.trick_hidden[k] and state.trick_seats[k] != seat:
            yield k, card
