"""New game: 2-5 seats (a person with a name, or a bot), the variant and its options, an optional seed.

The last set-up started is remembered in the settings and offered again next time.
"""

from __future__ import annotations

import pygame

from hanabi_desktop import storage
from hanabi_desktop.bots import registry
from hanabi_desktop.engine import PRESETS
from hanabi_desktop.session import SeatSpec, Setup
from hanabi_desktop.ui import flow, theme
from hanabi_desktop.ui.scenes.menu import MenuScene, wrap_lines
from hanabi_desktop.ui.widgets import Button, ListView, TextInput, Toggle

DEFAULT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
BOT_LABELS = {"conventions": "Conventions bot", "expert": "Expert bot", "random": "Random bot"}


def bot_label(name: str | None) -> str:
    """How a seat kind is named on the buttons."""
    return "Person" if name is None else BOT_LABELS.get(name, f"{name.title()} bot")


class NewGameScene(MenuScene):
    """Choose seats, variant and options, then Start."""

    title = "New game"

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.bot_names = [b for b in ("conventions", "expert", "random") if b in registry.available()]
        self.bot_names += [b for b in registry.available() if b not in self.bot_names]
        default_bot = registry.DEFAULT_BOT if registry.DEFAULT_BOT in self.bot_names else (
            self.bot_names[0] if self.bot_names else None)
        self.count = 3
        self.names = list(DEFAULT_NAMES)
        self.kinds: list[str | None] = [None] + [default_bot] * 4
        self.variant = "classic"
        self.options = {"empty_clues": False, "final_flourish": False, "flamboyants": False}
        self.seed = ""
        self._restore(getattr(app.settings, "last_setup", None))
        self.inputs: list[TextInput] = []

    def _restore(self, data: object) -> None:
        if not isinstance(data, dict):
            return
        try:
            setup = Setup.from_json({**data, "seed": None})
        except (ValueError, TypeError):
            return
        self.count = len(setup.seats)
        for i, s in enumerate(setup.seats):
            self.names[i] = s.name
            self.kinds[i] = s.bot if (s.bot is None or s.bot in self.bot_names) else self.kinds[i]
        self.variant = setup.variant if setup.variant in PRESETS else "classic"
        self.options = {"empty_clues": setup.empty_clues, "final_flourish": setup.final_flourish,
                        "flamboyants": setup.flamboyants}

    # -- layout ---------------------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        w, h = self.size
        margin, gap = self.px(60), self.px(12)
        top = self.px(120)
        left_w = min(self.px(860), (w - 3 * margin) * 58 // 100)
        right_x = margin * 2 + left_w
        right_w = w - right_x - margin
        row_h = self.px(46)
        # players
        self.players_label_y = top
        for i, n in enumerate(range(2, 6)):
            self.widgets.add(Button((margin + self.px(150) + i * (row_h + gap), top, row_h, row_h), str(n),
                                    lambda n=n: self.set_count(n), selected=n == self.count,
                                    tooltip=f"{n} players"))
        # seats
        self.inputs = []
        y = top + row_h + self.px(26)
        kinds = [None, *self.bot_names]
        name_w = self.px(220)
        kind_w = max(self.px(90), (left_w - name_w - gap * (len(kinds) + 1)) // max(1, len(kinds)))
        self.seat_rows: list[pygame.Rect] = []
        for seat in range(self.count):
            r = pygame.Rect(margin, y, left_w, row_h)
            self.seat_rows.append(r)
            field = TextInput((margin, y, name_w, row_h), self.names[seat], placeholder=f"Player {seat + 1}",
                              max_length=16, on_change=lambda t, s=seat: self.set_name(s, t))
            self.inputs.append(field)
            self.widgets.add(field)
            for k, kind in enumerate(kinds):
                self.widgets.add(Button((margin + name_w + gap + k * (kind_w + gap), y, kind_w, row_h),
                                        bot_label(kind), lambda s=seat, kind=kind: self.set_kind(s, kind),
                                        selected=self.kinds[seat] == kind, size=self.px(17),
                                        tooltip=self._kind_tip(kind)))
            y += row_h + gap
        self.seed_y = y + self.px(18)
        self.seed_input = TextInput((margin + self.px(150), self.seed_y, self.px(260), row_h), self.seed,
                                    placeholder="random deal", max_length=24,
                                    on_change=lambda t: setattr(self, "seed", t))
        self.widgets.add(self.seed_input)
        # variant and options
        keys = list(PRESETS)
        list_h = min(self.px(10 * 36), h - top - self.px(330))
        self.variant_list = ListView((right_x, top, right_w, list_h), [PRESETS[k].name for k in keys],
                                     selected=keys.index(self.variant), on_select=self.set_variant,
                                     on_activate=lambda i: self.start(), row_height=max(22, list_h // 10))
        self.widgets.add(self.variant_list)
        self.desc_y = top + list_h + self.px(8)
        oy = self.desc_y + self.px(62)
        preset = PRESETS[self.variant]
        for i, (key, label) in enumerate((("empty_clues", "Empty clues allowed"),
                                          ("final_flourish", "Final flourish (win or lose)"),
                                          ("flamboyants", "5 Flamboyants bonus tiles"))):
            locked = bool(getattr(preset, key))
            t = Toggle((right_x, oy + i * (row_h - self.px(4)), right_w, row_h - self.px(10)), label,
                       self.options[key] or locked, lambda v, k=key: self.set_option(k, v), enabled=not locked)
            self.widgets.add(t)
        bw = self.px(200)
        self.widgets.add(Button((w - margin - bw, h - self.px(100), bw, self.px(58)), "Start", self.start,
                                primary=True, tooltip="Deal the cards (Enter)"))
        self.widgets.add(Button((w - margin - 2 * bw - gap, h - self.px(100), bw, self.px(58)), "Back", self.back,
                                tooltip="Back to the title (Esc)"))

    def _kind_tip(self, kind: str | None) -> str:
        if kind is None:
            return "A person at this computer (hot seat: a curtain hides the table between people)"
        try:
            return registry.bot_class(kind).description
        except Exception:  # noqa: BLE001 - a tooltip must never break the page
            return ""

    # -- changes --------------------------------------------------------------------------------------------
    def set_count(self, n: int) -> None:
        self.count = n
        self.rebuild()

    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def set_kind(self, seat: int, kind: str | None) -> None:
        self.kinds[seat] = kind
        self.rebuild()

    def set_variant(self, index: int) -> None:
        self.variant = list(PRESETS)[index]
        self.rebuild()

    def set_option(self, key: str, value: bool) -> None:
        self.options[key] = value

    def setup(self) -> Setup:
        """The set-up as chosen now (not yet checked)."""
        seats = [SeatSpec(self.names[i].strip() or f"Player {i + 1}", self.kinds[i]) for i in range(self.count)]
        return Setup(seats, self.variant, seed=self.seed.strip() or None, **self.options)

    def start(self) -> None:
        """Check the set-up, remember it, and deal."""
        setup = self.setup()
        try:
            setup.check()
        except ValueError as exc:
            self.say(str(exc), theme.ERROR)
            return
        settings = self.app.settings
        settings.last_setup = {**setup.to_json(), "seed": None}
        try:
            storage.save_settings(settings)
        except OSError as exc:  # the game matters more than remembering its set-up; the player is told
            self.app.notices.post(f"The set-up could not be remembered: {storage.disk_problem(exc)}.", "warning",
                                  key="settings-save")
        session = flow.new_session(self.app, setup)
        flow.open_table(self.app, session, replace=True)

    def handle(self, intent) -> bool:  # noqa: ANN001
        from hanabi_desktop.ui.intents import Command

        if isinstance(intent, Command) and intent.name == "confirm" and not any(i.focused for i in self.inputs):
            self.start()
            return True
        return super().handle(intent)

    # -- drawing ----------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        margin = self.px(60)
        size = self.px(22)
        row_h = self.px(46)
        theme.blit_text(surface, "Players", size, (margin, self.players_label_y + row_h // 2), theme.TEXT,
                        bold=True, anchor="midleft")
        theme.blit_text(surface, "Seed", size, (margin, self.seed_y + row_h // 2), theme.TEXT, bold=True,
                        anchor="midleft")
        theme.blit_text(surface, "same seed, same deal", self.px(16),
                        (margin + self.px(424), self.seed_y + row_h // 2), theme.TEXT_FAINT, anchor="midleft")
        humans = sum(1 for k in self.kinds[:self.count] if k is None)
        note = ("Hot seat: pass the computer between turns; a curtain hides the table." if humans >= 2 else
                "Practice with bots: their reasons appear in the log." if humans == 1 else
                "All bots: watch them play with every hand face up.")
        theme.blit_text(surface, note, self.px(17), (margin, self.seed_y + row_h + self.px(20)), theme.TEXT_DIM)
        lv = self.variant_list.rect
        desc = PRESETS[self.variant].description
        for i, line in enumerate(wrap_lines(desc, self.px(17), lv.w)[:3]):
            theme.blit_text(surface, line, self.px(17), (lv.x, self.desc_y + i * self.px(21)), theme.TEXT_DIM)
