"""The scene stack and the shared widgets, driven by intents and by real posted pygame events."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop.ui import intents
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, PointerDown, PointerMove, PointerUp, Scroll, TextTyped
from hanabi_desktop.ui.scene import Scene, SceneStack
from hanabi_desktop.ui.widgets.controls import Button, Label, ListView, Slider, TextInput, Toggle
from hanabi_desktop.ui.widgets.group import WidgetGroup


class FakeApp:
    def __init__(self) -> None:
        self.size = (1280, 800)
        self.stack = SceneStack(self.size)
        self.settings = None
        self.sound = None

    def quit(self) -> None:
        pass

    def toggle_fullscreen(self) -> None:
        pass


class Recorder(Scene):
    def __init__(self, app, name: str, transparent: bool = False) -> None:
        super().__init__(app)
        self.name = name
        self.transparent = transparent
        self.calls: list[str] = []
        self.got: list[object] = []

    def enter(self):
        self.calls.append("enter")

    def exit(self):
        self.calls.append("exit")

    def pause(self):
        self.calls.append("pause")

    def resume(self):
        self.calls.append("resume")

    def handle(self, intent):
        self.got.append(intent)
        return True

    def update(self, dt):
        self.calls.append("update")


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((320, 200))
    yield


def test_only_the_top_scene_gets_input_and_updates():
    app = FakeApp()
    stack = app.stack
    a = stack.push(Recorder(app, "a"))
    b = stack.push(Recorder(app, "b", transparent=True))
    assert a.calls == ["enter", "pause"]
    stack.handle(Command("back"))
    stack.update(0.016)
    assert b.got == [Command("back")] and a.got == []
    assert "update" in b.calls and "update" not in a.calls
    assert stack.visible() == [a, b]  # b is transparent: a is drawn under it
    stack.pop()
    assert b.calls[-1] == "exit" and a.calls[-1] == "resume"


def test_replace_and_opaque_scenes_hide_those_below():
    app = FakeApp()
    stack = app.stack
    a = stack.push(Recorder(app, "a"))
    b = stack.push(Recorder(app, "b"))
    assert stack.visible() == [b]
    c = stack.replace(Recorder(app, "c"))
    assert b.calls[-1] == "exit" and stack.top is c and len(stack) == 2
    stack.clear()
    assert a.calls[-1] == "exit" and c.calls[-1] == "exit"


def test_scenes_get_the_window_size_before_enter():
    app = FakeApp()
    app.stack.resize((1500, 900))
    s = app.stack.push(Recorder(app, "a"))
    assert s.size == (1500, 900)


def test_posted_mouse_events_become_pointer_intents_with_their_own_position():
    reader = intents.IntentReader()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(40, 50), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(60, 70), rel=(20, 20), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(61, 71), button=1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="\t"))
    got = [reader.translate(e) for e in pygame.event.get()]
    got = [g for g in got if g is not None]
    assert got == [PointerDown((40, 50), 1), PointerMove((60, 70), True), PointerUp((61, 71), 1),
                   Command("back"), Command("prev")]


def test_button_clicks_only_when_released_over_it():
    clicks = []
    b = Button(pygame.Rect(10, 10, 100, 40), "Go", on_click=lambda: clicks.append(1))
    b.handle(PointerDown((20, 20)))
    b.handle(PointerUp((200, 200)))
    assert clicks == []
    b.handle(PointerDown((20, 20)))
    b.handle(PointerUp((30, 30)))
    assert clicks == [1]
    b.enabled = False
    b.handle(PointerDown((20, 20)))
    b.handle(PointerUp((30, 30)))
    assert clicks == [1]


def test_toggle_slider_text_input_and_list():
    seen = {}
    t = Toggle(pygame.Rect(0, 0, 300, 30), "Symbols", False, on_change=lambda v: seen.__setitem__("t", v))
    t.handle(PointerDown((290, 15)))
    t.handle(PointerUp((290, 15)))
    assert seen["t"] is True and t.value

    s = Slider(pygame.Rect(0, 40, 400, 30), "Volume", 0.5, 0, 1, 0.1, on_change=lambda v: seen.__setitem__("s", v))
    track = s.track_rect()
    s.handle(PointerDown((track.right, track.centery)))
    s.handle(PointerUp((track.right, track.centery)))
    assert s.value == pytest.approx(1.0) and seen["s"] == pytest.approx(1.0)
    s.handle(Scroll((10, 50), -3))
    assert s.value == pytest.approx(0.7)

    ti = TextInput(pygame.Rect(0, 80, 200, 30), "An", on_submit=lambda v: seen.__setitem__("ti", v))
    ti.handle(PointerDown((10, 90)))
    ti.handle(TextTyped("n"))
    ti.handle(Command("confirm"))
    assert seen["ti"] == "Ann"

    lv = ListView(pygame.Rect(0, 120, 200, 100), ["a", "b", "c"], row_height=25,
                  on_select=lambda i: seen.__setitem__("sel", i), on_activate=lambda i: seen.__setitem__("act", i))
    lv.handle(PointerUp((10, 120 + 30)))
    assert seen["sel"] == 1
    lv.handle(PointerUp((10, 120 + 30)))
    assert seen["act"] == 1


def test_widgets_draw_without_error():
    surf = pygame.Surface((640, 400))
    surf.blit(theme.felt((640, 400)), (0, 0))
    group = WidgetGroup([
        Label((10, 10, 200, 30), "Hello"),
        Button((10, 50, 120, 40), "Play", primary=True),
        Button((140, 50, 120, 40), "Off", enabled=False),
        Toggle((10, 100, 300, 30), "Symbols", True),
        Slider((10, 140, 300, 30), "Volume", 0.3),
        TextInput((10, 180, 200, 34), placeholder="Name"),
        ListView((10, 230, 200, 120), ["one", "two"]),
    ])
    group.handle(PointerMove((20, 60)))
    group.update(0.1)
    group.draw(surf)
    assert group.widgets[1].hovered


def test_a_label_a_little_too_wide_shrinks_before_it_is_cut() -> None:
    pygame.font.init()
    full = theme.font(17, True).size("Conventions bot")[0]
    # a little narrower than the label at full size: a smaller font shows all of it
    size = theme.fit_size("Conventions bot", 17, full - 10, bold=True)
    assert size < 17 and theme.font(size, True).size("Conventions bot")[0] <= full - 10
    assert theme.fit_text("Conventions bot", size, full - 10, bold=True) == "Conventions bot"
    # far too narrow: the font stops at 80% and the text is cut with an ellipsis
    size = theme.fit_size("Conventions bot", 17, full // 3, bold=True)
    assert size == round(17 * 0.8)
    assert theme.fit_text("Conventions bot", size, full // 3, bold=True).endswith("…")
    # a label that fits keeps its size
    assert theme.fit_size("Person", 17, full, bold=True) == 17


def test_ctrl_a_selects_the_whole_field_and_typing_replaces_it() -> None:
    from hanabi_desktop.ui.intents import KeyPress, PointerDown, TextTyped
    from hanabi_desktop.ui.widgets.controls import TextInput

    field = TextInput((0, 0, 300, 40), "/some/old/path.json", max_length=200)
    field.handle(PointerDown((10, 10), 1))
    field.handle(KeyPress(pygame.K_a, pygame.KMOD_LCTRL, ""))
    assert field.all_selected
    field.handle(TextTyped("new.json"))
    assert field.text == "new.json"
    field.handle(KeyPress(pygame.K_a, pygame.KMOD_LCTRL, ""))
    field.handle(KeyPress(pygame.K_BACKSPACE, 0, ""))
    assert field.text == ""


def test_the_conventions_page_wraps_to_the_window_not_to_75_characters() -> None:
    from hanabi_desktop.ui.scenes.rules import conventions_text

    text = conventions_text()
    assert any(len(line) > 150 for line in text.splitlines())  # the page gets whole paragraphs
    items = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(items) >= 5 and any(line.startswith("- 5 Save:") for line in items)  # lists stay lists
    # a source line that ends in a colon mid-sentence goes on with the next one (seen: "(8 tokens too):" drawn as
    # a heading of its own, and "such a card may be trash" cut off as a new paragraph); headings stay apart
    assert "(8 tokens too): such a card may be trash" in text
    assert "Several, one on the chop: the chop." in text
    assert "\nWhere the bot differs from the guide:\n" in text
