"""A disk for tests that fills up or turns read-only under the program, at the two doors it writes through:
`storage.write_atomic` (every file the game writes) and removing a file (which still works on a full disk)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from hanabi_desktop import storage


class Disk:
    """`full()`: writes fail with ENOSPC, removals work; `read_only()`: both fail with EROFS; `works()`."""

    def __init__(self) -> None:
        self._patch = pytest.MonkeyPatch()
        self.state = "works"

    def _refuse(self, code: int) -> None:
        def write(path: Path, text: str, fsync: bool = True) -> None:
            raise OSError(code, os.strerror(code), str(path))

        self._patch.setattr(storage, "write_atomic", write)

    def full(self) -> None:
        self.works()
        self._refuse(errno.ENOSPC)
        self.state = "full"

    def read_only(self) -> None:
        self.works()
        self._refuse(errno.EROFS)
        real_unlink = Path.unlink
        home = storage.home()

        def unlink(path: Path, missing_ok: bool = False) -> None:
            if home is not None and home in Path(path).absolute().parents:
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
            real_unlink(path, missing_ok=missing_ok)

        self._patch.setattr(Path, "unlink", unlink)
        self.state = "read-only"

    def works(self) -> None:
        self._patch.undo()
        self.state = "works"
