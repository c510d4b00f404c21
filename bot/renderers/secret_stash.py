"""Secret Stash on Discord.

The table shows the hand's place in the game, each player's score, bid and tricks with the
King Size and 12s they took, the contract (declarer, bid, trump, look or not), the trick in
progress with its named suit, the last trick and how the last hand scored, with the stash
turned over. The stash itself stays face down on the table: only the declarer who looked
sees it, on their own message, until the hand ends. A player's message shows their hand and
only the legal moves.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, Style, hand_screen, move_controls, table_screen
from bot.renderers.best_candy import FACE_DOWN_EMOJI, KING_EMOJI, SUIT_EMOJI, card_emoji, colour_of, suit_text
from bot.renderers.best_candy import card_line as plain_line
from rules.candy_kit.cards import DECK, KING_SIZE, card_text, sort_key
from rules.contract import Action, plural
from rules.games.secret_stash.game import GRAND, NOTRUMP, SUITS_IN, TOP_TRUMPS, TRUMP, VALUES, seats_from, trick_winner
from rules.games.secret_stash.state import HandSheet, StashView
from rules.kit.words import message

PLAYS_FOR = message("**{who}** plays for {bid}.", who="**{who}** play for {bid}.")

TRUMP_EMOJI = "⭐"
DECLARER_EMOJI = "🎩"
NIL = "🙅"
TWELVE = "🥇"
COLOUR = 0x4E342E  # chocolate brown


#: The four 12s, whose colour ranks them among the top trumps.
TOP_TWELVES = frozenset(TOP_TRUMPS) - {KING_SIZE}


def card_line(card: int) -> str:
    """A card's line; a 12 with its colour, which ranks it among the top trumps."""
    return plain_line(card) + (colour_of(card) if card in TOP_TWELVES else "")


def contract_words(contract: str) -> str:
    if contract == GRAND:
        return f"{TRUMP_EMOJI} Grand"
    if contract == NOTRUMP:
        return "No-trump"
    return f"{suit_text(contract)} trump"


def named_text(suit: str | None) -> str:
    return f"{TRUMP_EMOJI} trump" if suit == TRUMP else suit_text(suit)


def heading(view: StashView) -> str:
    start = f"Hand {view.hand_number} of {view.hands_total}"
    if view.phase == "over":
        return f"{start} · game over"
    if view.phase == "auction":
        return f"{start} · auction"
    if view.phase in ("stash", "exchange"):
        return f"{start} · the declarer and the stash"
    if view.phase == "declare" or view.contract is None:
        return f"{start} · declaring"
    played = sum(view.tricks) + 1
    return f"{start} · {contract_words(view.contract)} (×{VALUES[view.contract]}) · trick {played} of 10"


def bid_text(view: StashView, seat: int) -> str:
    if view.declarer is not None and seat == view.declarer:
        return f"{DECLARER_EMOJI} declarer, " + (f"{NIL} nil bid" if view.bid == 0 else f"bid {view.bid}")
    bid = view.bids[seat]
    if view.passed[seat]:
        return "passed" if bid is None else f"bid {bid}, then passed"
    if bid is None:
        return "no bid yet" if view.phase == "auction" else "did not bid"
    return f"{NIL} nil bid" if bid == 0 else f"bid {bid}"


def taken_text(cards: tuple[int, ...]) -> str:
    """The King Size and the 12s a seat took: they change everyone's multipliers."""
    parts = [f"{KING_EMOJI} the King Size"] if KING_SIZE in cards else []
    twelves = sum(1 for c in cards if c != KING_SIZE)
    if twelves:
        parts.append(f"{TWELVE} " + ("a 12" if twelves == 1 else f"{twelves} twelves"))
    return " · took " + " and ".join(parts) if parts else ""


def players_text(seen: Seen, view: StashView) -> str:
    lines = []
    for seat in range(view.players):
        dealer = " (dealer)" if seat == view.dealer else ""
        tricks = f" · {plural(view.tricks[seat], 'trick')}" if view.phase == "play" else ""
        lines.append(
            f"**{seen.name(seat)}**{dealer}: **{view.scores[seat]}** · {bid_text(view, seat)}{tricks}"
            f"{taken_text(view.top_taken[seat])}"
        )
    return "\n".join(lines)


def contract_text(seen: Seen, view: StashView) -> str:
    if view.declarer is None:
        best = (
            "no bid yet" if view.high_bidder is None else f"best bid {view.high_bid} by {seen.called(view.high_bidder)}"
        )
        return f"Auction: {best}."
    bid = f"{NIL} nil: no trick at all" if view.bid == 0 else f"at least {plural(view.bid, 'trick')}"
    parts = [f"{DECLARER_EMOJI} " + seen.say(PLAYS_FOR, {"who": view.declarer}, bid=bid)]
    if view.looked is True:
        parts.append(f"Looked at the stash and laid cards back: {FACE_DOWN_EMOJI} face down until the hand ends.")
    elif view.looked is False:
        parts.append(f"Plays without looking at the stash (+1 multiplier): {FACE_DOWN_EMOJI} face down.")
    else:
        parts.append(f"The stash: {FACE_DOWN_EMOJI} 3 cards face down.")
    if view.contract is not None:
        parts.append(f"Declared {contract_words(view.contract)}: each multiplier is worth {VALUES[view.contract]}.")
    return "\n".join(parts)


def played_lines(seen: Seen, cards: tuple[int, ...], leader: int) -> str:
    seats = seats_from(leader, len(cards))
    return "\n".join(f"{seen.name(s)}: {card_line(c)}" for s, c in zip(seats, cards, strict=True))


def trick_text(seen: Seen, view: StashView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    return f"Trick suit: {named_text(view.trick_suit)}\n{played_lines(seen, view.trick, view.leader)}"


def reason(seen: Seen, view: StashView) -> str:
    assert view.last_winner is not None
    assert view.last_leader is not None
    assert view.last_suit is not None
    # The last trick was played under this hand's contract once a trick of it is taken; before
    # that it is the previous hand's last trick, played under that hand's contract.
    contract = view.contract if any(view.tricks) else view.last_contract
    assert contract is not None
    card = view.last_trick[trick_winner(view.last_trick, view.last_leader, view.last_suit, contract)]
    trumped = TRUMP in SUITS_IN[contract][card] and view.last_suit != TRUMP
    why = "the highest trump" if trumped else f"the highest {named_text(view.last_suit)}"
    return f"Won by **{seen.called(view.last_winner)}** with {card_text(card)}, {why}."


def sheet_line(seen: Seen, sheet: HandSheet) -> str:
    who = seen.name(sheet.seat)
    if sheet.nil:
        made = "no trick, nil made" if sheet.tricks == 0 else "took a trick, nil lost"
        return f"{who}: {made} = **{sheet.points}**"
    parts = []
    if sheet.no_king_size:
        parts.append(f"no King Size ×{sheet.no_king_size}")
    if sheet.twelves:
        parts.append(f"12s ×{sheet.twelves}")
    if sheet.most_tricks:
        parts.append(f"most tricks ×{sheet.most_tricks}")
    if sheet.no_look:
        parts.append(f"no look ×{sheet.no_look}")
    if sheet.bid_made:
        parts.append(f"bid made ×{sheet.bid_made}")
    earned = " + ".join(parts) or "no multiplier"
    tricks = plural(sheet.tricks, "trick")
    if sheet.declarer and not sheet.bid_made:
        return f"{who} (declarer): {tricks}, short of the bid = **0**"
    return f"{who}: {tricks}; {earned}: {sheet.value} × {sheet.multiplier} = **{sheet.points}**"


def last_hand_text(seen: Seen, view: StashView) -> str:
    lines = [sheet_line(seen, sheet) for sheet in view.last_hand]
    if view.last_stash:
        lines.append("The stash held: " + ", ".join(card_text(c) for c in view.last_stash))
    return "\n".join(lines)


def cards_text(cards: tuple[int, ...], contract: str | None) -> str:
    if not cards:
        return "No cards."
    marks = SUITS_IN[contract] if contract is not None else None
    return "\n".join(
        card_line(c) + (f" {TRUMP_EMOJI}" if marks is not None and TRUMP in marks[c] else "") for c in cards
    )


def control_for(action: Action, label: str, group: str | None) -> Control:
    if action.kind in ("lay", "take-back", "play"):
        card = int(action.args[0])
        short = label.removeprefix("Play ").removeprefix("Lead ") if group and action.kind == "play" else label
        if card in TOP_TWELVES:
            short += colour_of(card)
        style: Style = "danger" if action.kind == "take-back" else "primary"
        return Control(
            action=action, label=short, style=style, group=group, emoji=card_emoji(card), description=DECK[card].name
        )
    if action.kind == "declare":
        contract = str(action.args[0])
        emoji = SUIT_EMOJI.get(contract, TRUMP_EMOJI if contract == GRAND else None)
        return Control(action=action, label=label, style="primary", group=group, emoji=emoji)
    plain: Style = "secondary" if action.kind in ("pass", "no-look") else "primary"
    return Control(action=action, label=label, style=plain, group=group)


def _order(action: Action) -> tuple[object, ...]:
    if action.kind in ("lay", "take-back", "play"):
        return (action.kind != "take-back", *sort_key(int(action.args[0])), str(action.args[1:]))
    return ()


#: The words of a select menu, by the kind of its first move. An exchange's menus start with
#: the stash's cards (they sort first), but its moves are laying down cards.
VERBS = {
    "pass": "Bid",
    "look": "The stash",
    "lay": "Lay down a card",
    "take-back": "Lay down a card",
    "declare": "Declare",
    "play": "Play a card",
}


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = sorted(((a, label) for _seat, a, label in seen.legal), key=lambda pair: _order(pair[0]))
    return move_controls(legal, control_for, VERBS, verb="Choose")


def prompt(seen: Seen, view: StashView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "auction":
        nil = any(a.kind == "nil" for _s, a, _l in seen.legal)
        top = "no bid yet" if view.high_bidder is None else f"the best bid is {view.high_bid}"
        text = f"Your bid ({top}): a higher number of tricks, or pass for good."
        return text + (" On this first turn you may also bid nil: no trick at all for 130." if nil else "")
    if view.phase == "stash":
        return "You declare. Look at the stash and swap cards, or play without looking for an extra multiplier."
    if view.phase == "exchange":
        left = 3 - view.stash_size
        return f"Lay {plural(left, 'card')} face down in the stash (any of your cards, the stash's too)."
    if view.phase == "declare":
        if view.bid == 0:
            return "You bid nil: declare No-trump."
        return "Declare a trump suit, Grand (only the King Size and the 12s are trump) or No-trump."
    if not view.trick:
        return "Lead a card and name one of its suits; a trump card leads trump."
    return f"Play a card: follow {named_text(view.trick_suit)} if you can."


class SecretStashRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_text(suit).split(" ", 1)[1]) for suit, emoji in SUIT_EMOJI.items()),
        (KING_EMOJI, "the King Size, the highest trump"),
        (TWELVE, "a 12 taken: one multiplier each"),
        (TRUMP_EMOJI, "trump"),
        (DECLARER_EMOJI, "the declarer, who won the auction"),
        (NIL, "a nil bid: no trick at all for 130 points"),
        (FACE_DOWN_EMOJI, "the stash, face down"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, StashView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.phase != "over":
            fields.append(Field("Contract", contract_text(seen, view), inline=False))
        if view.last_winner is not None and view.last_trick and view.last_leader is not None:
            last = played_lines(seen, view.last_trick, view.last_leader) + "\n" + reason(seen, view)
            fields.append(Field("Last trick", last, inline=False))
        if view.last_hand:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title="🤫 Secret Stash",
            above=(heading(view), body),
            fields=fields,
            footer="Three hands, everyone deals once; the highest total wins.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, StashView)
        fields = [Field("Your hand", cards_text(view.my_hand or (), view.contract), inline=False)]
        if view.stash is not None:
            fields.append(Field("The stash (only you see it)", cards_text(view.stash, view.contract), inline=False))
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        fields.append(Field("Contract", contract_text(seen, view), inline=False))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="🤫 Secret Stash: your hand",
            above=(heading(view),),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = SecretStashRenderer()
