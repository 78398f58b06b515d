"""The headless command line, called through main([...])."""

from __future__ import annotations

import json
import re

import pytest

from thorskliff import record
from thorskliff.cli import main
from thorskliff.position import from_position


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def game3(tmp_path, capsys):
    path = tmp_path / "g.tkr"
    code, out, err = run(capsys, "new", "--players", "Anna:Bera,Ben:Oleif,Cora:Jorund", "--seed", "5",
                         "--arrangement", "ABCDEF", "--first", "1", "--beaches", "1c3,3c3,5c3", "-o", str(path))
    assert code == 0, err
    return path


def legal_json(capsys, path) -> dict:
    code, out, err = run(capsys, "legal", str(path), "--json")
    assert code == 0, err
    return json.loads(out)


def test_full_flow_new_apply_show_replay(game3, capsys):
    info = legal_json(capsys, game3)
    assert info["step"] == "move"
    seat = info["decider"]
    step = next(a for a in info["legal"] if a.startswith("H "))
    code, out, err = run(capsys, "apply", str(game3), step, "end", "--seat", str(seat))
    assert code == 0, err
    assert f"{seat} {step}" in out
    code, out, err = run(capsys, "show", str(game3), "--json")
    assert code == 0, err
    obs = json.loads(out)
    assert obs["schema"] == "thorskliff-observation/1"
    assert obs["viewer"] is None
    assert obs["players"][seat - 1]["hero_at"] == step.split("-")[1]
    code, out, err = run(capsys, "replay", str(game3))
    assert code == 0, err
    assert "replayed 5 decisions and 0 rolls" in out
    assert "the game goes on" in out


def test_play_many_decisions_through_the_cli(game3, capsys):
    for _ in range(60):
        info = legal_json(capsys, game3)
        if info["outcome"]:
            break
        code, out, err = run(capsys, "apply", str(game3), info["legal"][-1], "--seat", str(info["decider"]))
        assert code == 0, err
    code, out, err = run(capsys, "replay", str(game3))
    assert code == 0, err
    assert record.load(game3).lines[:3] == ["1 beach 1c3", "3 beach 3c3", "2 beach 5c3"]


def test_new_prints_the_setup_and_writes_a_loadable_record(tmp_path, capsys):
    path = tmp_path / "d.tkr"
    code, out, err = run(capsys, "new", "--players", "A:oleif,B:BERA", "--colours", "grey,white", "--seed", "9",
                         "-o", str(path))
    assert code == 0, err
    assert "duell, seed 9" in out
    game = record.load(path)
    assert [s.colour for s in game.setup.seats] == ["grey", "white"]
    assert [s.hero for s in game.setup.seats] == ["Oleif", "Bera"]


@pytest.mark.parametrize("argv,words", [
    (["--players", "Anna"], "hat nicht die Form NAME:HERO"),
    (["--players", "Anna:Thor,Ben:Bera"], "'Thor' ist kein Held"),
    (["--players", "A:Bera,B:Oleif", "--colours", "brown"], "nennt 1 Farben für 2 Spieler"),
    (["--players", "A:Bera,B:Oleif", "--colours", "brown,pink"], "'pink' ist keine Farbe (Farben: brown, black, grey, white)"),
    (["--players", "A:Bera,B:Oleif", "--mode", "grand"], "'grand' ist kein Modus"),
    (["--players", "A:Bera,B:Oleif", "--mode", "base"], "base ist für 3–4 Spieler, nicht 2; zu zweit spielt man duell"),
    (["--players", "A:Bera,B:Oleif", "--first", "3"], "--first muss ein Platz 1–2 sein, nicht 3"),
    (["--players", "A:Bera,B:Oleif", "--arrangement", "ABCQ"], "Anordnung 'ABCQ': 'Q' ist kein Block (die Blöcke sind A–F)"),
    (["--players", "A:Bera,B:Oleif", "--beaches", "1c3,1c3"], "--beaches: 1c3:"),
    (["--players", "A:Bera,B:Bera"], "jeder Held kann nur einmal gewählt werden"),
])
def test_new_refuses_bad_setups(tmp_path, capsys, argv, words):
    path = tmp_path / "x.tkr"
    code, out, err = run(capsys, "new", *argv, "--seed", "1", "-o", str(path))
    assert code == 2
    assert err.startswith("thorskliff: ") and words in err, err
    assert "Traceback" not in err
    assert not path.exists()


def test_new_does_not_overwrite_without_force(game3, capsys):
    code, out, err = run(capsys, "new", "--players", "A:Bera,B:Oleif", "-o", str(game3))
    assert code == 2 and f"{game3} gibt es schon (--force ersetzt sie)" in err
    code, out, err = run(capsys, "new", "--players", "A:Bera,B:Oleif", "-o", str(game3), "--force")
    assert code == 0


def test_apply_refuses_and_writes_nothing(game3, capsys):
    before = game3.read_text()
    info = legal_json(capsys, game3)
    other = info["decider"] % 3 + 1
    code, out, err = run(capsys, "apply", str(game3), "end", "--seat", str(other))
    assert code == 2
    assert err == (f"thorskliff: 'end': Spieler {other} entscheidet jetzt nicht; es entscheidet Spieler "
                   f"{info['decider']} (R-TURN-5); nichts wurde geschrieben\n")
    code, out, err = run(capsys, "apply", str(game3), "end", "H 1c3-6c3")  # the second is illegal
    assert code == 2 and err.startswith("thorskliff: 'H 1c3-6c3': ")
    code, out, err = run(capsys, "apply", str(game3), "fly away")
    assert code == 2 and "mit „fly“ beginnt keine Entscheidung" in err
    assert game3.read_text() == before


def test_apply_resolves_the_dice(tmp_path, capsys):
    path = tmp_path / "g.tkr"
    run(capsys, "new", "--players", "A:Bera,B:Oleif,C:Jorund", "--seed", "3", "-o", str(path))
    for _ in range(600):
        info = legal_json(capsys, path)
        fights = [a for a in info["legal"] if a.startswith("fight ")]
        choice = fights[0] if fights else info["legal"][0]
        code, out, err = run(capsys, "apply", str(path), choice)
        assert code == 0, err
        if "* roll " in out:
            break
    else:
        pytest.fail("seed 3 with the first choice (a fight where one is offered) brought no combat in 600 decisions")
    assert legal_json(capsys, path)["decider"] is not None
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and "rolls" in out


def test_show_text_and_seat_views(game3, capsys):
    code, out, err = run(capsys, "show", str(game3))
    assert code == 0, err
    assert "base · arrangement ABCDEF · round 1" in out
    assert "Anna" in out and "1c3" in out and "troll" in out
    code, out, err = run(capsys, "show", str(game3), "--seat", "2", "--json")
    obs = json.loads(out)
    assert obs["viewer"] == 2
    code, out, err = run(capsys, "show", str(game3), "--seat", "7")
    assert code == 2 and "--seat muss ein Platz 1–3 sein, nicht 7" in err


def test_legal_text(game3, capsys):
    code, out, err = run(capsys, "legal", str(game3))
    assert code == 0
    first, *rest = out.splitlines()
    assert first.startswith("seat ") and "decides: movement, step move" in first
    assert "  end" in rest


def test_position_to_stdout_and_file(game3, tmp_path, capsys):
    code, out, err = run(capsys, "position", str(game3))
    assert code == 0
    st = from_position(out, "stdout")
    assert st.step == "move"
    target = tmp_path / "p.toml"
    code, out, err = run(capsys, "position", str(game3), "-o", str(target))
    assert code == 0 and target.read_text().startswith("# thorskliff position")


def test_replay_reports_errors_with_exit_2(game3, capsys):
    text = game3.read_text() + "1 H 1c3-6c3\n"
    game3.write_text(text)
    code, out, err = run(capsys, "replay", str(game3))
    assert code == 2
    assert err.startswith(f"thorskliff: {game3}:{len(text.splitlines())}: ")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_commands_on_a_missing_or_broken_record(tmp_path, capsys):
    code, out, err = run(capsys, "show", str(tmp_path / "none.tkr"), "--lang", "en")
    assert code == 2 and "no such file" in err
    code, out, err = run(capsys, "show", str(tmp_path / "none.tkr"))  # German by default
    assert code == 2 and err.endswith("none.tkr: Datei nicht vorhanden\n")
    bad = tmp_path / "bad.tkr"
    bad.write_text('format = "thorskliff-record/1"\nmode = "base"\nseed = 1\n')
    code, out, err = run(capsys, "legal", str(bad), "--lang", "en")
    assert code == 2 and f"{bad}:3: the file ends inside the header" in err
    code, out, err = run(capsys, "legal", str(bad))
    assert code == 2 and f"{bad}:3: die Datei endet im Kopf" in err


def test_usage_errors_exit_2_with_a_message(capsys):
    code, out, err = run(capsys, "apply")
    assert code == 2 and err.startswith("thorskliff: apply: ")
    code, out, err = run(capsys, "dance")
    assert code == 2 and err.startswith("thorskliff: ")


def test_no_command_starts_the_terminal_ui(monkeypatch):
    import thorskliff.ui.app as app

    seen = []
    monkeypatch.setattr(app, "run", lambda argv: seen.append(argv) or 0)
    assert main([]) == 0
    assert main(["--lang", "en"]) == 0
    assert seen == [[], ["--lang", "en"]]


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for cmd in ("new", "legal", "apply", "show", "replay", "position", "bench"):
        assert cmd in out


def test_the_help_is_german_and_english_with_lang_en(capsys):
    """A play-tester read "Die Schlacht um Thors Kliff — headless commands." and
    "the curve and the swings as JSON": the help comes from the catalogue's
    [cli] table, German unless --lang en is given."""
    from thorskliff.ui import i18n

    def help_of(*argv):
        with pytest.raises(SystemExit) as exc:
            main(list(argv))
        assert exc.value.code == 0
        return capsys.readouterr().out

    out = help_of("--help")
    assert out.startswith("Aufruf: thorskliff")
    assert "Die Schlacht um Thors Kliff — Befehle ohne Bildschirm." in out
    # (the commands' column is as wide as the longest name, 'calibration')
    assert re.search(r"analyse +die geschätzte Siegchance jedes Platzes", out), out
    assert re.search(r"calibration\s+wie gut die gezeigten Siegchancen", out), out
    assert "diese Hilfe zeigen und enden" in out and "ohne Befehl das Spiel im Terminal:" in out
    assert "headless commands" not in out and "show this help message" not in out
    out = help_of("analyse", "--help")
    assert "die Kurve und die Wendepunkte als JSON" in out and "die Sprache der Worte (Vorgabe de)" in out
    assert "as JSON" not in out and "the language of the words" not in out
    out = help_of("analyse", "--lang", "en", "--help")
    assert out.startswith("usage: thorskliff analyse")
    assert "the curve and the swings as JSON" in out and "die Kurve" not in out
    assert i18n.lang() == "de"  # the help's language does not stay behind for the next command
    out = help_of("--help-app")  # the app's own options
    assert out.startswith("Aufruf: thorskliff") and "Pause vor jeder Entscheidung eines Bots (Vorgabe 0.3)" in out
    assert "pause before each bot decision" not in out
    out = help_of("--lang", "en", "--help")
    assert out.startswith("usage: thorskliff") and "pause before each bot decision (default 0.3)" in out
    assert i18n.lang() == "de"


def test_every_command_line_help_text_is_in_both_catalogues():
    """Each [cli] key the parser reads exists in German and English (i18n.t
    falls back silently otherwise)."""
    import tomllib
    from pathlib import Path

    import thorskliff.ui as ui

    tables = {lang: tomllib.loads((Path(ui.__file__).parent / "locale" / f"{lang}.toml").read_text())["cli"]
              for lang in ("de", "en")}
    assert set(tables["de"]) == set(tables["en"])
    src = "".join(p.read_text() for p in sorted((Path(ui.__file__).parent.parent / "cli").glob("*.py")))
    import re

    used = set(re.findall(r'_h\("([a-z_]+)"', src))
    used |= set(re.findall(r'h\("(app_[a-z_]+)"', (Path(ui.__file__).parent / "app.py").read_text()))
    from dataclasses import fields

    from thorskliff.host.config import Config

    used |= {f.metadata["help"] for f in fields(Config) if "help" in f.metadata}  # serve's options
    assert len(used) > 67 and used <= set(tables["de"])


def test_bench_prints_figures(capsys):
    code, out, err = run(capsys, "bench", "--seconds", "0.01", "--runs", "2", "--games", "1", "--replays", "2")
    assert code == 0, err
    assert "actions/s" in out and "replay:" in out and "300 decisions" in out
    code, out, err = run(capsys, "bench", "--runs", "0")
    assert code == 2


def test_serves_options_come_from_the_hosts_config_and_their_help_quotes_its_defaults():
    """#28: a serve option and its default are declared once, as a field of
    host.config.Config; the command line is made from it, and the help text
    of each (de, en) names the default the Config holds."""
    from dataclasses import fields

    from thorskliff import cli
    from thorskliff.host.config import Config
    from thorskliff.ui import i18n

    parser = cli.build_parser()
    serve = next(a for a in parser._subparsers._group_actions[0].choices.values() if a.prog.endswith(" serve"))
    flags = {o.dest: o for o in serve._actions}
    for f in fields(Config):
        if "flag" not in f.metadata:
            continue
        action = flags[f.name]
        assert f.metadata["flag"] in action.option_strings
        if isinstance(f.default, (int, float)) and not isinstance(f.default, bool):
            assert action.default == f.default, f.name
            shown = f"{f.default:g}" if isinstance(f.default, float) else str(f.default)
            for lang in ("de", "en"):
                said = i18n.catalogue(lang)[f"cli.{f.metadata['help']}"]
                assert shown in said, (lang, f.name, said)
