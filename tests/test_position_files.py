"""Position files as a user has them: checked on load (a position that loads
plays on), read by show, legal and apply, opened by the app with
--position, whose record then starts from the embedded position."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thorskliff import record
from thorskliff.cli import main
from thorskliff.position import PositionError, from_position, load_position, to_position
from thorskliff.ui import app as app_module

RECORDS = Path(__file__).parent / "records"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def pos(tmp_path, capsys) -> Path:
    """The position after the beaches of a seeded duell (seat 2 moves)."""
    game = tmp_path / "g.tkr"
    assert run(capsys, "new", "--players", "A:Bera,B:Oleif", "--seed", "4", "--beaches", "1c3,3c3",
               "-o", str(game))[0] == 0
    path = tmp_path / "p.toml"
    assert run(capsys, "position", str(game), "-o", str(path))[0] == 0
    return path


def test_legal_show_and_apply_take_a_position_file(pos, capsys):
    code, out, err = run(capsys, "legal", str(pos))
    assert code == 0 and out.startswith("seat 2 (B, Oleif) decides: movement, step move") and "  H 3c3-3c4" in out
    code, out, err = run(capsys, "show", str(pos), "--seat", "2")
    assert code == 0 and "decides: seat 2 (B, Oleif)" in out
    code, out, err = run(capsys, "apply", str(pos), "H 3c3-3c4", "end")
    assert code == 0, err
    st = load_position(pos)  # the file is the position after the two decisions
    assert st.players[1].hero_at == st.island.index("3c4")
    assert pos.read_text().startswith("# thorskliff position")
    code, out, err = run(capsys, "apply", str(pos), "H 1c3-6c3")
    assert code == 2 and err.startswith(f"thorskliff: 'H 1c3-6c3': ") and "nichts wurde geschrieben" in err


def test_a_record_starts_from_an_embedded_position_and_replays(pos, tmp_path, capsys):
    game = record.from_state(load_position(pos))
    for _ in range(6):
        game.submit(game.legal()[0])
    out = tmp_path / "from-position.tkr"
    record.write(game, out)
    text = out.read_text()
    assert "\n[position]\n" in text and text.index("[position]") < text.index("[decisions]")
    back = record.load(out)
    assert back.lines == game.lines and to_position(back.state) == to_position(game.state)
    code, stdout, err = run(capsys, "replay", str(out))
    assert code == 0 and f"replayed {len(game.lines) - game.lines.count('*')}" in stdout or code == 0, err
    bad = text.replace("\nround = 1\n", "\nround = -4\n", 1)
    out.write_text(bad)
    code, _, err = run(capsys, "replay", str(out), "--lang", "en")
    assert code == 2 and "position.round: must be between" in err and err.count("\n") == 1
    code, _, err = run(capsys, "replay", str(out))  # German by default, the key path as written
    assert code == 2 and "position.round: muss zwischen 0 und" in err and err.count("\n") == 1


def test_the_app_opens_a_position_and_its_save_embeds_it(pos, tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(app_module.ThorsApp, "run", lambda self: started.append(self.start_session))
    assert app_module.run(["--position", str(pos), "--data", str(tmp_path / "data")]) == 0
    session = started[0]
    saved = record.load(session.path)
    assert session.path.parent == tmp_path / "data" / "saves"
    assert to_position(saved.state) == to_position(load_position(pos))
    assert saved.setup.position is not None


def test_the_app_refuses_a_bad_position_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "thorskliff-position/1"\nmode = "nowhere"\n')
    assert app_module.run(["--position", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"thorskliff: {bad}: ") and err.count("\n") == 1


# The positions the issue found accepted and then breaking the engine: each is refused on load.
BROKEN = {
    "recruit in round 0": lambda t: _set(t, "round", "0"),
    "crystal with nothing pending": lambda t: _set(t, "step", '"crystal"'),
    "over without a result": lambda t: _set(t, "step", '"over"'),
    "warriors missing": lambda t: re.sub(r"\[players\.warriors\]\n(?:[^\[\n].*\n)*", "", t, count=1),
    "an amber too many": lambda t: re.sub(r"^ambers = (\d+)$", lambda m: f"ambers = {int(m[1]) + 1}", t, count=1,
                                          flags=re.M),
    "a potion from nowhere": lambda t: re.sub(r"^heil = (\d+)$", lambda m: f"heil = {int(m[1]) + 1}", t, count=1,
                                              flags=re.M),
}


def _set(text: str, key: str, value: str) -> str:
    return re.sub(rf"^{key} = .*$", f"{key} = {value}", text, count=1, flags=re.M)


@pytest.fixture(scope="module")
def mid_game() -> str:
    """A position in the middle of a three-player game, warriors on the board."""
    lines = (RECORDS / "base3-random.tkr").read_text().splitlines()
    sep = lines.index("[decisions]")
    return to_position(record.loads("\n".join(lines[:sep + 120]) + "\n", auto_chance=False).state)


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_inconsistent_positions_are_refused(mid_game, case):
    text = BROKEN[case](mid_game)
    assert text != mid_game, case
    with pytest.raises(PositionError, match="^p.toml: "):
        from_position(text, "p.toml")


def _states(name: str):
    """Every state of the record ``name`` after each of its lines."""
    lines = (RECORDS / name).read_text().splitlines()
    sep = lines.index("[decisions]")
    st = record.loads("\n".join(lines[:sep + 1]) + "\n", auto_chance=False).state
    for line in lines[sep + 1:]:
        if line.strip() and not line.startswith("#"):
            st.apply_action(line.split(" ", 1)[1] if line[0].isdigit() else line[2:])
            yield st


def _player(text: str, seat: int, key: str, value: str) -> str:
    """``text`` with ``key`` of the [[players]] table of ``seat`` (from 1) set to ``value``."""
    blocks = text.split("[[players]]\n")
    blocks[seat] = re.sub(rf"^{key} = .*$", f"{key} = {value}", blocks[seat], count=1, flags=re.M)
    return "[[players]]\n".join(blocks)


def test_a_duell_position_without_its_turn_is_refused_naming_the_key():
    """#27.11: without ``turn`` a fight or a roll had no attacker; such
    positions loaded, and the first decision on wrote ``attacker = 0``."""
    tried = 0
    for st in _states("duell-random.tkr"):
        if st.round in (1, 6) and st.result is None:
            text = re.sub(r"^turn = .*\n", "", to_position(st), count=1, flags=re.M)
            with pytest.raises(PositionError, match=r"^p\.toml: turn: missing key$"):
                from_position(text, "p.toml")
            tried += 1
    assert tried > 20


def test_a_hero_moved_by_hand_onto_an_enemy_is_refused():
    """#27.11: a Duell of round 6 with ``hero_at`` moved onto the enemy's
    warriors loaded; after ``end`` its fight left the hero nowhere."""
    st = next(s for s in _states("duell-random.tkr") if s.round == 6 and s.step == "move" and s.decider >= 0)
    text = to_position(st)
    assert from_position(text, "p.toml")  # as the game left it, it loads
    with pytest.raises(PositionError, match=r"^p\.toml: the position is inconsistent: 3b1: seat 1's H stands "
                                            r"with an enemy but did not step there this turn$"):
        from_position(_player(text, 1, "hero_at", '"3b1"'), "p.toml")


def test_two_seats_swapped_in_the_middle_of_a_fight_are_refused_on_load():
    """#27.12: seats 1 and 3 swapped while seat 3's warriors fight loaded;
    its roll then wrote a file thorskliff refused (warriors -1)."""
    st = next(s for s in _states("base4-random.tkr") if s.decisions == 84)
    assert st.step == "c:roll" and st.combat is not None
    parts = re.split(r"(?=\[\[players\]\]\n)", to_position(st))
    parts[1], parts[3] = parts[3], parts[1]
    with pytest.raises(PositionError, match=r"^p\.toml: the position is inconsistent: combat on "):
        from_position("".join(parts), "p.toml")


def test_every_decision_of_a_loaded_position_applies_and_writes_a_file_that_loads():
    """What the check on load promises (#27.11, #27.12), at every moment of a game."""
    for i, st in enumerate(_states("base3-random.tkr")):
        if i % 7:
            continue
        back = from_position(to_position(st), "p.toml")
        seat = back.current_player()
        if seat < -1:
            continue
        for a in back.legal_actions() if seat >= 0 else [back.sample_chance()]:
            c = back.clone()
            c.apply_action(a, seat=seat if seat >= 0 else None)
            from_position(to_position(c), "q.toml")


def _chapter_states(name: str, cuts=(0, 30, 90)):
    lines = (RECORDS / name).read_text().splitlines()
    sep = lines.index("[decisions]")
    for cut in cuts:
        yield record.loads("\n".join(lines[:sep + 1 + cut]) + "\n", auto_chance=False).state


@pytest.mark.parametrize("name", ["chapter1.tkr", "chapter2-random.tkr", "chapter3.tkr"])
def test_a_campaign_position_round_trips_and_plays_on(name):
    """#27.15: the position of a campaign game was written with mode
    'campaign1', which reading refused; now it holds a [campaign] table
    (chapter, short, carried cards, the decisions so far) and reads back
    as the same chapter, which plays on alike."""
    for st in _chapter_states(name):
        text = to_position(st)
        assert "\n[campaign]\n" in text
        back = from_position(text, "p.toml")
        assert to_position(back) == text and type(back) is type(st)
        assert back.legal_actions() == st.legal_actions() and back.held == st.held
        for _ in range(10):
            if st.is_terminal():
                break
            a = st.sample_chance() if st.current_player() == -1 else st.legal_actions()[-1]
            st.apply_action(a)
            back.apply_action(a)
        assert to_position(back) == to_position(st)


def test_the_cli_writes_a_campaign_position_that_show_legal_and_apply_take(tmp_path, capsys):
    lines = (RECORDS / "chapter2-random.tkr").read_text().splitlines()
    game = tmp_path / "g.tkr"
    game.write_text("\n".join(lines[:lines.index("[decisions]") + 41]) + "\n")
    pos = tmp_path / "p.toml"
    assert run(capsys, "position", str(game), "-o", str(pos))[0] == 0
    code, out, err = run(capsys, "show", str(pos), "--lang", "en")
    assert code == 0 and out.startswith("campaign2 · "), err
    code, out, err = run(capsys, "legal", str(pos), "--lang", "en")
    assert code == 0, err
    first = out.splitlines()[1].strip()
    code, out, err = run(capsys, "apply", str(pos), first)
    assert code == 0, err
    assert first in load_position(pos).history[-3:]


def test_a_campaign_position_edited_by_hand_is_refused_naming_the_key():
    st = next(_chapter_states("chapter1.tkr", (30,)))
    text = _player(to_position(st), 1, "taler", "99")
    with pytest.raises(PositionError, match=r"^p\.toml: players\[0\]\.taler: the chapter replayed from \[campaign\] "
                                            r"gives \d+, not 99"):
        from_position(text, "p.toml")


def test_a_record_from_a_campaign_position_writes_and_reads_back(tmp_path):
    st = next(_chapter_states("chapter3.tkr", (50,)))
    game = record.from_state(from_position(to_position(st), "p.toml"))
    for _ in range(4):
        game.submit(game.legal()[0])
    out = tmp_path / "from-chapter.tkr"
    record.write(game, out)
    back = record.load(out)
    assert back.lines == game.lines and to_position(back.state) == to_position(game.state)


def test_apply_never_writes_a_position_that_would_not_read_back(pos, capsys, monkeypatch):
    """#27.12, the writing side: should a decision ever lead to a state a
    position cannot hold, apply says so and leaves the file as it was."""
    import thorskliff.position as position

    real = position.to_position
    after = load_position(pos).decisions + 2  # the loader's own look one decision on is left alone

    def unreadable(st):
        text = real(st)
        return text.replace("\nround = ", "\nround = -", 1) if st.decisions == after else text

    monkeypatch.setattr(position, "to_position", unreadable)
    before = pos.read_bytes()
    code, out, err = run(capsys, "apply", str(pos), "H 3c3-3c4", "end", "--lang", "en")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"thorskliff: {pos}: the position after these decisions would not read back (round: must be "
                          "between 0 and 100000, not -1)")
    assert err.rstrip().endswith("nothing was written") and pos.read_bytes() == before
