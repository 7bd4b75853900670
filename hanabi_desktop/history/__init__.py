"""The kept games as a history: each game summarised once (`summary`), the replays folder read through an index (`index`), and what each player's games add up to (`stats`). No pygame."""
