"""A careful stand-in forced to act, whose every clue would make its one partner play a wrong card, discards a clued
card that is at most an even chance of a last copy instead (deal h31/111, turn 33, level3-proxy with the level-3 bot).
At levels 1-3 the guide's only stall is the 5 Stall (level 2): the partner reads any other clue as a play or a save,
and the Locked Hand Stall comes at level 9 (hanabi.github.io/level-9, the Stall Table)."""

from __future__ import annotations

from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Discard, PlayerView
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import replay


def stand_in_decides(deal: str, actions: tuple[str, ...], seat: int, tokens: int) -> tuple[PlayerView, Decision]:
    """The level-3 stand-in at `seat` after `actions` of `deal` (2 players), with `tokens` clue tokens then."""
    game, team = replay(deal, Level3Proxy, actions, players=2, deciding=seat)
    assert game.clue_tokens == tokens
    view = PlayerView.of(game, seat)
    return view, team[seat].decide(view)

# deal h31/111, level3-proxy (Alice) and conventions@3 (Bob), to turn 32
H31_111 = ('clue 1 rank 1', 'play 8', 'discard 0', 'clue 0 rank 2', 'play 11', 'play 9', 'discard 1', 'clue 0 rank 5',
           'discard 2', 'clue 0 colour 1', 'play 15', 'discard 5', 'clue 1 rank 4', 'discard 6', 'clue 1 colour 2',
           'play 18', 'discard 12', 'clue 0 rank 5', 'discard 14', 'clue 0 rank 5', 'discard 16', 'clue 0 colour 0',
           'play 3', 'clue 0 colour 4', 'play 22', 'discard 7', 'discard 21', 'clue 0 colour 3', 'discard 26',
           'clue 0 rank 3', 'clue 1 rank 4', 'discard 13')


def test_with_no_clue_that_is_safe_i_discard_a_clued_card_that_is_not_a_last_copy() -> None:
    # Turn 33, 7 tokens, my hand locked (w3 b4 w4 w2 r5, all clued); Bob holds r3 b2 y3 b3 b1 on r3 y1 g1 b2 w0: red
    # reads his r3 as the r4, yellow his y3 as the y2, 2 his b2 as the y2, ... I gave yellow and he misplayed the y3;
    # then 2, and he misplayed the b2. Now I discard slot 3, white and as far as I know the w1, w2, w4 or w5 (an even
    # chance of a last copy; it is the w4).
    view, d = stand_in_decides("h31/111", H31_111, ALICE, tokens=7)
    assert isinstance(d.action, Discard), d.explanation
    assert view.my_hand.index(d.action.card) == 2


# deal h31/139, conventions@3 (Alice) and level3-proxy (Bob), to turn 19
H31_139 = ('clue 1 colour 0', 'play 8', 'clue 1 colour 1', 'play 10', 'clue 1 rank 2', 'clue 0 colour 1', 'play 2',
           'discard 9', 'clue 1 rank 5', 'discard 13', 'discard 0', 'discard 14', 'clue 1 rank 4', 'play 7',
           'clue 1 rank 3', 'clue 0 rank 4', 'discard 1', 'clue 0 colour 4', 'discard 4')


def test_a_clue_whose_second_card_reads_as_playable_by_good_touch_is_not_a_safe_stall() -> None:
    # Turn 20, 5 tokens, my hand locked (b3 b4 r5 w2 g2); Alice holds w4 y2 r1 y1 w4 on r1 y3 g0 b0 w0, her y1 on chop
    # and known not a 4 (my 4 clue missed it). Yellow is focused on her chop, which she reads as the y5 (a save); by
    # good touch her y2 is then none of the y5 and none of the trash y1-y3: the y4, which plays now. I gave yellow and
    # she misplayed the y2 as the y4. Every other clue makes her play a wrong card too, so I discard a clued card.
    _view, d = stand_in_decides("h31/139", H31_139, BOB, tokens=5)
    assert isinstance(d.action, Discard), d.explanation
