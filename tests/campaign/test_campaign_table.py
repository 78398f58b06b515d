"""The campaign group and its table (R-CAMP-1, R-CAMP-4, R-CAMP-7): carried
cards from chapter to chapter, results, and a chapter in progress that
resumes exactly from its SQLite record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from campaign_helpers import SEATS, greedy_policy, play_out, read, snapshot
from thorskliff.campaign import Group, Member
from thorskliff.campaign.table import CampaignTable, data_dir
from thorskliff.bots.registry import bot_problem
from thorskliff.engine.state import CHANCE


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "data"))
    t = CampaignTable(check_bot=bot_problem)  # the bot names the front ends know
    yield t
    t.close()


def _group(carried=None):
    g = Group("Wikinger", [Member(*s) for s in SEATS])
    if carried:
        g.carried = carried
    return g


def _step(st, policy, rng, n):
    for _ in range(n):
        if st.is_terminal():
            return
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        else:
            st.apply_action(policy(st, st.legal_actions(), rng))


def test_the_table_lives_in_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    with CampaignTable() as t:
        assert t.path == tmp_path / "x" / "campaign.sqlite3" and t.path.exists()
    monkeypatch.delenv("THORSKLIFF_DATA")
    assert "thorskliff" in str(data_dir())


def test_groups_are_created_once_and_checked(table):
    g = table.create_group("Wikinger", SEATS)
    assert table.groups() == ["Wikinger"]
    assert table.group("Wikinger").members == g.members
    with pytest.raises(ValueError, match="exists already"):
        table.create_group("Wikinger", SEATS[:2])
    with pytest.raises(ValueError, match="each hero"):
        table.create_group("Zwei", [SEATS[0], ("X", "Bera", "grey")])
    with pytest.raises(ValueError, match="2–4 players"):
        table.create_group("Allein", SEATS[:1])
    with pytest.raises(KeyError):
        table.group("Niemand")
    assert table.rows("Wikinger")[0] == {"player": "Ann", "hero": "Bera", "bot": "", "chapter1": None, "chapter2": None,
                                         "tattoo": False, "seekarte": False, "chapter3": None}
    table.delete_group("Wikinger")
    assert table.groups() == []


def test_a_chapter_in_progress_resumes_exactly(table, tmp_path):
    table.create_group("Wikinger", SEATS)
    st = table.start_chapter("Wikinger", 1, seed=7)
    assert table.in_progress("Wikinger") == 1
    policy, rng = greedy_policy(), random.Random(7)
    for _ in range(60):
        _step(st, policy, rng, 5)
        table.save("Wikinger", st)
    assert st.round > 3 and st.card_log[-1][3] != "setup"
    table.close()
    again = CampaignTable(tmp_path / "data" / "campaign.sqlite3")
    back = again.resume("Wikinger")
    assert back.history == st.history
    assert snapshot(back) == snapshot(st)
    assert back.card_log == st.card_log and back.sanctuary_left == st.sanctuary_left
    assert back.observation(None) == st.observation(None)
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in st.legal_actions()]
    assert back.chance_count == st.chance_count
    # both go on alike to the end
    play_out(st, policy, 1)
    play_out(back, greedy_policy(), 1)
    assert back.outcome() == st.outcome() and back.history == st.history
    again.save("Wikinger", back)
    res = again.finish("Wikinger", back)
    assert again.in_progress("Wikinger") is None and again.resume("Wikinger") is None
    assert res.winner == back.outcome().winner
    again.close()


def test_results_and_carried_cards_reach_the_next_chapter(table):
    table.create_group("Wikinger", SEATS)
    st = table.start_chapter("Wikinger", 1, seed=7)
    play_out(st, greedy_policy(), 7)
    win = st.outcome().winner
    assert win is not None
    table.save("Wikinger", st)
    table.finish("Wikinger", st)
    g = table.group("Wikinger")
    carry = {q: [c for c in st.held[q] if st.chapter.cards[c].carry] for q in range(4)}
    assert g.carried == {q: c for q, c in carry.items() if c}
    assert "segen1" in g.carried[win]
    rows = table.rows("Wikinger")
    assert [r["chapter1"] for r in rows] == [q == win for q in range(4)]
    assert [r["tattoo"] for r in rows] == ["tattoo" in st.held[q] for q in range(4)]
    assert [r["seekarte"] for r in rows] == ["seekarte" in st.held[q] for q in range(4)]
    assert all(r["chapter2"] is None for r in rows)

    ch2 = table.start_chapter("Wikinger", 2, seed=3)
    for q, cards in g.carried.items():
        assert set(cards) <= set(ch2.held[q])
        assert not set(cards) & set(ch2.special_left)
    if ch2.seat == win:
        assert "use segen1" in [str(a) for a in ch2.legal_actions()]
    assert ch2.players[2].taler == 6 and "bera" in ch2.held[0]


def test_segen_used_in_chapter_2_does_not_reach_chapter_3():
    g = _group({0: ["segen1", "tattoo"]})
    st = g.start(2, seed=1)
    assert st.held[0] == ["bera", "segen1", "tattoo"] and st.players[0].max_life == 10
    st.players[0].life = 2
    st.apply_action("use segen1")
    assert st.players[0].life == 10 and st.players[0].taler == 9
    read(st, "finsternis", None)
    g.finish(st)
    assert g.carried == {0: ["tattoo"]}
    assert g.results[2].winner is None and g.results[2].reason == "draw"
    ch3 = g.start(3, seed=1)
    assert ch3.held[0] == ["tattoo"] and ch3.players[0].max_life == 10


def test_unused_segen_and_chapter_2_segen_reach_chapter_3():
    g = _group({0: ["segen1"], 2: ["seekarte"]})
    st = g.start(2, seed=1)
    st._win(1, "ambers")
    assert "segen2" in st.held[1]
    g.finish(st)
    assert g.carried == {0: ["segen1"], 1: ["segen2"], 2: ["seekarte"]}
    ch3 = g.start(3, seed=2)
    assert ch3.held == [["segen1"], ["herz", "segen2"], ["seekarte"], []]
    assert "sail" in ch3.powers(2)
    rows = g.table()
    assert [r["chapter2"] for r in rows] == [False, True, False, False]
    assert [r["seekarte"] for r in rows] == [False, False, True, False]


def test_no_segen_after_a_draw():
    g = _group()
    st = g.start(1, seed=1)
    read(st, "finsternis", None)
    g.finish(st)
    assert g.carried == {} and [r["chapter1"] for r in g.table()] == [False] * 4
    st2 = g.start(2, seed=1)
    assert "segen1" not in sum(st2.held, [])


def test_chapter_3_is_won_red_or_blue():
    g = _group()
    st = g.start(3, seed=1)
    st._win(2, "crystals")
    g.finish(st)
    assert [r["chapter3"] for r in g.table()] == [False, False, "blue", False]
    st = g.start(3, seed=2)
    st._win(3, "ambers")
    g.finish(st)
    assert g.table()[3]["chapter3"] == "red"


def test_an_unfinished_chapter_is_not_recorded():
    g = _group()
    st = g.start(1, seed=1)
    with pytest.raises(ValueError, match="not over"):
        g.finish(st)


def test_a_custom_chapter_file(table):
    table.create_group("Zwei", SEATS[:2])
    path = Path(__file__).resolve().parent / "minimal.toml"
    st = table.start_chapter("Zwei", 1, seed=2, file=path)
    assert st.chapter.title["de"] == "Mini"
    st.apply_action("end")
    table.save("Zwei", st)
    assert table.resume("Zwei").history == st.history
    with pytest.raises(ValueError, match="is chapter 1, not 2"):
        table.start_chapter("Zwei", 2, seed=2, file=path)


def test_a_shipped_chapter_is_kept_by_its_id_not_its_path(table):
    """Issue 18: the table names a shipped chapter by id, so a chapter in
    progress resumes from whatever folder the package is installed in."""
    table.create_group("Zwei", SEATS[:2])
    st = table.start_chapter("Zwei", 1, seed=4)
    _step(st, greedy_policy(), random.Random(4), 30)
    table.save("Zwei", st)
    (ref,) = table.db.execute("SELECT file FROM chapters WHERE grp = 'Zwei'").fetchone()
    assert ref == "chapter1.toml"
    assert table.resume("Zwei").history == st.history


def test_a_table_row_with_an_old_absolute_path_still_resumes(table):
    """A table written by an older version holds the install folder's path;
    after the program moved (new venv, a wheel) that folder is gone."""
    table.create_group("Zwei", SEATS[:2])
    st = table.start_chapter("Zwei", 2, seed=5)
    _step(st, greedy_policy(), random.Random(5), 40)
    table.save("Zwei", st)
    with table.db:
        table.db.execute("UPDATE chapters SET file = ? WHERE grp = 'Zwei'",
                         ("/opt/old-venv/lib/python3.11/site-packages/scenarios/campaign/chapter2.toml",))
    back = table.resume("Zwei")
    assert back.chapter.number == 2 and back.history == st.history
    assert snapshot(back) == snapshot(st)


def test_bot_seats_are_kept_and_changed(table):
    table.create_group("Zwei", [(*SEATS[0], "heuristic"), SEATS[1]])
    assert table.group("Zwei").bots() == {0: "heuristic"}
    assert [r["bot"] for r in table.rows("Zwei")] == ["heuristic", ""]
    table.set_bot("Zwei", 1, "random")
    table.set_bot("Zwei", 0, None)
    assert table.group("Zwei").bots() == {1: "random"}
    with pytest.raises(ValueError, match="unknown bot"):
        table.set_bot("Zwei", 0, "klug")
    with pytest.raises(ValueError, match="no seat 3"):
        table.set_bot("Zwei", 2, "random")
    with pytest.raises(ValueError, match="unknown bot"):
        table.create_group("Drei", [(*SEATS[0], "klug"), SEATS[1]])


def test_a_table_from_before_bot_seats_opens_with_people_everywhere(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE groups (name TEXT PRIMARY KEY, created TEXT NOT NULL, carried TEXT NOT NULL DEFAULT '{}',
                             received TEXT NOT NULL DEFAULT '{}');
        CREATE TABLE members (grp TEXT NOT NULL REFERENCES groups(name) ON DELETE CASCADE, seat INTEGER NOT NULL,
                              player TEXT NOT NULL, hero TEXT NOT NULL, colour TEXT NOT NULL, PRIMARY KEY (grp, seat));
        CREATE TABLE chapters (grp TEXT NOT NULL REFERENCES groups(name) ON DELETE CASCADE, chapter INTEGER NOT NULL,
                               file TEXT NOT NULL, seed INTEGER NOT NULL, short INTEGER NOT NULL,
                               start_seat INTEGER NOT NULL, carried TEXT NOT NULL, history TEXT NOT NULL DEFAULT '[]',
                               status TEXT NOT NULL, winner INTEGER, reason TEXT, updated TEXT NOT NULL,
                               PRIMARY KEY (grp, chapter));
        INSERT INTO groups(name, created) VALUES ('Alt', '2026-01-01T00:00:00+00:00');
        INSERT INTO members VALUES ('Alt', 0, 'Ann', 'Bera', 'brown'), ('Alt', 1, 'Bo', 'Jorund', 'black');
    """)
    db.commit()
    db.close()
    with CampaignTable(path) as t:
        assert t.group("Alt").bots() == {} and [m.player for m in t.group("Alt").members] == ["Ann", "Bo"]
        t.set_bot("Alt", 1, "heuristic")
        assert t.group("Alt").bots() == {1: "heuristic"}


def test_a_chapter_given_up_is_kept_and_the_chapter_begins_again(table):
    table.create_group("Zwei", SEATS[:2])
    st = table.start_chapter("Zwei", 1, seed=6)
    _step(st, greedy_policy(), random.Random(6), 50)
    table.save("Zwei", st)
    with pytest.raises(KeyError):
        table.abandon("Niemand")
    assert table.abandon("Zwei") == 1
    assert table.in_progress("Zwei") is None and table.resume("Zwei") is None
    (gone,) = table.abandoned("Zwei")
    assert gone["chapter"] == 1 and gone["seed"] == 6 and gone["rounds"] == st.round
    assert gone["decisions"] == len(st.history)
    again = table.start_chapter("Zwei", 1, seed=7, short=True)
    assert again.history == [] and table.in_progress("Zwei") == 1
    assert table.group("Zwei").next_chapter() == 1  # nothing was won by giving up


def test_a_group_is_renamed_with_everything_it_played(table):
    table.create_group("Zwei", [(*SEATS[0], "heuristic"), SEATS[1]])
    table.create_group("Andere", SEATS[2:])
    st = table.start_chapter("Zwei", 1, seed=6)
    _step(st, greedy_policy(), random.Random(6), 20)
    table.save("Zwei", st)
    table.abandon("Zwei")
    st = table.start_chapter("Zwei", 1, seed=8)
    _step(st, greedy_policy(), random.Random(8), 20)
    table.save("Zwei", st)
    with pytest.raises(ValueError, match="exists already"):
        table.rename_group("Zwei", "Andere")
    with pytest.raises(ValueError, match="needs a name"):
        table.rename_group("Zwei", "  ")
    table.rename_group("Zwei", "Nordleute")
    assert sorted(table.groups()) == ["Andere", "Nordleute"]
    assert table.group("Nordleute").bots() == {0: "heuristic"}
    assert table.resume("Nordleute").history == st.history
    assert len(table.abandoned("Nordleute")) == 1
    table.delete_group("Nordleute")
    assert table.groups() == ["Andere"]
    assert table.db.execute("SELECT COUNT(*) FROM abandoned").fetchone()[0] == 0
    with pytest.raises(KeyError):
        table.delete_group("Nordleute")
