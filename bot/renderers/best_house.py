"""Best House on the Block on Discord.

The table shows the hand and trick number, the gold card at the door, trump when the host
turned one up, the trick in progress with its named suit, each player's points with the
tricks and gold won this hand, the stash while it is drafted, the last trick with who took
the trick and who took the gold, and what the last hand scored. A player's message shows
their hand and only the legal moves. Card pictures come from the Best Candy renderer.
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, hand_screen, move_controls, table_screen
from bot.renderers.best_candy import (
    KING_EMOJI,
    NON_TREAT_EMOJI,
    PRANK_EMOJI,
    SUIT_EMOJI,
    card_emoji,
    card_line,
    suit_text,
)
from rules.candy_kit.cards import DECK, card_text, sort_key, suit_name
from rules.contract import Action, plural
from rules.games.best_house.gold import GOLD_SUIT, GOLD_VALUE, gold_text
from rules.games.best_house.state import TARGET, BestHouseView
from rules.kit.words import message

TOOK = message("{who} took {card}")

HOUSE = "🏡"
GOLD = "🪙"
TRUMP = "⭐"
COLOUR = 0xF9A825  # porch-light gold


def gold_line(gold: int) -> str:
    return f"{GOLD} **{gold_text(gold)}** {SUIT_EMOJI[GOLD_SUIT[gold]]}"


def heading(view: BestHouseView) -> str:
    if view.phase == "over":
        return f"Hand {view.hand_number} · game over"
    if view.phase == "draft":
        return f"Hand {view.hand_number} · taking cards from the stash"
    return f"Hand {view.hand_number} · trick {view.trick_number + 1} of {view.tricks_per_hand}"


def trump_line(view: BestHouseView) -> str:
    return "" if view.trump is None else f"{TRUMP} Trump: {suit_text(view.trump)}"


def door_line(view: BestHouseView) -> str:
    if view.gold is None:
        return ""
    return f"At the door: {gold_line(view.gold)} — it goes to the highest {suit_name(GOLD_SUIT[view.gold])} played."


def gold_points(cards: tuple[int, ...]) -> int:
    return sum(GOLD_VALUE[g] for g in cards)


def players_text(seen: Seen, view: BestHouseView) -> str:
    lines = []
    for s in range(view.players):
        dealer = " (dealer)" if s == view.dealer else ""
        gold = f"{GOLD} {gold_points(view.gold_won[s])}"
        pranks = sum(1 for c in view.taken[s] if DECK[c].is_prank)
        prank = f" · {PRANK_EMOJI} {pranks}" if pranks else ""
        lines.append(
            f"{HOUSE} **{seen.name(s)}**{dealer}: **{plural(view.scores[s], 'point')}** · this hand "
            f"{plural(view.tricks_won[s], 'trick')}, {gold}{prank} · {plural(view.hand_sizes[s], 'card')}"
        )
    return "\n".join(lines)


def played_lines(seen: Seen, view: BestHouseView, cards: tuple[int, ...], leader: int) -> str:
    return "\n".join(f"{seen.name((leader + k) % view.players)}: {card_line(c)}" for k, c in enumerate(cards))


def trick_text(seen: Seen, view: BestHouseView) -> str:
    if not view.trick:
        return seen.text(f"Waiting for {{p{view.leader}}} to lead.")
    suit = suit_text(view.trick_suit) if view.trick_suit else "not named yet"
    return f"Trick suit: {suit}\n{played_lines(seen, view, view.trick, view.leader)}"


def stash_text(view: BestHouseView) -> str:
    return "\n".join(card_line(c) for c in view.stash) or "Empty."


def draft_text(seen: Seen, view: BestHouseView) -> str:
    """The stash and the order of the draft, with what has been taken so far."""
    taken = [seen.say(TOOK, {"who": s}, card=card_text(c)) for s, c in enumerate(view.drafted) if c is not None]
    order = " → ".join(seen.name(s) for s in view.drafters)
    parts = [stash_text(view), f"Still to take: {order}"]
    if taken:
        parts.append(" · ".join(taken))
    return "\n".join(parts)


def reason(seen: Seen, view: BestHouseView) -> str:
    """Who won the last trick and its gold card, and why."""
    winner, leader = view.last_winner, view.last_leader
    assert winner is not None
    assert leader is not None
    if view.last_suit is None:
        trick = f"Trick to **{seen.called(winner)}**, who led: nobody played a card with a suit."
    else:
        card = view.last_trick[(winner - leader) % view.players]
        trump = view.trump is not None and view.trump in DECK[card].suits and view.last_suit != view.trump
        what = "trump" if trump else suit_name(view.last_suit)
        trick = f"Trick to **{seen.called(winner)}** with {card_text(card)}, the highest {what}."
    if view.last_gold is None:
        return trick
    if view.last_gold_winner is None:
        suit = suit_name(GOLD_SUIT[view.last_gold])
        return f"{trick}\nGold {gold_text(view.last_gold)} set aside: nobody played {suit}."
    return f"{trick}\nGold {gold_text(view.last_gold)} to **{seen.called(view.last_gold_winner)}**."


def last_trick_text(seen: Seen, view: BestHouseView) -> str:
    assert view.last_leader is not None
    return played_lines(seen, view, view.last_trick, view.last_leader) + "\n" + reason(seen, view)


def last_hand_text(seen: Seen, view: BestHouseView) -> str:
    lines = []
    for s, sheet in enumerate(view.last_hand):
        prank = f" − {PRANK_EMOJI} {sheet.pranks}" if sheet.pranks else ""
        lines.append(
            f"{seen.name(s)}: {plural(sheet.tricks, 'trick')} + {GOLD} {sheet.gold}{prank} = **+{sheet.total}**"
        )
    return "\n".join(lines)


def control_for(action: Action, label: str, group: str | None) -> Control:
    card = int(action.args[0])
    short = label if group is None else label.removeprefix("Play ").removeprefix("Take ")
    return Control(
        action=action,
        label=short,
        style="primary",
        group=group,
        emoji=card_emoji(card),
        description=DECK[card].name,
    )


def control_order(action: Action) -> tuple[int, ...]:
    return (*sort_key(int(action.args[0])), len(action.args))


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = sorted(((a, label) for _seat, a, label in seen.legal), key=lambda pair: control_order(pair[0]))
    return move_controls(legal, control_for, {"take": "Take a stash card"})


def prompt(seen: Seen, view: BestHouseView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "draft":
        return "Take one card from the stash into your hand."
    if not view.trick:
        return "Lead any card and name one of its suits."
    if view.trick_suit is None:
        return "Play any card; a card with a suit names the trick suit."
    return f"Play any card: you need not follow {suit_text(view.trick_suit)}."


class BestHouseRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (PRANK_EMOJI, "a Prank: a point lost for each one in the tricks you win"),
        (NON_TREAT_EMOJI, "a Non-Treat: a card with no suit, worth nothing"),
        (KING_EMOJI, "the King Size: counts as a 13 of the named suit"),
        (HOUSE, "a player and their points"),
        (GOLD, "a gold trick-or-treater card and the gold points won this hand"),
        (TRUMP, "the trump suit, when the host plays with one"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BestHouseView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.phase == "draft":
            fields.append(Field("Stash", draft_text(seen, view), inline=False))
        if view.last_winner is not None and view.last_trick:
            fields.append(Field("Last trick", last_trick_text(seen, view), inline=False))
        if view.last_hand:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase == "play" else ""
        return table_screen(
            seen,
            title=f"{HOUSE} Best House on the Block",
            above=(heading(view), trump_line(view), door_line(view), body),
            fields=fields,
            footer=f"1 point a trick plus gold, less 1 a Prank taken; the game ends after a hand where "
            f"someone reaches {TARGET}.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BestHouseView)
        hand = view.my_hand or ()
        fields = [Field("Your hand", "\n".join(card_line(c) for c in hand) or "No cards.", inline=False)]
        if view.phase == "draft":
            fields.append(Field("Stash", stash_text(view), inline=False))
        if view.phase == "play":
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title=f"{HOUSE} Best House on the Block: your hand",
            above=(heading(view), trump_line(view), door_line(view)),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = BestHouseRenderer()
