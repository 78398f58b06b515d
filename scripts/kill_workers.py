"""kill -9 during play (#31): ``serve --db URL --workers 2``, a Duell of one
SSH player against the host's bot, and ``--kills`` times one of the two
workers killed with SIGKILL while the game goes on (alternately the one
holding the player's connection and the other); the watching parent starts
a new one, and the player reconnects when her connection died.

The player decides by typing decisions in notation (``:`` then the text),
chosen from the game as the database holds it, so the script never guesses
at the screen. After every kill it checks:

* doubled: the log's numbers are 0..M-1, each once (two rows for one number
  cannot exist: it is the primary key; the check reads them all anyway);
* lost: the stored record is exactly the log replayed from the record's
  header (so no decision the log holds is missing from the game, nor the
  other way), and the log never shrinks from one check to the next;
* seats: seat 1 is still the player's, seat 2 the bot's;
* and the game goes on: the log grows in the round after the kill.

Run: python scripts/kill_workers.py [--kills 50]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

import psycopg  # noqa: E402
from bench_ssh import Client  # noqa: E402
from bench_workers import free_port, process_of, workers_of  # noqa: E402
from pgcluster import Cluster  # noqa: E402

from thorskliff import record  # noqa: E402
from thorskliff.engine.actions import fmt  # noqa: E402
from thorskliff.host.store import Move  # noqa: E402
from thorskliff.ui.session import LocalSession  # noqa: E402

WAIT = 30.0


class Stored:
    """The game as the database holds it."""

    def __init__(self, url: str):
        self.db = psycopg.connect(url, autocommit=True)

    def game(self) -> tuple[str, int, list[tuple]]:
        """The newest game's record, moves and seats."""
        row = self.db.execute("SELECT record, moves, id FROM games ORDER BY id DESC LIMIT 1").fetchone()
        seats = self.db.execute('SELECT "user", bot FROM seats WHERE game = %s ORDER BY seat', (row[2],)).fetchall()
        return row[0], row[1], seats

    def log(self) -> list[Move]:
        return [Move(*r) for r in self.db.execute(
            "SELECT n, seat, kind, body FROM moves WHERE game = (SELECT max(id) FROM games) ORDER BY n")]


def check(stored: Stored, user: str) -> tuple[int, list[str]]:
    """The log's length and what is wrong with the stored game."""
    text, moves, seats = stored.game()
    log = stored.log()
    wrong = []
    if [m.n for m in log] != list(range(len(log))):
        wrong.append(f"log numbers not 0..{len(log) - 1}: doubled or missing")
    if moves != len(log):
        wrong.append(f"the record says {moves} moves, the log holds {len(log)}")
    head = text[:text.index(record.SEPARATOR) + len(record.SEPARATOR)] + "\n"
    replica = LocalSession(record.loads(head, "header"))
    for m in log:
        replica.submit(m.body, m.seat) if m.kind == "decide" else replica.undo(m.seat)
    if replica.game.lines != record.loads(text, "stored").lines:
        wrong.append("the stored record is not the log replayed: a decision lost between them")
    if seats[0][0] != user or seats[1][1] is None:
        wrong.append(f"seats changed: {seats}")
    return len(log), wrong


async def sign_in(port: int, user: str, key) -> Client:
    import asyncssh

    from bench_ssh import SIZE

    conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
                                  agent_path=None)
    proc = await conn.create_process(term_type="xterm-256color", term_size=SIZE)
    c = Client(conn, proc)
    await c.see("Spieltisch", WAIT)
    return c


async def reach(port: int, user: str, key) -> Client:
    """Signed in, once a worker listens (they start in a second or two)."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            return await sign_in(port, user, key)
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def new_game(c: Client) -> None:
    """A Duell against the host's bot, from the lobby."""
    await c.press("n")
    await c.see("Welcher Modus?", WAIT)
    await c.press("down", "enter")
    await c.see("Wie viele Plätze?", WAIT)
    await c.press("enter")
    await c.see("Die freien Plätze", WAIT)
    await c.press("down", "enter")  # the host's bot plays seat 2
    await c.see("Wie schnell?", WAIT)
    await c.press("enter")  # a live game
    await c.see("Tränke", WAIT)


async def into_game(c: Client) -> None:
    await c.see("dein Platz", WAIT)  # her game's row, once the lobby shows it
    await c.quiet()
    await c.press("enter")
    await c.see("Weiterspielen", WAIT)  # the game's menu: play on at her seat, or watch
    await c.press("enter")
    await c.see("Tränke", WAIT)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=50)
    args = ap.parse_args()
    import asyncssh

    cluster = Cluster()
    url = cluster.url("kills")
    port = free_port()
    data = tempfile.mkdtemp(prefix="thorskliff-kills-")
    server = subprocess.Popen([sys.executable, "-m", "thorskliff.cli", "serve", "--db", url, "--port", str(port),
                               "--data", data, "--workers", "2", "--idle-timeout", "0"],
                              stdout=subprocess.DEVNULL, stderr=open(Path(data) / "serve.log", "w"), text=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    stored = Stored(url)
    user = "anna"
    t_start = time.monotonic()
    try:
        c = await reach(port, user, key)
        await new_game(c)
        games = 1
        last = 0
        stalled = doubled = lost = seats_lost = 0
        kills = 0
        restarts: list[float] = []
        while kills < args.kills:
            # play for a while: a second and a half of decisions
            until = time.monotonic() + 1.5
            grew = False
            before = check(stored, user)[0]
            while time.monotonic() < until:
                text, _, _ = stored.game()
                game = record.loads(text, "stored")
                if game.state.is_terminal():
                    break
                if game.state.current_player() == 0:
                    legal = game.legal()
                    pick = legal[(kills + len(game.lines)) % len(legal)]
                    choice = pick if isinstance(pick, str) else fmt(pick)
                    await c.press("escape", ":")
                    await c.press(*choice, "\r")
                await asyncio.sleep(0.15)
            if check(stored, user)[0] > before:
                grew = True
            if game.state.is_terminal():
                print(f"game {games} ended after {len(game.lines)} record lines; a new one is made", flush=True)
                await c.close()
                c = await reach(port, user, key)
                await new_game(c)
                games += 1
                last = 0
                continue
            pids = workers_of(server.pid)
            hers = process_of(c, port)
            victim = hers if kills % 2 == 0 else next((p for p in pids if p != hers), hers)
            os.kill(victim, signal.SIGKILL)
            kills += 1
            t0 = time.monotonic()
            while len([p for p in workers_of(server.pid) if p != victim]) < 2:
                await asyncio.sleep(0.05)
            restarts.append(time.monotonic() - t0)
            if victim == hers:
                await c.close()
                c = await reach(port, user, key)
                await into_game(c)
            n, wrong = check(stored, user)
            if n < last:
                lost += 1
                wrong.append(f"the log shrank from {last} to {n}")
            last = n
            stalled += 0 if grew else 1
            doubled += sum("doubled" in w for w in wrong)
            lost += sum("lost" in w for w in wrong)
            seats_lost += sum("seats" in w for w in wrong)
            for w in wrong:
                print(f"kill {kills}: {w}")
            print(f"kill {kills} ({'her process' if victim == hers else 'the other'}): log {n} moves, "
                  f"worker back in {restarts[-1]:.1f} s{'' if grew else ', no decision in the round before'}",
                  flush=True)
        print(f"{kills} kills in {time.monotonic() - t_start:.0f} s over {games} game(s): decisions lost {lost}, "
              f"doubled {doubled}, seats lost {seats_lost}; rounds without a decision {stalled}; worker back in "
              f"median {sorted(restarts)[len(restarts) // 2]:.1f} s")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
