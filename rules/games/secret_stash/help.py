"""Secret Stash's help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.games.secret_stash.state import StashView

HELP_PAGES: tuple[str, ...] = (
    """**Secret Stash** — three players, one auction, one hidden stash, with the Best Candy deck.

**The deck**: 33 cards, the 5s up to the 12s of all four colours and the yellow King Size. Each hand, \
every player gets 10 cards and 3 more go face down to one side: the **stash**. A game is three hands; \
the deal moves one seat to the left each time, so everyone deals once (the bot picks the first dealer).

**The auction**: the player left of the dealer starts, then turns go round among those still in. On \
your turn you either **pass** (you are out of this auction for good), **bid** a number of tricks, 1 to \
10 and higher than the best bid so far, or — only on your very first turn — **bid nil**, promising to \
take no trick at all. A nil bid ends the auction at once. Otherwise it ends when two players have \
passed, and the best bid wins; when the first two pass without a bid, the third may still bid (or \
pass too). The winner is the **declarer**; the other two play against them, each \
for themselves. If all three pass, the same dealer shuffles and deals again; that deal does not count \
as one of the three hands.

**The stash**: the declarer first says either **play without looking** (worth an extra multiplier) or \
**look**: they pick the three cards up and lay any three of their thirteen back face down, so they may \
swap none, some or all. Nobody else ever sees what went in; the stash belongs to no one and is turned \
over for all to see when the hand ends. A nil bidder may look too (for a nil, not looking earns \
nothing: it scores flat).

**The declaration**: a trump suit, **Grand** or **No-trump**. A nil bidder always plays No-trump.""",
    """**Trumps**
• In a suit hand and in Grand, the King Size and the four 12s are the highest trumps, in this order: \
King Size, orange 12, green 12, purple 12, black 12. They are trump and nothing else: the suits printed \
on a 12 do not count in those hands. Your screen writes each 12's colour after it: "12 Sour/Fruit \
(green)".
• In a suit hand, every other card showing the trump suit is trump too, below the 12s, by rank. Such a \
card still follows its other suits, and wins as a trump when it does.
• In Grand only those five cards are trump. In No-trump nothing is: the 12s are ordinary cards and the \
King Size may be played at any time, always counts as the suit led and beats everything; led, it names \
any suit.

**Playing**: the declarer leads the first trick. The leader names one suit shown on the card led (a \
trump card leads trump). Everyone must play a card of the named suit if they can. The highest trump \
wins; with no trump in the trick, the highest card of the named suit; between equal ranks, the card \
played first. The winner leads the next trick. Ten tricks make a hand.""",
    """**Scoring a hand**: each player scores the hand's value times the multipliers they earned.
• Value: Grand 13 · Coconut or Marshmallow 12 · Gummy or Sour 11 · Halloween or Nuts 10 · Fruit or \
Caramel 9 · Chocolate or Candy 8 · No-trump 7.
• Multipliers: 3 for not taking the King Size (everyone earns these when it lay in the stash) · 1 for \
each 12 taken · 3 for the most tricks, or 1 each for players level on the most · the declarer also gets \
1 for playing without looking and 2 for taking at least as many tricks as bid.
• A declarer who takes fewer tricks than bid scores 0 for the hand; the two others score as usual.
• A nil bidder scores 130 flat with no trick at all, and 0 after taking any trick; the others score 7 \
times their multipliers.
• Cards in the stash count for nobody.

**The end**: after the third hand, the highest total wins; players level on the highest share the win.

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our \
own design.""",
)


def render_view(view: StashView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [f"Secret Stash, hand {view.hand_number} of {view.hands_total} ({view.phase})"]
    lines.append("Scores: " + ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(view.scores)))
    lines.append("Bids: " + ", ".join(f"{{p{s}}} {'-' if b is None else b}" for s, b in enumerate(view.bids)))
    if view.declarer is not None:
        bid = "nil" if view.bid == 0 else str(view.bid)
        lines.append(f"Declarer {{p{view.declarer}}}, bid {bid}, contract {view.contract or '-'}")
    lines.append("Tricks: " + ", ".join(f"{{p{s}}} {t}" for s, t in enumerate(view.tricks)))
    if view.trick:
        named = view.trick_suit
        suit = "-" if named is None else named if named == "trump" else suit_name(named)
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: " + ", ".join(card_text(c) for c in view.trick))
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    if view.stash is not None:
        lines.append("The stash: " + ", ".join(card_text(c) for c in view.stash))
    return "\n".join(lines)
