"""The lessons of "Learn to play", as data on fixed deals (see lessons.model). No pygame.

Every deal was built so that the scripted moves are legal and mean what the text says; tests/lessons checks
each path in the engine. The convention words of lesson 5 are those of the H-group beginner's guide
(hanabi.github.io): Play Clue, Save Clue, chop, 5 Save, 2 Save, Good Touch.
"""

from __future__ import annotations

from functools import cache

from hanabi_desktop.i18n import N_
from hanabi_desktop.lessons.autoplay import autoplay
from hanabi_desktop.lessons.model import BotMove, Info, Lesson, Look, Move, Turn, new_game

YOU_BOTTOM = 0  # seat of the player in most lessons (Bob, the practice bot, sits at 1)


def _goal_and_hand() -> Lesson:
    # Bob (seat 0) starts; the player is Ann (seat 1). Ann's only 1 is red 1 in slot 2.
    return Lesson(
        "goal", "1", N_("The goal and your hand"),
        N_("Build the fireworks together; you see every hand but your own."),
        "classic", hands=(("g2", "b4", "y3", "w1", "r4"), ("y4", "r1", "g3", "b2", "w5")),
        you=1, names=("Bob", "Ann"), draws=("g1", "y1"),
        script=(
            Info(N_("Welcome to Hanabi! You play as Ann, at the bottom of the table; Bob is a practice bot. "
                    "You are a team: together you build five fireworks, one per colour, each from 1 up to 5 in order. Every card that fits scores a "
                    "point; 25 is a perfect show."), Look("fireworks")),
            Info(N_("These are your cards, at the bottom. You hold them facing away from you: you cannot see "
                    "them, but Bob can. The small grid on each card shows what it can still be."),
                 Look("hand", seat=1)),
            Info(N_("These are Bob's cards. You can see them all: everyone sees every hand except their own. "
                    "Your cards are learnt only from your teammates' clues."), Look("hand", seat=0)),
            Info(N_("On each turn a player does exactly one thing: give a clue, play a card or discard a card. "
                    "Bob goes first. Watch his turn."), Look("hand", seat=0)),
            BotMove(Move("clue", target=1, rank=1), N_("Bob tells Ann about her 1: any 1 starts a firework."),
                    Look("hand", seat=1)),
            Turn(N_("Bob's clue marked one of your cards as a 1. Every 1 fits on an empty firework: play it. "
                    "Drag it up to the fireworks, or click its Play button."),
                 allow=(Move("play", slot=2),),
                 wrong=N_("Play the card Bob told you about: the 1 in slot 2, marked by his clue. You know "
                          "nothing about your other cards yet."),
                 after=N_("It was red 1: the red firework has started and the team scores its first point. "
                          "A clue from a teammate is what makes a play safe."),
                 look=Look("card", seat=1, slot=2)),
            Info(N_("That is the whole idea: you see your teammates' cards, they see yours, and clues pass "
                    "what you cannot see. The next lessons show how to give clues."), Look("fireworks")),
        ),
    )


def _giving_clues() -> Lesson:
    return Lesson(
        "clues", "2", N_("Giving a clue"),
        N_("Name one colour or one number: it touches every such card."),
        "classic", hands=(("g3", "w2", "b3", "y5", "r3"), ("r1", "y3", "g4", "b1", "b4")),
        draws=("r2", "w4"),
        script=(
            Info(N_("A clue names ONE colour or ONE number to a teammate, and it touches EVERY card of that "
                    "colour or number in their hand. It costs one of the blue clue tokens."), Look("tokens")),
            Turn(N_("Bob holds two 1s: red 1 and blue 1. Tell him about both with one number clue: point at "
                    "the number in a corner of either 1 and click, or click his hand and choose 1."),
                 allow=(Move("clue", target=1, rank=1),),
                 wrong=N_("Give Bob the number 1: it touches both of his 1s, and every 1 can be played now."),
                 after=N_("The clue 1 touched both 1s at once: a clue always touches every card of its "
                          "number or colour. It used one clue token."),
                 look=Look("hand", seat=1),
                 others=((Move("clue", target=1, colour="red"),
                          N_("Red touches only red 1: Bob would not learn about his blue 1. The number 1 "
                             "touches both.")),
                         (Move("clue", target=1, colour="blue"),
                          N_("Blue touches blue 1 and blue 4: Bob could think the 4 is playable too. The "
                             "number 1 touches only his two 1s.")))),
            BotMove(Move("play", slot=1), N_("Bob plays a card the clue told him is a 1.")),
            Turn(N_("Bob drew red 2, which fits now that red 1 is down. This time give a colour clue: red."),
                 allow=(Move("clue", target=1, colour="red"),),
                 wrong=N_("Give Bob the colour red: his only red card is the red 2, which fits now."),
                 after=N_("Red touched only red 2, his one red card. Bob now knows where red 2 is."),
                 look=Look("card", seat=1, slot=1),
                 others=((Move("clue", target=1, rank=2),
                          N_("The number 2 would work too, but practise a colour clue: red.")),)),
            BotMove(Move("play", slot=4), N_("Bob plays his other 1 from the first clue: blue 1.")),
            Info(N_("Clues are the only way to tell a teammate about their cards: one colour or one number, "
                    "every card of it touched, one clue token each."), Look("tokens")),
        ),
    )


def _play_discard() -> Lesson:
    return Lesson(
        "tokens", "3", N_("Playing, discarding, tokens and errors"),
        N_("Clue tokens come back by discarding; a card that does not fit costs an error tile."),
        "classic", hands=(("y3", "w3", "r2", "b3", "b4"), ("r1", "g3", "w4", "y4", "g4")),
        draws=("y2", "w1", "b2", "w2"),
        script=(
            Info(N_("The team shares 8 clue tokens (blue) and 3 error tiles (red). A clue spends a token; a "
                    "discard earns one back, never more than 8. A played card that does not fit goes to the "
                    "discard pile and turns an error tile; the third error ends the game with 0 points."),
                 Look("tokens")),
            Turn(N_("Bob's red 1 fits. Give him a clue about it: red, or the number 1."),
                 allow=(Move("clue", target=1, colour="red"), Move("clue", target=1, rank=1)),
                 wrong=N_("Give Bob a clue that touches his red 1: red or 1."),
                 after=N_("One token spent: 7 are left."), look=Look("card", seat=1, slot=1)),
            BotMove(Move("play", slot=1), N_("Bob plays red 1, as the clue told him.")),
            Turn(N_("You need tokens for later clues. Discard your oldest card, slot 5 on the right: drag it "
                    "onto the discard pile, or click the Disc. button on it."),
                 allow=(Move("discard", slot=5),),
                 wrong=N_("Discard your slot 5 (the rightmost card): nobody has clued it, and a discard gets a "
                          "clue token back."),
                 after=N_("You discarded blue 4 and got a token back: 8 again. You drew a new card into slot 1; "
                          "your other cards moved one place to the right."),
                 look=Look("card", seat=0, slot=5),
                 others=((Move("play"), N_("Playing a card nobody told you about risks an error tile. "
                                           "Discard slot 5 this time.")),)),
            BotMove(Move("clue", target=0, rank=2), N_("Bob clues Ann's 2: red 2 fits now.")),
            Turn(N_("Bob told you slot 4 is a 2. Red 1 is down, and Bob would only point it out if it fits: "
                    "play it."),
                 allow=(Move("play", slot=4),),
                 wrong=N_("Play the 2 that Bob clued, in slot 4."),
                 after=N_("It was red 2: it fits. Playing takes no token and gives none."),
                 look=Look("card", seat=0, slot=4)),
            BotMove(Move("discard", slot=5), N_("Bob discards his oldest card to earn a clue token.")),
            Turn(N_("Now see what a mistake costs: play your slot 1, a card nobody has told you about."),
                 allow=(Move("play", slot=1),),
                 wrong=N_("For this once, play slot 1 (the new card on the left) to see an error."),
                 after=N_("It was blue 2, and blue has no 1 yet: it went to the discard pile and one error "
                          "tile turned red. Two more and the game is lost."),
                 look=Look("card", seat=0, slot=1)),
            Info(N_("Play what a clue tells you fits; discard to earn clue tokens; and never guess: three "
                    "errors end the game with 0 points."), Look("errors")),
        ),
    )


def _end_of_deck() -> Lesson:
    # The game so far: a fully seen line of play down to 3 cards (lessons.autoplay), Ann to act with red 4,
    # yellow 2, green 4, blue 5 and white 5 on the fireworks; her slot 5 is a 5, red or green: both fit.
    base = Lesson("end-3", "4", "", "", "classic",
                  hands=(("r1", "y1", "g2", "b3", "w4"), ("g1", "b1", "w1", "r2", "y3")), script=())
    prefix = tuple(autoplay(new_game(base), 3))
    return Lesson(
        "end-3", "4", N_("The end of the deck and the score"),
        N_("When the last card is drawn everyone plays once more; then the score is rated."),
        "classic", hands=base.hands, prefix=prefix,
        script=(
            Info(N_("This game is nearly over: look at the deck, only 3 cards are left. The log on the right "
                    "lists the moves so far."), Look("deck")),
            Turn(N_("Your slot 5 was clued as a 5, and the possibilities left are red 5 or green 5. Red and "
                    "green are both at 4, so it fits either way: play it."),
                 allow=(Move("play", slot=5),),
                 wrong=N_("Play your slot 5: it is red 5 or green 5, and both fireworks are at 4."),
                 after=N_("Green 5 completes the green firework. Completing a firework gives a clue token back "
                          "(here the tokens were already full)."),
                 look=Look("card", seat=0, slot=5)),
            BotMove(Move("clue", target=0, colour="yellow"), N_("Bob clues Ann's yellow cards: yellow 3 fits.")),
            Turn(N_("Bob's yellow clue touched slots 2 and 5. Slot 5 you already knew was yellow 4; the new "
                    "card is the focus: yellow 3, the card that fits now. Play slot 2."),
                 allow=(Move("play", slot=2),),
                 wrong=N_("Play slot 2, the yellow card Bob's clue was about."),
                 after=N_("Yellow 3 fits. You drew the next card: 1 left in the deck."),
                 look=Look("card", seat=0, slot=2)),
            BotMove(Move("discard", slot=3), N_("Bob discards yellow 1, which is no longer needed, and draws "
                                                "the last card of the deck.")),
            Info(N_("The deck is empty. From the turn the last card is drawn, every player gets exactly one more "
                    "turn, then the game ends: the line under the score counts the turns left."),
                 Look("status")),
            Turn(N_("Your last turn. Your slot 5 is yellow 4 and yellow is at 3: play it."),
                 allow=(Move("play", slot=5),),
                 wrong=N_("Play your slot 5, yellow 4: it is your last turn."),
                 after=N_("Yellow 4 is down. Bob has the very last turn."),
                 look=Look("card", seat=0, slot=5)),
            BotMove(Move("play", slot=5), N_("Bob's 5 is red or yellow, both at 4: it fits either way.")),
            Info(N_("The score is the sum of the top cards: 24. The rulebook rates it: 0-5 horrible, booed by "
                    "the crowd; 6-10 mediocre; 11-15 honourable, but will not be remembered for very long; 16-20 "
                    "excellent, crowd pleasing; 21-24 amazing, will be remembered for a very long time; 25 "
                    "legendary. The missing point is the red 5: it is your slot 1 (ringed), drawn too late to be "
                    "played."), Look("card", seat=0, slot=1)),
        ),
    )


def _conventions() -> Lesson:
    return Lesson(
        "conventions", "5", N_("First conventions"),
        N_("Play Clue, Save Clue, chop, 5 Save and 2 Save, as the H-group teaches them."),
        "classic", hands=(("y3", "r1", "b2", "g2", "w4"), ("w3", "g4", "y2", "r3", "b5")),
        draws=("w1", "r4", "g1"),
        script=(
            Info(N_("Good players agree how to read clues: these are conventions, and this game's bots follow "
                    "the H-group's. First, the chop: each player discards their rightmost card that has no "
                    "clue. Bob's chop is his slot 5."), Look("card", seat=1, slot=5)),
            Turn(N_("Bob's chop is blue 5, the only blue 5 in the game. If he discards it, blue can never be "
                    "finished. Save it with the number 5: a 5 Save."),
                 allow=(Move("clue", target=1, rank=5),),
                 wrong=N_("Give Bob the number 5 to save his blue 5 from the discard pile."),
                 after=N_("That is a 5 Save: a 5 clue on the chop means 'keep this, do not play it yet'. A clue "
                          "that saves a card is a Save Clue. Bob's chop is now slot 4."),
                 look=Look("card", seat=1, slot=5),
                 others=((Move("clue", target=1, colour="blue"),
                          N_("In the H-group a 5 is saved with the number 5, not its colour: a blue clue would "
                             "read as 'play it now'.")),)),
            BotMove(Move("clue", target=0, colour="red"), N_("Bob gives Ann a Play Clue on red 1.")),
            Turn(N_("Bob's red clue touched your slot 2, which is not your chop. A clue that is not a save is a "
                    "Play Clue: it says the card fits now. Play it."),
                 allow=(Move("play", slot=2),),
                 wrong=N_("Play slot 2, the card Bob's Play Clue touched."),
                 after=N_("Red 1: the Play Clue was right."), look=Look("card", seat=0, slot=2)),
            BotMove(Move("discard", slot=4), N_("Bob discards his chop, red 3, to earn a clue token.")),
            Turn(N_("Bob's new chop is yellow 2, and you can see no other yellow 2. 2s are hard to get back, "
                    "so a 2 on the chop that nobody else holds is saved with the number 2: a 2 Save."),
                 allow=(Move("clue", target=1, rank=2),),
                 wrong=N_("Give Bob the number 2 to save his yellow 2 on the chop."),
                 after=N_("That is a 2 Save. Bob keeps his yellow 2 and discards the next unclued card "
                          "instead."),
                 look=Look("card", seat=1, slot=4),
                 others=((Move("clue", target=1, colour="yellow"),
                          N_("In the H-group a 2 is saved with the number 2: a yellow clue would read as "
                             "'yellow 2 fits now', and it does not.")),)),
            BotMove(Move("discard", slot=3), N_("Bob discards his chop, green 4.")),
            Info(N_("Every clue either says 'play this' (Play Clue) or 'keep this' (Save Clue, only on the "
                    "chop: 5s, 2s nobody else holds, and last copies). Clue only cards that will be needed: "
                    "the H-group calls it Good Touch. The Rules screen lists all of the bots' conventions."),
                 Look("hand", seat=1)),
        ),
    )


def _rainbow() -> Lesson:
    return Lesson(
        "rainbow", "6a", N_("Variant: rainbow (Colour Avalanche)"),
        N_("Rainbow cards are touched by every colour clue."),
        "colour-avalanche", hands=(("g3", "y4", "w2", "b3", "r4"), ("m1", "r3", "y4", "g2", "w4")),
        draws=("g1",),
        script=(
            Info(N_("With Colour Avalanche (the rainbow variant) a sixth firework is built from rainbow cards. "
                    "Rainbow can never be named in a clue, but every colour clue touches rainbow cards."),
                 Look("fireworks")),
            Turn(N_("Bob's rainbow 1 fits. He has no blue card, so a blue clue touches only the rainbow 1: "
                    "give him blue. Click his rainbow card to open the clue chooser and choose blue."),
                 allow=(Move("clue", target=1, colour="blue"),),
                 wrong=N_("Give Bob the colour blue: it touches his rainbow 1 and nothing else."),
                 after=N_("Blue touched the rainbow card: Bob knows it is blue or rainbow, and as both "
                          "fireworks are empty, a 1 of either fits."),
                 look=Look("card", seat=1, slot=1),
                 others=((Move("clue", target=1, colour="red"),
                          N_("Red would touch red 3 and the rainbow 1 together. Blue touches the rainbow card "
                             "alone.")),
                         (Move("clue", target=1, rank=1),
                          N_("The number 1 would work, but see how a colour touches a rainbow card: give "
                             "blue.")))),
            BotMove(Move("play", slot=1), N_("Bob plays the card blue touched: rainbow 1.")),
            Info(N_("The rainbow firework scores like any other: the best score becomes 30."), Look("fireworks")),
        ),
    )


def _black_powder() -> Lesson:
    return Lesson(
        "black", "6b", N_("Variant: Black Powder"),
        N_("A colourless black firework, built from 5 down to 1."),
        "black-powder", hands=(("g3", "y4", "w2", "b3", "r4"), ("k5", "r2", "y3", "g4", "w3")),
        draws=("k4",),
        script=(
            Info(N_("Black Powder adds a black firework built downwards: first a 5, then 4, 3, 2 and 1. There "
                    "are three black 5s and one black 1."), Look("fireworks")),
            Turn(N_("Black is colourless: no colour clue ever touches a black card. Tell Bob about his black 5 "
                    "with the number 5."),
                 allow=(Move("clue", target=1, rank=5),),
                 wrong=N_("Give Bob the number 5: no colour touches black cards."),
                 after=N_("The 5 touched the black 5: the first card the black firework needs."),
                 look=Look("card", seat=1, slot=1)),
            BotMove(Move("play", slot=1), N_("Bob plays black 5: it starts the black firework.")),
            Info(N_("At the end, each card missing from the black firework costs a point (none played: -5). "
                    "The best score stays 25."), Look("status")),
        ),
    )


def _flamboyants() -> Lesson:
    return Lesson(
        "flamboyants", "6c", N_("Variant: 5 Flamboyants"),
        N_("Completing a firework reveals a bonus tile."),
        "flamboyants", hands=(("r3", "g2", "r1", "w4", "y3"), ("b2", "r2", "g3", "r4", "r5")),
        draws=("y1", "w1", "g1", "b1", "y2"), tiles=(1, 3, 2, 4, 5, 6),
        prefix=(Move("play", slot=3), Move("play", slot=2), Move("play", slot=2), Move("play", slot=4)),
        script=(
            Info(N_("With 5 Flamboyants, six bonus tiles lie face down beside the tokens. Red 1 to 4 are "
                    "already played (see the log)."), Look("bonus")),
            Turn(N_("Bob holds red 5. Tell him: red, or the number 5."),
                 allow=(Move("clue", target=1, colour="red"), Move("clue", target=1, rank=5)),
                 wrong=N_("Give Bob red or 5: it touches his red 5."),
                 after=N_("Bob knows his red 5 fits."), look=Look("card", seat=1, slot=5)),
            BotMove(Move("play", slot=5), N_("Bob plays red 5 and completes red: he reveals a bonus tile.")),
            Info(N_("Completing a firework reveals the top bonus tile instead of the usual clue token. This one "
                    "gives a clue token; others turn an error back, give a free clue, or bring a discarded "
                    "card back. Point at a tile to read it."), Look("bonus")),
        ),
    )


def _final_flourish() -> Lesson:
    base = Lesson("flourish-56", "6d", "", "", "final-flourish",
                  hands=(("r1", "y1", "g2", "b3", "w4"), ("g1", "b1", "w1", "r2", "y3")), script=())
    prefix = tuple(autoplay(new_game(base), 0))
    return Lesson(
        "flourish-56", "6d", N_("Variant: Final flourish"),
        N_("The game goes on after the deck: a perfect show or nothing."),
        "final-flourish", hands=base.hands, prefix=prefix,
        script=(
            Info(N_("In Final flourish the game does not end when the deck runs out: you play on with the cards "
                    "in your hands. You win only with a perfect display; a needed card lost, or a third error, "
                    "loses."), Look("deck")),
            Turn(N_("White is at 2. Your slot 4 is known to be white 3: play it."),
                 allow=(Move("play", slot=4),),
                 wrong=N_("Play slot 4, your white 3."),
                 after=N_("White 3. No card is drawn now: your hand shrinks."),
                 look=Look("card", seat=0, slot=4)),
            BotMove(Move("play", slot=5), N_("Bob's 4 is blue or white; blue is complete, so it is white 4.")),
            Turn(N_("Your slot 4 is now your white 5, the last card the display needs: play it."),
                 allow=(Move("play", slot=4),),
                 wrong=N_("Play slot 4, your white 5."),
                 after=N_("A perfect display: in Final flourish that is the win."),
                 look=Look("card", seat=0, slot=4)),
            Info(N_("In Final flourish there is no rating: a perfect display wins, anything else loses."),
                 Look("status")),
        ),
    )


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the order of the lesson list."""
    return (_goal_and_hand(), _giving_clues(), _play_discard(), _end_of_deck(), _conventions(), _rainbow(),
            _black_powder(), _flamboyants(), _final_flourish())


def lesson(key: str) -> Lesson:
    """The lesson called `key`; KeyError if there is none."""
    for item in lessons():
        if item.key == key:
            return item
    raise KeyError(key)
