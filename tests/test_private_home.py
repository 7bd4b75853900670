"""The test suite never writes to the player's own folders, even when a test undoes its own patches."""

from __future__ import annotations

import pytest

from hanabi_desktop import storage


def test_a_tests_monkeypatch_undo_keeps_its_saves_in_the_private_home(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path_factory: pytest.TempPathFactory) -> None:
    private = storage.home()
    assert private is not None and private.is_relative_to(tmp_path_factory.getbasetemp())
    monkeypatch.setattr(storage, "write_atomic", storage.write_atomic)  # a patch the test then undoes, as
    monkeypatch.undo()  # test_hostile_saves.py does to make a refusing disk work again
    assert storage.home() == private
    assert storage.autosave_path().is_relative_to(private)
