"""Candy Climb's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Candy Climb** — be the first to get rid of your cards by playing ever higher melds. \
2-4 players.

**The deck.** The 48 treats ranked 1 to 12 in the four colours; Pranks, Non-Treats and the King \
Size stay out. With 2 or 3 players everyone gets 16 cards (with 2, the other 16 stay face down and \
unused); with 4 players, 12 each.

**Melds.** A meld is one of:
• a **single** card;
• a **pair**, a **triple** or **four of a kind**: cards of the same rank;
• a **flush**: 3 to 5 cards that all show one suit;
• a **straight flush**: 3 to 5 cards of consecutive ranks that all show one suit.
When your cards form more than one kind of meld (a straight flush is always a flush too; the \
black, orange and green 10s all show Caramel), you say which kind you play. Your screen writes \
each card's colour after it: "10 Caramel/Candy (black)".

**A round.** The leader plays any meld. Going left, each player either beats the last meld or \
passes; once you pass you are out until the round ends. When everyone else has passed, whoever \
played last leads the next round with any meld.""",
    """**Beating a meld.** Your meld must be the same kind and have the same number of cards as the \
one on the table, and be higher; an equal meld does not beat it, nor does any other kind.
• **Single**: the leader names one suit of the card. Each answer must show that suit and be of \
a higher rank.
• **Pair, triple, four of a kind**: a higher rank.
• **Flush**: its highest card is higher than the highest card of the last flush; the suit may \
change.
• **Straight flush**: it ends higher than the last one; the suit may change.

**The first round of each hand.** Whoever holds the black 1, the Candy Corn, leads first with \
any meld that contains it (it is the first card you tap, and it stays in if you start again). With \
2 players it may be among the unused cards: then the player left of the dealer leads with any \
meld. The first dealer is drawn at random.

**Building your meld.** On your turn, tap the cards of your meld one by one; only cards that can \
still make a meld you may play now are offered, and a meld holds at most five. Then play it, \
start again, or pass. Nobody else sees the cards you are choosing.""",
    """**End of a hand.** The moment a player plays their last card, the hand stops. Everyone else \
scores one point for each card still in their hand.

**The game.** The deal moves one seat left after each hand, and the game lasts one hand per \
player (every player deals once). The fewest points win; players tied for the fewest share the \
win.

**Option.** *Pass for me when I cannot beat* (on by default): when it is your turn and no meld \
of yours can beat the table, the table passes for you at once. With it off, you are asked and \
press Pass yourself.""",
)
