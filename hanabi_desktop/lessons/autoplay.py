"""'The game so far' for lessons that start late (the end of the deck, 5 Flamboyants, Final flourish).

A simple, fully seen line of play computed from the lesson's deal: a player plays a card that fits, else
discards a card the fireworks can do without (never the last copy of a needed card), else clues the next
player's newest card by its number. It is not how anyone plays (it sees every card); it only makes a plausible
position, and the log shows every move of it. No pygame.
"""

from __future__ import annotations

from hanabi_desktop.engine import Game
from hanabi_desktop.lessons.model import Move


def _safe_discard(game: Game, hand: list[int]) -> int | None:
    """The slot (1-based) of a card `hand` can discard without lowering the best score, oldest first."""
    for i in range(len(hand) - 1, -1, -1):
        card = game.card(hand[i])
        if game.is_trash(card) or not game.is_critical(card):
            return i + 1
    return None


def autoplay(game: Game, deck_left: int) -> list[Move]:
    """Moves that bring `game` (changed in place) down to `deck_left` cards in the deck."""
    moves: list[Move] = []
    while game.deck_count > deck_left and not game.over:
        hand = game.hands[game.current]
        playable = [i + 1 for i, o in enumerate(hand) if game.is_playable(game.card(o))]
        slot = _safe_discard(game, hand) if game.clue_tokens < 8 else None
        if playable:
            move = Move("play", slot=playable[-1])
        elif slot is not None:
            move = Move("discard", slot=slot)
        else:
            mate = (game.current + 1) % game.players
            move = Move("clue", target=mate, rank=game.card(game.hands[mate][0]).rank)
        game.apply(move.resolve(game))
        moves.append(move)
    return moves
