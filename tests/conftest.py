"""Test configuration shared by every test: no window, no sound device."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory) -> object:
    """Settings, autosaves and replays written by a test go to a fresh folder, never the user's own. The folder is
    set through a MonkeyPatch of its own: set through the test's `monkeypatch`, a test's `monkeypatch.undo()` (to
    make a refusing disk work again) undid it too, and the rest of that test saved its game over the developer's
    own autosave (found as a 'Cat, Dan' game to continue on the title screen)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HANABI_DESKTOP_HOME", str(tmp_path_factory.mktemp("home")))
        yield


@pytest.fixture(autouse=True)
def _own_autosave_writer(_private_home: None) -> object:
    """Each test saves through a writer of its own, done before the test ends: the one global writer carried a
    test's late saves and failure count into the next test's home and notices (flaky under load). The lesson
    progress writer is waited for too."""
    from hanabi_desktop import storage
    from hanabi_desktop.lessons import learning
    from hanabi_desktop.table import autosave

    writer = storage.AutosaveWriter()
    with pytest.MonkeyPatch.context() as patch:  # its own: a test's `monkeypatch.undo()` keeps the writer
        patch.setattr(autosave, "WRITER", writer)
        yield
        # its last writes land in this test's home, not the next test's (10 s ran out under load); a writer that
        # cannot finish in a minute is a defect of its own
        assert writer.flush(60), "the autosave writer did not finish within 60 s"
        # the lesson progress is written on a thread of its own too: done before the next test reads its home
        learning.WRITER.flush(60)


@pytest.fixture()
def own_patch() -> object:
    """A MonkeyPatch of the test's own (its `undo()` leaves conftest's home alone), undone when the test ends even
    if it fails: a bare `pytest.MonkeyPatch()` left the disk refusing for every later test after one failure."""
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture(autouse=True)
def _english() -> object:
    """Every test starts in English whatever the machine's language (a test that changes it is undone)."""
    from hanabi_desktop import i18n

    os.environ["LANGUAGE"] = "en"  # the settings' default language is the system's: here, English
    yield
    i18n.use_translations(i18n.load_translations("en", "."), "en")


@pytest.fixture()
def disk() -> object:
    """A disk the test can fill up or turn read-only (`tests.disk.Disk`); it works again afterwards."""
    from tests.disk import Disk

    d = Disk()
    yield d
    d.works()
