"""Entry point of the PyInstaller bundle: the same as `python -m hanabi_desktop`."""

import sys

from hanabi_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
