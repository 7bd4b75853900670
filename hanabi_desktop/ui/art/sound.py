"""Sound effects: loaded lazily by name, with a volume and a mute switch; silent when there is no audio device.

Names are those of `hanabi_desktop.program.resources.SOUND_NAMES` ('play', 'misplay', 'clue', 'your_turn',
'game_end_win', 'game_end_loss', 'firework', 'card_slide', 'click').
"""

from __future__ import annotations

import os

import pygame

from hanabi_desktop.program.resources import sound_path


class SoundBoard:
    """Plays named sound effects. Never raises: a missing device or file just means silence."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.available = self._init_mixer()
        self.played: list[str] = []  # names played, most recent last (kept short; tests read it)

    @staticmethod
    def _init_mixer() -> bool:
        """Open the audio device, unless SDL was asked for none ("dummy": the tests, the smoke test, a headless run):
        opening the dummy device starts SDL's audio thread all the same, which mixes into nothing and takes Python's
        lock each time a sound ends, also while pygame quits (a suspect of a test run that hung); the tests open and
        close a thousand windows."""
        if os.environ.get("SDL_AUDIODRIVER", "").lower() == "dummy":
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            return True
        except pygame.error:
            return False

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        if self.available:
            try:
                sound = pygame.mixer.Sound(str(sound_path(name)))
            except (FileNotFoundError, pygame.error, OSError):
                sound = None
        self._sounds[name] = sound
        return sound

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play sound `name` at `volume` times the board's volume (nothing when muted or unavailable)."""
        self.played.append(name)
        del self.played[:-32]
        if self.muted or self.volume <= 0:
            return
        sound = self._load(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume * max(0.0, min(1.0, volume)))
            sound.play()
        except pygame.error:
            pass

    def set_volume(self, volume: float) -> None:
        """Change the master volume (0..1)."""
        self.volume = max(0.0, min(1.0, volume))

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute."""
        self.muted = muted
        if muted and self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass
