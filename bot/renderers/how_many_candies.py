"""How Many Candies do you Wish on Discord.

The table shows the two teams with their scores toward the target and their bags, every
bid and the tricks taken against it, whether Candy (trump) is broken, the trick in
progress with its named suit, the last trick with why it was won and how the last hand
scored. A player's message shows their hand and only the legal moves (bids 0-12, or cards).
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, hand_screen, move_controls, table_screen
from bot.renderers.best_candy import SUIT_EMOJI, card_emoji, card_line, suit_text
from rules.candy_kit.cards import DECK, card_text, sort_key, suit_name
from rules.contract import Action, plural
from rules.games.how_many_candies.game import TRUMP
from rules.games.how_many_candies.state import TEAMS, HowManyView

TEAM_EMOJI = ("🟠", "🟣")
BAG = "👜"
NIL = "🙅"
COLOUR = 0xC2185B  # candy pink


def heading(view: HowManyView) -> str:
    if view.phase == "over":
        return f"Hand {view.hand_number} · game over"
    if view.phase == "bid":
        return f"Hand {view.hand_number} · bidding · 🍬 Candy is trump"
    broken = "Candy broken" if view.broken else "Candy not broken yet"
    played = sum(view.tricks) + 1
    return f"Hand {view.hand_number} · trick {played} of 12 · 🍬 Candy is trump · {broken}"


def bid_text(bid: int | None) -> str:
    if bid is None:
        return "no bid yet"
    return f"{NIL} nil" if bid == 0 else f"bid {bid}"


def teams_text(seen: Seen, view: HowManyView) -> str:
    lines = []
    for team in range(TEAMS):
        a, b = view.members(team)
        bid = sum(view.bids[s] or 0 for s in (a, b))
        tricks = view.tricks[a] + view.tricks[b]
        lines.append(
            f"{TEAM_EMOJI[team]} **{seen.name(a)} & {seen.name(b)}**: **{view.scores[team]}**/{view.target} · "
            f"{BAG} {view.bags[team]} · this hand {tricks} of {bid} bid"
        )
        for s in (a, b):
            dealer = " (dealer)" if s == view.dealer else ""
            lines.append(f"  {seen.name(s)}{dealer}: {bid_text(view.bids[s])} · {plural(view.tricks[s], 'trick')}")
    return "\n".join(lines)


def seats_from(view: HowManyView, leader: int, count: int) -> list[int]:
    seats = [leader]
    while len(seats) < count:
        seats.append(view.order[(view.order.index(seats[-1]) + 1) % view.players])
    return seats


def played_lines(seen: Seen, view: HowManyView, cards: tuple[int, ...], leader: int) -> str:
    seats = seats_from(view, leader, len(cards))
    return "\n".join(f"{seen.name(s)}: {card_line(c)}" for s, c in zip(seats, cards, strict=True))


def trick_text(seen: Seen, view: HowManyView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    return f"Trick suit: {suit_text(view.trick_suit)}\n{played_lines(seen, view, view.trick, view.leader)}"


def reason(seen: Seen, view: HowManyView) -> str:
    assert view.last_winner is not None
    assert view.last_leader is not None
    assert view.last_suit is not None
    seats = seats_from(view, view.last_leader, len(view.last_trick))
    card = view.last_trick[seats.index(view.last_winner)]
    if TRUMP in DECK[card].suits and view.last_suit != TRUMP:
        why = "the highest Candy, trump"
    else:
        why = f"the highest {suit_name(view.last_suit)}"
    return f"Won by **{seen.called(view.last_winner)}** with {card_text(card)}, {why}."


def last_hand_text(seen: Seen, view: HowManyView) -> str:
    lines = []
    for team, sheet in enumerate(view.last_hand):
        a, b = view.members(team)
        made = "made" if sheet.tricks >= sheet.bid else "missed"
        parts = [f"bid {sheet.bid}, took {sheet.tricks}: {made}, {sheet.contract + sheet.bags:+d}"]
        if sheet.nil:
            parts.append(f"nil {sheet.nil:+d}")
        if sheet.bag_penalty:
            parts.append(f"ten bags -{sheet.bag_penalty}")
        lines.append(
            f"{TEAM_EMOJI[team]} {seen.name(a)} & {seen.name(b)}: " + ", ".join(parts) + f" = **{sheet.total:+d}**"
        )
    return "\n".join(lines)


def hand_text(view: HowManyView) -> str:
    if not view.my_hand:
        return "No cards."
    return "\n".join(card_line(c) for c in view.my_hand)


def control_for(action: Action, label: str, group: str | None) -> Control:
    if action.kind == "bid":
        return Control(action=action, label=label, style="primary", group=group)
    card = int(action.args[0])
    short = label.removeprefix("Play ").removeprefix("Lead ") if group else label
    return Control(
        action=action, label=short, style="primary", group=group, emoji=card_emoji(card), description=DECK[card].name
    )


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(a, label) for _seat, a, label in seen.legal]
    if legal and legal[0][0].kind == "play":
        legal.sort(key=lambda pair: (*sort_key(int(pair[0].args[0])), str(pair[0].args[1:])))
    return move_controls(legal, control_for, {"bid": "Bid"})


def prompt(seen: Seen, view: HowManyView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "bid":
        return "How many tricks will you take? Bid 0 (nil) to 12; your team's bid is yours plus your partner's."
    if not view.trick:
        if not view.broken:
            return "Lead a card and name one of its suits; Candy may not be led until it is broken."
        return "Lead a card and name one of its suits; a Candy card names Candy."
    return f"Play a card: follow {suit_text(view.trick_suit)} if you can."


class HowManyCandiesRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (TEAM_EMOJI[0], "the first team"),
        (TEAM_EMOJI[1], "the second team"),
        (BAG, "bags: tricks taken over the bid (ten cost 100 points)"),
        (NIL, "a nil bid: no trick at all for 100 points"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, HowManyView)
        fields = [Field("Teams", teams_text(seen, view), inline=False)]
        if view.last_winner is not None and view.last_trick:
            last = played_lines(seen, view, view.last_trick, view.last_leader or 0) + "\n" + reason(seen, view)
            fields.append(Field("Last trick", last, inline=False))
        if view.last_hand:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title="🍬 How Many Candies do you Wish",
            above=(heading(view), body),
            fields=fields,
            footer=f"First team to {view.target} wins (the higher team after {view.hands_limit} hands).",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, HowManyView)
        fields = [Field("Your hand", hand_text(view), inline=False)]
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        fields.append(Field("Teams", teams_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="🍬 How Many Candies: your hand",
            above=(heading(view),),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = HowManyCandiesRenderer()
