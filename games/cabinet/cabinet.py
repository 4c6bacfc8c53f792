"""The cabinet's supervisor: installed as ``app.supervisor``, it sees every SDL event before
the input layer, runs once a frame, and takes the exceptions raised inside scenes.

- coins (keys 5 and 6: coin slots 1 and 2, each with its price, a bonus credit every N
  coins) buy credits unless the cabinet is on free play; past the operator's cap they are
  held ("CREDITS 9+2"), never eaten; every press is a coin, but a switch's bounce (closer
  than ``coin_pulse_ms`` to the press it follows) is the same coin. Every start of a
  customer's game spends one, by every path: the launcher's Start (``spend_credit``),
  and a game's own New game, Restart, end box or continue (``pay_for``,
  ``pay_to_continue``: games.ui.customer and games.ui.continuebox ask); the
  books (games.cabinet.books) keep every coin, credit, play and walk-away, on disk before
  the screen answers;
- there is no way out for a customer: a service key (F2 on a keyboard, the service button
  in the coin door: ``kiosk.service_keys``), a pad's Back and Start held for three
  seconds, or the start buttons 1 and 2 held for five seconds open the operator's PIN box
  over whatever shows (a customer's game waits under it), and only the operator menu
  exits (with EXIT_TO_DESKTOP, the one status the service does not restart on); the start
  buttons (and a pad's Back and Start) act at their release, so a hold starts nothing and
  spends nothing; the keyboard is grabbed, so no window-manager shortcut fires; SIGTERM,
  SIGINT and SIGHUP end the program cleanly (games.core.app.run);
- one rule brings the attract loop back: on the launcher, after ``attract_after`` quiet
  seconds the attract loop starts (after ``POWER_ON_ATTRACT`` seconds when nobody has
  touched the panel since the power on: a cabinet switched on shows its demos, as an
  arcade machine does); anywhere else (a title, a question, a score or
  initials box, a finished game, the operator menu), after ``continue_after`` quiet
  seconds the stack closes back to the launcher, except that a game in which a person is
  to move first asks "CONTINUE? 10"; a finished game waits until its result is recorded;
  a wait the screen holds the person in (a wrong PIN's, before the next try) is not
  quiet: the count starts when it ends;
- the mouse pointer shows only while a mouse or trackball moves;
- an exception inside a scene is written to ``cabinet.log`` in the data dir (a capped
  regular file, written without blocking: games.cabinet.log), the player reads one
  sentence, and the launcher comes back.
"""

from __future__ import annotations

import os
import warnings

import pygame

import games
from games.cabinet import EXIT_TO_DESKTOP  # noqa: F401 (the operator's exit status)
from games.cabinet.books import Books
from games.cabinet.log import LOG_BYTES, LOG_NAME, make_log  # noqa: F401 (tests import them)
from games.core.guard import close_down_to, describe_error
from games.core.input import PAD_BUTTONS, key_name

COIN_KEYS = ("5", "6")          # coin slots 1 and 2
# a keyboard's digits (its top row, its keypad: SDL's key names) type the operator's PIN
DIGIT_KEYS = {**{str(d): d for d in range(10)}, **{f"[{d}]": d for d in range(10)}}
SERVICE_KEY = "f2"              # a keyboard's service key (the service keys: kiosk.service_keys)
SERVICE_PAD = ("back", "start")
SERVICE_HOLD = 3.0
POINTER_SECONDS = 3.0           # the pointer hides again after this long without a move
CONTINUE_SECONDS = 10
POWER_ON_ATTRACT = 5.0          # the launcher's wait for the demos until a person's first touch
PLAY_CHECKPOINT = 60.0          # play time is written to the books at least this often
ERROR_LIMIT = 20                # errors in ERROR_WINDOW seconds: give up (systemd restarts us)
ERROR_WINDOW = 60.0
ERROR_SENTENCE = "Sorry, something went wrong; the game was closed and the fault logged."


def _last_run_cut(directory) -> bool:
    """Whether the log's last run started and never said it stopped (an operator reads
    a power cut in the log as a line, not as two starts in a row)."""
    from games.cabinet import log as cablog
    try:
        text = cablog.read_tail(os.path.join(str(directory), LOG_NAME))
    except OSError:
        return False
    for line in reversed(text.splitlines()):
        if line.endswith("cabinet stopped"):
            return False
        if line.endswith("cabinet started"):
            return True
    return False


class Cabinet:
    def __init__(self, app, launcher_factory=None):
        from games.launcher.scene import LauncherScene
        from games.cabinet.operator import PinGuard
        self.app = app
        self.launcher_factory = launcher_factory or LauncherScene
        self.log = make_log(app.store.dir, on_fail=app.notice)
        self.books = Books(app.store)
        unplayed = self.books.data["unplayed"]
        if unplayed:                       # stopped (a power cut, a kill) in a paid game
            n = self.books.give_back_unplayed(int(self.k["credit_cap"]))
            self.log.info("the cabinet stopped in %d paid game(s) nobody had moved in: "
                          "%d credit(s) stand again", unplayed, n)
        self.guard = PinGuard(app.store, app.now)
        self.held: dict = {}               # key name or ("pad", id, button) -> since when
        self.pointer_until = None          # the pointer shows until then
        self.errors: list[float] = []
        self.demos_played = 0              # the attract loop counts (the soak reports it)
        self.timeouts = 0                  # stacks closed for want of anyone (tests read it)
        self._service_fired = False
        self._hold_fired = False
        self._waking = False               # this frame's events woke the cabinet
        self._activity = None              # what was on screen; a change restarts the wait
        self._activity_since = app.now()
        self._touched = False              # a person has touched something since the power on
        self._session = None               # the game being played (Session), or None
        self._paid_start = None            # a credit spent on the game about to open:
        #                                    the books' reset count then
        self._coin_at: dict = {}           # coin slot -> its last counted press (the pulse)
        self._deferred: dict = {}          # a start or back held: its press, acted on at release
        self._combo: set = set()           # those pressed while another of the hold's was held
        self._shut = False
        app.supervisor = self
        _set_pointer(False)
        grab_keyboard(True)
        self.launcher = app.push(self.launcher_factory(app))
        if _last_run_cut(app.store.dir):
            self.log.info("the last run ended without stopping (a power cut, a kill or a "
                          "crash): its last lines above are the last it wrote")
        self.log.info("cabinet started")

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
    @property
    def credits(self) -> int:
        return self.books.credits

    def price(self, slot: str) -> int:
        """Coins a credit on ``slot`` ("1" or "2")."""
        if slot == "2" and self.k["coin2_per_credit"]:
            return int(self.k["coin2_per_credit"])
        return max(1, int(self.k["coins_per_credit"]))

    def coin(self, slot: str = "1", now: float | None = None) -> bool:
        """A coin switch closed in ``slot``: one coin, credited at once (or, with the
        credits at the cap, held and shown: "CREDITS 9+2"), on disk before the screen
        answers. A coin is an edge: every press is one, however close to the one before,
        except a bounce: a press closer than ``coin_pulse_ms`` to the slot's last counted
        press (measured press to press: the switch's release and its bounces move
        nothing). A coin at "CONTINUE?" continues. True when counted."""
        now = self.app.now() if now is None else now
        last = self._coin_at.get(slot)
        if last is not None and (now - last) * 1000.0 < int(self.k.get("coin_pulse_ms", 30)):
            return False
        self._coin_at[slot] = now
        self.app.play("ui_select")
        if self.free_play:
            return True
        cap = int(self.k["credit_cap"])
        given, held = self.books.coin(slot, self.price(slot), cap,
                                      int(self.k.get("bonus_every", 0)))
        self.log.info("coin in slot %s: %d credit(s)%s", slot, self.books.credits,
                      f", {self.books.held} held over the cap" if self.books.held else "")
        self.app.withdraw("INSERT COIN", "CREDITS")   # no longer true: the coin is in
        if held:
            self.app.toast(self.credit_text().split("  ")[0])     # "CREDITS 9+2"
        self.app.dirty = True
        self.continue_with_credit()
        return True

    def continue_with_credit(self) -> None:
        """A credit standing while "CONTINUE?" counts: it is spent and the game goes on."""
        from games.ui.continuebox import ContinueScene
        top = self.app.top
        if isinstance(top, ContinueScene) and self.books.credits > 0:
            top.go_on()

    def spend_credit(self, game: str | None = None) -> bool:
        """Start a game: True on free play or when a credit was spent (written before the
        game opens). ``game``: the registry name, for the log."""
        what = game or "a game"
        if self.free_play:
            self.books.free_start()
            self.log.info("%s started (free play)", what)
            return True
        if not self.books.spend():
            self.app.toast("INSERT COIN")
            return False
        self.log.info("%s started, credit spent", what)
        self._paid_start = self.books.data["resets"]     # the game about to open is paid
        self.app.dirty = True
        return True

    # -- every start and continue of a customer's game (games.ui.customer asks) -----------
    def start_costs(self, scene) -> bool:
        """Would a new game in ``scene`` cost a credit now? Not on free play, and not while
        nobody has moved in the game in hand (paid for already: a restart before the first
        move, a Biosphere turned down, colours chosen are the same credit's game)."""
        if self.free_play or scene.demo:
            return False
        return self._used(scene)

    def may_start(self, scene) -> bool:
        """A new game may start in ``scene`` (a credit stands, or none is needed); with no
        credit, "INSERT COIN" is said and nothing else happens."""
        if self.start_costs(scene) and self.books.credits <= 0:
            self.app.toast("INSERT COIN")
            self.app.play("ui_back")
            return False
        return True

    def pay_for(self, scene) -> bool:
        """A new game starts in ``scene`` now: a credit is spent if it costs one (False,
        and "INSERT COIN", with none standing); the books start a new play."""
        if not self.start_costs(scene):
            if self.free_play and self._used(scene):
                self.books.free_start()
                self.log.info("%s started (free play)", scene.game)
                self.new_session(scene)
            return True
        if not self.books.spend():
            self.app.toast("INSERT COIN")
            self.app.play("ui_back")
            return False
        self.log.info("%s started, credit spent", scene.game)
        self.app.dirty = True
        self.new_session(scene)
        self._session.paid = self.books.data["resets"]
        return True

    def pay_to_continue(self, scene) -> bool:
        """"CONTINUE?" answered: free on free play, else a credit (False: none stands)."""
        if self.free_play or scene.demo:
            return True
        if not self.books.spend(continued=True):
            self.app.toast("INSERT COIN")
            return False
        self.log.info("%s continued, credit spent", scene.game)
        self.app.dirty = True
        return True

    def continue_costs(self) -> bool:
        return not self.free_play

    def _used(self, scene) -> bool:
        s = self._session
        t = scene.table
        return t.person_has_moved or t.state.is_over or (
            s is not None and s.scene is scene and s.moved)

    def partial_text(self) -> str:
        """A credit paid in part: "1/2 COINS" (or "1/3 CREDIT" when slots of different
        prices were mixed); "" when none."""
        p = self.books.partial
        if not p:
            return ""
        per = self.price("1")
        coins = p * per
        if coins.denominator == 1:
            return f"{coins.numerator}/{per} COINS"
        return f"{p.numerator}/{p.denominator} CREDIT"

    def credit_text(self) -> str:
        if self.free_play:
            return "FREE PLAY"
        parts = []
        if self.books.credits:
            held = f"+{self.books.held}" if self.books.held else ""
            parts.append(f"CREDITS {self.books.credits}{held}")
        if self.partial_text():
            parts.append(self.partial_text())
        return "  ".join(parts) or "INSERT COIN"

    def prompt_text(self) -> str:
        """What blinks over the attract loop."""
        return "PRESS START" if self.free_play or self.books.credits else "INSERT COIN"

    # -- the hook: events -----------------------------------------------------------------
    def event(self, event, now: float) -> bool:
        if _is_input(event):
            self._touched = True
        if (self.attract_running() or self._waking) and _is_input(event):
            self.event_held(event, now)
            self._deferred.clear()         # nor is it acted on at its release
            self.wake(now)             # the waking input (all its events) does nothing else
            self._waking = True
            return True
        return self.event_held(event, now)

    def attract_running(self) -> bool:
        from games.cabinet.attract import AttractScene
        return isinstance(self.app.top, AttractScene)

    def service_keys(self) -> tuple:
        return tuple(self.k.get("service_keys", (SERVICE_KEY,))) or (SERVICE_KEY,)

    def _hold_keys(self) -> set:
        """What a hold is made of: the start buttons' keys, and every pad's Back and Start."""
        return set(self.k["exit_hold"])

    def event_held(self, event, now: float) -> bool:
        t = event.type
        if t == pygame.KEYDOWN:
            name = key_name(event.key)
            self.held.setdefault(name, now)
            digit = self._typed_digit(name)
            if digit is not None:
                self.wake(now)
                self.app.top.type_digit(digit)
                return True
            if name in COIN_KEYS:
                self.coin(str(COIN_KEYS.index(name) + 1), now)
                self.wake(now)
                return True
            if name in self.service_keys():
                self.wake(now)
                self.open_operator(keyboard=True)
                return True
            if name in self._hold_keys():
                return self._defer(name, event)
        elif t == pygame.KEYUP:
            name = key_name(event.key)
            self.held.pop(name, None)
            if name in COIN_KEYS:          # (the pulse is measured press to press)
                return True
            if name in self.service_keys():
                return True
            if name in self._hold_keys():
                return self._release(name, now)
        elif t == getattr(pygame, "CONTROLLERBUTTONDOWN", -1):
            button = PAD_BUTTONS.get(event.button)
            self.held.setdefault(("pad", event.instance_id, button), now)
            if button in SERVICE_PAD:
                return self._defer(("pad", event.instance_id, button), event)
        elif t == getattr(pygame, "CONTROLLERBUTTONUP", -1):
            button = PAD_BUTTONS.get(event.button)
            self.held.pop(("pad", event.instance_id, button), None)
            if button in SERVICE_PAD:
                return self._release(("pad", event.instance_id, button), now)
        elif t == pygame.MOUSEMOTION:
            if tuple(getattr(event, "rel", (1, 1))) != (0, 0):
                self.pointer_until = now + POINTER_SECONDS
                _set_pointer(True)
        elif t == pygame.WINDOWFOCUSLOST:
            self.held.clear()
            self._deferred.clear()
            self._combo.clear()
        elif t == pygame.WINDOWFOCUSGAINED:
            grab_keyboard(True)
        return False

    # -- a hold in progress defers its buttons: the PIN box never starts a game -------------
    def _partners(self, key) -> list:
        """The other buttons of the hold ``key`` belongs to."""
        if isinstance(key, tuple):
            return [("pad", key[1], b) for b in SERVICE_PAD if b != key[2]]
        return [n for n in self.k["exit_hold"] if n != key]

    def _typed_digit(self, name: str):
        """The digit a key types into the operator's PIN box on top (None: not one, or no
        box taking digits). A keyboard's digits, its top row's and its keypad's; in the
        box the start buttons' hold opens (the panel's), the panel's own keys (the start
        buttons, the coins, the service button) keep their meaning: a coin is a coin.
        The box a service key opened (F2, the service button inside the coin door) is the
        operator's at a keyboard: all ten type there."""
        from games.cabinet.operator import PinScene
        digit = DIGIT_KEYS.get(name)
        top = self.app.top
        if digit is None or not isinstance(top, PinScene) or not top.takes_digits():
            return None
        if not top.service and len(name) == 1 and (
                name in COIN_KEYS or name in self._hold_keys() or name in self.service_keys()):
            return None
        return digit

    def _defer(self, key, event) -> bool:
        """A start (or a pad's Back or Start) pressed: kept until its release, so a hold
        that opens the PIN box spends nothing and starts nothing. Pressed while another of
        its hold is held, neither is acted on."""
        partners = self._partners(key)
        if any(p in self.held for p in partners):
            self._combo.add(key)
            self._combo.update(p for p in partners if p in self.held)
        self._deferred[key] = event
        return True

    def _release(self, key, now: float) -> bool:
        """The release of a deferred button: its press is acted on now (then the release),
        unless it was part of a hold."""
        pressed = self._deferred.pop(key, None)
        combo = key in self._combo
        self._combo.discard(key)
        if pressed is None or combo:
            return True
        deliver = getattr(self.app, "_event", None)
        if deliver is None:
            return True
        deliver(pressed, now)
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
        self._waking = False
        if self.pointer_until is not None and now >= self.pointer_until:
            self.pointer_until = None
            _set_pointer(False)
        # the start buttons held together: the operator's PIN box (never a way out)
        combo = self.k["exit_hold"]
        since = [self.held.get(n) for n in combo]
        held = all(s is not None for s in since) and \
            now - max(since) >= self.k["exit_hold_seconds"]
        if held and not self._hold_fired:
            self.log.info("the start buttons were held: the PIN box")
            self.open_operator(panel=True)
        self._hold_fired = held
        # the operator's pad combination: Back and Start held on one pad
        pads = {k[1] for k in self.held if isinstance(k, tuple)}
        fired = False
        for iid in pads:
            t = [self.held.get(("pad", iid, b)) for b in SERVICE_PAD]
            if all(x is not None for x in t) and now - max(t) >= SERVICE_HOLD:
                fired = True
        if fired and not self._service_fired:
            self.open_operator(panel=True)
        self._service_fired = fired
        self.keep_books(now)
        self.watch_idle(now)

    def quiet_seconds(self, now: float) -> float:
        """Seconds since a person touched anything, or since the screen last changed on
        its own (a scene opened or closed, a move was made, a wait the scene held the
        person in ended): a question that just opened after the computer's long move, or
        a PIN box whose wrong PIN's wait just ran out, gets the whole time."""
        app = self.app
        game = self.game_scene()
        activity = (id(app.top), len(app.stack),
                    None if game is None else (game.table.game_number, game.table.ply),
                    app.top is not None and app.top.holds_person())
        if activity != self._activity:
            self._activity = activity
            self._activity_since = now
        return now - max(app.last_input, self._activity_since)

    def watch_idle(self, now: float) -> None:
        from games.cabinet.attract import AttractScene
        from games.ui.continuebox import ContinueScene
        app = self.app
        quiet = self.quiet_seconds(now)
        if app.top is self.launcher:
            wait = self.k["attract_after"]
            if not self._touched:              # nobody yet since the power on
                wait = min(wait, POWER_ON_ATTRACT)
            if app.idle_seconds >= wait:
                app.push(AttractScene(app, self))
            return
        if isinstance(app.top, (ContinueScene, AttractScene)) or app.top is None:
            return
        if app.top.holds_person():         # a wait, not idleness: counted from its end
            return
        if quiet < self.k["continue_after"]:
            return
        game = self.game_scene()
        if game is not None:
            t = game.table
            if t.thinking and app.top is game and not game.abandoned and not game.demo:
                return                     # the computer's move, however slow (a Pi's
                                           # top level): nobody's idleness, no timeout
                                           # (a box over the game holds it: that counts)
            if t.state.is_over and not game.abandoned and not game.result_recorded \
                    and quiet < 2 * self.k["continue_after"]:
                return                     # its result is shown and recorded first
            if getattr(game, "live", True) and (game.awaiting_person() or (
                    t.thinking and not t.state.is_over and not game.demo)):
                # (the computer's turn held by a box left open over it: asked too)
                self.log.info("no one at %s: continue countdown", game.game)
                game.ask_continue(CONTINUE_SECONDS)
                return
        self.log.info("nothing touched for %d s: back to the launcher (%s)",
                      int(quiet), getattr(app.top, "name", type(app.top).__name__))
        self.timeouts += 1
        self.end_session(now, "timed out: nobody at the panel, back to the launcher")
        self.recover()

    def game_scene(self):
        """The game being played (the lowest GameScene on the stack), or None."""
        from games.ui.scene import GameScene
        return next((s for s in self.app.stack if isinstance(s, GameScene)), None)

    # -- the books: plays, walk-aways and play time ---------------------------------------
    def new_session(self, scene) -> None:
        """A new game (paid, or on free play) starts in ``scene``: the one before it ends."""
        now = self.app.now()
        self.end_session(now, "left for a new game")
        self._session = Session(scene, now)

    def keep_books(self, now: float) -> None:
        game = self.game_scene()
        if game is not None and game.demo:
            game = None
        s = self._session
        if s is not None and s.scene is not game:
            self.end_session(now, _left_how(s.scene))
            s = None
        if s is None and game is not None:
            self._session = s = Session(game, now)
            s.paid, self._paid_start = self._paid_start, None
        if s is None:
            return
        t = game.table
        if not s.moved and t.person_has_moved:
            s.moved = True                 # a play: counted with the time it took so far
            self.books.play_started(s.name, now - s.since, paid=s.paid is not None)
            s.counted = now
            self.log.info("%s: the first move (a play)", s.name)
        elif s.moved and now - s.counted >= PLAY_CHECKPOINT:
            self.books.played(s.name, now - s.counted)
            s.counted = now
        if t.state.is_over and s.over != t.game_number:
            s.over = t.game_number          # the end, said once (however often it is shown)
            self.log_end(s, "played out", now)

    def end_session(self, now: float, how: str = "the game was closed") -> None:
        """The game being played ends (``how``: quit, timed out, ... for the log)."""
        s, self._session = self._session, None
        if s is None:
            return
        if s.moved:
            self.books.played(s.name, now - s.counted)
            t = s.scene.table
            if s.over != t.game_number:     # its end not said yet: how it ended
                self.log_end(s, "played out" if t.state.is_over else how, now)
        else:
            self.books.walked_away(s.name, now - s.since)
            self.log.info("%s: left without a move (a walk-away)", s.name)
            if s.paid is not None and not self.free_play and \
                    self.books.give_back(int(self.k["credit_cap"]), s.paid):
                self.log.info("%s: its credit stands again (nobody played it)", s.name)
                self.app.dirty = True

    def log_end(self, s, how: str, now: float) -> None:
        """One line for a game that ended: which game, how (played out, quit, timed out
        ...), the result (who won, as seat and who played it), how long it ran and how many
        moves were made."""
        t = s.scene.table
        st = t.state
        seats = dict(t.seats)
        level = t.result_level()

        def who(seat) -> str:
            kind = seats.get(seat, "")
            if kind == "human":
                return f"{seat} (a person)"
            if kind == "computer":
                return f"{seat} (the computer{'' if level is None else f', level {level}'})"
            return f"{seat} ({kind})" if kind else str(seat)
        if not st.is_over:
            result = "unfinished"
        else:
            winners = [who(w) for w in st.players if w in st.winners()]
            result = ("no winner" if not winners else f"{winners[0]} won" if len(winners) == 1
                      else f"{' and '.join(winners)} share the win")
        self.log.info("%s ended, %s: %s; it ran %s, %d move%s", s.name, how, result,
                      _duration(now - s.since), t.ply, "" if t.ply == 1 else "s")

    def shutdown(self) -> None:
        """The program ends (app.shutdown): the game being played is counted."""
        if not self._shut:
            self._shut = True
            self.end_session(self.app.now(), "the cabinet stopped")
            self.log.info("cabinet stopped")

    # -- the hook: a scene raised ---------------------------------------------------------
    def error(self, exc: BaseException) -> bool:
        app = self.app
        now = app.now()
        self.errors = [t for t in self.errors if now - t < ERROR_WINDOW] + [now]
        where = type(app.top).__name__ if app.top is not None else "no scene"
        self.log.error("error in %s:\n%s", where, describe_error(exc))
        if len(self.errors) > ERROR_LIMIT:
            self.log.error("too many errors: giving up")
            return False
        try:
            self.end_session(now, "closed by an error (above)")
        except Exception as again:         # noqa: BLE001 - the game's own state may be the fault
            self._session = None
            self.log.error("error ending the game's session:\n%s", describe_error(again))
        self.recover(launcher_failed=len(app.stack) <= 1)
        app.toast(ERROR_SENTENCE)
        return True

    def recover(self, launcher_failed: bool = False) -> None:
        """Close every scene above the launcher (a close that raises is logged) and show
        the launcher again; a launcher that itself failed is made afresh."""
        app = self.app
        close_down_to(app, 0 if launcher_failed else 1, lambda scene, exc: self.log.error(
            "error closing %s:\n%s", type(scene).__name__, describe_error(exc)))
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
            halloffame.ask_initials(scene, entry)

    def notice(self, sentence: str) -> bool:
        """A notice of the program (a score not kept, a computer player that failed): for
        the operator, so it goes to the log, not over a customer's game. True when logged;
        a log that cannot be written leaves it (and its own failure) on the screen."""
        self.log.warning("notice: %s", sentence)
        return not any(getattr(h, "failing", None) for h in self.log.handlers)

    def score_lines(self, name: str) -> list:
        from games.cabinet import halloffame
        return halloffame.lines(self.app.store, name)

    # -- the operator ---------------------------------------------------------------------
    def open_operator(self, keyboard: bool = False, panel: bool = False) -> None:
        """The PIN box over whatever shows (a customer's game waits under it and comes back
        when the operator leaves). ``keyboard``: asked with a service key (F2 on a keyboard,
        the service button inside the coin door), the only place (besides ``main.py
        --set-pin``) where a first PIN may be chosen, and never slowed by the panel's wrong
        PINs. ``panel``: asked with a hold of the panel's buttons."""
        from games.cabinet.operator import OperatorScene, PinScene
        from games.cabinet.attract import AttractScene
        app = self.app
        if any(isinstance(s, (PinScene, OperatorScene)) for s in app.stack):
            top = app.top
            if keyboard and isinstance(top, PinScene) and not top.service:
                app.replace(PinScene(app, self, keyboard=True))   # the service box instead
            return
        self.log.info("operator menu asked for%s", " (service key)" if keyboard else "")
        if any(isinstance(s, AttractScene) for s in app.stack):
            app.pop_to(self.launcher)
        app.push(PinScene(app, self, keyboard=keyboard))

    def exit_to_desktop(self) -> None:
        """The operator leaves the program: the service does not start it again."""
        self.log.info("operator: exit to the desktop")
        self.app.quit(EXIT_TO_DESKTOP)

    def leave_kiosk(self) -> None:
        """The operator turned cabinet mode off: a normal launcher from now on."""
        app = self.app
        self.k["enabled"] = False
        if not app.save_settings():
            app.toast("Kiosk mode is off until the next start: the setting was not kept.")
        self.log.info("kiosk mode left")
        self.end_session(app.now(), "kiosk mode left")
        app.kiosk = False
        app.input.kiosk = False
        app.supervisor = None
        _set_pointer(True)
        grab_keyboard(False)
        while app.stack:
            app.stack.pop().close()
        app.push(self.launcher_factory(app))
        app.apply_settings()


class Session:
    """A game a person started (the books' unit): it becomes a play at the first move."""

    def __init__(self, scene, now: float):
        self.scene = scene
        self.name = scene.game
        self.since = now               # started
        self.counted = now             # play time is in the books up to then
        self.moved = False
        self.over = None               # the table's game_number whose end was logged
        self.paid = None               # paid: the books' reset count (given back if nobody
        #                                moves and the books were not reset since)


def _left_how(scene) -> str:
    """How a game scene that left the stack ended, for the log."""
    if getattr(scene, "abandoned", False):
        return "timed out: nobody answered CONTINUE?"
    return "quit"


def _duration(seconds: float) -> str:
    """"4 min 05 s", "35 s", "1 h 02 min"."""
    n = max(0, int(seconds + 0.5))
    if n < 60:
        return f"{n} s"
    if n < 3600:
        return f"{n // 60} min {n % 60:02d} s"
    return f"{n // 3600} h {n % 3600 // 60:02d} min"


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


def grab_keyboard(on: bool) -> bool:
    """Take every key (SDL's keyboard grab), so the window manager's shortcuts (Alt+Tab,
    Alt+Space, Ctrl+Alt+arrows, the Super key) reach the cabinet, not the desktop.
    Returns True when the grab is held."""
    os.environ["SDL_GRAB_KEYBOARD"] = "1" if on else "0"          # SDL_HINT_GRAB_KEYBOARD
    os.environ["SDL_ALLOW_ALT_TAB_WHILE_GRABBED"] = "0" if on else "1"
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return False
    try:
        with warnings.catch_warnings():        # only the window's grab is used, no drawing
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.grab_keyboard = on
        return bool(window.keyboard_grabbed) if on else False
    except (AttributeError, pygame.error):    # an older pygame: the grab hint and set_grab
        try:
            pygame.event.set_grab(on)
            return bool(pygame.event.get_grab())
        except pygame.error:
            return False
