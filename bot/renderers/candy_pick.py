"""Candy Pick! on Discord.

The table shows the hand number and step, each player's points, tricks this hand and how
many cards they swapped, what the declarations scored, the trick in progress with its named
suit, the last trick with why it was won, and what the last hand gave. A player's message
shows their hand (the cards drawn from the talon marked), the cards picked to discard or
discarded, and only the legal moves: an exchange is picked one card at a time from one
select, with a button to take a pick back and one to exchange. Card pictures come from the
Best Candy renderer.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, Style, hand_screen, move_controls, table_screen
from bot.renderers.best_candy import NEW_CARD_EMOJI, SUIT_EMOJI, card_emoji, card_line, cards_text, suit_text
from rules.candy_kit.cards import DECK, card_text, sort_key, suit_name
from rules.contract import Action, plural
from rules.games.candy_pick.game import TRICK_POINTS
from rules.games.candy_pick.state import HAND_SIZE, CandyPickView

DUELLIST = "🍬"
DEALER = "🃏"
COLOUR = 0xAD1457  # a candy-apple red


def heading(view: CandyPickView) -> str:
    hand = f"Hand {view.hand_number} of {view.hands_in_game}"
    if view.phase == "over":
        return f"{hand} · game over"
    if view.phase == "exchange":
        return f"{hand} · the exchange ({plural(view.talon_size, 'card')} in the talon)"
    return f"{hand} · trick {view.trick_number + 1} of {HAND_SIZE}"


def players_text(seen: Seen, view: CandyPickView) -> str:
    lines = []
    for s in range(view.players):
        dealer = f" {DEALER} dealer" if s == view.dealer else ""
        swapped = view.exchanged[s]
        if swapped is not None:
            status = f" · swapped {plural(swapped, 'card')}"
        elif view.phase == "exchange":
            status = " · exchanging" if view.exchanging == s else " · to exchange"
        else:
            status = ""
        lines.append(
            f"{DUELLIST} **{seen.name(s)}**{dealer}: **{view.scores[s]}** points · "
            f"{plural(view.tricks_won[s], 'trick')} this hand{status}"
        )
    return "\n".join(lines)


def declarations_text(seen: Seen, view: CandyPickView) -> str:
    lines = [seen.line(line) for line in view.announced]
    lines.append(" · ".join(f"{seen.name(s)} +{p}" for s, p in enumerate(view.declared)))
    return "\n".join(lines)


def trick_text(seen: Seen, view: CandyPickView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    return f"Trick suit: {suit_text(view.trick_suit)}\n{seen.name(view.leader)}: {card_line(view.trick[0])}"


def last_trick_text(seen: Seen, view: CandyPickView) -> str:
    leader, winner, suit = view.last_leader, view.last_winner, view.last_suit
    assert leader is not None
    assert winner is not None
    assert suit is not None
    lines = [f"{seen.name((leader + k) % view.players)}: {card_line(c)}" for k, c in enumerate(view.last_trick)]
    card = view.last_trick[(winner - leader) % view.players]
    lines.append(f"Won by **{seen.called(winner)}** with {card_text(card)}, the highest {suit_name(suit)}.")
    return "\n".join(lines)


def last_hand_text(seen: Seen, view: CandyPickView) -> str:
    return "\n".join(
        f"{seen.name(s)}: {view.last_declared[s]} for declarations, "
        f"{plural(view.last_tricks[s], 'trick')} for {view.last_trick_points[s]}"
        for s in range(view.players)
    )


def control_for(action: Action, label: str, group: str | None) -> Control:
    if action.kind == "exchange":
        return Control(action=action, label=label, style="success")
    card = int(action.args[0])
    short = label
    if group is not None:
        short = label.removeprefix("Lead ").removeprefix("Play ").removeprefix("Discard ")
    style: Style = "danger" if action.kind == "take-back" else "primary"
    return Control(
        action=action, label=short, style=style, group=group, emoji=card_emoji(card), description=DECK[card].name
    )


def control_order(action: Action) -> tuple[int, ...]:
    if action.kind == "exchange":
        return (2,)
    return (int(action.kind == "take-back"), *sort_key(int(action.args[0])), len(action.args))


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = sorted(((a, label) for _seat, a, label in seen.legal), key=lambda pair: control_order(pair[0]))
    return move_controls(
        legal,
        control_for,
        {"discard": "Pick a card to discard"},
        button=lambda action: action.kind not in ("discard", "play"),
    )


def prompt(seen: Seen, view: CandyPickView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "exchange":
        most = view.most_exchanged
        picked = len(view.my_picks)
        if not picked:
            return f"Pick 1 to {most} cards to discard, one at a time; then press Exchange to draw as many."
        more = f"pick up to {most - picked} more, or " if picked < most else ""
        return f"{plural(picked, 'card')} picked: {more}press Exchange to draw as many from the talon."
    if not view.trick:
        return "Lead a card and name one of its suits."
    return f"Play a card: follow {suit_text(view.trick_suit)} if you can."


def footer() -> str:
    table = " · ".join(
        f"{low}-{high} {TRICK_POINTS[low]}" if low != high else f"{low} {TRICK_POINTS[low]}"
        for low, high in ((0, 3), (4, 4), (5, 5), (6, 6), (7, 9), (10, 13))
    )
    return f"Four hands, each player deals twice; the most points wins. Tricks taken → points: {table}."


class CandyPickRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (DUELLIST, "a player, their points and their tricks this hand"),
        (DEALER, "who dealt this hand: the other player exchanges and leads first"),
        (NEW_CARD_EMOJI, "a card you drew from the talon in this hand's exchange"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, CandyPickView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.announced:
            fields.append(Field("Declarations", declarations_text(seen, view), inline=False))
        if view.last_winner is not None and view.last_trick:
            fields.append(Field("Last trick", last_trick_text(seen, view), inline=False))
        if view.last_tricks:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title="🍬 Candy Pick!",
            above=(heading(view), body),
            fields=fields,
            footer=footer(),
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, CandyPickView)
        hand = view.my_hand or ()
        fields = [Field("Your hand", cards_text(hand, view.my_drawn), inline=False)]
        if view.my_picks:
            fields.append(Field("Picked to discard", cards_text(view.my_picks), inline=False))
        if view.my_discards:
            fields.append(Field("You discarded", " · ".join(card_text(c) for c in view.my_discards), inline=False))
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="🍬 Candy Pick!: your hand",
            above=(heading(view),),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = CandyPickRenderer()
