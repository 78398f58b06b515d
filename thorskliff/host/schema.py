"""The host store's schema, versioned (#31): each backend's migrations in
order, the version a database holds, and the refusal of a database newer
than this program.

Version 1 is the schema every host had before versions were counted (a
SQLite file without the ``schema`` table is at version 1 when it has the
``games`` table, at 0 when empty). Version 2 adds the decision log, through
which several processes share one game: ``moves`` (one row per decision or
take-back, unique by game and number, so of two processes deciding at once
exactly one insert wins), ``games.moves`` (how many rows the stored record
holds), ``leases`` (which process drives a game's bots until when) and
``presence`` (how many sessions each process holds at each seat, so a seat
counts as connected wherever its player is). Version 3 adds the ratings
(:mod:`.ratings`, #32): ``ratings`` (each player's per pool) and ``results``
(each rated game's placings, once per game and player). Version 4 adds
correspondence games (:mod:`.corr`, #32): ``corr`` (a game's time per move,
what a timeout does, the days of pause per seat, and the running deadline)
and ``pauses`` (the days a seat used, and until when it is paused).

``thorskliff serve --migrate`` brings a database to :data:`VERSION` and
stops. A SQLite file belongs to one process and is migrated as it opens; a
PostgreSQL database is shared, so an older one is refused until it is
migrated on purpose — once, by one process — while an empty one is set up
at once.
"""

from __future__ import annotations

from ..loaderror import LoadError, Problem

#: the schema this program reads and writes
VERSION = 4

SQLITE = {
    1: """
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    since REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    user TEXT,
    bot TEXT,
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS users_key ON users(key);
CREATE INDEX IF NOT EXISTS users_name_nocase ON users(name COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS invites (
    hash TEXT PRIMARY KEY,
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    created REAL NOT NULL
);
""",
    2: """
CREATE TABLE schema (version INTEGER NOT NULL);
INSERT INTO schema (version) VALUES (1);
ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
CREATE TABLE moves (
    game INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE leases (
    game INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE presence (
    owner TEXT NOT NULL,
    game INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    sessions INTEGER NOT NULL,
    beat REAL NOT NULL,
    PRIMARY KEY (owner, game, seat)
);
""",
    3: """
CREATE TABLE ratings (
    player TEXT NOT NULL,
    pool TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, pool)
);
CREATE TABLE results (
    game INTEGER NOT NULL REFERENCES games(id),
    player TEXT NOT NULL,
    pool TEXT NOT NULL,
    rank INTEGER NOT NULL,
    before REAL NOT NULL,
    after REAL NOT NULL,
    sigma REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX results_player ON results (player, at);
""",
    4: """
CREATE TABLE corr (
    game INTEGER PRIMARY KEY REFERENCES games(id),
    per_move REAL NOT NULL,
    on_timeout TEXT NOT NULL,
    vacation INTEGER NOT NULL,
    deadline REAL,
    seat INTEGER,
    warned INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE pauses (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    days INTEGER NOT NULL,
    until REAL NOT NULL,
    PRIMARY KEY (game, seat)
);
""",
}

POSTGRES = {
    1: """
CREATE TABLE schema (version INTEGER NOT NULL);
INSERT INTO schema (version) VALUES (0);
CREATE TABLE users (
    name TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    since DOUBLE PRECISION NOT NULL
);
CREATE UNIQUE INDEX users_name_nocase ON users (lower(name));
CREATE INDEX users_key ON users (key);
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    record TEXT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE seats (
    game BIGINT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    "user" TEXT,
    bot TEXT,
    PRIMARY KEY (game, seat)
);
CREATE TABLE invites (
    hash TEXT PRIMARY KEY,
    game BIGINT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
""",
    2: """
ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
CREATE TABLE moves (
    game BIGINT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE leases (
    game BIGINT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
CREATE TABLE presence (
    owner TEXT NOT NULL,
    game BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    sessions INTEGER NOT NULL,
    beat DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (owner, game, seat)
);
""",
    3: """
CREATE TABLE ratings (
    player TEXT NOT NULL,
    pool TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, pool)
);
CREATE TABLE results (
    game BIGINT NOT NULL REFERENCES games(id),
    player TEXT NOT NULL,
    pool TEXT NOT NULL,
    rank INTEGER NOT NULL,
    before DOUBLE PRECISION NOT NULL,
    after DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX results_player ON results (player, at);
""",
    4: """
CREATE TABLE corr (
    game BIGINT PRIMARY KEY REFERENCES games(id),
    per_move DOUBLE PRECISION NOT NULL,
    on_timeout TEXT NOT NULL,
    vacation INTEGER NOT NULL,
    deadline DOUBLE PRECISION,
    seat INTEGER,
    warned BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE pauses (
    game BIGINT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    days INTEGER NOT NULL,
    until DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, seat)
);
""",
}


def steps(migrations: dict[int, str], found: int) -> list[tuple[int, str]]:
    """The migrations that bring a database at version ``found`` to :data:`VERSION`."""
    return [(v, migrations[v]) for v in range(found + 1, VERSION + 1)]


def check_not_newer(where: object, found: int) -> None:
    """Refuse a database a newer thorskliff wrote: its rows may mean what this one cannot tell."""
    if found > VERSION:
        raise LoadError(str(where), Problem("store.newer", found=found, known=VERSION))


class StoreError(RuntimeError):
    """The store cannot be reached or written now (the database went away):
    what was asked is not done; the host says so and tries again later."""
