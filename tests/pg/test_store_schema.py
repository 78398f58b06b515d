"""The store's schema versions and ``serve --db/--migrate/--workers``'s
refusals (#31): an older database is migrated on purpose, a newer one is
refused naming both versions, a wrong or unreachable ``--db`` is one line
and exit 2, and nothing is changed by a refusal."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest

from thorskliff import cli
from thorskliff.host.pgstore import PgStore
from thorskliff.host.schema import POSTGRES, SQLITE, VERSION
from thorskliff.host.sqlitestore import SqliteStore
from thorskliff.host.store import Move, SeatRow
from thorskliff.loaderror import LoadError


def _at_version_1(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(POSTGRES[1])
        db.execute("UPDATE schema SET version = 1")
        db.execute("INSERT INTO games (created, updated, record) VALUES (0, 0, 'old record')")


def test_an_empty_database_is_set_up_at_this_version(pg_url):
    store = PgStore(pg_url)
    assert store.migrated == list(range(1, VERSION + 1)) and store.version() == VERSION
    store.close()
    again = PgStore(pg_url)
    assert again.migrated == []
    again.close()


def test_an_older_database_is_refused_until_migrated_and_keeps_its_games(pg_url, capsys):
    _at_version_1(pg_url)
    with pytest.raises(LoadError) as refused:
        PgStore(pg_url)
    said = refused.value.say("en")
    assert "version 1" in said and str(VERSION) in said and "--migrate" in said
    assert cli.main(["serve", "--db", pg_url, "--migrate"]) == 0
    out = capsys.readouterr().out
    assert f"Schema-Version {VERSION}" in out and "(angewandt: 2)" in out, out
    store = PgStore(pg_url)
    assert store.version() == VERSION
    assert [g.record for g in store.games()] == ["old record"]
    store.close()


def test_a_newer_database_is_refused_naming_both_versions_and_left_alone(pg_url, capsys):
    PgStore(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("UPDATE schema SET version = 99")
    assert cli.main(["serve", "--db", pg_url, "--port", "0", "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "version 99" in err[0] and f"knows {VERSION}" in err[0]
    with psycopg.connect(pg_url, autocommit=True) as db:
        assert db.execute("SELECT version FROM schema").fetchone() == (99,)


def test_a_sqlite_file_of_version_1_is_migrated_as_it_opens_and_keeps_its_games(tmp_path):
    path = tmp_path / "hub.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(SQLITE[1])
        db.execute("INSERT INTO games (created, updated, record) VALUES (0, 0, 'old')")
    store = SqliteStore(path)
    assert store.migrated == [2] and store.version() == VERSION
    assert [(g.record, g.moves) for g in store.games()] == [("old", 0)]
    assert store.append(1, Move(0, 0, "decide", "x"), "new", False)
    assert not store.append(1, Move(0, 1, "decide", "y"), "newer", False)  # number 0 is taken
    assert store.game(1) is not None and store.game(1).record == "new"  # type: ignore[union-attr]
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema SET version = 7")
    with pytest.raises(LoadError) as refused:
        SqliteStore(path)
    assert "version 7" in refused.value.say("en")


@pytest.mark.parametrize("argv, words", [
    (["--db", "mysql://x@y/z"], "no PostgreSQL address"),
    (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot be reached"),
    (["--workers", "2"], "needs --db"),
    (["--workers", "0"], "between 1 and 64"),
])
def test_a_wrong_db_or_workers_is_one_line_and_exit_2(argv, words, capsys, tmp_path):
    code = cli.main(["serve", "--data", str(tmp_path / "d"), "--port", "0", "--lang", "en", *argv])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and words in err[0], err
    assert err[0].startswith("thorskliff: ") and "Traceback" not in err[0]


def test_the_store_going_away_refuses_a_decision_and_comes_back(pg_url, cluster):
    """A decision while the database is away is refused (store_away), never
    half made; the next call opens the connection again."""
    from thorskliff.engine.actions import ActionError
    from thorskliff.host.hub import Hub

    hub = Hub(PgStore(pg_url))
    alice = hub.create("alice", "duell", 2, seed=5)
    hg = alice.hg
    hub.join(alice.game_id, 1, "bob")
    before = (hg.moves, list(hg.game.lines))
    with psycopg.connect(cluster.base_url("postgres"), autocommit=True) as db:
        db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                   "WHERE datname = %s AND pid <> pg_backend_pid()", (pg_url.rsplit("/", 1)[1],))
    seat = hg.state.current_player()
    rs = alice if seat == 0 else hub.resume(alice.game_id, "bob")
    with pytest.raises(ActionError) as refused:
        hub.submit(rs, hg.game.legal()[0])
    assert refused.value.key == "store_away"
    assert (hg.moves, hg.game.lines) == before
    hub.submit(rs, hg.game.legal()[0])  # the connection is opened again
    assert hg.moves == before[0] + 1 and hub.store.moves(alice.game_id, 0)[-1].seat == seat
    hub.store.close()


def test_seat_rows_name_the_seats_of_a_stored_game(pg_url):
    store = PgStore(pg_url)
    gid = store.new_game("x", [SeatRow("anna", None), SeatRow(None, "greedy")])
    assert store.claim_seat(gid, 1, SeatRow("bob", None)) is False  # a bot's seat is not free
    assert [s.user for s in store.game(gid).seats] == ["anna", None]  # type: ignore[union-attr]
    store.close()
