"""Learn to play: lessons as data on fixed deals (model, catalogue), the line of play that sets up a late
position (autoplay), and how a lesson meets the real table and ends with a short real game (play). No pygame."""
