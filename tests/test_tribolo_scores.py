"""Tribolo's score cards: recording, percentages, the best blue total, and the file."""

import json
import os

import pytest

from games.core.store import Store
from games.tribolo import scores


def fresh():
    return scores.default_table()


# -- recording ---------------------------------------------------------------------------------

def test_a_win_is_recorded_for_the_winner_and_a_loss_for_the_others():
    t = fresh()
    out = scores.record_game(t, 7, {"red"})
    assert out == {"blue": "losses", "red": "wins", "green": "losses"}
    c = scores.card(t, 7)
    assert c["red"] == {"wins": 1, "losses": 0, "ties": 0}
    assert c["blue"] == {"wins": 0, "losses": 1, "ties": 0}
    assert c["green"] == {"wins": 0, "losses": 1, "ties": 0}


def test_a_tie_goes_into_the_tie_column_not_a_win():
    t = fresh()
    scores.record_game(t, 7, {"blue", "green"})
    c = scores.card(t, 7)
    assert c["blue"] == {"wins": 0, "losses": 0, "ties": 1}
    assert c["green"] == {"wins": 0, "losses": 0, "ties": 1}
    assert c["red"] == {"wins": 0, "losses": 1, "ties": 0}
    scores.record_game(t, 7, {"blue", "red", "green"})
    c = scores.card(t, 7)
    assert [c[s]["ties"] for s in scores.SEATS] == [2, 1, 2]


def test_every_board_has_its_own_card():
    t = fresh()
    scores.record_game(t, 7, {"blue"})
    scores.record_game(t, 3, {"green"})
    scores.record_game(t, 3, {"green"})
    assert scores.card(t, 7)["blue"]["wins"] == 1
    assert scores.card(t, 3)["blue"]["wins"] == 0
    assert scores.card(t, 3)["green"]["wins"] == 2
    assert scores.card(t, 5) == scores.empty_card()     # never played: an empty card
    assert "5" not in t["boards"]                        # ...and reading does not add one


def test_win_percentage_of_games_played():
    t = fresh()
    for w in [{"blue"}, {"blue"}, {"red"}, {"blue", "red"}]:
        scores.record_game(t, 7, w)
    c = scores.card(t, 7)
    assert scores.played(c["blue"]) == 4
    assert scores.percent(c["blue"]) == 50          # 2 wins of 4 (the tie counts as played)
    assert scores.percent(c["red"]) == 25
    assert scores.percent(c["green"]) == 0
    assert scores.percent({"wins": 0, "losses": 0, "ties": 0}) == 0   # no games: 0, no error
    scores.record_game(t, 1, {"green"})
    scores.record_game(t, 1, {"red"})
    scores.record_game(t, 1, {"green"})
    assert scores.percent(scores.card(t, 1)["green"]) == 67


def test_best_blue_total_needs_the_most_squares_and_a_new_high():
    t = fresh()
    counts = {"blue": 50, "red": 40, "green": 30}
    assert scores.is_new_best(t, 7, counts, {"blue"})
    assert not scores.is_new_best(t, 7, {"blue": 50, "red": 60, "green": 3}, {"red"})
    scores.set_best(t, 7, 50, "abc")
    assert scores.card(t, 7)["best"] == {"total": 50, "initials": "ABC"}
    assert not scores.is_new_best(t, 7, counts, {"blue"})            # equal is not a new best
    assert scores.is_new_best(t, 7, {"blue": 51, "red": 51, "green": 0}, {"blue", "red"})
    assert scores.is_new_best(t, 2, counts, {"blue"})                 # its own card per board
    lines = scores.card_lines(t, 7)
    assert any("50" in ln and "ABC" in ln for ln in lines)


def test_card_and_summary_lines():
    t = fresh()
    scores.record_game(t, 7, {"blue"})
    scores.record_game(t, 7, {"blue", "red"})
    lines = scores.card_lines(t, 7)
    assert lines[0].split() == ["Won", "Lost", "Tied", "Played", "Win", "%"]
    assert lines[1].split() == ["Blue", "1", "0", "1", "2", "50%"]
    assert lines[2].split() == ["Red", "0", "1", "1", "2", "0%"]
    summary = scores.summary_lines(t)
    assert len(summary) == 1 + len(scores.BOARDS)
    row7 = next(ln for ln in summary if ln.split()[0] == "7")
    # games 2, wins blue 1 red 0 green 0, ties 1
    assert row7.split()[2:7] == ["2", "1", "0", "0", "1"]


# -- the file --------------------------------------------------------------------------------

def test_scores_survive_through_a_real_store(tmp_path):
    store = Store(tmp_path)
    t = scores.load(store)
    assert t == scores.default_table()
    scores.record_game(t, 7, {"green"})
    scores.set_best(t, 7, 61, "JOE")
    scores.save(store, t)
    path = tmp_path / "scores" / "tribolo.json"
    doc = json.loads(path.read_text())
    assert doc["kind"] == "scores/tribolo" and doc["version"] == scores.VERSION
    again = scores.load(Store(tmp_path))
    assert again == t
    assert scores.card(again, 7)["best"] == {"total": 61, "initials": "JOE"}
    lines = scores.score_lines(Store(tmp_path))
    assert lines[0] == "Board 7: Standard (random)"
    assert any("61" in ln and "JOE" in ln for ln in lines)


def test_score_lines_are_empty_without_games(tmp_path):
    assert scores.score_lines(Store(tmp_path)) == []


BAD_FILES = [
    b"",                                              # empty
    b"\x00\xff\xfe garbage \x01",                     # not text
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 1, "data": {"boa',  # cut off
    b'[1, 2, 3]',                                     # not a Tricade file
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 1, "data": {"boards": 7}}',
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 1, "data": {"boards": '
    b'{"7": {"blue": {"wins": -3}}}}}',               # a negative count
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 1, "data": {"boards": '
    b'{"x": {}}}}',                                   # not a board number
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 1, "data": {"boards": '
    b'{"7": {"best": {"total": 12, "initials": "a1!"}}}}}',   # bad initials
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 1, "data": {"boards": '
    b'{"7": {"red": {"wins": true}}}}}',              # a boolean is not a count
    b'{"format": "tricade", "kind": "scores/tribolo", "version": 99, "data": {"boards": {}}}',
]


@pytest.mark.parametrize("raw", BAD_FILES)
def test_a_bad_score_file_is_moved_aside_and_defaults_used(tmp_path, raw):
    path = tmp_path / "scores" / "tribolo.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    store = Store(tmp_path, log=lambda s: None)
    t = scores.load(store)
    assert t == scores.default_table()
    assert not path.exists()
    assert (path.parent / "tribolo.json.bad").read_bytes() == raw
    assert store.notices and "scores tribolo" in store.notices[0]
    assert scores.score_lines(store) == []            # and the launcher's lines do not fail
    scores.record_game(t, 7, {"blue"})                # playing on writes a good file again
    scores.save(store, t)
    assert scores.card(scores.load(Store(tmp_path)), 7)["blue"]["wins"] == 1


def test_a_card_with_missing_parts_is_filled_in(tmp_path):
    store = Store(tmp_path)
    store.save(scores.NAME, {"boards": {"3": {"blue": {"wins": 2}}}}, scores.VERSION)
    t = scores.load(store)
    assert scores.card(t, 3)["blue"] == {"wins": 2, "losses": 0, "ties": 0}
    assert scores.card(t, 3)["best"] == {"total": 0, "initials": ""}
    assert not store.notices


def test_a_crash_mid_write_keeps_the_old_file(tmp_path, monkeypatch):
    store = Store(tmp_path)
    t = fresh()
    scores.record_game(t, 7, {"red"})
    scores.save(store, t)
    path = store.path(scores.NAME)
    before = path.read_bytes()

    def crash(fd):
        raise OSError("power cut")
    monkeypatch.setattr(os, "fsync", crash)
    scores.record_game(t, 7, {"red"})
    scores.save(store, t)                                # told, not raised
    monkeypatch.undo()
    assert len(store.notices) == 1 and "power cut" in store.notices[0]
    assert path.read_bytes() == before                   # the old file is whole
    assert [p.name for p in path.parent.iterdir()] == ["tribolo.json"]   # no temp file left
    assert scores.card(scores.load(Store(tmp_path)), 7)["red"]["wins"] == 1


def test_saving_refuses_a_malformed_table(tmp_path):
    with pytest.raises(ValueError):
        scores.save(Store(tmp_path), {"boards": {"7": {"blue": {"wins": "many"}}}})
