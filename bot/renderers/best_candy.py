"""Best Candy on the Block on Discord.

The table shows the trick in progress (who played what, the trick suit and
trump), each player's tricks, Pranks and score toward 31, the stash while it
is drafted, the last trick and the last hand's score sheet. A player's hand
message shows their cards sorted by suit and rank with every suit on each
card, their favourite suit, and only the legal moves: buttons when there are
few, else selects of up to 25 cards each.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bot.renderers.base import (
    Control,
    ControlFor,
    Field,
    Screen,
    Seen,
    Style,
    hand_screen,
    move_controls,
    table_screen,
)
from rules.candy_kit.cards import COLOURS, COMBO_CARDS, DECK, KING_OF, SUITS, Effect, card_text, sort_key, suit_name
from rules.contract import Action, plural
from rules.games.best_candy import teams
from rules.games.best_candy.scoring import TARGET
from rules.games.best_candy.state import OPPONENT, Phase
from rules.games.best_candy.view import HIDDEN, BestCandyView
from rules.games.best_candy.words import QUESTIONS

SUIT_EMOJI: dict[str, str] = {
    "chocolate": "🍫",
    "candy": "🍬",
    "fruit": "🍎",
    "caramel": "🍮",
    "halloween": "🎃",
    "nuts": "🥜",
    "gummy": "🐻",
    "sour": "🍋",
    "coconut": "🥥",
    "marshmallow": "☁️",
}
#: The expansion's new white suit cards.
WHITE_EMOJI: dict[str, str] = {
    "three_flavors": "🍭",
    "one_flavor": "🍡",
    "black": "⬛",
    "orange": "🟧",
    "green": "🟩",
    "purple": "🟪",
}
PRANK_EMOJI = "🧻"
NON_TREAT_EMOJI = "🪨"
KING_EMOJI = "👑"
KING_CARD_EMOJI = "🤴"
FACE_DOWN_EMOJI = "🂠"
TEAM_EMOJI = "🤝"
#: What a player is told while a King card waits on someone else's choice.
WAITING: dict[str, str] = {
    "name": "naming a new trick suit",
    "veto": "choosing a card for the Mom Veto to remove",
    "pair": "choosing cards to put under the Trade",
    "tax": "choosing a card for the Dad Tax",
    "keep_one": "choosing the one card to keep",
    "favourite": "looking at the top cards of a deck",
    "trump": "looking at the top cards of the suit deck",
}
OPPONENT_NAME = "🤖 Opponent"
COLOUR = 0x6A1B9A  # grape


def card_emoji(card_id: int) -> str:
    card = DECK[card_id]
    if card.is_prank:
        return PRANK_EMOJI
    if card.is_non_treat:
        return NON_TREAT_EMOJI
    if card.is_king_size:
        return KING_EMOJI
    if card.is_king:
        return KING_CARD_EMOJI
    return SUIT_EMOJI[card.suits[0]]


@functools.lru_cache(maxsize=256)  # a card's line never changes (the deck is fixed); a hand shows many at every move
def card_line(card_id: int) -> str:
    """`7` 🍫🥥 Chocolate/Coconut: every suit the card carries; a face-down card as its back."""
    if card_id == HIDDEN:
        return f"{FACE_DOWN_EMOJI} face down"
    card = DECK[card_id]
    if card.suits:
        return (
            f"`{card.rank}` {''.join(SUIT_EMOJI[s] for s in card.suits)} {'/'.join(suit_name(s) for s in card.suits)}"
        )
    return f"{card_emoji(card_id)} {card_text(card_id)}"


def colour_of(card_id: int) -> str:
    """ " (orange)": a ranked treat's colour, for the games whose rules name cards by colour; ""
    for any other card."""
    card = DECK[card_id]
    return f" ({card.colour})" if card.suits and card.colour in COLOURS else ""


def coloured_line(card_id: int) -> str:
    """`card_line` with the card's colour: "`12` 🍬🍎 Sour/Fruit (orange)"."""
    return card_line(card_id) + (colour_of(card_id) if card_id != HIDDEN else "")


#: A card received in a pass or drawn in an exchange, on its owner's hand.
NEW_CARD_EMOJI = "📥"


def cards_text(cards: tuple[int, ...], new: tuple[int, ...] = ()) -> str:
    """A card a line, those in `new` marked; "No cards." for none."""
    if not cards:
        return "No cards."
    return "\n".join(card_line(c) + (f" {NEW_CARD_EMOJI}" if c in new else "") for c in cards)


def passing_fields(
    hand: tuple[int, ...], received: tuple[int, ...], picks: tuple[int, ...], passed: tuple[int, ...], playing: bool
) -> list[Field]:
    """A player's cards in a game that passes cards before its tricks: the hand (received cards
    marked), the cards picked to pass and, once the tricks are on, the cards passed."""
    fields = [Field("Your hand", cards_text(hand, received), inline=False)]
    if picks:
        fields.append(Field("Cards you are passing", cards_text(picks), inline=False))
    if playing and passed:
        fields.append(Field("You passed", " · ".join(card_text(c) for c in passed), inline=False))
    return fields


def passing_controls(
    seen: Seen, control: ControlFor, order: Callable[[Action], tuple[int, ...]]
) -> tuple[Control, ...]:
    """A player's moves in a game that passes cards before its tricks, sorted by `order`: past five,
    the cards in select menus, each take-back of a picked card still a button."""
    legal = sorted(((a, label) for _seat, a, label in seen.legal), key=lambda pair: order(pair[0]))
    return move_controls(
        legal, control, {"pass": "Pick a card to pass"}, button=lambda action: action.kind == "take-back"
    )


def passing_prompt(picked: bool, legal: bool, left: int, where: str) -> str:
    """What to do while the cards are passed: pick `left` more to pass `where`, or wait for the others."""
    if not legal or left <= 0:
        if not picked:
            return ""
        done = "Your cards are picked; they go once everyone has picked."
        # Until the last pick of the table a pick can be taken back (ruling G9).
        return f"{done} Until then you can take one back." if legal else done
    return (
        f"Pick {plural(left, 'more card')} to pass {where}; "
        "they go once everyone has picked, and nobody sees them until then."
    )


def named_suit_prompt(trick: tuple[int, ...], trick_suit: str | None) -> str:
    """What to do in a trick whose first suited card names its suit: lead, play on, or follow."""
    if not trick:
        return "Lead a card and name one of its suits."
    if trick_suit is None:
        return "Play any card; a suited card names the trick suit."
    return f"Play a card: follow {suit_text(trick_suit)} if you can."


def suit_emoji(suit: str) -> str:
    """A suit card's emoji: a suit, a new white card, or a combo card's two suits."""
    if suit in COMBO_CARDS:
        return "".join(SUIT_EMOJI[s] for s in COMBO_CARDS[suit])
    return SUIT_EMOJI.get(suit) or WHITE_EMOJI[suit]


def suit_text(suit: str | None) -> str:
    return "—" if suit is None else f"{suit_emoji(suit)} {suit_name(suit)}"


def who(seen: Seen, view: BestCandyView, hand: int, *, inside: bool = False) -> str:
    """A hand's player (or the solo opponent); `inside` a sentence the reader is "you"."""
    if view.solo and hand == OPPONENT:
        return OPPONENT_NAME
    return seen.called(hand) if inside else seen.name(hand)


def trick_text(seen: Seen, view: BestCandyView) -> str:
    plays = view.trick_plays()
    if not plays and view.asked is None:
        return f"Trump {suit_text(view.trump)} · waiting for {who(seen, view, view.leader, inside=True)} to lead."
    played = "\n".join(f"{who(seen, view, h)}: {card_line(c)}" for h, c in plays)
    extra = ""
    if view.paired:
        extra += "\nUnder the Trade: " + " · ".join(card_line(c) for c in view.paired)
    if view.trick_stash:
        extra += "\nFrom the stash: " + " · ".join(card_line(c) for c in view.trick_stash)
    if view.trick_winner is not None and plays:
        extra += f"\nWon by **{who(seen, view, view.trick_winner, inside=True)}**"
    if view.asked is not None:
        extra += f"\nWaiting for {who(seen, view, view.asked.seat, inside=True)}: {WAITING[view.asked.kind]}."
    return f"Trump {suit_text(view.trump)} · trick suit {suit_text(view.trick_suit)}\n{played}{extra}"


def players_text(seen: Seen, view: BestCandyView) -> str:
    lines = []
    choosing = " · voting for the team card" if view.teams else " · choosing a favourite"
    target = "" if view.teams else f"/{TARGET}"
    for hand in range(view.hand_count):
        kept = "" if view.phase is not Phase.FAVOURITE or view.chosen[hand] else choosing
        lines.append(
            f"**{who(seen, view, hand)}**: **{view.scores[hand]}**{target} · "
            f"{plural(view.tricks_won[hand], 'trick')} · "
            f"{view.pranks_taken(hand)} {PRANK_EMOJI} · {plural(view.hand_sizes[hand], 'card')}{kept}"
        )
    if view.teams:
        for team in range(teams.TEAMS):
            seats = teams.members(view.players, team)
            total = sum(view.scores[s] for s in seats)
            names = " & ".join(who(seen, view, s) for s in seats)
            lines.append(f"{TEAM_EMOJI} {names}: **{total}**/{view.team_target}")
    return "\n".join(lines)


def stash_text(seen: Seen, view: BestCandyView) -> str:
    cards = ", ".join(card_line(c) for c in view.stash) or "empty"
    order = " → ".join(who(seen, view, h) for h in view.drafters)
    return f"{cards}\nStill to take: {order}" if order else cards


def last_trick_text(seen: Seen, view: BestCandyView) -> str:
    assert view.last_trick_winner is not None
    played = " · ".join(f"{who(seen, view, h)} {card_line(c)}" for h, c in view.last_trick_plays())
    return f"{played}\nWon by **{who(seen, view, view.last_trick_winner, inside=True)}**"


def last_hand_text(seen: Seen, view: BestCandyView) -> str:
    lines = []
    for hand, sheet in enumerate(view.last_hand):
        favourite = " ".join(suit_text(s) for s in sheet.favourites)
        bonus = "belly ache 🤢, no bonus" if sheet.belly_ache else f"+{sheet.bonus} bonus"
        kings = f", {sheet.king_points:+d} {KING_CARD_EMOJI}" if sheet.king_points else ""
        lines.append(
            f"{who(seen, view, hand)}: {plural(sheet.tricks, 'trick')}, -{plural(sheet.pranks, 'prank')}, "
            f"{bonus}{kings} "
            f"({favourite}) = **{sheet.points}**"
        )
    return "\n".join(lines)


def hand_text(view: BestCandyView) -> str:
    """The hand sorted by top suit, then rank (the view's order), one line per suit group."""
    if not view.hand:
        return "No cards."
    groups: dict[str, list[str]] = {}
    for card_id in view.hand:
        card = DECK[card_id]
        key = suit_name(card.suits[0]) if card.suits else "No suit"
        groups.setdefault(key, []).append(card_line(card_id))
    return "\n".join(f"**{name}**: " + " · ".join(cards) for name, cards in groups.items())


def heading(view: BestCandyView) -> str:
    phase = {
        Phase.FAVOURITE: "voting for team cards" if view.teams else "keeping favourite suits",
        Phase.DRAFT: "taking from the stash",
        Phase.TRICKS: "playing tricks",
        Phase.OVER: "game over",
    }[view.phase]
    colours = "" if len(view.colours) in (0, 4) else f" · colours: {', '.join(view.colours)}"
    return f"Hand {view.hand_number} · {phase} · trump {suit_text(view.trump)}{colours}"


def control_for(action: Action, label: str, group: str | None = None) -> Control:
    arg = action.args[0] if action.args else None
    if arg is None:
        style: Style = "danger" if action.kind == "take-back" else "secondary"
        return Control(action=action, label=label, style=style, group=group)
    if isinstance(arg, str):
        return Control(action=action, label=label, style="primary", emoji=suit_emoji(arg), group=group)
    card_id = arg
    short = label.removeprefix("Play ").removeprefix("Take ") if group and action.kind in ("play", "take") else label
    return Control(
        action=action,
        label=short,
        style="primary",
        group=group,
        emoji=card_emoji(card_id),
        description=DECK[card_id].name,
    )


def control_order(action: Action) -> tuple[int, ...]:
    """Cards in hand order (by suit, then rank), each card's suit choices in suit order; a
    choice's "no" (take nothing, keep your favourite) last."""
    if not action.args:
        return (1_000,)
    if isinstance(action.args[0], str):
        return ()  # suit cards stay in the order dealt or shown
    suit = SUITS.index(str(action.args[1])) if len(action.args) > 1 else -1
    return (*sort_key(int(action.args[0])), suit)


#: The select menu's placeholder when there are many choices of one kind.
VERBS: dict[str, str] = {
    "take": "Take a stash card",
    "name": "Name the trick suit",
    "veto": "Remove a card",
    "pair": "Put a card under the Trade",
    "tax": "Take a card",
    "keep-one": "Keep a card",
}


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = sorted(((action, label) for _seat, action, label in seen.legal), key=lambda pair: control_order(pair[0]))
    return move_controls(legal, control_for, VERBS)


def prompt(seen: Seen, view: BestCandyView) -> str:
    if not seen.legal:
        return ""
    if view.asked is not None:
        card = DECK[view.asked.card]
        what = QUESTIONS[view.asked.kind]
        if view.teams and view.asked.kind == "favourite":
            what = "you may swap your team's card for one of the top combo cards"
        return f"{card.name}: {what[0].upper()}{what[1:]}."
    if view.phase is Phase.FAVOURITE:
        if any(action.kind == "take-back" for _seat, action, _label in seen.legal):
            if view.teams:
                return "Your vote is in. You may take it back and vote again until the last player has voted."
            return "Your favourite is kept. You may take it back and keep another until the last player has kept one."
        if view.teams:
            return "Vote in secret for your team's card; the most votes keeps it."
        return "Keep one suit card as your secret favourite."
    if view.phase is Phase.DRAFT:
        return "Take one card from the stash."
    down = " face down (the 5 of Kings)" if view.kings and _after_face_down(view) else ""
    if view.trick_suit is None:
        return f"Play a card{down}; a suited card chooses the trick suit."
    return f"Play a card{down}: follow {suit_text(view.trick_suit)} if you can."


def _after_face_down(view: BestCandyView) -> bool:
    """Whether a face-up 5 of Kings is in the trick (later cards go face down)."""
    five = KING_OF[Effect.FACE_DOWN]
    return any(c == five and not down for c, down in zip(view.trick, view.trick_hidden, strict=False))


def goal(view: BestCandyView) -> str:
    return f"First team to {view.team_target} wins." if view.teams else f"First to {TARGET} wins."


class BestCandyRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
        (PRANK_EMOJI, "a Prank (a point off for each you take)"),
        (NON_TREAT_EMOJI, "a Non-Treat: a card with no suit"),
        (KING_EMOJI, "the King Size, which counts as any suit but trump"),
        (KING_CARD_EMOJI, "a King card of the King-Sized expansion: always the trick suit, with its own effect"),
        (FACE_DOWN_EMOJI, "a card played face down, shown when the trick is complete"),
        (TEAM_EMOJI, "a team's score in team play"),
        *((emoji, f"the {suit_name(card)} suit card") for card, emoji in WHITE_EMOJI.items()),
        ("🤖", "the solo game's opponent"),
        ("🤢", "a belly ache: too many tricks, no favourite bonus"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BestCandyView)
        fields = [Field("Players", players_text(seen, view), inline=False)]
        if view.phase is Phase.DRAFT:
            fields.append(Field("Stash", stash_text(seen, view), inline=False))
        if view.last_trick_winner is not None:
            fields.append(Field("Last trick", last_trick_text(seen, view), inline=False))
        if view.last_hand:
            fields.append(Field("Last hand", last_hand_text(seen, view), inline=False))
        body = trick_text(seen, view) if view.phase is Phase.TRICKS else ""
        return table_screen(
            seen,
            title="🍬 Best Candy on the Block",
            above=(heading(view), body),
            fields=fields,
            footer=f"{goal(view)} Our own card texts: the printed cards were not available.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BestCandyView)
        fields = [Field("Your hand", hand_text(view), inline=False)]
        if view.team_card:
            fields.append(Field("Your team's card", suit_text(view.team_card)))
        elif view.favourites:
            fields.append(Field("Favourite suit", " ".join(suit_text(s) for s in view.favourites)))
        elif view.offers:
            name = "Your team's choice" if view.teams else "Your suit cards"
            fields.append(Field(name, " ".join(suit_text(s) for s in view.offers)))
        if view.vote:
            fields.append(Field("Your vote", suit_text(view.vote)))
        if view.peek:
            deck = (
                "combo cards"
                if view.teams and view.asked is not None and view.asked.kind == "favourite"
                else "suit cards"
            )
            fields.append(Field(f"Top {deck} (only you see them)", " ".join(suit_text(s) for s in view.peek)))
        fields.append(Field("Trump", suit_text(view.trump)))
        if view.phase is Phase.TRICKS:
            fields.append(Field("Trick", trick_text(seen, view), inline=False))
        if view.phase is Phase.DRAFT:
            fields.append(Field("Stash", stash_text(seen, view), inline=False))
        return hand_screen(
            seen,
            title="🍬 Best Candy: your hand",
            above=(heading(view),),
            prompt=prompt(seen, view),
            fields=fields,
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = BestCandyRenderer()
