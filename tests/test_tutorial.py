"""The Lehrgang's lessons as data (issue #29): every shipped lesson loads,
its stored solution reaches its goal and its wrong try does not (the engine
checks the goal from the state); a damaged lesson file is one line naming
file, key and problem while the others stay offered; the goal vocabulary;
the progress file; ``thorskliff tutorial --list/--verify``."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from thorskliff.cli import main
from thorskliff.position import to_position
from thorskliff.tutorial.goals import GOALS, reached
from thorskliff.tutorial.lesson import TEXTS, coach_catalogue, lesson_dir, load_all, load_lesson
from thorskliff.tutorial.progress import FILE, Progress
from thorskliff.tutorial.run import DONE, FAILED, LessonRun, verify

LESSONS, PROBLEMS = load_all()
IDS = [les.id for les in LESSONS]


def test_at_least_ten_lessons_load_in_their_order():
    assert PROBLEMS == []
    assert len(LESSONS) >= 10
    assert [les.order for les in LESSONS] == sorted(les.order for les in LESSONS)
    assert IDS[:4] == ["schritte", "silber", "rekrutieren", "kampf"]  # an order that builds


def test_every_shipped_lesson_reads_whole_as_a_users_file_would(tmp_path):
    """load_all() spares the shipped lessons' positions the write-and-read-back
    after each step (from_position's ``proven``): this is the proof. The
    same files read from another folder, as a user's, load alike."""
    for les in LESSONS:
        (tmp_path / Path(les.file).name).write_bytes(Path(les.file).read_bytes())
    whole, problems = load_all(tmp_path)
    assert problems == []
    assert [(les.id, to_position(les.state())) for les in whole] == \
        [(les.id, to_position(les.state())) for les in LESSONS]


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_the_solution_reaches_the_goal_and_the_coach_says_done(les):
    run = LessonRun(les)
    seen = []
    for line in les.solution:
        seen.append(run.coach("de"))
        assert run.decide(line) is None, line
    assert run.status == DONE and reached(run.state, les.seat, les.goal)
    assert run.made == len(les.solution)
    # the coach said each step's line before it, then the lesson's end
    assert seen == [les.text(s.coach, "de") for s in les.steps]
    assert run.coach("de") == les.text("done", "de")
    assert verify(les) == []


@pytest.mark.parametrize("les", LESSONS, ids=IDS)
def test_the_wrong_try_misses_the_goal_and_the_coach_says_why(les):
    run = LessonRun(les)
    assert run.play(les.wrong) == FAILED
    assert run.refused is None
    assert not reached(run.state, les.seat, les.goal)
    assert run.coach("en") == les.text("fail", "en")
    assert "Nochmal" in run.coach("de") and "Nochmal" in run.coach("en")


def test_a_refused_decision_says_the_engines_reason_and_changes_nothing():
    les = LESSONS[IDS.index("schritte")]
    run = LessonRun(les)
    lines = list(run.game.lines)
    err = run.decide("H 2c3-2b2")  # two steps away
    assert err is not None and err.rule.startswith("R-")
    assert run.game.lines == lines and run.made == 0 and run.status == "playing"
    assert run.decide("H 2c3-2c2") is None and run.status == DONE


def test_every_coach_text_is_in_both_catalogues():
    for lang in ("de", "en"):
        cat = coach_catalogue(lang)
        for les in LESSONS:
            for key in (*TEXTS, *(s.coach for s in les.steps)):
                assert cat[les.id][key].strip(), (lang, les.id, key)
    assert set(coach_catalogue("de")) == set(coach_catalogue("en"))


def test_the_goal_vocabulary_is_declared_and_documented():
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "tutorial.md").read_text()
    for name in GOALS:
        assert f"`{name}`" in doc, name


# ------------------------------------------------------------------ bad lesson files

def _copy(tmp_path, change=None):
    src = lesson_dir() / "01-schritte.toml"
    text = src.read_text()
    if change:
        text = change(text)
    (tmp_path / "01-schritte.toml").write_text(text)
    (tmp_path / "02-silber.toml").write_text((lesson_dir() / "02-silber.toml").read_text())
    return tmp_path / "01-schritte.toml"


@pytest.mark.parametrize("change, key, words", [
    (lambda s: s.replace('hero_at = "2c2"', 'held_at = "2c2"'), "goal.held_at", "no goal of the vocabulary"),
    (lambda s: s.replace('hero_at = "2c2"', 'hero_at = "9z9"'), "goal.hero_at", "is no hex label"),
    (lambda s: s.replace("\nseat = 1\n", "\nseat = 3\n"), "seat", "must be a seat from 1 to 2"),
    (lambda s: s.replace('id = "schritte"', 'id = "nirgends"'), "id", "tutorial.nirgends.title is missing"),
    (lambda s: s.replace('do = "H 2c3-2c2"', 'do = "H 2c3+2c2"'), "steps[0].do", "no hex label"),
    (lambda s: s.replace("[position.players.warriors]", "[position.players.krieger]", 1), "position.players[0]",
     "unknown key"),
    (lambda s: s.replace('id = "schritte"', 'id = "schritte"\nextra = 1'), "extra", "unknown key"),
])
def test_a_damaged_lesson_is_one_line_and_the_others_stay(tmp_path, change, key, words):
    path = _copy(tmp_path, change)
    lessons, problems = load_all(tmp_path)
    assert [les.id for les in lessons] == ["silber"]
    assert len(problems) == 1
    line = str(problems[0])
    assert "\n" not in line and line.startswith(f"{path}: {key}") and words in line, line


def test_a_lesson_file_that_is_no_toml_is_one_line(tmp_path):
    path = _copy(tmp_path, lambda s: s.replace("[goal]", "[goal"))
    _, problems = load_all(tmp_path)
    assert len(problems) == 1 and str(problems[0]).startswith(str(path)) and "TOML" in str(problems[0])


# ------------------------------------------------------------------ progress

def test_progress_is_kept_and_a_damaged_file_is_reset_with_a_notice(tmp_path):
    p = Progress(tmp_path)
    assert p.finished == set() and not p.notice
    p.finish("schritte")
    assert Progress(tmp_path).finished == {"schritte"}
    (tmp_path / FILE).write_text('{"finished": "schritte"')
    p = Progress(tmp_path)
    assert p.finished == set() and p.notice == str(tmp_path / FILE)
    p.finish("silber")
    assert (tmp_path / (FILE + ".damaged")).read_text() == '{"finished": "schritte"'  # kept, not lost
    assert Progress(tmp_path).finished == {"silber"} and not Progress(tmp_path).notice


# ------------------------------------------------------------------ the CLI

def test_tutorial_list_json(tmp_path, capsys):
    Progress(tmp_path).finish("silber")
    assert main(["tutorial", "--list", "--json", "--lang", "en", "--data", str(tmp_path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == IDS
    assert rows[1] == {"id": "silber", "title": "Silver", "skill": LESSONS[1].text("skill", "en"),
                       "finished": True, "decisions": 2}
    assert main(["tutorial", "--list", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(IDS) and "[fertig] Silber" in out[1] and "[offen]" in out[0]


def test_tutorial_verify_passes(capsys):
    assert main(["tutorial", "--verify"]) == 0
    assert capsys.readouterr().out.strip() == f"{len(IDS)} Lektionen geprüft: jede Lösung erreicht ihr Ziel, " \
                                              "kein falscher Versuch."


def test_tutorial_verify_names_each_failing_lesson(tmp_path, monkeypatch, capsys):
    # a solution that no longer reaches its goal, a wrong try that does
    _copy(tmp_path, lambda s: s.replace('hero_at = "2c2"', 'hero_at = "2c4"'))
    text = (tmp_path / "02-silber.toml").read_text().replace('"W 2b2-2b3", ', "")
    (tmp_path / "02-silber.toml").write_text(text)
    monkeypatch.setattr("thorskliff.tutorial.lesson.lesson_dir", lambda: tmp_path)
    assert main(["tutorial", "--verify"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3, out
    assert out[0].endswith("schritte: the solution does not reach the goal (hero_at not met)")
    assert out[1].endswith("schritte: the wrong try reaches the goal")  # 2c4 is where it went
    assert out[2].endswith("silber: the wrong try reaches the goal")


def test_every_lesson_position_is_a_position_file():
    from thorskliff.position import FORMAT, from_position, to_position

    for path in sorted(lesson_dir().glob("*.toml")):
        doc = tomllib.loads(path.read_text())
        assert doc["position"]["format"] == FORMAT
        st = from_position(doc["position"], str(path))
        assert tomllib.loads(to_position(st)) == doc["position"]


def test_lesson_files_are_shipped_in_the_wheel():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    assert '"thorskliff.scenarios.tutorial"' in (root / "setup.py").read_text()
    assert re.search(r'^"thorskliff.scenarios.tutorial" = \["\*.toml"\]', (root / "pyproject.toml").read_text(), re.M)
    assert load_lesson(lesson_dir() / "01-schritte.toml").id == "schritte"


def test_a_decision_off_the_lessons_path_is_said_and_undo_takes_it_back():
    les = LESSONS[IDS.index("silber")]
    run = LessonRun(les)
    assert run.decide("W 2b2-2b3") is None  # legal, but not this lesson's step
    assert run.off_path and run.made == 0 and run.taken == 1
    assert run.coach("de").startswith("Das war nicht der Schritt dieser Lektion (u nimmt ihn zurück, n beginnt neu).")
    assert les.text("s1", "de") in run.coach("de")
    assert run.undo() == "1 W 2b2-2b3"
    assert not run.off_path and run.coach("de") == les.text("s1", "de")
    assert run.play(les.solution) == DONE


def test_a_damaged_lesson_file_is_one_line_on_stderr_and_the_list_goes_on(tmp_path, monkeypatch, capsys):
    _copy(tmp_path, lambda s: s.replace('hero_at = "2c2"', "hero_at = 3"))
    monkeypatch.setattr("thorskliff.tutorial.lesson.lesson_dir", lambda: tmp_path)
    assert main(["tutorial", "--list", "--lang", "en", "--data", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"thorskliff: {tmp_path / '01-schritte.toml'}: goal.hero_at: must be a string"]
    assert len(out.splitlines()) == 1 and "silber" in out
    assert main(["tutorial", "--verify"]) == 1
