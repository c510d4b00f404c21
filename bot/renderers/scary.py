"""Scary on Discord.

The table shows the auction (every bid and pass), then the ghost's contract (good candy to
take, trump), the named card and the friend once everyone may know it, the trick in progress
with its named suit, the good candy each player has taken, the scores toward 31, the last
trick and how the last hand scored. A player's message shows their hand (the ghost also sees
the stash cards it got and the cards it laid away; the friend sees that they hold the named
card) and only the legal moves.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, Style, hand_screen, move_controls, table_screen
from bot.renderers.best_candy import KING_EMOJI, NON_TREAT_EMOJI, SUIT_EMOJI, card_emoji, card_line, suit_text
from rules.candy_kit.cards import DECK, card_text, sort_key, suit_name
from rules.contract import Action, plural
from rules.games.scary.game import GOOD, HIGHEST_BID, TARGET, TRICKS, called_text
from rules.games.scary.state import ScaryView

GHOST = "👻"
FRIEND = "🤝"
BUSTER = "🔦"
GOOD_MARK = "⭐"
STASH_MARK = "📦"
COLOUR = 0x37474F  # night grey


def heading(view: ScaryView) -> str:
    if view.phase == "over":
        return f"Hand {view.hand_number} · game over"
    if view.phase == "bid":
        return f"Hand {view.hand_number} · the auction for good candy (11 to {HIGHEST_BID})"
    if view.phase == "discard":
        return f"Hand {view.hand_number} · the ghost takes the stash and lays 3 cards away"
    if view.phase == "call":
        return f"Hand {view.hand_number} · the ghost names a friend's card"
    return f"Hand {view.hand_number} · trick {view.trick_number + 1} of {TRICKS} · trump {suit_text(view.trump)}"


def bid_text(view: ScaryView, seat: int) -> str:
    count, suit = view.bid_counts[seat], view.bid_suits[seat]
    said = "no bid" if count is None or suit is None else f"bid {count} {SUIT_EMOJI[suit]} {suit_name(suit)}"
    if view.passed[seat]:
        return f"{said}, passed" if count is not None else "passed"
    return said


def role(view: ScaryView, seat: int) -> str:
    if view.ghost is None:
        return ""
    if seat == view.ghost:
        return f"{GHOST} "
    if view.friend is not None and seat == view.friend:
        return f"{FRIEND} "
    if view.friend is not None or view.revealed:
        return f"{BUSTER} "
    return ""


def players_text(seen: Seen, view: ScaryView) -> str:
    lines = []
    for s in range(view.players):
        dealer = " (dealer)" if s == view.dealer else ""
        parts = [f"**{view.scores[s]}**/{TARGET}"]
        if view.phase == "bid":
            parts.append(bid_text(view, s))
        else:
            parts.append(f"{GOOD_MARK} {view.good_taken[s]} good candy")
        lines.append(f"{role(view, s)}{seen.name(s)}{dealer}: " + " · ".join(parts))
    return "\n".join(lines)


def contract_text(seen: Seen, view: ScaryView) -> str:
    """The ghost's contract, the named card and the friend as far as this viewer may know."""
    if view.ghost is None or view.trump is None:
        return ""
    lines = [
        f"{GHOST} Ghost: **{seen.name(view.ghost)}** · {view.contract} good candy to take · "
        f"trump {suit_text(view.trump)}"
    ]
    if view.called is not None:
        named = called_text(view.called)
        if view.friend is None:
            lines.append(f"{FRIEND} Friend: whoever holds {named} (secret until it is played)")
        elif view.friend == view.ghost:
            lines.append(f"{FRIEND} Named {named}: the ghost's own card, so the ghost plays alone")
        elif view.revealed:
            lines.append(f"{FRIEND} Friend: **{seen.name(view.friend)}** (holder of {named})")
        else:
            lines.append(f"{FRIEND} Friend: **you** hold {named} (nobody else knows yet)")
        side = {view.ghost} if view.friend is None else {view.ghost, view.friend}
        taken = sum(view.good_taken[s] for s in side)
        whose = "the ghost" if view.friend is None else "the ghost's side"
        more = " (the friend's count joins once known)" if view.friend is None else ""
        lines.append(f"{GOOD_MARK} Good candy for {whose}: {taken} of {view.contract}{more}")
    return "\n".join(lines)


def played_lines(seen: Seen, view: ScaryView, cards: tuple[int, ...], leader: int) -> str:
    seats = view.seat_order(leader, len(cards))
    return "\n".join(
        f"{seen.name(s)}: {card_line(c)}{' ' + GOOD_MARK if c in GOOD else ''}"
        for s, c in zip(seats, cards, strict=True)
    )


def trick_text(seen: Seen, view: ScaryView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    return f"Trick suit: {suit_text(view.trick_suit)}\n{played_lines(seen, view, view.trick, view.leader)}"


def last_trick_text(seen: Seen, view: ScaryView) -> str:
    assert view.last_leader is not None
    assert view.last_winner is not None
    cards = view.last_trick
    best = cards[view.seat_order(view.last_leader, len(cards)).index(view.last_winner)]
    good = sum(1 for c in cards if c in GOOD)
    candy = plural(good, "good candy", "good candy")
    won = f"Won by **{seen.called(view.last_winner)}** with {card_text(best)}: {candy}."
    return played_lines(seen, view, cards, view.last_leader) + "\n" + won


def last_hand_text(seen: Seen, view: ScaryView) -> str:
    sheet = view.last_hand
    assert sheet is not None
    side = seen.name(sheet.ghost) if sheet.friend is None else f"{seen.name(sheet.ghost)} & {seen.name(sheet.friend)}"
    alone = " (alone)" if sheet.friend is None else ""
    verdict = "made it" if sheet.made else "fell short"
    gains = ", ".join(f"{seen.name(s)} +{g}" for s, g in enumerate(sheet.gains) if g)
    return (
        f"{GHOST} {side}{alone}: {sheet.good} good candy of {sheet.bid} bid "
        f"({suit_name(sheet.trump)} trump): {verdict}. {gains}."
    )


def hand_text(view: ScaryView) -> str:
    if not view.my_hand:
        return "No cards."
    lines = []
    for c in view.my_hand:
        marks = ""
        if c in GOOD:
            marks += f" {GOOD_MARK}"
        if c in view.my_stash:
            marks += f" {STASH_MARK} from the stash"
        if c == view.called:
            marks += f" {FRIEND} the named card"
        lines.append(card_line(c) + marks)
    return "\n".join(lines)


def _short(action: Action, label: str) -> str:
    if action.kind == "bid":
        return label.removeprefix("Bid ").replace(" as trump", "")
    if action.kind == "call":
        return label.removeprefix("Name ")
    return label.removeprefix("Play ").removeprefix("Lay away ")


def control_for(action: Action, label: str, group: str | None) -> Control:
    if action.kind in ("bid", "pass"):
        style: Style = "secondary" if action.kind == "pass" else "primary"
        return Control(action=action, label=_short(action, label) if group else label, style=style, group=group)
    card = int(action.args[0])
    return Control(
        action=action,
        label=_short(action, label) if group else label,
        style="danger" if action.kind == "discard" else "primary",
        group=group,
        emoji=card_emoji(card),
        description=DECK[card].name,
    )


VERBS = {"bid": "Bid", "discard": "Lay a card away", "call": "Name a card", "play": "Play a card"}


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(a, label) for _seat, a, label in seen.legal]
    buttons = [(a, label) for a, label in legal if a.kind == "pass"]
    rest = [(a, label) for a, label in legal if a.kind != "pass"]
    if rest and rest[0][0].kind in ("play", "discard"):
        rest.sort(key=lambda pair: (*sort_key(int(pair[0].args[0])), str(pair[0].args[1:])))
    return move_controls(buttons + rest, control_for, VERBS, button=lambda action: action.kind == "pass")


def prompt(seen: Seen, view: ScaryView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "bid":
        low = min((int(a.args[0]) for _s, a, _l in seen.legal if a.kind == "bid"), default=None)
        if low is None:
            return "Nobody may bid higher now: pass."
        return (
            f"Bid at least {low} good candy (of the 21 cards ranked 8 to 13) with a trump suit, or pass for the "
            "rest of this auction."
        )
    if view.phase == "discard":
        return "You are the ghost: lay away 3 cards, one at a time. They count for nobody."
    if view.phase == "call":
        return "Name any card: its holder becomes your secret friend. Naming one of your own cards means playing alone."
    if not view.trick:
        if view.trick_number == 0:
            return "Lead the first trick: no trump, no King Size, no Vampire Teeth if you have anything else."
        return "Lead a card and name one of its suits; a card showing trump names trump."
    if view.trick_suit is None:
        return "Play a card: the first suited card names the trick suit."
    return (
        f"Play a card: follow {suit_text(view.trick_suit)} if you can (a Non-Treat or the King Size is always allowed)."
    )


class ScaryRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (KING_EMOJI, "the King Size (13): it wins any trick"),
        (NON_TREAT_EMOJI, "a Non-Treat (0): it may be played at any time"),
        (GHOST, "the ghost, who won the auction"),
        (FRIEND, "the ghost's secret friend (or the card that names them)"),
        (BUSTER, "a ghostbuster, playing against the ghost"),
        (GOOD_MARK, "good candy: a card ranked 8 to 13"),
        (STASH_MARK, "a card the ghost took from the stash"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ScaryView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.last_winner is not None and view.last_trick and view.phase == "play":
            fields.append(Field("Last trick", last_trick_text(seen, view), inline=False))
        if view.last_hand is not None:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title="👻 Scary",
            above=(heading(view), contract_text(seen, view), body),
            fields=fields,
            footer=f"After a hand in which anyone has {TARGET} points, the most points win.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ScaryView)
        fields = [Field("Your hand", hand_text(view), inline=False)]
        if view.my_discards:
            fields.append(Field("Laid away", "\n".join(card_line(c) for c in view.my_discards), inline=False))
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="👻 Scary: your hand",
            above=(heading(view), contract_text(seen, view)),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = ScaryRenderer()
