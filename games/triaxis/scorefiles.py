"""TriAxis's ten score files, as the original's end of a game asks: "Compare scores?
(Y/n)", a number key 0-9 for a file, three initials for each person, and the file's table.
Left unanswered (closed by a cabinet's timeout, or the program's end), each box takes its
default: Yes, the last file used, the initials shown; the result is never lost.
A mixin of the TriAxis scene (it reads its table, settings and store, and opens its look's
questions); the files themselves are games/triaxis/scores.py."""

from __future__ import annotations

from games.triaxis import play, scores
from games.ui import controls


class ScoreFiles:
    # asked once a game (the base records a game once)
    def record(self, result) -> None:
        super().record(result)
        if result.people:
            game = (self.state, dict(self.table.seats), dict(self.table.levels))
            # left unanswered (a walk-away on a cabinet), Yes and the last file keep it
            self.ask_yn("Compare scores?", lambda: self.choose_file(game)).keeps = True

    def choose_file(self, game) -> None:
        files = [(f"{n}: score file {n}", lambda n=n: self.ask_initials(game, n, {}))
                 for n in scores.FILES]
        keys = controls.kind(self.app, self.in_hand()) in ("key", "mouse")
        self.ask("Compare scores: press 0 to 9 for a score file." if keys else
                 "Compare scores: choose a score file.",       # a pad or a cabinet's panel
                 files + [("Cancel", None)], default=self.settings["file"],
                 cancel=len(files)).keeps = True

    def ask_initials(self, game, n: int, got: dict) -> None:
        st, seats, levels = game
        todo = [s for s in play.people(st, seats) if s not in got]
        if not todo:
            self.write_scores(game, n, got)
            return
        seat = todo[0]

        def done(text, seat=seat):
            if seat in self.settings["initials"]:
                self.settings["initials"][seat] = text
                self.save_settings()
            self.ask_initials(game, n, dict(got, **{seat: text}))
        self.initials([f"{seat.upper()}: population {st.population(seat)}",
                       f"Score file {n}: your initials, please"],
                      default=self.settings["initials"].get(seat, "AAA"), on_done=done)

    def write_scores(self, game, n: int, initials: dict) -> None:
        st, seats, levels = game
        try:
            table = scores.load(self.store, n)
            scores.record(table, play.score_results(st, seats, levels, initials))
            scores.save(self.store, n, table)
        except OSError as exc:
            self.app.notice(f"The scores could not be kept ({exc.strerror or exc}).")
            table = scores.empty()
        self.set_setting("file", n)
        header, rows = scores.table_rows(table)
        mine = [i for i, row in enumerate(rows) if row[0] in initials.values()]
        self.score_table(f"SCORE FILE {n}", header, rows, highlight=mine[0] if mine else None,
                         footer="Press any button" if self.customer else "Press any key")
