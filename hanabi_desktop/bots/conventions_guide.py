"""The conventions the `conventions` bot follows, written for a person (shown in the in-app help)."""

GUIDE: str = """\
PLAYING WITH THE CONVENTIONS BOT
The bot follows a small set of H-group-style conventions. If you follow them too, its clues mean what
you think they mean, and it reads your clues the way you intend. Slot 1 is the newest card in a hand
(drawn last), the highest slot the oldest.

CHOP
Your chop is your oldest card that no clue has touched (and that is not waiting for a blind play).
When you discard without knowing a card is useless, discard your chop. Never discard a clued card
unless you know it can no longer score.

CLUE FOCUS
A clue has one focus card:
- if it touches the chop (newly), the chop is the focus;
- otherwise the newest card the clue touches for the first time;
- if it touches no new card, the newest card it touches.
The other touched cards are only "good to keep": they were not useless when the clue was given.

PLAY CLUES
A clue whose focus is not the chop is a play clue: the focus is playable now, or will be as soon as
cards other players already know about (clued or blind-called) are played. Wait until every card the
focus can still be is playable, then play it. A rank clue on several 1s at the start: all of them are
playable.

SAVE CLUES (ON CHOP ONLY)
A clue that focuses the chop is either a play clue or a save clue:
- 5 Save: a 5 clue on the chop saves a 5.
- 2 Save: a 2 clue on the chop saves a 2. The bot does not 2-save when it sees the other copy
  already clued or called, or in a third player's hand off that player's chop (that copy is safe).
- Critical save: a colour or rank clue on the chop saves the last copy of a card still needed.
So a chop-focused card is playable, a 5 or 2 (with that rank clue), or a last copy. Keep it; play it
once everything it can still be is playable. Among clues that touch a chop, the bot prefers one that
does not leave a card needing a save on the new chop (red on a red 5 with a red 2 next to it). The bot saves the next player's chop before it
gives a play clue, unless that player has a known play to make first.

GOOD TOUCH
Clues should not touch cards that are already played or can never score, nor a second copy of a
card that is already clued or called somewhere. The bot never gives such a clue when it would
mislead, and reads every card a clue touches as "not useless when it was clued". Later on, a clued
card is still not a copy of any other clued or blind-called card that gets played (so after one of
three clued 1s is played, the other two are still playable 1s); but if it could be a card played from
an unclued slot, or its suit can no longer reach it, the bot knows it may have become useless.

FINESSES
When a play clue's focus is exactly one card past what can be played (red 3 clued while red is on 1
and nobody has a red 2 clued or called), the missing card must be on someone's finesse position:
the newest unclued card of a player who takes a turn after the clue giver and before the receiver.
- If you are that player and nobody else between the giver and the receiver holds the missing card
  on their finesse position, blind-play your finesse position (newest unclued card).
- The receiver sees that card on the other player's finesse position, waits for the blind play, and
  then plays the clued card.
The bot only gives a finesse when exactly one player between the giver and the receiver holds the
missing card on their finesse position (the giver can see that card). It does not use layered
finesses (two blind plays), bluffs or self-finesses.

PROMPTS AND KNOWN CARDS
A card whose clues (and the cards everyone can see played or discarded) leave exactly one identity is
"called": clues on the next card of that firework count on it being played first, so such a clue
means "play after the card already called".
Prompt: when a play clue's focus cannot be playable as it is (say a 2 clue while no 2 is playable)
and it can be one card past what is playable (the red 2 with red on 0), while a player other than the
giver and the receiver holds a clued card that may be that missing card (a clued red card that may
be the red 1), that card is it: the first such player after the giver plays their newest clued card
that can be it, and the receiver plays after. The bot gives a prompt only when that card really is
the missing one, and prompts come before finesses. It does not prompt the receiver's own cards.

CHOOSING WHAT TO DO
On its turn the bot:
0. gives a fix clue if a player would misplay a card that the conventions make them read as playable
   but that is not (say a second copy of a card just played): any clue to them after which that card
   no longer reads as playable. When the bot gets a clue on a card it thought playable, it rereads it;
1. saves the next player's chop if it holds a 5, a needed 2 or a last copy and that player has no
   known play;
2. plays a card it knows is playable, or a blind card it was finessed for. Order: first a card
   someone waits for (a finessed or prompted card), then 5s (which earn a clue back, unless it has
   8 tokens), then a card whose next card it sees clued in another hand, then the lowest rank;
3. gives the clue that gets the most cards played (a play clue, a prompt or a finesse); with 2 or
   more clue tokens any clue that tells something useful beats a discard, but its last token only
   goes on a clue worth about a card made playable; with spare tokens it also saves a later
   player's chop;
4. stalls with a clue instead of discarding (any clue, even one that tells little) when the player
   just before it has clued its chop and it has 3 or more tokens (nobody has looked at its new chop
   yet), or when 3 or fewer cards are left in the deck (every draw brings the end closer);
5. otherwise discards: a card it knows is useless first, else its chop. With no chop (every card
   clued) it gives a clue instead if it can, else discards the card least likely to matter. With 8
   clue tokens it must clue.

END GAME
Once the deck is empty, on its last turn the bot plays its most likely card rather than discard, as
long as a misplay cannot be the third error. (Final flourish, where play goes on: only a card that is
playable at least 9 times out of 10.)

VARIANTS
- Multicolour (rainbow) cards are touched by every colour clue; the bot counts them among the cards
  a colour clue can be.
- Black Powder: black is never touched by a colour clue and builds 5 down to 1; its "next" card is
  one rank lower, and a finesse on black works the same way downward.
- Six-suit and short decks: nothing changes but the counting of copies.
- Empty clues (option): the bot reads a clue that touches nothing as no focus at all.
- Final flourish: a lost last copy ends the game, so the bot never discards a card that may be a last
  copy after the deck runs out, and only guesses a play when it is very likely (9 times out of 10).
- 5 Flamboyants tiles: a free clue is the best clue available; a card back from the discard pile is
  the most valuable one (a lost last copy first, then the lowest rank); a card put into play is one
  that fits the display.
"""
