"""The conventions the `conventions` bot follows, written for a person (shown in the in-app help).

One text per section, so that a change to one section leaves the other sections' translations standing.
"""

from hanabi_desktop.i18n import N_, _

GUIDE_SECTIONS: tuple[str, ...] = (
    N_("""PLAYING WITH THE CONVENTIONS BOT
The bot plays the H-group conventions (hanabi.github.io): the beginner's guide and levels 1, 2 and 3.
Choose the level on the New game screen; the bot never uses a convention above it. Slot 1 is the newest
card in a hand (drawn last), the highest slot the oldest. Beginner and level 1 play alike (level 1 only
restates the beginner's guide)."""),
    N_("""CHOP
Your chop is your oldest card that no clue has touched (and that is not waiting for a blind play).
When you discard without knowing a card is useless, discard your chop."""),
    N_("""CLUE FOCUS
No new card touched: the leftmost re-touched card. One new card: that card. Several, one on the chop:
the chop. Otherwise the leftmost new card. The other touched cards are only "good to keep", and not
a copy of the focus once it is known (white 4 played, white on slots 4 and 5: slot 5 is white 5, 4 trash)."""),
    N_("""PLAY CLUES AND DELAYED PLAY CLUES
A clue whose focus is not the chop is a play clue: the focus is playable now, or once cards already
clued or blind-called somewhere are played (a delayed play clue). The bot waits until every card the
focus can still be is playable, and says so: "I read slot 3 as red 2: delayed play clue through
Cathy's red 1"."""),
    N_("""SAVE CLUES (ON CHOP ONLY)
- 5 Save: a number 5 clue on the chop. A colour clue on a chop 5 is NOT a 5 Save: it is a play clue
  (or a critical save of another card of that colour), so the bot saves 5s with 5 only.
- 2 Save: a number 2 clue on the chop; never when the other copy of that 2 is visible in another
  player's hand (off that player's chop).
- Critical save: colour or number on the chop saves the last copy of a needed card (not a 5).
A chop-focused card is read as every play and every save it can be, and kept until it is known."""),
    N_("""GOOD TOUCH
Clues touch only cards that will be played: never a played card, a dead card, or a second copy of a
card already clued or blind-called, in any hand. So a red clue when you see the red 1 clued in Cathy's hand
(or Cathy reads her red card as red 1 from a play clue) is on the red 2 (a delayed play clue through it),
never a second red 1. A later clue tells the same: two 4s of mine read as yellow or blue 4, then Cathy
clues Bob's blue 4: my chop is the yellow 4, and the other 4, not a copy of it, is trash."""),
    N_("""MINIMUM CLUE VALUE AND THE EARLY GAME
Every clue the bot gives gets a new card played or saved: no clue that has no play or save reading,
and no tempo clue (one touching no new card) except when it must clue (8 tokens, every card clued)
or stalls (see below). Until someone discards, it gives every play and save clue before it discards."""),
    N_("""STALLS: CLUES A PLAYER HAD TO GIVE
One who may not discard (8 tokens, every card clued) must clue. At levels 1 to 3 the guide's stalls are the
tempo clue and (level 2) the 5 Stall; a forced clue with a play or save reading is that clue, one with none a
stall: the bot keeps its cards as "good to keep" and plays none on it (Bob, hand locked, clues 4 to Alice
while no 4 plays and his red card may be the red 3 or a saved red 4: her 4 is no red 4 waiting for it)."""),
    N_("""PROMPTS AND FINESSES
When a play clue's focus needs a card first (red 4 clued, red on 2), that red 3 is promised:
- Prompt: the first player after the giver holding a clued card that can be it plays it (their leftmost such
  card); prompts come before finesses. A player who sees the prompted card in another hand does not play their
  own. Not a card its holder would play anyway (then it is a finesse on another player), nor another card the
  clue touches. A prompt is a promise: if the prompted card plays as another card, the next clued card that can
  be it plays. When nothing else explains the clue, the receiver's own clued card is prompted (a Self-Prompt).
- Finesse: otherwise a player between the giver and the receiver blind-plays their finesse position (leftmost
  unclued card), at once. The receiver waits for the blind play, then plays.
The bot finesses only when exactly one player between (from level 2 also one after the receiver: a reverse
finesse) holds the card on their finesse position, never one who plays anyway a clued card that may be it."""),
    N_("""LEVEL 2 (WHAT THE BOT ADDS)
- 5 Stall: in the early game, or from a player who may not discard (8 clue tokens, every card clued), a
  5 clue on a new 5 off the chop only saves its 5s (read and given; below level 2, a partner's is read so).
  A 5 clue that touches no new card is a tempo clue (a play clue on its leftmost re-touched 5), never a stall.
- Reverse finesse: the blind play may come from a player after the receiver; the receiver waits a
  round. If that player takes a turn without the blind play, the receiver plays the card as a plain
  play clue (the other copy), as the page says.
- Self-finesse: a play clue that nothing else explains (no direct play, prompt or finesse), even at 8 tokens,
  means the receiver's own finesse position holds the missing card: it blind-plays it, then knows its card.
- Double and triple prompts and finesses, prompt + finesse: a play clue may wait for two or three
  cards. Each is, in order, a prompt (the first clued card after the giver that can be it) or else a
  finesse (a finesse position; a player's second blind play is their next finesse position). Blind
  players play one card a turn; the receiver waits while a blind play may still come, and if its
  player takes a turn without it, the reading that needed it is dropped.
- After a strike (every level, as the page says): the clues the misplaying player answered reset; their
  focus and the cards they called, and the cards a clue touched beside a focus that misplayed, go back to
  what the clues literally say (one mistake, one strike).
- Wrong prompt: a prompted card that misplays passes the prompt on to its holder's next clued card that may
  be the card; with none, the giver meant a finesse: its holder blind-plays its finesse position at the clue."""),
    N_("""LEVEL 3 (WHAT THE BOT ADDS)
- Fix clues: a player about to misplay a card the conventions made them read as playable (say the
  second of two clued red 1s) gets a clue that changes that reading. A clue that proves such a card
  is not playable is a fix, not a play clue on the other cards it touches; a repeated clue that tells
  nothing new stops the card about to play (it is then discarded). Clued trash its holder reads as a card to
  play soon gets such a clue instead of a discard, if one makes nobody misplay.
- Playing 1s: a 1 clue's chop focus first, then 1s drawn after the deal, then the starting hand's 1s
  oldest first; the clue's focus is the 1 that plays first.
- Sarcastic discard: knowing a clued card of its own is X while another player's clued card is X too
  (and every other clued card that player can tell may be X is in their hand), it discards its own; with one such
  card the holder then knows it is X, with several it knows one of them is. A locked player's discard of a
  clued card is a sacrifice, no Sarcastic Discard (level 22, Locked Hands).
- Information lock (named at level 3, kept at every level): what a clue made a card, and the in-between
  cards a play clue needs, only narrows later; only a clue that rules all of it out breaks it (a fix)."""),
    N_("""DEFENSIVE READING
- The giver cannot see its own clued cards, so a clue promises nothing about them beyond what the
  giver knows of them (from the clues and the conventions, such as the focus of a play clue).
- At beginner and level 1 a finessed card it waits for stays a finesse (waiting cannot strike).
- Good touch rules out "my clued card is a copy of that other clued card" only if the later of the two
  clues was given by someone who could see the earlier card, or knew it (a card a play clue had named).
  Else, once that card is played, the bot's card may be its copy, now trash, until a clue proves it (a
  partner who sees it playable re-touches it: a Tempo Clue) or, from level 3 with 3+ players, every player
  who sees both has had a turn with a clue token and not fixed it (a Fix Clue): then it is not the copy.
- Counting beats good touch: if more of its cards are read as playable copies of some cards than
  there are copies left (three clued 5s that can only be the red 5, the yellow 5 or a black 5 that
  is now useless), it plays none of them on that reading.
- Forced to clue (8 tokens) when every clue breaks a convention, it gives the clue nobody would read
  as a play, touching as few new cards as it can, and says it is only a forced clue.
- A finessed player who discards or plays an uncalled card has not taken the finesse: a clue that may be direct
  reads so after a turn without it (two if the bot sees them hold it, unless it discarded an unclued or trash card).
- A partner whose save (a clue on a chop, not forced by 8 tokens) has touched trash, seen in another hand
  or shown when played or discarded, loses good touch for saves with the same clue (a 2 Save: also once any
  clue of theirs broke it, see below), and with 2 strikes so does every partner's number save (8 tokens too):
  such a card may be trash (a 2 Save on a played 2, or a copy of the giver's 2): it waits for proof, saying so.
- From level 3, with a strike made, a 2 Save that may be a played 2 waits a partner's turn to fix it, saying so.
- A partner whose clue it read as a self-prompt (from level 2 also a self-finesse), or as a finesse when they had
  to clue, made a card misplay (people stall so) is not read so again (a finesse: when they must clue; with 2
  strikes, from anyone); when only such a reading would explain their clue, the bot holds the card, saying so.
- A partner whose clue has touched trash or a copy of a clued card they could see (seen, or shown played,
  discarded or fixed) is not read by the conventions when they had to clue (8 tokens or a locked hand, after the
  early game: people stall on trash): its cards keep only what the clues say, its focus too, saying so. With 2
  strikes so do the cards beside every forced clue's focus and such a partner's, and a forced delayed play's focus.
- A clue a partner had to give (8 tokens or a locked hand, after the early game) that only a self-prompt (from level
  2 also a self-finesse) would explain is not read so, from the first one (stricter than the guide: people forced to
  clue stall so); the bot holds the card and says so. Nor is one read as a Double or triple Finesse. A 5 clue on a
  new 5 off the chop from a player who may not discard is a 5 Stall (the level 2 page's Mid-Game 5 Stall; below
  level 2 the bot gives none but reads a partner's so), as is (level 2+) a locked partner's 5 clue on known 5s only."""),
    N_("""WHERE THE BOT DIFFERS FROM THE GUIDE
- Stalls: when the player before it just clued its chop (3+ tokens), it may re-touch a card playable now
  rather than discard; with 3 or fewer cards in the deck or a pace of 4 or less, give a tempo clue not on trash,
  nor one a partner would read as a Finesse on their own hand (the Finesse and Self-Finesse pages' reading).
- A stop clue is read only where clues and good touch alone make the card playable (so its giver knew it).
- 2 and 5 Saves: it lets a 2 on the chop go when saving it would make a card worth more (a 5, a last
  copy) the new chop, and saves a 5 with a last copy behind it only when it has nothing better to do.
- Bad touch (a useless card or a second copy touched): never, though the guide allows it when a clue is worth it
  and asks it to save a unique 2 or a 5 (Save Principle, question 2); only a last copy on the next player's chop
  that no other clue saves gets one, making nobody misplay (giving it for 2s and 5s cost 0.1 points a game).
- Its own clued card that may be a copy (Good Touch Principle, question 3: its 2 Saved 2 of unknown colour may
  be Bob's yellow 2): the page discards and leaves the yellow 2 to a player who can see its card; the bot gives
  the play clue (leaving it cost 0.2 points a game in self-play). It then keeps its card as one of those 2s
  or that copy (trash once the copy plays); from level 3 a player who knows the copy and sees the bot's card
  may discard theirs (Sarcastic Discard).
- Double and triple prompts: read and given from level 2, which teaches them (the Double Prompt). The Prompt
  page, question 3, has a beginner read one (white 1 played, a white 4 clue prompts Cathy's two clued white
  cards, left to right); below level 2 the bot plays nothing on it, but gives no clue whose first card would
  misplay if read so.
- Clued cards out of order (the Prompt page, question 3: Cathy's white 3 left of her white 2): the page gives a
  tempo clue (3 to Cathy) first; the bot gives none, nor a play clue on the white 4 while the order is wrong.
- A finesse is neither blind-played nor given when its receiver may read the focus as another card it plays
  without the blind play (through clued cards the blind player cannot see): the guide's blind player plays.
- Bluffs are not part of levels 1 to 3 of the guide as it stands: the bot neither gives nor reads them.
- Its defensive readings (DEFENSIVE READING) are stricter than the guide, which trusts every partner (and from
  level 2 has no stall but the 5 Stall): each starts once a partner has shown that mistake, but with 2 strikes it
  stops counting on number saves, a forced clue's finesse or delayed play, the cards beside a forced or careless
  clue's focus and what a forced re-touch adds; with a strike (level 3) a 2 Save that may be a played 2 waits a turn."""),
    N_("""CHOOSING WHAT TO DO
On its turn the bot:
0. (level 3) gives a fix clue if a player would misplay a card the conventions make them read as
   playable; when the bot gets a clue on a card it thought playable, it rereads it;
1. saves the next player's chop if it holds a 5, a needed 2 or a last copy and that player has no known
   play (not a 2 whose save makes a 5 or a last copy their new chop); with 2 players it first gives them a
   play clue if it can ("Play Clues over Save Clues"; tempo only at 8 tokens): they play, not discard;
2. plays a card it knows is playable, or a blind card it was finessed for. Order: first a card
   someone waits for (a finessed or prompted card), then 5s (which earn a clue back, unless it has
   8 tokens), then a card whose next card it sees clued in another hand, then the lowest rank; with
   2 players, a play clue to a partner who has nothing to play (and would discard) comes first: its
   own play keeps;
3. gives the clue that gets the most cards played (a play clue, a prompt or a finesse); in the early
   game, or with 2 or more clue tokens, any play or save clue beats a discard, but its last token only
   goes on a clue worth about a card made playable, and saves a last copy (not a 5) on a later player's
   chop when everyone before them will play (no discard brings a token back in time); with spare tokens
   it also saves a later player's chop;
4. stalls with a play, save or tempo clue instead of discarding when the player just before it has clued its
   chop and it has 3 or more tokens (nobody has looked at its new chop yet; it re-touches only a card playable
   now), or when 3 or fewer cards are left in the deck or the pace is 4 or less (the pace, as on hanab.live:
   turns the team can still spend without playing a card; each discard spends one);
5. otherwise discards: a card it knows is useless first, else its chop. With no chop (every card
   clued) it gives a clue instead if it can, else discards the card least likely to matter. With 8
   clue tokens it must clue (never one that tells nobody anything new)."""),
    N_("""END GAME
Once the deck is empty a discard draws nothing, so the bot gives no save clue. When a misplay can be neither the
third error nor the loss of a later turn's spare error (each later turn of the final round keeps one, and a clue
token is left for them), the bot plays its most likely card rather than discard anything, even known trash, or
give a clue that gets no card played; on the game's last turn before any clue, as no clue can help anyone then.
Otherwise it gives a clue that gets a card played to a player who still has a turn, discards known trash, and
else plays its most likely card rather than its chop as long as a misplay cannot be the third error. (Final
flourish, where play goes on: only a card that is playable at least 9 times out of 10.) Its odds count its
hand as a whole: with the deck empty the cards it cannot see are exactly its own, so a card cannot be what
another of its cards must be."""),
    N_("""VARIANTS
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
  that fits the display."""),
)

#: The whole guide in English (the source text).
GUIDE: str = "\n\n".join(GUIDE_SECTIONS)


def guide_text() -> str:
    """The whole guide in the player's language."""
    return "\n\n".join(_(section) for section in GUIDE_SECTIONS)
