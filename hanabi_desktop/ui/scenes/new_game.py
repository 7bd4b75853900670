"""New game: 2-5 seats (a person with a name, or a bot), the variant and its options, an optional seed.

The last set-up started is remembered in the settings and offered again next time.
"""

from __future__ import annotations

import pygame

from hanabi_desktop import storage
from hanabi_desktop.bots import registry
from hanabi_desktop.engine import PRESETS
from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.i18n import N_, _
from hanabi_desktop.table import autosave
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, ListView, TextInput, Toggle, button_width
from hanabi_desktop.ui.widgets.wrap import wrap_lines

DEFAULT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
LEVEL_BOT = "conventions"  # the bot that plays the H-group conventions by level
LEVEL_LABELS = {"beginner": N_("Beginner"), "1": "1", "2": "2", "3": "3"}
DEFAULT_LEVEL = "beginner"  # what a person who has read the H-group beginner's guide expects
BOT_LABELS = {"conventions": N_("Conventions bot"), "expert": N_("Expert bot"), "random": N_("Random bot")}


def bot_label(name: str | None) -> str:
    """How a seat kind is named on the buttons."""
    return _("Person") if name is None else _(BOT_LABELS[name]) if name in BOT_LABELS else _("{name} bot").format(name=name.title())


class NewGameScene(MenuScene):
    """Choose seats, variant and options, then Start."""

    title = N_("New game")

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.bot_names = [b for b in ("conventions", "expert", "random") if b in registry.offered()]
        self.bot_names += [b for b in registry.offered() if b not in self.bot_names]
        default_bot = registry.DEFAULT_BOT if registry.DEFAULT_BOT in self.bot_names else (
            self.bot_names[0] if self.bot_names else None)
        self.count = 3
        self.names = list(DEFAULT_NAMES)
        self.kinds: list[str | None] = [None] + [default_bot] * 4
        self.variant = "classic"
        self.options = {"empty_clues": False, "final_flourish": False, "flamboyants": False}
        self.seed = ""
        self.replacing: dict | None = None  # the game in progress that Start would end, while asking
        self.keep_problem = ""  # why that game could not be kept in Replays now ("" if it can)
        self.level = DEFAULT_LEVEL  # the H-group level the conventions bots play at
        self._restore(app.settings.last_setup)
        self.inputs: list[TextInput] = []

    def _restore(self, data: object) -> None:
        if not isinstance(data, dict):
            return
        try:
            setup = Setup.from_json({**data, "seed": None})
        except (ValueError, TypeError) as exc:  # the settings file's last set-up alone is reset, and said
            self.app.notices.post(_("The last set-up could not be used ({problem}); the usual seats are shown.").format(
                problem=clean_text(str(exc), 120)), "warning", key="last-setup")
            return
        self.count = len(setup.seats)
        for i, s in enumerate(setup.seats):
            self.names[i] = s.name
            kind, level = registry.split_level(s.bot) if s.bot is not None else (None, None)
            self.kinds[i] = kind if (kind is None or kind in self.bot_names) else self.kinds[i]
            if kind == LEVEL_BOT and level in LEVEL_LABELS:
                self.level = level
        self.variant = setup.variant if setup.variant in PRESETS else "classic"
        self.options = {"empty_clues": setup.empty_clues, "final_flourish": setup.final_flourish,
                        "flamboyants": setup.flamboyants}

    # -- layout ---------------------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        w, h = self.size
        margin, gap = self.px(60), self.px(12)
        top = self.px(120)
        left_w = min(self.px(860), (w - 3 * margin) * (58 if w >= 1000 else 62) // 100)  # a narrow window:
        # the seat buttons need the room more than the variant list
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
        name_w = min(self.px(220), left_w // 4)
        kind_w = max(self.px(90), (left_w - name_w - gap * (len(kinds) + 1)) // max(1, len(kinds)))
        self.seat_rows: list[pygame.Rect] = []
        for seat in range(self.count):
            r = pygame.Rect(margin, y, left_w, row_h)
            self.seat_rows.append(r)
            field = TextInput((margin, y, name_w, row_h), self.names[seat], placeholder=_("Player {number}").format(number=seat + 1),
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
                                    placeholder=_("random deal"), max_length=24,
                                    on_change=lambda t: setattr(self, "seed", t))
        self.widgets.add(self.seed_input)
        # the H-group level of the conventions bots (remembered with the set-up)
        self.level_y = self.seed_y + row_h + self.px(56)
        level_x = margin + self.px(330)
        for i, (key, label) in enumerate(LEVEL_LABELS.items() if self.level_shown() else ()):
            bw = self.px(130) if key == "beginner" else row_h
            x = level_x + (0 if i == 0 else self.px(130) + gap + (i - 1) * (row_h + gap))
            self.widgets.add(Button((x, self.level_y, bw, row_h), _(label), lambda k=key: self.set_level(k),
                                    selected=self.level == key, size=self.px(17),
                                    tooltip=_("The conventions bots play the H-group conventions up to the beginner's guide (hanabi.github.io)") if key == "beginner"
                                            else _("The conventions bots play the H-group conventions up to level {level} (hanabi.github.io)").format(level=key)))
        # variant and options
        keys = list(PRESETS)
        list_h = min(self.px(10 * 36), h - top - self.px(330))
        self.variant_list = ListView((right_x, top, right_w, list_h), [_(PRESETS[k].name) for k in keys],
                                     selected=keys.index(self.variant), on_select=self.set_variant,
                                     row_height=max(22, list_h // 10))
        self.widgets.add(self.variant_list)
        self.desc_y = top + list_h + self.px(8)
        oy = self.desc_y + self.px(62)
        preset = PRESETS[self.variant]
        for i, (key, label) in enumerate((("empty_clues", N_("Empty clues allowed")),
                                          ("final_flourish", N_("Final flourish (win or lose)")),
                                          ("flamboyants", N_("5 Flamboyants bonus tiles")))):
            locked = bool(getattr(preset, key))
            t = Toggle((right_x, oy + i * (row_h - self.px(4)), right_w, row_h - self.px(10)), _(label),
                       self.options[key] or locked, lambda v, k=key: self.set_option(k, v), enabled=not locked,
                       size=self.variant_list.font_size())  # the variants' size: one column, one text size
            self.widgets.add(t)
        bw = self.px(200)
        if self.replacing is not None:
            self._build_confirm(w, h)
            return
        self.widgets.add(Button((w - margin - bw, h - self.px(100), bw, self.px(58)), _("Start"), self.start,
                                primary=True, tooltip=_("Deal the cards (Enter)"), hint="Enter"))
        self.widgets.add(Button((w - margin - 2 * bw - gap, h - self.px(100), bw, self.px(58)), _("Back"), self.back,
                                tooltip=_("Back to the title (Esc)"), hint="Esc"))
        self.widgets.add(Button((w - margin - 2 * bw - gap, h - self.px(100) - self.px(50) - gap, 2 * bw + gap, self.px(50)),
                                _("Play over the network"), self.network,
                                tooltip=_("Host this table: friends on other computers join it")))

    def level_shown(self) -> bool:
        """Is a seat played by the conventions bot (whose level the page offers)?"""
        return any(kind == LEVEL_BOT for kind in self.kinds[:self.count])

    def _kind_tip(self, kind: str | None) -> str:
        if kind is None:
            return _("A person at this computer (hot seat: a curtain hides the table between people)")
        try:
            return _(registry.bot_class(kind).description)
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

    def set_level(self, level: str) -> None:
        self.level = level
        self.rebuild()

    def set_variant(self, index: int) -> None:
        self.variant = list(PRESETS)[index]
        self.rebuild()

    def set_option(self, key: str, value: bool) -> None:
        self.options[key] = value

    def setup(self) -> Setup:
        """The set-up as chosen now (not yet checked)."""
        seats = [SeatSpec(self.names[i].strip() or _("Player {number}").format(number=i + 1), self.seat_bot(self.kinds[i]))
                 for i in range(self.count)]
        return Setup(seats, self.variant, seed=self.seed.strip() or None, **self.options)

    def seat_bot(self, kind: str | None) -> str | None:
        """The registry name a seat plays as: the conventions bot carries the chosen level."""
        return f"{kind}@{self.level}" if kind == LEVEL_BOT else kind

    def _build_confirm(self, w: int, h: int) -> None:
        """Start would end the game in progress: ask first (the widgets are only the two answers)."""
        self.widgets = type(self.widgets)()
        bh = self.px(58)
        # each answer wide enough for its words and its key's cap, the panel for both, as far as the window allows
        need = max(self.px(300), button_width(_("Keep playing it"), bh, pygame.K_ESCAPE),
                   button_width(_("Start the new game"), bh, pygame.K_RETURN))
        self.confirm_panel = pygame.Rect(0, 0, min(w - self.px(40), max(self.px(820), 2 * need + self.px(100))),
                                         self.px(250))
        self.confirm_panel.center = (w // 2, h // 2)
        bw = min(need, (self.confirm_panel.w - self.px(60)) // 2)
        y = self.confirm_panel.bottom - bh - self.px(24)
        self.widgets.add(Button((w // 2 - bw - self.px(10), y, bw, bh), _("Keep playing it"), self.keep_game,
                                tooltip=_("Back to the title, where Continue resumes it (Esc)"), hint="Esc"))
        self.widgets.add(Button((w // 2 + self.px(10), y, bw, bh), _("Start the new game"), self.replace_game,
                                primary=True, tooltip=_("The game in progress ends and is kept in Replays") if not self.keep_problem
                                else _("The game in progress ends; it is kept in Replays as soon as saving works"),
                                hint="Enter"))

    def keep_game(self) -> None:
        """Do not replace the game in progress: back to the title to continue it."""
        self.replacing = None
        self.app.stack.pop(self)

    def replace_game(self) -> None:
        """End the game in progress (it is kept in Replays, or the autosave holds it until it can be) and deal
        the new one."""
        data, self.replacing = self.replacing, None
        if data is not None:
            autosave.abandon(data, self.app.notices)
        self.start(confirmed=True)

    def back(self) -> None:
        if self.replacing is not None:  # Esc on the question: what its Keep playing it button says it does
            self.keep_game()
            return
        super().back()

    def start(self, confirmed: bool = False) -> None:
        """Check the set-up, remember it, and deal (after asking, if a game is in progress)."""
        setup = self.setup()
        try:
            setup.check()
        except ValueError as exc:
            self.say(str(exc), theme.ERROR)
            return
        if not confirmed:
            autosave.flush(2.0)
            try:
                in_progress = storage.load_autosave()
            except storage.SaveError:
                in_progress = None  # a damaged save is explained on the title screen; it is not a game to lose
            if in_progress is not None:
                self.replacing = in_progress
                self.keep_problem = storage.writable_problem(where=False)  # what the dialog promises must be true
                self.say("")
                self.rebuild()
                return
        settings = self.app.settings
        settings.last_setup = {**setup.to_json(), "seed": None}
        try:
            storage.save_settings(settings)
        except OSError as exc:  # the game matters more than remembering its set-up; the player is told
            self.app.notices.post(_("The set-up could not be remembered: {problem}.").format(problem=storage.disk_problem(exc)), "warning",
                                  key="settings-save")
        session = flow.new_session(self.app, setup)
        flow.open_table(self.app, session, replace=True)

    def network(self) -> None:
        """Host these seats over the network (the next screen says who sits where)."""
        setup = self.setup()
        try:
            setup.check()
        except ValueError as exc:
            self.say(str(exc), theme.ERROR)
            return
        if all(s.bot is not None for s in setup.seats):
            self.say(_("Make at least one seat a person: they can play from another computer."), theme.ERROR)
            return
        self.app.settings.last_setup = {**setup.to_json(), "seed": None}  # Back from there shows these seats again
        open_scene(self.app, "net_host", setup, how="replace")

    def handle(self, intent) -> bool:  # noqa: ANN001
        from hanabi_desktop.ui.intents import Command

        # Enter deals, as Start's key cap says, unless it presses the focused button: the variant chosen in its
        # list by the arrows, Enter started nothing (found playing by keys under Xvfb)
        if (isinstance(intent, Command) and intent.name == "confirm" and self.replacing is not None
                and self.widgets.focused() is None):  # the question's Enter: what its Start the new game says
            self.replace_game()
            return True
        if (isinstance(intent, Command) and intent.name == "confirm" and self.replacing is None
                and self.widgets.focused() in (None, self.variant_list) and not any(i.focused for i in self.inputs)):
            self.start()
            return True
        return super().handle(intent)

    # -- drawing ----------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.replacing is not None:
            self._draw_confirm(surface)
            return
        margin = self.px(60)
        size = self.px(22)
        row_h = self.px(46)
        theme.blit_text(surface, _("Players"), size, (margin, self.players_label_y + row_h // 2), theme.TEXT,
                        bold=True, anchor="midleft")
        theme.blit_text(surface, _("Seed"), size, (margin, self.seed_y + row_h // 2), theme.TEXT, bold=True,
                        anchor="midleft")
        theme.blit_text(surface, _("same seed, same deal"), self.px(16),
                        (margin + self.px(424), self.seed_y + row_h // 2), theme.TEXT_FAINT, anchor="midleft")
        humans = sum(1 for k in self.kinds[:self.count] if k is None)
        note = (_("Hot seat: pass the computer between turns; a curtain hides the table.") if humans >= 2 else
                _("Practice with bots: their reasons appear in the log.") if humans == 1 else
                _("All bots: watch them play with every hand face up."))
        theme.blit_text(surface, note, self.px(17), (margin, self.seed_y + row_h + self.px(20)), theme.TEXT_DIM)
        if self.level_shown():
            theme.blit_text(surface, _("Bots play H-group level"), size, (margin, self.level_y + row_h // 2),
                            theme.TEXT, bold=True, anchor="midleft")
        lv = self.variant_list.rect
        desc = _(PRESETS[self.variant].description)
        for i, line in enumerate(wrap_lines(desc, self.px(17), lv.w)[:3]):
            theme.blit_text(surface, line, self.px(17), (lv.x, self.desc_y + i * self.px(21)), theme.TEXT_DIM)

    def _draw_confirm(self, surface: pygame.Surface) -> None:
        r = self.confirm_panel
        theme.draw_panel(surface, r, radius=self.px(14), alpha=240, border=theme.ACCENT)
        theme.blit_text(surface, _("A game is in progress"), self.px(30), (r.centerx, r.y + self.px(46)), theme.ACCENT,
                        bold=True, anchor="center")
        about = autosave.describe(self.replacing or {})
        keep = (_("Starting a new game ends it. It will be kept in Replays.") if not self.keep_problem else
                _("Starting a new game ends it. It cannot be kept in Replays now ({problem}); the autosave holds it "
                  "until it can be.").format(problem=self.keep_problem))
        width = r.w - self.px(40)
        kept = wrap_lines(keep, self.px(19), width)  # two lines at most: the panel has room for three
        kept = kept if len(kept) <= 2 else [kept[0], " ".join(line.strip() for line in kept[1:])]
        for i, line in enumerate((about, *kept)):
            theme.blit_text(surface, theme.fit_text(line.strip(), self.px(19), width), self.px(19),
                            (r.centerx, r.y + self.px(92) + i * self.px(28)), theme.TEXT_DIM, anchor="center")
