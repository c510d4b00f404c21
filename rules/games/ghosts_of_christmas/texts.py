"""Help pages and the plain-text picture of a view, in our own words."""

from __future__ import annotations

from rules.contract import plural
from rules.games.ghosts_of_christmas.cards import (
    CARD_BY_TOKEN,
    ERA_NAMES,
    ERA_TITLES,
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    token_name,
)
from rules.games.ghosts_of_christmas.state import GhostsView

HELP_PAGES: tuple[str, ...] = (
    """**Ghosts of Christmas** (3-4 players)

A trick-taking game where every round you fill three tricks at once: **the Past**, **the Present** and \
**the Future**. Cards run 1-12 in four suits: Hearts, Holly, Bells and Stars. Hearts are always trump. \
With 3 players the 1s, 2s and 3s are left out, so everyone still gets 12 cards.

*Our own suit names:* the rules only name Hearts; Holly, Bells and Stars are names we gave the others.

**New to the game?** Start with the **Tiny Tim** option: it drops the bidding and is easier to learn.

**A hand**: all cards are dealt and the era dials start face down. Then everyone bids (not in Tiny Tim), \
then four rounds are played. The game lasts one hand per player; the highest total wins and ties share the win.""",
    """**Bidding**

Starting with the holder of the start marker and going round the table, each player takes **purple doors**: \
the number of tricks they expect to win in this hand (0 to 12). You may also take the **red door** for \
some slack: with 3 purple and the red door, winning 3 or 4 tricks both count as a success.

Your bid is one move: `Bid 3 purple` or `Bid 3 purple + red door`. Bids are public.

**Playing a round**

From the start player, in turn order, each player plays **one card per turn** into an era they have not \
used yet this round, until everyone has one card in every era. The eras can be filled in any order.

- If an era's dial is face down, any card may go there, and the dial then shows that card's suit.
- If the dial shows a suit and you hold a card of that suit, your card for that era must be of that suit.
- If you hold none of the dial's suit, any card will do.""",
    """**Scoring a round**

The eras are scored in order. In the Past, the card of the round's start player decides the scoring suit \
(which can differ from the dial). The highest Heart wins; with no Heart, the highest card of the scoring \
suit. The winner takes a wreath and the start marker, and *their* card in the next era sets that era's \
scoring suit, and so on. The last era's winner starts the next round. Played cards are then discarded and \
the dials turn face down.

**Scoring a hand**

- More wreaths than doors, or a purple door left without a wreath: **0 points**.
- Otherwise, with the red door: **1 point per wreath**; without it: **2 points per wreath**.

**Tiny Tim** (a table option): no bidding, no doors. Each trick won gives a wreath. No wreath: 6 points. \
With 3 players 1-6 wreaths score 1 each and 7 or more score 0; with 4 players 1-5 score 1 each and 6 or \
more score 0.

**Beyond** (a table option): a fourth era, the Beyond, scored after the Future. Four tricks a round and \
three rounds a hand.""",
)


def _card(token: str | None) -> str:
    return "—" if token is None else token_name(token)


def render_view(view: GhostsView) -> str:
    variants = [name for name, on in (("Tiny Tim", view.tiny_tim), ("Beyond", view.beyond)) if on]
    lines = [
        f"Ghosts of Christmas{' (' + ', '.join(variants) + ')' if variants else ''}: "
        f"hand {view.hand} of {view.hands_total}, round {view.round} of {view.rounds_per_hand}",
        f"Start marker: {{p{view.start_player}}}"
        + ("" if view.turn is None else f"   To {'bid' if view.phase == 'bid' else 'play'}: {{p{view.turn}}}"),
        "",
    ]
    for era in view.eras:
        dial = "face down" if era.dial is None else SUIT_NAMES[era.dial]
        cards = ", ".join(f"{{p{seat}}}: {_card(token)}" for seat, token in enumerate(era.cards))
        lines.append(f"{ERA_TITLES[era.era]} [dial: {dial}]  {cards}")
    lines.append("")
    for seat, board in enumerate(view.boards):
        if view.tiny_tim:
            bid = ""
        elif board.purple is None:
            bid = "no bid yet, "
        else:
            bid = f"bid {board.purple} purple{' + red' if board.red else ''}, "
        scores = " + ".join(str(points) for points in board.hand_scores) or "0"
        lines.append(
            f"{{p{seat}}}: {bid}{plural(board.wreaths, 'wreath')}, {plural(board.cards_in_hand, 'card')}; "
            f"points {scores} = {board.total}"
        )
    if view.last_round:
        lines.append("")
        lines.append("Last round: " + "; ".join(f"{ERA_NAMES[t.era]} to {{p{t.winner}}}" for t in view.last_round))
    if view.my_hand is not None:
        lines.append("")
        by_suit = []
        mine = [CARD_BY_TOKEN[token] for token in view.my_hand]
        for suit in SUITS:
            ranks = [str(RANK_OF[card]) for card in mine if SUIT_OF[card] == suit]
            if ranks:
                by_suit.append(f"{SUIT_NAMES[suit]} {' '.join(ranks)}")
        lines.append("Your hand: " + (" | ".join(by_suit) or "empty"))
    return "\n".join(lines)
