"""`python -m hanabi_desktop` starts the game (or a headless subcommand)."""

from hanabi_desktop.cli import main

raise SystemExit(main())
