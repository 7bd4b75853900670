"""The game at the table, pygame-free: set-up (`setup`), seats and the bots' thread (`seats`), turn flow, undo,
notes and the private hand order (`session`), the save format (`saves`), log lines (`narrate`),
hypotheticals, the autosave policy (`autosave`), hints and cautions. Screens and the network host reach it
through one typed door, `door.Table`."""
