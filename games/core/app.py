"""The one loop: 60 frames a second, a stack of scenes, every input, nothing lost.

A scene draws at its native resolution into its own canvas; the display presents the top
scene (and those beneath a transparent one) with the platform's pixel shape. ``draw`` only
reads state; ``update`` advances timers and polls the computer's thinking; ``handle`` gets
the Actions of games.core.input.

A frame costs only what changed. ``update`` returns True (redraw the whole picture), False
(nothing changed) or a list of native rectangles (only they changed): those are drawn with
the canvas clipped to them and only they are scaled and presented (games.core.display),
every pixel as a whole redraw would have it. Between frames the loop sleeps until the next
input or the next change a scene has scheduled (``wake_in``: a blink, a message running
out); while something moves (``animating``) frames follow at 60 a second.
"""

from __future__ import annotations

import faulthandler
import gc
import os
import select
import sys
import time
from dataclasses import dataclass

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from . import store as store_mod  # noqa: E402
from .audio import Audio  # noqa: E402
from .chord import MouseChord  # noqa: E402
from .display import BlinkRect, Display, init_video  # noqa: E402
from .frames import FrameReport  # noqa: E402
from .guard import Guard  # noqa: E402
from .input import Action, Input, load_controller_mappings  # noqa: E402
from .notify import Notifier  # noqa: E402
from .stopping import StopSignals  # noqa: E402
from .worker import Worker  # noqa: E402

FPS = 60
TOAST_SECONDS = 4.0
# a window given its focus back by a click (a window manager's click-to-focus sends the
# focus first, then the press): a press this soon after the focus came back is that click,
# and only wakes the window (no menu item, no move), paused or not (a network table)
WAKE_CLICK_SECONDS = 0.5


class Scene:
    """Base class of every screen. Subclasses set the class attributes that differ."""

    native_size = (640, 480)
    pixel_aspect = 1.0
    transparent = False        # draw the scene beneath first (menus and dialogs)
    font_name = "ega8x14"
    toast_colors = ((255, 255, 255), (0, 0, 0))
    commands: dict = {}        # command name -> key specs ("s", "ctrl+s")
    pad_commands: dict = {}    # command name -> pad buttons ("x", "y", "back")
    name = "scene"
    chord_back = False         # both mouse buttons pressed together mean back (games.core.chord)

    def __init__(self, app: "App"):
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def resume(self) -> None:
        """On top again after the scene above it was popped."""

    def handle(self, action: Action) -> None:
        """One input action."""

    def accepts(self, action: Action) -> bool:
        """Whether this scene takes ``action`` at all (a game with seats claimed by
        controllers answers only the controller whose turn it is)."""
        return True

    def update(self, dt: float) -> bool:
        """Advance by dt seconds. Return True if anything visible changed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole picture at native resolution. Reads state only."""

    def animating(self) -> bool:
        """True while something moves on screen: frames follow each other at 60 a second
        (and, unless the scene ``reports_damage``, each redraws the whole picture)."""
        return False

    # the scene's update says exactly what changed (True, or a list of native rectangles)
    # even while it animates; otherwise an animating scene is redrawn whole every frame
    reports_damage = False

    def wake_in(self) -> float | None:
        """Seconds until this scene's next change that no input brings (a blink, a message
        running out, a computer to poll); None: none. The loop sleeps until then."""
        return 0.0 if self.animating() else None

    def runs_unfocused(self) -> bool:
        """The scene's game goes on without this window (a network table): the window
        losing the focus pauses nothing."""
        return False

    def holds_person(self) -> bool:
        """True while the scene makes the person wait for something they cannot hurry (a
        wrong PIN's wait before the next try): that is not idleness; a supervisor's quiet
        count (the cabinet's timeout) starts again when it ends."""
        return False

    def close(self) -> None:
        """Popped for good (or the program ends): cancel work, save what must be saved."""

    def draw_toasts(self, surface: pygame.Surface, lines: list) -> None:
        """Draw the app's notices over the picture. The core knows no font: a scene in a
        platform look (games.ui.scene.LookScene) draws them in its look."""


@dataclass
class Options:
    game: str | None = None
    fullscreen: bool | None = None
    scale: str | None = None
    scanlines: bool | None = None
    mute: bool = False
    data_dir: str | None = None
    seed: int | None = None
    frames: int | None = None
    screenshot: str | None = None
    window_size: tuple | None = None
    worker_mode: str = "process"
    anim_speed: float = 1.0           # the timeline's speed: tests and the attract mode raise it
    kiosk: bool = False               # cabinet mode (also the "kiosk" setting): see games/cabinet
    clock: object = None              # a monotonic clock (tests and the soak speed time up)
    started: float | None = None      # perf_counter() at process start, for start-up timing
    background_writes: bool = True    # saves, settings and scores on a writer thread
    modal_guard: float = 0.4          # seconds a new question or end box ignores presses
    replay: dict | None = None        # a game record to open in the game's replay (--replay)
                                      # (games.ui.modals; the tests' apps set 0)


class App:
    def __init__(self, options: Options | None = None):
        self.options = opts = options or Options()
        self.t0 = opts.started if opts.started is not None else time.perf_counter()
        self.now = opts.clock or time.monotonic   # the loop's clock (tests and the soak move it)
        init_video()          # DisplayUnavailable (one sentence) if there is no screen
        pygame.joystick.init()
        self.store = store_mod.Store(opts.data_dir, log=self.notice,
                                     background=opts.background_writes)
        self._toasts: list[list] = []
        self._told: set[str] = set()
        self.store.cleanup()                  # temp files of writes killed half-way
        problem = self.store.check()          # an unusable data folder is said at start-up
        if problem:
            self.notice(problem)
        self.settings = store_mod.load_settings(self.store)
        # cabinet mode: full screen always, the close request and F11 do nothing
        self.kiosk = bool(opts.kiosk or self.settings["kiosk"]["enabled"])
        # display flags of the command line hold for this run only: the settings (what the
        # Settings screen and F11 keep) are not written with them
        self.overrides = {key: value for key, value in (
            ("fullscreen", opts.fullscreen), ("scale", opts.scale),
            ("scanlines", opts.scanlines)) if value is not None}
        self.display = Display(fullscreen=self.setting("fullscreen") or self.kiosk,
                               scale=self.setting("scale"),
                               scanlines=self.setting("scanlines"),
                               window_size=opts.window_size)
        self.input = Input(self.settings, kiosk=self.kiosk)
        self.chord = MouseChord()
        # pads SDL does not know: a gamecontrollerdb.txt, before any pad is opened
        self.pad_mappings = load_controller_mappings(
            os.environ.get("SDL_GAMECONTROLLERCONFIG_FILE")
            or str(self.store.dir / "gamecontrollerdb.txt"))
        # a missing sound device is said on the console, never over the board: the game
        # plays on silently (the Settings screen shows "no device")
        self.audio = Audio(enabled=self.settings["sound"] and not opts.mute,
                           volume=self.settings["volume"] / 10, log=self.log)
        self.muted = opts.mute
        self.worker = Worker(opts.worker_mode)
        self.stack: list[Scene] = []
        self._canvases: dict[tuple, pygame.Surface] = {}
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_status = 0                 # what the process returns (App.quit sets it)
        self.stopped_by = None               # the signal that ended the loop, if one did
        self.paused = False
        self._unfocused = False              # the window lost the focus (and has not had
        #                                      it back since)
        self._woken_at = None                # when the focus came back to the window
        self._swallowed: set = set()         # mouse buttons whose press only woke the game
        self.frame = 0
        self.dirty = True                    # redraw and present the whole picture
        self._damage: list = []              # native rectangles that changed this frame
        self._kept: dict = {}                # a blink's pictures, shown again (see _blink)
        self._answered = False               # an input was handled: redrawn, but only the
        #                                      rows that changed are presented (_draw)
        self.partial = True                  # False: every change redraws the whole picture
        self._frame_at = 0.0                 # perf_counter() when the last frame began
        self._slept = 0.0                    # how long the loop chose to sleep before it
        self.first_frame_s: float | None = None
        self.last_native: pygame.Surface | None = None
        self.action_log: list[Action] = []   # the last actions handled (tests read it)
        self.anim_speed = opts.anim_speed    # every timeline runs at this speed (0: instant)
        self.last_input = self.now()          # when a person last touched anything
        self._last_step = self.now()
        # an object the cabinet installs (duck-typed; the core imports no scene):
        # event(event, now) -> True to swallow it, frame(now) once a frame, error(exc) ->
        # True when it handled an exception raised inside a scene
        self.supervisor = None
        # at home (no supervisor that takes errors), a scene's exception goes to the guard
        # (games.core.guard): logged, that scene closed, one sentence; ``root(app)`` (given
        # to run()) makes the first screen again when nothing is left
        self.guard = Guard(self)
        self.root = None
        self._calling: Scene | None = None   # the scene the loop is calling into
        # a service manager's READY=1 and watchdog (games.core.notify): nothing without one
        self.notifier = Notifier()
        # the loop's own frame figures, when TRICADE_FRAME_REPORT names a file (frames.py)
        self.frame_report = FrameReport.from_env(FPS)

    @property
    def idle_seconds(self) -> float:
        """Seconds since the last real input (a key, a button, a pointer move, a stick)."""
        return self.now() - self.last_input

    # -- notices ----------------------------------------------------------------------------
    def notice(self, sentence: str) -> None:
        """Tell the user something once: on the console and on the screen."""
        if sentence in self._told:
            return
        self._told.add(sentence)
        print(sentence, file=sys.stderr)
        if getattr(getattr(self, "supervisor", None), "notice", lambda s: False)(sentence):
            return                      # a cabinet's: for the operator, in its log
        self.toast(sentence)

    def log(self, sentence: str) -> None:
        """Tell the console something once (nothing on the screen)."""
        if sentence in self._told:
            return
        self._told.add(sentence)
        print(sentence, file=sys.stderr)

    def damage(self, *rects) -> None:
        """Only these native rectangles changed (drawn and presented at the next frame)."""
        self._damage.extend(pygame.Rect(r) for r in rects)

    def redraw_changed(self) -> None:
        """Redraw the whole picture at the next frame and present only the rows that
        changed (a cursor moved: ``dirty`` presents the whole window)."""
        self._answered = True

    def toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """A notice over the bottom lines for ``seconds``; the same notice again replaces
        the one showing (they never stack)."""
        self.withdraw(text)
        self._toasts.append([text, self.now() + seconds])
        self.dirty = True

    def withdraw(self, *starts: str) -> None:
        """The notices beginning with any of ``starts`` taken down now (what they said no
        longer holds)."""
        kept = [t for t in self._toasts if not t[0].startswith(starts)]
        if len(kept) != len(self._toasts):
            self._toasts = kept
            self.dirty = True

    # -- settings ---------------------------------------------------------------------------
    def save_settings(self) -> bool:
        return store_mod.save_settings(self.store, self.settings)

    def setting(self, key: str):
        """A setting as this run has it: a command-line flag's value, else the kept one."""
        return self.overrides.get(key, self.settings[key])

    def choose_setting(self, key: str, value) -> None:
        """A person's lasting choice (the Settings screen, F11): it is kept, and a flag of
        the command line for it no longer holds."""
        self.overrides.pop(key, None)
        self.settings[key] = value

    def apply_settings(self) -> None:
        s = self.settings
        self.display.configure(scale=self.setting("scale"), scanlines=self.setting("scanlines"))
        self.display.set_fullscreen(self.setting("fullscreen") or self.kiosk)
        self.audio.set_enabled(s["sound"] and not self.muted)
        self.audio.set_volume(s["volume"] / 10)
        self.input.apply_settings(s)
        self.dirty = True

    def game_settings(self, game: str) -> dict:
        return self.settings["games"].setdefault(game, {})

    def play(self, sound: str) -> None:
        self.audio.play(sound)

    # -- the stack --------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        self._activate(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.close()
        if self.stack:
            self._activate(self.stack[-1])
            self.stack[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().close()
        return self.push(scene)

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene`` (nothing when it is no longer on the stack)."""
        if scene not in self.stack:
            return
        while self.stack and self.stack[-1] is not scene:
            self.pop()

    def _activate(self, scene: Scene) -> None:
        self.input.set_commands(scene.commands, scene.pad_commands)
        self.chord.enabled = bool(scene.chord_back)
        self.display.set_format(scene.native_size, scene.pixel_aspect)
        self.dirty = True

    def reformat(self) -> None:
        """The top scene changed its native_size or pixel_aspect (an interlace option)."""
        if self.top is not None:
            self.display.set_format(self.top.native_size, self.top.pixel_aspect)
            self.dirty = True

    def canvas(self, size: tuple) -> pygame.Surface:
        c = self._canvases.get(size)
        if c is None:
            c = self._canvases[size] = self.display.make_surface(size)
        return c

    def quit(self, status: int = 0) -> None:
        """End the loop; the process returns ``status`` (a cabinet's "Exit to the desktop"
        returns the one status its service does not restart on)."""
        self.exit_status = status
        self.running = False

    def request_close(self) -> None:
        """The window's close (its gadget, the desktop's close): the scenes are asked from
        the top down (``close_requested()``: True when one asks a question first, as a
        game in progress does); else the program ends. A cabinet ignores it."""
        if self.kiosk:
            return
        for scene in reversed(self.stack):
            ask = getattr(scene, "close_requested", None)
            self._calling = scene
            if ask is not None and ask():
                self._calling = None
                self.dirty = True
                return
        self._calling = None
        self.running = False

    # -- the loop ---------------------------------------------------------------------------
    def run(self, frames: int | None = None) -> int:
        frames = frames if frames is not None else self.options.frames
        frozen = False
        try:
            while self.running:
                self.step()
                if not frozen:
                    frozen = True
                    freeze_start_up()
                    self.notifier.ready()     # the first frame is shown
                    if self.notifier.every is not None:
                        # a hang's SIGABRT (the watchdog's) writes every thread's stack
                        faulthandler.enable()
                self.notifier.feed()          # the loop is alive (a hang is restarted)
                if frames is not None and self.frame >= frames:
                    break
                # a counted run (--frames N, for a screenshot or a script) is N frames at
                # 60 a second, not N quiet frames of up to a second each
                self.wait(None if frames is None else 1.0 / FPS)
            if self.options.screenshot:
                try:
                    self.display.screenshot(self.options.screenshot)
                except (OSError, ValueError, pygame.error) as exc:   # one sentence
                    from games.core.files import NotAFile
                    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
                    if isinstance(exc, NotAFile):         # "is a folder, not a regular file"
                        reason = f"it {reason}"
                    print(f"Could not write the screenshot {self.options.screenshot} "
                          f"({reason}).", file=sys.stderr)
                    return 1
        finally:
            self.shutdown()
        return self.exit_status

    # the longest sleep: anything a scene forgot to schedule, a pad plugged in and the
    # writer's notices are looked at this often, a supervisor's timers more often (a wake
    # that changes nothing costs a few microseconds)
    MAX_SLEEP = 1.0
    MAX_SLEEP_SUPERVISED = 0.5

    def wait(self, limit: float | None = None) -> None:
        """Until the next frame is due: never sooner than 1/60 s after the last one, and
        while nothing moves, not before the next input or the next scheduled change
        (``limit``: at most that long in all)."""
        start = time.perf_counter()
        longest = self.MAX_SLEEP if self.supervisor is None else self.MAX_SLEEP_SUPERVISED
        feed = self.notifier.due_in()        # a watchdog is fed in time, however quiet
        if feed is not None:
            longest = min(longest, feed)
        try:
            change = 0.0 if (self.dirty or self._answered or self._damage) else \
                self.next_change()
        except Exception as exc:             # a scene's wake_in: as any fault in a frame
            self.fault(exc)
            change = 0.0
        change = longest if change is None else min(change, longest)
        floor = self._frame_at + 1.0 / FPS - start
        if limit is not None:
            change, floor = min(change, limit), min(floor, limit)
        if self.frame_report is not None:
            self.frame_report.waiting(self._frame_at, change <= 0)
        self._sleep(start + max(change, floor), start + floor)
        self._slept = time.perf_counter() - start

    def _sleep(self, end: float, earliest: float) -> None:
        """Sleep until ``end``, waking for any input (whose events stay queued for the next
        frame) but never before ``earliest`` (60 frames a second at most). On X11 with no
        pads (whose input is not the X server's) the loop waits on the server's
        connection (input that comes sooner than ``earliest`` waits until then); else it
        looks for input once a frame (SDL's own wait looks every millisecond; a frame is
        the latency the loop always had)."""
        fd = self.display.input_fd()
        if fd is not None and pygame.joystick.get_count():
            fd = None
        while True:
            now = time.perf_counter()
            if now >= end:
                return
            if pygame.event.peek():          # input: the next frame, but not before earliest
                if now < earliest:
                    time.sleep(earliest - now)
                return
            left = end - now
            if fd is None:
                time.sleep(min(left, max(earliest - now, 0.0) or 1.0 / FPS))
                continue
            try:                             # one wake for a quiet wait, not two
                select.select([fd], [], [], left)
            except (OSError, ValueError):
                fd = None

    def next_change(self) -> float | None:
        """Seconds until something is due without input: 0 while anything moves."""
        top = self.top
        if top is None:
            return 0.0
        if self.paused:
            soonest = None
        else:
            self._calling = top
            soonest = top.wake_in()
            self._calling = None
            if soonest is not None and soonest <= 0:
                return 0.0
        now = self.now()
        for due in ([t[1] for t in self._toasts[:1]] + self.input.due_times()
                    + self.chord.due_times()):
            left = max(0.0, due - now)
            soonest = left if soonest is None else min(soonest, left)
        if self.store.notices:
            return 0.0
        return soonest

    def step(self) -> None:
        """One frame: events, repeats, update, and (if anything changed) draw and present.
        An exception inside a scene never ends the program: with a supervisor that takes
        errors (kiosk mode) it goes to the supervisor, else to the guard (``fault``)."""
        try:
            self._step()
        except Exception as exc:
            self.fault(exc)

    def fault(self, exc: Exception) -> None:
        """An exception raised while a frame was handled: the supervisor's (a cabinet's
        error(): it raises again when it gives up), else the guard's (games.core.guard:
        logged, the scene that raised closed, said; a run of them ends the program with
        status 1)."""
        scene, self._calling = self._calling, None
        sup = self.supervisor
        if sup is not None and hasattr(sup, "error"):
            if not sup.error(exc):
                raise exc
        else:
            self.guard.error(exc, scene)
        self.dirty = True

    def _step(self) -> None:
        self._calling = None
        self._frame_at = time.perf_counter()
        now = self.now()
        # real time since the last frame (a test that steps by hand sees time pass too); a
        # stall counts a quarter of a second at most, a sleep the loop chose counts whole
        dt = min(max(0.25, self._slept + 0.05), now - self._last_step) if self.frame else 0.0
        self._slept = 0.0
        self._last_step = now
        for event in pygame.event.get():
            if self.supervisor is not None and self.supervisor.event(event, now):
                continue
            self._event(event, now)
        for action in self.chord.due(now) + self.input.update(now):
            self._deliver(action)
        for text in self.input.notices + self.store.take_notices():
            self.notice(text)
        self.input.notices.clear()
        for text in self.input.plugged:          # a pad plugged in or pulled out: said a while
            self.toast(text)
        self.input.plugged.clear()
        if self.supervisor is not None:
            self.supervisor.frame(now)
        top = self.top
        if top is None:
            self.running = False
            return
        if not self.paused:
            self._calling = top
            changed = top.update(dt)
            if isinstance(changed, (list, tuple)):
                self._damage.extend(changed)
            elif changed:
                self.dirty = True
            if not top.reports_damage and top.animating():
                self.dirty = True
            self._calling = None
        if self._toasts and self._toasts[0][1] <= now:
            self._toasts = [t for t in self._toasts if t[1] > now]
            self.dirty = True
        if self.dirty or self.frame == 0 or (self._damage and not self.partial):
            self._kept.clear()
            self._draw()
        elif self._answered:
            self._kept.clear()
            self._draw(changed=True)
        elif self._damage:
            self._blink(self._damage)
        self.dirty = self._answered = False
        self._damage = []
        self.frame += 1
        if self.frame_report is not None:
            self._report_frame(top)
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.t0
            if os.environ.get("TRICADE_REPORT_FIRST_FRAME"):
                print(f"first frame after {self.first_frame_s:.4f} s", file=sys.stderr)

    def _report_frame(self, top) -> None:
        """The frame figures: this frame's start, and a computer's move it showed."""
        report = self.frame_report
        report.frame(self._frame_at)
        scene = getattr(top, "child", None) or top       # a demo inside the attract loop
        table = getattr(scene, "table", None)
        moved = getattr(table, "computer_moved_at", None)
        if moved is not None:
            table.computer_moved_at = None
            report.computer_move_shown(table.clock() - moved)

    def _event(self, event, now: float) -> None:
        t = event.type
        if t == pygame.QUIT:
            self.request_close()
        elif t == pygame.WINDOWFOCUSLOST:
            self.input.release_all()
            self._unfocused = True
            # (a game that goes on elsewhere, a network table, is not paused: the others'
            # moves keep coming and are shown)
            if not self.display.fullscreen and not any(s.runs_unfocused() for s in self.stack):
                self.paused = True
                self.dirty = True
        elif t == pygame.WINDOWFOCUSGAINED:
            if self._unfocused:             # (paused or not: a network table goes on)
                self._unfocused = False
                self._woken_at = now
            if self.paused:
                self.paused = False
                self.dirty = True
        elif t in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self.display.resized()
            self.dirty = True
        elif t in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.dirty = True
        elif t == pygame.KEYDOWN and (event.key == pygame.K_F11 or (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT)):
            if self.kiosk:
                return
            self.display.toggle_fullscreen()
            self.choose_setting("fullscreen", self.display.fullscreen)
            self.save_settings()
            self.dirty = True
        else:
            woke = (t == pygame.MOUSEBUTTONDOWN and self._woken_at is not None
                    and now - self._woken_at < WAKE_CLICK_SECONDS)
            if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self._woken_at = None
            if (self.paused and t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)) or woke:
                # a press in the window means we have the focus again (or is the click
                # that gave it back, just after): the press, and its release, only wake
                # the game, so it cannot make a move or take a title's choice by accident
                if t == pygame.MOUSEBUTTONDOWN:
                    self._swallowed.add(getattr(event, "button", 1))
                self.paused = False
                self.dirty = True
                return
            if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                    getattr(event, "button", 1) in self._swallowed:
                self._swallowed.discard(event.button)
                if t == pygame.MOUSEBUTTONUP:
                    return
            actions = self.input.process(event, now, self.display.to_native)
            for action in self.chord.feed(actions, now):
                self._deliver(action)

    def _deliver(self, action: Action) -> None:
        top = self.top
        self.last_input = self.now()
        if top is None or self.paused:
            return
        self.action_log.append(action)
        del self.action_log[:-200]
        self._calling = top
        if top.accepts(action):
            top.handle(action)
        self._calling = None
        # redrawn whole, presented where it changed: a key that moves a cursor shows two
        # small bands, not a whole scaled window (the present was half a Pi-class frame)
        self._answered = True

    def _blink(self, damage: list) -> None:
        """Draw a frame's changes; when they are only blinks (BlinkRects), a picture of
        them shown before since the last other change is put back instead (a blink costs
        a copy, not a draw and a scaling); any other change forgets those pictures."""
        if not all(isinstance(r, BlinkRect) and r.key is not None for r in damage):
            self._kept.clear()
            self._draw(damage)
            return
        key = (id(self.top), len(self.stack), tuple((r.x, r.y, r.w, r.h, r.key) for r in damage))
        try:
            kept = self._kept.get(key)
        except TypeError:                    # a key that cannot be a dict's: drawn each time
            self._kept.clear()
            self._draw(damage)
            return
        canvas = self.last_native
        if kept is not None and canvas is not None and self.display.show_kept(kept[1]):
            for r, picture in kept[0]:
                canvas.blit(picture, r.topleft)
            return
        self._draw(damage)
        canvas = self.last_native
        shown = self.display.keep()
        if canvas is None or shown is None:   # presented whole (a new layout, perhaps)
            self._kept.clear()
            return
        bounds = canvas.get_rect()
        native = []
        for r in damage:
            r = pygame.Rect(r).clip(bounds)
            if r.w and r.h:
                native.append((r, canvas.subsurface(r).copy()))
        if len(self._kept) >= 8:
            self._kept.clear()
        self._kept[key] = (native, shown)

    def present_whole(self) -> None:
        """Draw and present the whole picture now (what a frame that only presented its
        changes must look like: the tests compare the two)."""
        self._draw()

    def _draw(self, rects=None, changed: bool = False) -> None:
        """Draw and present the whole picture, or only the native ``rects`` (the canvas
        clipped to each: what lies outside is as the last frame left it); ``changed``:
        draw the whole picture and present only the rows that differ from the last one
        drawn on the same canvas (the whole of it when most of it changed)."""
        top = self.top
        if top is None:
            return
        if changed:
            surface = self.canvas(top.native_size)
            if self.last_native is not surface or self.partial is False:
                return self._draw()
            before = surface.get_buffer().raw
            self._draw_scenes(top, surface, None)
            self.last_native = surface
            self.display.present(surface, changed_rows(before, surface))
            return
        surface = self.canvas(top.native_size)
        if rects is not None:
            rects = merge_rects(rects, surface.get_rect())
            if rects is None:                 # most of the picture: draw it whole
                return self._draw()
            if not rects:
                return
        self._draw_scenes(top, surface, rects)
        self.last_native = surface
        self.display.present(surface, rects)

    def _draw_scenes(self, top: Scene, surface: pygame.Surface, rects) -> None:
        """The scenes to draw: the top scene and every transparent one's backdrop, drawn in the clips of
        ``rects`` (None: the whole picture), with the notices over them."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for clip in draw_clips(rects, surface.get_rect()):
            surface.set_clip(clip)
            for scene in self.stack[first:]:
                if scene.native_size == top.native_size:
                    self._calling = scene
                    scene.draw(surface)
            self._calling = top
            self._draw_overlays(top, surface)
        self._calling = None
        surface.set_clip(None)

    def _draw_overlays(self, top: Scene, surface: pygame.Surface) -> None:
        lines = [t[0] for t in self._toasts[-2:]]
        if self.paused:
            lines.append("Paused - click or press a key to go on")
        if lines:
            top.draw_toasts(surface, lines)

    def shutdown(self, quit_pygame: bool = True) -> None:
        """Close every scene, the worker, sound and pads; then SDL (unless the caller, a
        test session that makes many apps in one process, keeps SDL up)."""
        self.notifier.stopping()
        while self.stack:
            self.stack.pop().close()
        if hasattr(self.supervisor, "shutdown"):  # the cabinet keeps its books
            self.supervisor.shutdown()
        if self.frame_report is not None:
            self.frame_report.write()
        self.store.close()                    # every save queued is written before we go
        # a last write that failed (a setting changed a frame before the end, on a full or
        # read-only disk) has no frame left to show it: said on standard error and, on a
        # cabinet, in its log (the supervisor's notice), as every notice is
        for text in self.store.take_notices():
            self.notice(text)
        self.running = False
        self.worker.close()
        self.audio.close()
        self.input.close()
        if quit_pygame:
            pygame.quit()


def freeze_start_up() -> None:
    """What start-up made (modules, fonts, sprites) lives as long as the process: out of
    the cyclic collector's sight, a full collection in a frame costs microseconds, not the
    2-4 ms of looking through all of it again (the program's loop calls this once, after
    its first frame; a test process that makes many apps does not)."""
    gc.collect()
    gc.freeze()


def changed_rows(before: bytes, surface: pygame.Surface, gap: int = 8):
    """The bands of whole rows of ``surface`` that differ from ``before`` (its bytes as
    they were), as rectangles for ``merge_rects``; None when most of it changed."""
    after = surface.get_buffer().raw
    if after == before:
        return []
    w, h = surface.get_size()
    pitch = surface.get_pitch()
    if len(before) != len(after) or pitch * h > len(after):
        return None
    a, b = memoryview(before), memoryview(after)
    bands, start, last = [], None, None
    for y in range(h):
        i = y * pitch
        if a[i:i + pitch] != b[i:i + pitch]:
            if start is None:
                start = y
            elif y - last > gap:
                bands.append(pygame.Rect(0, start, w, last + 1 - start))
                start = y
            last = y
    if start is not None:
        bands.append(pygame.Rect(0, start, w, last + 1 - start))
    return merge_rects(bands, surface.get_rect())


def merge_rects(rects, bounds: pygame.Rect, most: float = 0.5, parts: int = 4):
    """The rectangles to redraw for these changes: clipped to the picture, overlapping ones
    joined, close ones joined when that adds little; None when they cover ``most`` of the
    picture (a whole redraw is then cheaper); at most ``parts`` of them."""
    out = []
    for r in rects:
        r = pygame.Rect(r).clip(bounds)
        if r.w > 0 and r.h > 0:
            out.append(r)
    joined = True
    while joined and len(out) > 1:
        joined = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                u = a.union(b)
                if (a.colliderect(b) or u.w * u.h <= 1.5 * (a.w * a.h + b.w * b.h)
                        or len(out) > parts):
                    out[i] = u
                    del out[j]
                    joined = True
                    break
            if joined:
                break
    if sum(r.w * r.h for r in out) >= most * bounds.w * bounds.h:
        return None
    return out


def draw_clips(rects, bounds: pygame.Rect, most: float = 1 / 8) -> tuple:
    """The clips a frame's changes are drawn in: one pass over the scenes costs the same
    Python whatever its clip, so changes whose bounding box is small (at most ``most`` of
    the picture, or not three times their own area) are drawn in one pass over that box;
    only what changed is presented either way (what is drawn outside it is what the last
    frame showed there). ``(None,)``: the whole picture."""
    if not rects:
        return (None,)
    if len(rects) == 1:
        return tuple(rects)
    box = rects[0].unionall(rects[1:])
    area = box.w * box.h
    if area <= most * bounds.w * bounds.h or area <= 3 * sum(r.w * r.h for r in rects):
        return (box,)
    return tuple(rects)


def run(options: Options, root, stops: StopSignals | None = None) -> int:
    """Run the app with the root scene ``root(app)`` chooses (main.py is the composition
    root: the core imports no scene). A stop signal ends it cleanly: ``stops``, installed
    by the caller before start-up began (a signal during start-up ends the app before its
    first frame), or installed here."""
    if stops is None:
        stops = StopSignals().install()
    try:
        if stops.stopped:                    # asked to stop before the window opened
            return 0
        app = App(options)
        app.root = root                      # made again when a fault leaves no scene
        stops.attach(app)
        try:
            if not stops.stopped:
                root(app)
        except Exception as exc:             # the first screen failed: said, status 1
            app.guard.failed_at_start(exc)
            app.shutdown()
            return app.exit_status
        except BaseException:
            app.shutdown()
            raise
        return app.run()
    finally:
        stops.restore()
