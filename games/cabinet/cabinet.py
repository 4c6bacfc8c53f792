"""The cabinet's supervisor: installed as ``app.supervisor``, it sees every SDL event before
the input layer, runs once a frame, and takes the exceptions raised inside scenes.

- coins (keys 5 and 6) buy credits unless the cabinet is on free play; Start on the
  launcher spends one (``spend_credit``);
- F2, or a pad's Back and Start held together for three seconds, opens the operator menu
  (behind its PIN); the exit hold (keys 1 and 2 for five seconds by default) ends the
  program;
- after ``attract_after`` quiet seconds on the launcher the attract loop starts; a game in
  which a person is to move and nobody touched anything for ``continue_after`` seconds
  asks "CONTINUE? 10" and then ends, unrecorded;
- the mouse pointer shows only while a mouse or trackball moves;
- an exception inside a scene is written to ``cabinet.log`` in the data dir (rotated,
  bounded), the player reads one sentence, and the launcher comes back.
"""

from __future__ import annotations

import logging
import logging.handlers
import traceback

import pygame

import games
from games.core.input import PAD_BUTTONS, key_name

LOG_NAME = "cabinet.log"
LOG_BYTES = 256 * 1024          # each log file; three are kept at most (1 current, 2 old)
LOG_BACKUPS = 2
COIN_KEYS = ("5", "6")
SERVICE_KEY = "f2"
SERVICE_PAD = ("back", "start")
SERVICE_HOLD = 3.0
POINTER_SECONDS = 3.0           # the pointer hides again after this long without a move
CONTINUE_SECONDS = 10
ERROR_LIMIT = 20                # errors in ERROR_WINDOW seconds: give up (systemd restarts us)
ERROR_WINDOW = 60.0
ERROR_SENTENCE = "Sorry, something went wrong; the game was closed and the fault logged."


def make_log(directory) -> logging.Logger:
    """The cabinet's log: a rotating file in the data dir (never more than ~768 KiB)."""
    log = logging.getLogger(f"tricade.cabinet.{id(directory)}")
    log.propagate = False
    log.setLevel(logging.INFO)
    for h in list(log.handlers):
        log.removeHandler(h)
        h.close()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            directory / LOG_NAME, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
            encoding="utf-8", delay=True)
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    return log


class Cabinet:
    def __init__(self, app, launcher_factory=None):
        from games.launcher.scene import LauncherScene
        self.app = app
        self.launcher_factory = launcher_factory or LauncherScene
        self.log = make_log(app.store.dir)
        self.credits = 0
        self.coins = 0
        self.held: dict = {}               # key name or ("pad", id, button) -> since when
        self.pointer_until = None          # the pointer shows until then
        self.errors: list[float] = []
        self.demos_played = 0              # the attract loop counts (the soak reports it)
        self._service_fired = False
        self._exit_since = None
        self._waking = False               # this frame's events woke the cabinet
        app.supervisor = self
        _set_pointer(False)
        self.launcher = app.push(self.launcher_factory(app))
        self.log.debug("cabinet started")

    # -- settings -------------------------------------------------------------------------
    @property
    def k(self) -> dict:
        return self.app.settings["kiosk"]

    @property
    def free_play(self) -> bool:
        return bool(self.k["free_play"])

    def shown_games(self) -> list:
        """The registered games (not test screens) the operator has not hidden."""
        hidden = set(self.k["hidden_games"])
        return [e for e in games.playable() if e.name not in hidden]

    # -- credits --------------------------------------------------------------------------
    def coin(self) -> None:
        self.app.play("ui_select")
        if self.free_play:
            return
        self.coins += 1
        per = max(1, int(self.k["coins_per_credit"]))
        while self.coins >= per:
            self.coins -= per
            self.credits += 1
        self.app.dirty = True

    def spend_credit(self) -> bool:
        """Start a game: True on free play or when a credit was spent."""
        if self.free_play:
            return True
        if self.credits <= 0:
            self.app.toast("INSERT COIN")
            return False
        self.credits -= 1
        return True

    def credit_text(self) -> str:
        if self.free_play:
            return "FREE PLAY"
        if self.credits:
            return f"CREDITS {self.credits}"
        return "INSERT COIN"

    def prompt_text(self) -> str:
        """What blinks over the attract loop."""
        return "PRESS START" if self.free_play or self.credits else "INSERT COIN"

    # -- the hook: events -----------------------------------------------------------------
    def event(self, event, now: float) -> bool:
        t = event.type
        if (self.attract_running() or self._waking) and _is_input(event):
            self.event_held(event, now)
            self.wake(now)             # the waking input (all its events) does nothing else
            self._waking = True
            return True
        return self.event_held(event, now)

    def attract_running(self) -> bool:
        from games.cabinet.attract import AttractScene
        return isinstance(self.app.top, AttractScene)

    def event_held(self, event, now: float) -> bool:
        t = event.type
        if t == pygame.KEYDOWN:
            name = key_name(event.key)
            self.held.setdefault(name, now)
            if name in COIN_KEYS:
                self.coin()
                self.wake(now)
                return True
            if name == SERVICE_KEY:
                self.wake(now)
                self.open_operator()
                return True
        elif t == pygame.KEYUP:
            name = key_name(event.key)
            self.held.pop(name, None)
            return name in COIN_KEYS or name == SERVICE_KEY
        elif t == getattr(pygame, "CONTROLLERBUTTONDOWN", -1):
            self.held.setdefault(("pad", event.instance_id, PAD_BUTTONS.get(event.button)), now)
        elif t == getattr(pygame, "CONTROLLERBUTTONUP", -1):
            self.held.pop(("pad", event.instance_id, PAD_BUTTONS.get(event.button)), None)
        elif t == pygame.MOUSEMOTION:
            if tuple(getattr(event, "rel", (1, 1))) != (0, 0):
                self.pointer_until = now + POINTER_SECONDS
                _set_pointer(True)
        elif t == pygame.WINDOWFOCUSLOST:
            self.held.clear()
        return False

    def wake(self, now: float) -> None:
        """A person is here: the attract loop (if it runs) ends; the wake does nothing else."""
        from games.cabinet.attract import AttractScene
        self.app.last_input = now
        for scene in self.app.stack:
            if isinstance(scene, AttractScene):
                scene.leave()
                break

    # -- the hook: once a frame -----------------------------------------------------------
    def frame(self, now: float) -> None:
        app = self.app
        self._waking = False
        if self.pointer_until is not None and now >= self.pointer_until:
            self.pointer_until = None
            _set_pointer(False)
        # the way out: every exit key held together long enough
        combo = self.k["exit_hold"]
        since = [self.held.get(n) for n in combo]
        if all(s is not None for s in since) and now - max(since) >= self.k["exit_hold_seconds"]:
            self.log.info("exit hold: leaving")
            app.quit()
            return
        # the operator's pad combination: Back and Start held on one pad
        pads = {k[1] for k in self.held if isinstance(k, tuple)}
        fired = False
        for iid in pads:
            t = [self.held.get(("pad", iid, b)) for b in SERVICE_PAD]
            if all(x is not None for x in t) and now - max(t) >= SERVICE_HOLD:
                fired = True
        if fired and not self._service_fired:
            self.open_operator()
        self._service_fired = fired
        self.watch_idle(now)

    def watch_idle(self, now: float) -> None:
        from games.cabinet.attract import AttractScene
        from games.ui.scene import ContinueScene, GameScene
        app = self.app
        idle = app.idle_seconds
        if app.top is self.launcher and idle >= self.k["attract_after"]:
            app.push(AttractScene(app, self))
            return
        if isinstance(app.top, (ContinueScene, AttractScene)):
            return
        game = next((s for s in reversed(app.stack) if isinstance(s, GameScene)), None)
        if game is not None and idle >= self.k["continue_after"] and game.awaiting_person():
            self.log.debug("no one at %s: continue countdown", game.game)
            game.ask_continue(CONTINUE_SECONDS)

    # -- the hook: a scene raised ---------------------------------------------------------
    def error(self, exc: BaseException) -> bool:
        app = self.app
        now = app.now()
        self.errors = [t for t in self.errors if now - t < ERROR_WINDOW] + [now]
        where = type(app.top).__name__ if app.top is not None else "no scene"
        self.log.error("error in %s:\n%s", where,
                       "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        if len(self.errors) > ERROR_LIMIT:
            self.log.error("too many errors: giving up")
            return False
        self.recover(launcher_failed=len(app.stack) <= 1)
        app.toast(ERROR_SENTENCE)
        return True

    def recover(self, launcher_failed: bool = False) -> None:
        """Close every scene above the launcher (a close that raises is logged) and show
        the launcher again; a launcher that itself failed is made afresh."""
        app = self.app
        keep = 0 if launcher_failed else 1
        while len(app.stack) > keep:
            scene = app.stack.pop()
            try:
                scene.close()
            except Exception:
                self.log.error("error closing %s:\n%s", type(scene).__name__,
                               traceback.format_exc())
        app.input.release_all()
        if not app.stack:
            self.launcher = app.push(self.launcher_factory(app))
            return
        self.launcher = base = app.stack[0]
        app.input.set_commands(base.commands, base.pad_commands)
        app.reformat()
        base.resume()

    # -- games over -----------------------------------------------------------------------
    def game_over(self, scene, result) -> None:
        """A game whose registry entry leaves a win's initials to the cabinet ended (the
        GameScene base calls this once per game): a person who beat the computer enters
        initials for the cabinet's table."""
        from games.cabinet import halloffame
        entry = halloffame.entry_of(result)
        if entry is not None and halloffame.qualifies(scene.store, scene.game, entry):
            self.app.push(halloffame.InitialsScene(scene, entry))

    def score_lines(self, name: str) -> list:
        from games.cabinet import halloffame
        return halloffame.lines(self.app.store, name)

    # -- the operator ---------------------------------------------------------------------
    def open_operator(self) -> None:
        from games.cabinet.operator import OperatorScene, PinScene
        app = self.app
        if any(isinstance(s, (PinScene, OperatorScene)) for s in app.stack):
            return
        self.log.info("operator menu asked for")
        app.pop_to(self.launcher)
        app.push(PinScene(app, self))

    def leave_kiosk(self) -> None:
        """The operator turned cabinet mode off: a normal launcher from now on."""
        app = self.app
        self.k["enabled"] = False
        app.save_settings()
        self.log.info("kiosk mode left")
        app.kiosk = False
        app.input.kiosk = False
        app.supervisor = None
        _set_pointer(True)
        while app.stack:
            app.stack.pop().close()
        app.push(self.launcher_factory(app))
        app.apply_settings()


_INPUT = {pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.JOYBUTTONDOWN,
          getattr(pygame, "CONTROLLERBUTTONDOWN", -1), getattr(pygame, "FINGERDOWN", -1)}


def _is_input(event) -> bool:
    """A person touched something (not a release, not a plug, not a resting stick)."""
    t = event.type
    if t in _INPUT:
        return True
    if t == pygame.MOUSEMOTION:
        return tuple(getattr(event, "rel", (1, 1))) != (0, 0)
    if t in (pygame.JOYAXISMOTION, getattr(pygame, "CONTROLLERAXISMOTION", -1)):
        v = event.value / 32767.0 if abs(event.value) > 1.5 else event.value
        return abs(v) >= 0.55
    if t == pygame.JOYHATMOTION:
        return tuple(event.value) != (0, 0)
    return False


def _set_pointer(visible: bool) -> None:
    try:
        pygame.mouse.set_visible(visible)
    except pygame.error:
        pass
