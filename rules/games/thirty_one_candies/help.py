"""31 Candies' help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**31 Candies** — keep three cards whose best suit adds up as near to 31 as you can. 2-8 players.

**Candy.** Everyone starts with 3 pieces of candy (your lives). Lose them all and you are out; \
the last player holding candy wins the game.

**A round.** The whole Best Candy deck (57 cards) is shuffled and everyone still in gets 3 cards; \
one more card is turned up to start the discard pile. The deal moves one seat to the left each \
round, skipping players who are out, and the player left of the dealer goes first.

**Your turn** is one of:
• **Draw from the deck** (only you see the card) or **take the top of the discard pile** (everyone \
sees it), then put one card from your hand face up on the discard pile. A card you took from the \
discard pile must stay in your hand until your next turn.
• **Knock** instead of drawing. Your hand is then fixed: every other player gets exactly one more \
turn and the round ends. There is one knock a round, and you may knock on any turn, even your first.

If the deck runs out, the discard pile except its top card is shuffled into a new deck.""",
    """**What a hand is worth.** For each of the ten suits, add up the ranks of your cards that show \
that suit. The King Size (13) counts in every suit. Pranks and Non-Treats count in none. Your hand \
is worth the suit total nearest to 31: a total may pass 31, and 30 or 32 are as good as each other. \
Your screen shows your best suit and its total as you play.

**End of a round.** All hands are turned up. The hand farthest from 31 loses a piece of candy; if \
several are equally far, all of them lose one.

**If everyone would be out at once**, nobody loses anything and the round is dealt again by the \
same dealer.

**On their honor** (a table option, off unless the host turns it on): the first player to lose \
their last piece of candy stays in with one more, so they are only out at their fourth loss. \
Only the first player out gets this; if two or more run out in the same round, each of them does.

**Places.** The winner is first; the others are placed by how long they stayed in, and players \
who went out in the same round share a place.""",
)
