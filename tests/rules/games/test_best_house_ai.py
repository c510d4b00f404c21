"""Best House's computer players: the playout policy of hard's paired rollouts is normal's own
choice read from a state, and the quick trick and gold reading it rests on is the game's rule."""

from __future__ import annotations

import random

from rules.candy_kit.cards import COLOURS, SUITS
from rules.games.best_candy.deal import deck_cards
from rules.games.best_candy.trick import trick_winner
from rules.games.best_house import GAME, ai
from rules.games.best_house.game import gold_winner
from rules.games.best_house.gold import GOLD_SUIT


def test_the_playouts_choose_what_normal_chooses_at_every_table() -> None:
    """`exact` reads a state where normal reads a view: the same choice, position by position,
    at every size of table and with trump."""
    checked = 0
    for players, options in GAME.configurations():
        for number in range(3):
            state = GAME.new_game(players, options, 40_000 + number)
            rng = random.Random(number)
            while GAME.result(state) is None and state.hand_number <= 2:
                seat = min(GAME.to_act(state))
                legal = GAME.legal_actions(state, seat)
                view = GAME.view(state, seat)
                assert sorted(ai.others_cards(state, seat)) == sorted(ai.unseen(view))
                seed = rng.getrandbits(32)
                move = ai.normal(GAME, view, legal, random.Random(seed))
                assert ai.exact(GAME, state, seat, legal, random.Random(seed)) == move
                GAME.apply(state, seat, move)
                checked += 1
    assert checked > 1000


def test_a_card_holds_the_trick_and_the_gold_exactly_when_the_rules_say() -> None:
    """`takes_trick` and `takes_gold` against the game's `trick_winner` and `gold_winner` on
    random tricks, equal ranks, the King Size, Pranks, trump and no named suit included."""
    deck = deck_cards(list(COLOURS))
    rng = random.Random(5)
    wins = golds = 0
    for _ in range(20_000):
        players = rng.randrange(2, 6)
        cards = rng.sample(deck, rng.randrange(1, players + 1))
        *trick, card = cards
        suit = rng.choice([None, *SUITS])
        trump = rng.choice([None, *SUITS])
        gold_suit = GOLD_SUIT[rng.randrange(len(GOLD_SUIT))]
        leader = rng.randrange(players)
        me = (leader + len(trick)) % players
        holds = trick_winner(cards, leader, players, suit, trump) == me
        assert ai.takes_trick(trick, card, suit, trump) == holds, (cards, suit, trump)
        gold = gold_winner(cards, leader, players, suit, gold_suit) == me
        assert ai.takes_gold(trick, card, suit, gold_suit) == gold, (cards, suit, gold_suit)
        wins += holds and bool(trick)
        golds += gold and bool(trick)
    assert wins > 1000
    assert golds > 1000
