"""Settings: colour-blind symbols, card size, animation speed, bot pace, language, volume and mute, full screen.

Changes apply at once (sound volume live, the table when it resumes) and are stored in the user's config
directory when the page is left.
"""

from __future__ import annotations

import pygame

from hanabi_desktop import i18n, storage
from hanabi_desktop.i18n import N_, _, decimal
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, Slider, Toggle

PACE_LABELS = (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")), ("instant", N_("Instant")))
AID_LABELS = (  # storage.Settings fields of the learning aids at the table, and their rows
    ("hints_in_hot_seat", N_("Hints in hot seat")),
    ("undo_in_hot_seat", N_("Undo in hot seat")),
    ("warn_third_error", N_("Warn before a possible third error")),
    ("warn_critical_chop", N_("Warn: a critical card on a chop")),
    ("warn_double_discard", N_("Warn before a double discard")),
    ("show_beliefs", N_("Show the bots' readings of their cards")),
    ("clue_preview", N_("Clue preview: how the partner will read a clue")),
)


class SettingsScene(MenuScene):
    """Every player preference on one page, with a live card preview."""

    title = N_("Settings")

    def build(self, scale: float) -> None:
        st = self.app.settings
        w, h = self.size
        col_w = min(self.px(720), w - self.px(120))
        x = self.px(80)
        row_h, gap = self.px(50), self.px(16)
        y = self.px(130)
        self.widgets.add(Toggle((x, y, col_w, row_h), _("Colour-blind symbols on every card"),
                                bool(st.colour_blind_symbols), lambda v: self.set("colour_blind_symbols", v),
                                size=self.label_size()))
        y += row_h + gap
        self.widgets.add(Slider((x, y, col_w, row_h), _("Card size"), float(st.card_scale), 0.8, 1.3, 0.05,
                                lambda v: self.set("card_scale", round(v, 2)), fmt=lambda v: f"{v:.0%}"))
        y += row_h + gap
        self.widgets.add(Slider((x, y, col_w, row_h), _("Animation speed"), float(st.animation_speed), 0.0, 3.0, 0.25,
                                lambda v: self.set("animation_speed", v),
                                fmt=lambda v: _("off") if v == 0 else f"x{decimal(v)}"))
        y += row_h + gap
        self.pace_y = y
        bw = (col_w - round(col_w * 0.42) - 3 * self.px(8)) // 4
        for i, (key, label) in enumerate(PACE_LABELS):
            self.widgets.add(Button((x + round(col_w * 0.42) + i * (bw + self.px(8)), y, bw, row_h - self.px(6)),
                                    _(label), lambda k=key: self.set_pace(k), selected=st.bot_pace == key,
                                    size=self.px(18)))
        y += row_h + gap
        self.language_y = y
        bw = (col_w - round(col_w * 0.42) - 4 * self.px(8)) // 5
        for i, code in enumerate(i18n.LANGUAGES):
            self.widgets.add(Button((x + round(col_w * 0.42) + i * (bw + self.px(8)), y, bw, row_h - self.px(6)),
                                    i18n.LANGUAGE_NAMES[code], lambda c=code: self.set_language(c),
                                    selected=i18n.current_language() == code, size=self.px(18)))
        y += row_h + gap
        self.widgets.add(Slider((x, y, col_w, row_h), _("Sound volume"), float(st.volume), 0.0, 1.0, 0.05,
                                self.set_volume))
        y += row_h + gap
        self.widgets.add(Toggle((x, y, col_w, row_h), _("Mute"), bool(st.muted), self.set_muted, size=self.label_size()))
        y += row_h + gap
        self.widgets.add(Toggle((x, y, col_w, row_h), _("Full screen (F11)"), bool(self.app_fullscreen()),
                                self.set_fullscreen, size=self.label_size()))
        self.preview_x = x + col_w + self.px(60)
        aids_y = self.px(150) + round(self.px(78) * float(st.card_scale) * 1.42) + self.px(30)
        self.add_aids(self.preview_x, aids_y, min(col_w, w - self.preview_x - self.px(40)), self.px(50), self.px(12))
        self.widgets.add(Button((w - self.px(80) - self.px(180), h - self.px(90), self.px(180), self.px(54)),
                                _("Done"), self.back, primary=True, tooltip=_("Save and go back (Esc)"), hint="Esc"))

    def add_aids(self, x: int, y: int, width: int, row_h: int, gap: int) -> None:
        """The learning aids' switches (see ui.tableview.coach), in the second column under the card preview."""
        width = max(width, self.px(300))
        for key, label in AID_LABELS:
            self.widgets.add(Toggle((x, y, width, row_h), _(label), bool(getattr(self.app.settings, key)),
                                    lambda v, k=key: self.set(k, v), size=self.label_size()))
            y += row_h + gap

    def label_size(self) -> int:
        """The text size of every row's label, in both columns."""
        return round(self.px(50) * 0.45)

    def app_fullscreen(self) -> bool:
        return bool(self.app.fullscreen)

    # -- changes -------------------------------------------------------------------------------------------
    def set(self, key: str, value: object) -> None:
        setattr(self.app.settings, key, value)

    def set_pace(self, pace: str) -> None:
        self.set("bot_pace", pace)
        self.rebuild()

    def set_language(self, language: str) -> None:
        """Every text in `language` at once (this page and the ones under it are laid out again)."""
        if language != i18n.current_language():
            self.app.set_language(language)

    def set_volume(self, value: float) -> None:
        self.set("volume", value)
        if self.app.sound is not None:
            self.app.sound.set_volume(value)
            self.app.sound.play("click")

    def set_muted(self, value: bool) -> None:
        self.set("muted", value)
        if self.app.sound is not None:
            self.app.sound.set_muted(value)

    def set_fullscreen(self, value: bool) -> None:
        if value != self.app_fullscreen():
            self.app.toggle_fullscreen()
        self.set("fullscreen", value)

    def save(self) -> None:
        """Store the settings (a failure is reported, the settings still apply for this run)."""
        try:
            storage.save_settings(self.app.settings)
        except OSError as exc:  # said over whatever screen comes next (this one may be closing)
            self.app.notices.post(_("Settings could not be saved: {problem}. They apply until you close the "
                                    "game.").format(problem=storage.disk_problem(exc)), "error", key="settings-save")

    def exit(self) -> None:
        self.save()

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        st = self.app.settings
        theme.blit_text(surface, _("Bot pace"), self.label_size(), (self.px(80), self.pace_y + self.px(22)), theme.TEXT,
                        anchor="midleft")
        theme.blit_text(surface, _("Language"), self.label_size(), (self.px(80), self.language_y + self.px(22)),
                        theme.TEXT, anchor="midleft")
        if self.preview_x + self.px(300) > self.size[0]:
            return
        cw = round(self.px(78) * float(st.card_scale))
        ch = round(cw * 1.42)
        y = self.px(150)
        theme.blit_text(surface, _("Preview"), self.px(20), (self.preview_x, y - self.px(6)), theme.TEXT_DIM,
                        anchor="bottomleft")
        for i, letter in enumerate("rygb"):  # one row: the learning aids' switches are below
            row, col = divmod(i, 4)
            r = pygame.Rect(self.preview_x + col * (cw + self.px(10)), y + row * (ch + self.px(12)), cw, ch)
            surface.blit(cards.card_face(letter, i % 5 + 1, cw, ch, bool(st.colour_blind_symbols)), r)
