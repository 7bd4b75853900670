"""The small things a player noticed (issue 29): each checked where a test can see it."""

from __future__ import annotations

import pytest

from hanabi_desktop import storage
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.settings import SettingsScene
from hanabi_desktop.ui.widgets.controls import Slider, Toggle


@pytest.fixture()
def app():
    a = App((1024, 640), settings=storage.Settings(language="en"))
    yield a
    a.close()


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)])
def test_settings_labels_share_one_size_in_both_columns(size: tuple[int, int]) -> None:
    """The learning aids' switches on the right used a smaller text than the rows on the left."""
    app = App(size, settings=storage.Settings(language="en"))
    try:
        page = SettingsScene(app)
        app.stack.push(page)
        toggles = [w for w in page.widgets.widgets if isinstance(w, Toggle)]
        sliders = [w for w in page.widgets.widgets if isinstance(w, Slider)]
        right = [t for t in toggles if t.rect.x > page.px(300)]
        assert len(right) >= 6 and len(toggles) > len(right)
        sizes = {t.font_size() for t in toggles} | {s.size or max(11, round(s.rect.h * 0.45)) for s in sliders}
        assert sizes == {page.label_size()}
    finally:
        app.close()
