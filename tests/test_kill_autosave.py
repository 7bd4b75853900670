"""A process killed in the middle of writing its autosave loses nothing: the game resumes, the debris is cleaned.

The child plays an all-bot game through the real autosave (ui.autosave.save -> storage.AutosaveWriter -> storage.write_atomic), saving
over and over so a kill lands inside a write, and says how many actions it had saved before the kill window
opened. HANABI_KILLS sets how many kills (a campaign); the suite does a few.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from hanabi_desktop import storage
from hanabi_desktop.table.saves import resume

KILLS = int(os.environ.get("HANABI_KILLS", "3"))
CHILD = """
import sys
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.table import autosave

def saver(session):
    autosave.save(session)
    autosave.flush(5)  # each state on disk before the next (the kill must land inside writes)
seed = sys.argv[1]
def fresh():
    return Session(Setup([SeatSpec("A", "expert"), SeatSpec("B", "conventions"), SeatSpec("C", "expert")],
                         seed=seed), autosave=saver, threaded=False)
s = fresh()
saver(s)
print(len(s.game.actions), flush=True)  # saved: from here on a resumable save must always be there
while True:
    if s.game.deck_count > 3 and s.game.strikes < 2:  # stop short of the end: an ended game clears its autosave
        s.run_bots(limit=1)
    saver(s)  # and save again and again, so the kill lands in a write
"""


def test_killed_mid_autosave_resumes_with_nothing_lost() -> None:
    rng = random.Random(os.environ.get("HANABI_KILL_SEED", "kills"))
    lost = 0
    for i in range(KILLS):
        proc = subprocess.Popen([sys.executable, "-c", CHILD, f"kill{i}"], stdout=subprocess.PIPE, text=True,
                                cwd=Path(__file__).parents[1], env=os.environ.copy())
        first = int(proc.stdout.readline())
        time.sleep(rng.uniform(0.0, 0.4))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        data = storage.load_autosave()  # never a DamagedFile: os.replace is all or nothing
        if data is None:
            lost += 1
            continue
        session = resume(data, threaded=False)
        assert len(session.game.actions) >= first and not session.over
    assert lost == 0
    orphans = list(storage.data_dir().glob(".autosave.json.*.tmp"))
    print(f"kills {KILLS}, saves lost {lost}, writes cut short (orphaned temporary files) {len(orphans)}")
    for tmp in orphans:  # what a kill may leave: cleaned at next start
        os.utime(tmp, (time.time() - 3600, time.time() - 3600))
    storage.clean_orphans()
    assert not list(storage.data_dir().glob(".autosave.json.*.tmp"))
