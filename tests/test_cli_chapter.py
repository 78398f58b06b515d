"""``thorskliff new --chapter N`` (issue 18): a campaign chapter's record from
the command line, for players given or a group of the campaign table, with
the carried cards given explicitly or taken from the group."""

from __future__ import annotations

import pytest

from thorskliff import record
from thorskliff.campaign.table import CampaignTable
from thorskliff.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "data"))
    return tmp_path


def test_a_chapter_for_players_with_cards_carried_in(data, capsys):
    path = data / "k2.tkr"
    code, out, err = run(capsys, "new", "--chapter", "2", "--short", "--players", "Ann:Bera,Bo:Jorund",
                         "--carried", "1:segen1+tattoo,2:seekarte", "--first", "2", "--seed", "5", "-o", str(path))
    assert code == 0, err
    assert 'chapter 2 "Thors Blut" (short variant), seed 5, start tile with seat 2' in out
    assert "carried cards: seat 1: segen1+tattoo; seat 2: seekarte" in out
    game = record.load(path)
    st = game.state
    assert st.chapter.number == 2 and st.short and st.mode.goal_ambers == 2 and st.start_seat == 1
    assert {"segen1", "tattoo"} <= set(st.held[0]) and "seekarte" in st.held[1]
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err


def test_a_chapter_for_a_group_of_the_table(data, capsys):
    with CampaignTable() as table:
        table.create_group("Wikinger", [("Ann", "Bera", "brown"), ("Bo", "Oleif", "black"), ("Cy", "Jorund", "grey")])
        with table.db:
            table.db.execute("UPDATE groups SET carried = ? WHERE name = 'Wikinger'", ('{"2": ["segen1"]}',))
    path = data / "k2.tkr"
    code, out, err = run(capsys, "new", "--chapter", "2", "--group", "Wikinger", "--seed", "3", "-o", str(path))
    assert code == 0, err
    st = record.load(path).state
    assert [p.name for p in st.players] == ["Ann", "Bo", "Cy"] and "segen1" in st.held[2]
    assert record.load(path).setup.meta == {"group": "Wikinger"}
    with CampaignTable() as table:
        assert table.in_progress("Wikinger") is None  # the table is only read
    # explicit cards replace the group's
    code, out, err = run(capsys, "new", "--chapter", "3", "--group", "Wikinger", "--carried", "1:seekarte",
                         "--seed", "3", "-o", str(path), "--force")
    assert code == 0, err
    st = record.load(path).state
    assert "seekarte" in st.held[0] and "segen1" not in st.held[2]


@pytest.mark.parametrize("argv,words", [
    (["--chapter", "4", "--players", "A:Bera,B:Oleif"], "--chapter muss 1, 2 oder 3 sein, nicht 4"),
    (["--chapter", "3", "--short", "--players", "A:Bera,B:Oleif"], "Kapitel 3 hat keine kurze Variante (Entscheidung 17)"),
    (["--chapter", "1", "--players", "A:Bera,B:Oleif", "--mode", "duell"], "--mode passt nicht zu --chapter"),
    (["--chapter", "1", "--players", "A:Bera,B:Oleif", "--carried", "1:tattoo"], "Kapitel 1 nimmt keine Karte 'tattoo' auf (es nimmt keine)"),
    (["--chapter", "2", "--players", "A:Bera,B:Oleif", "--carried", "3:tattoo"], "--carried: 3 ist kein Platz 1–2"),
    (["--chapter", "2", "--players", "A:Bera,B:Oleif", "--carried", "1:tattoo,2:tattoo"], "'tattoo' ist doppelt genannt"),
    (["--chapter", "2", "--players", "A:Bera,B:Oleif", "--carried", "tattoo"], "'tattoo' hat nicht die Form SEAT:CARD+CARD"),
    (["--chapter", "2", "--group", "Niemand"], "keine Kampagnengruppe namens 'Niemand'"),
    (["--chapter", "2"], "nenne --players"),
    (["--short", "--players", "A:Bera,B:Oleif"], "gehören zu --chapter"),
    ([], "es fehlt --players"),
])
def test_bad_chapter_starts_say_what_is_wrong(data, capsys, argv, words):
    path = data / "x.tkr"
    code, out, err = run(capsys, "new", *argv, "--seed", "1", "-o", str(path))
    assert code == 2
    assert err.startswith("thorskliff: ") and words in err, err
    assert "Traceback" not in err and not path.exists()
