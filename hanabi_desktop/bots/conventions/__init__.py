"""The `conventions` bot: the H-group conventions a person learns (see `conventions_guide.GUIDE`).

By role: `model` (card notes, board masks), `reading` (what a clue means: a pure function), `evaluation`
(what a clue is worth), `policy` (the bot's turn) and `wording` (its explanations).
"""

from hanabi_desktop.bots.conventions.policy import DEFAULT_LEVEL, LEVELS, ConventionsBot, parse_level

__all__ = ["DEFAULT_LEVEL", "LEVELS", "ConventionsBot", "parse_level"]
