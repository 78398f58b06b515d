"""Browser sessions of ``thorskliff serve --web`` (issue 16), on loopback.

Starts ``thorskliff serve --web 0 --no-ssh`` as its own process (a
temporary data folder) and opens N browser sessions with a websocket client
that speaks the page's protocol (textual-serve's ``textual.js``), not N
Chromiums: each client chooses a name in the form (``POST /name``, the
cookie it sets), loads the terminal page, opens the websocket the page
names (``data-session-websocket-url`` plus ``?width=&height=``, with the
page's Origin and the cookie), sends ``["resize", …]`` as the page does on
open, keys as ``["stdin", text]``, and reads the terminal's output from the
binary frames (a pyte screen while setting up, then only timestamps).
Two sessions sit at a Duell, the others watch it. Then:

* memory: the server's resident memory (VmRSS) with the N sessions in the
  game, minus its memory before them, per session; "warm" counts from after
  one session has come and gone (the modules every session needs loaded),
  "cold" from the freshly started server;
* key to update: every session presses cursor keys on the island, one key
  about every ``--think`` seconds (a player's pace; 0: the next key as soon
  as the update is in); latency from the key sent to the first binary frame
  of the redraw that answers it ("first") and to its last ("settled": no
  more output for 50 ms after it), p50 and p95 over all keys of all sessions;
  the server's CPU time per key is printed beside them: a load-independent
  figure (on an idle machine a key costs about that plus the transport);
* decision to every screen: the deciding player ends its phase and takes it
  back (e, u), over and over; time from the key to the first output on each
  of the N screens.

``--browser`` adds one Chromium (Debian's, through Playwright, as in
tests/web) as one more spectator while the N sessions press their keys: its
keys go through the page's xterm.js, and the time runs in the page from the
keydown to xterm's next render (the rows painted), so the page's own parsing
and drawing count too.

Targets (issue 16, this 2-core machine): at most 10 MB per session, key to
update p95 at most 150 ms, at 16 sessions. Prints figures with the machine's
load (``uptime``) and the CPU time spent; asserts nothing.

Run: python scripts/bench_web.py [--sessions 16] [--keys 20] [--think 1.0] [--decisions 10] [--browser]
The server is the ``thorskliff`` of the Python running this script.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import aiohttp
import pyte
from benchkit import uptime
from sessionbench import Screen, cpu_s, decisions_round, keys_round, pct, rss_mb, seated, stop, warmed

SIZE = (142, 38)  # what textual.js asks for in a 1280 x 800 window at font size 16
COOKIE = "thorskliff_token"
KEYS = {"enter": "\r", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}
#: the browsers' address in serve's start-up line
ADDRESS_LINE = re.compile(r"(http://[^/\s]+)/")


class Client(Screen):
    """One browser session over textual-serve's protocol: a pyte screen while
    setting up, then only timestamps."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse):
        super().__init__(SIZE, pyte.ByteStream)
        self.http = http
        self.ws = ws
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, base: str, name: str) -> Client:
        # a jar of its own: each client is another browser (unsafe=True: cookies of an IP address)
        http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        try:
            async with http.post(f"{base}/name", data={"name": name, "next": "/"}, allow_redirects=False,
                                 headers={"Origin": base, "Sec-Fetch-Site": "same-origin"}) as resp:
                if resp.status != 303 or COOKIE not in resp.cookies:
                    raise RuntimeError(f"the name form refused {name!r}: {resp.status} {await resp.text()}")
            async with http.get(f"{base}/") as resp:
                page = await resp.text()
            m = re.search(r'data-session-websocket-url="([^"]+)"', page)
            if not m:
                raise RuntimeError(f"no terminal page for {name!r}:\n{page[:500]}")
            ws = await http.ws_connect(f"{m.group(1)}?width={SIZE[0]}&height={SIZE[1]}",
                                       headers={"Origin": base}, max_msg_size=0)
        except BaseException:
            await http.close()
            raise
        client = cls(http, ws)
        # what textual.js sends when the socket opens
        await ws.send_str(json.dumps(["resize", {"width": SIZE[0], "height": SIZE[1]}]))
        await ws.send_str(json.dumps(["ping", str(int(time.time() * 1000))]))
        return client

    async def _read(self) -> None:
        try:
            async for msg in self.ws:
                if msg.type == aiohttp.WSMsgType.BINARY:
                    self.feed(msg.data)
                elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.ERROR):
                    break
        except (aiohttp.ClientError, OSError):
            pass
        finally:
            self.closed = True
            self.changed.set()

    async def press(self, *keys: str) -> None:
        for k in keys:
            await self.ws.send_str(json.dumps(["stdin", KEYS.get(k, k)]))

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()
        await self.reader


async def start_server(data: str, cap: int) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "thorskliff.cli", "serve", "--web", "0", "--no-ssh",
                             "--data", data, "--max-connections", str(cap), "--max-per-address", str(cap),
                             "--idle-timeout", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = await asyncio.get_running_loop().run_in_executor(None, proc.stdout.readline)
    m = ADDRESS_LINE.search(line)
    if not m:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, m.group(1)


#: in the page: the time of every keydown in xterm's textarea and of every render of its rows
TIMING = """() => {
  window.__keys = []; window.__renders = [];
  window.__thorskliffTerm.onRender(() => window.__renders.push(performance.now()));
  document.querySelector('.xterm-helper-textarea')
    .addEventListener('keydown', () => window.__keys.push(performance.now()), true);
}"""
#: the latency of the last key: its keydown to the first render after it (null until then)
LAST_KEY = """() => { const k = window.__keys[window.__keys.length - 1];
  const r = window.__renders.find(t => t > k); return r === undefined ? null : r - k; }"""


async def chromium_tab(base: str):
    """One Chromium spectator at game 1, its timing hooked; (playwright, browser, page)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
    from playwright.async_api import async_playwright
    from webtabs import CATCH_TERMINAL, SCREEN  # the tests' way to the page's terminal

    exe = os.environ.get("THORSKLIFF_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        raise SystemExit("--browser: no Chromium (apt-get install chromium, or THORSKLIFF_CHROMIUM)")
    pw = await async_playwright().start()
    args = ["--disable-dev-shm-usage", *(["--no-sandbox"] if os.geteuid() == 0 else [])]  # root: no sandbox
    browser = await pw.chromium.launch(executable_path=exe, headless=True, args=args)
    ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
    await ctx.add_init_script(CATCH_TERMINAL)
    page = await ctx.new_page()
    await page.goto(base + "/")
    await page.fill("#name", "chrome")
    await page.click("#go")

    async def see(text: str) -> None:
        await page.wait_for_function(f"() => ({SCREEN})()?.includes({json.dumps(text)})", timeout=60_000,
                                     polling=50)

    await see("#1 ")
    await page.focus(".xterm-helper-textarea")
    await page.keyboard.press("Enter")
    await see("Zuschauen")
    await page.keyboard.press("Enter")
    await see("Am Tisch")
    await page.evaluate(TIMING)
    return pw, browser, page


async def chromium_keys(page, keys: int, think: float) -> list[float]:
    rng = random.Random(99)
    out: list[float] = []
    for k in range(keys):
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        await page.keyboard.press("ArrowRight" if k % 2 == 0 else "ArrowLeft")
        handle = await page.wait_for_function(LAST_KEY, timeout=30_000, polling=20)
        out.append(await handle.json_value() / 1000)
    return out


async def bench(n: int, keys: int, think: float, decisions: int, browser: bool = False) -> None:
    data = tempfile.mkdtemp(prefix="thorskliff-bench-web-")
    print(f"before: {uptime()}")
    server, base = await start_server(data, n + 4)
    cpu0 = time.process_time()
    try:
        open_client = partial(Client.open, base)  # a name -> a client in the lobby
        cold, warm = await warmed(open_client, server.pid)
        clients, decider_name, players = await seated(open_client, n, "w")
        full = rss_mb(server.pid)
        chrome = await chromium_tab(base) if browser else None
        keys_cpu = cpu_s(server.pid)
        if chrome:
            (first, settled), drawn = await asyncio.gather(keys_round(clients, keys, think),
                                                           chromium_keys(chrome[2], keys, think))
        else:
            first, settled = await keys_round(clients, keys, think)
        keys_cpu = cpu_s(server.pid) - keys_cpu
        each, slowest = await decisions_round(clients, players[decider_name], decisions)
        after = rss_mb(server.pid)
        server_cpu = cpu_s(server.pid)
        print(f"N = {n} browser sessions: memory per session {(full - warm) / n:.2f} MB warm, "
              f"{(full - cold) / n:.2f} MB cold (server {cold:.0f} MB started, {warm:.0f} MB warm, "
              f"{full:.0f} MB with {n} sessions, {after:.0f} MB after the keys and decisions)")
        print(f"  key to update ({len(first)} keys, one per ~{think:g} s per session): "
              f"first output p50 {1000 * statistics.median(first):.1f} ms, p95 {1000 * pct(first, 95):.1f} ms; "
              f"settled p50 {1000 * statistics.median(settled):.1f} ms, p95 {1000 * pct(settled, 95):.1f} ms; "
              f"server CPU {1000 * keys_cpu / (len(first) + (len(drawn) if chrome else 0)):.1f} ms per key "
              f"(less dependent on the machine's load than the latencies)")
        if chrome:
            print(f"  key to rows drawn in Chromium (one more spectator, {len(drawn)} keys, keydown to xterm's "
                  f"render): p50 {1000 * statistics.median(drawn):.1f} ms, p95 {1000 * pct(drawn, 95):.1f} ms")
            await chrome[1].close()
            await chrome[0].stop()
        print(f"  decision to every screen ({decisions} decisions x {n} screens): "
              f"p50 {1000 * statistics.median(each):.1f} ms, p95 {1000 * pct(each, 95):.1f} ms; "
              f"slowest screen p50 {1000 * statistics.median(slowest):.1f} ms, "
              f"p95 {1000 * pct(slowest, 95):.1f} ms")
        print(f"  CPU: server {server_cpu:.1f} s, clients {time.process_time() - cpu0:.1f} s")
        for c in clients:
            await c.close()
    finally:
        stop(server)
    print(f"after: {uptime()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", default="16", help="comma-separated session counts (default 16)")
    ap.add_argument("--keys", type=int, default=20, help="keys per session (default 20)")
    ap.add_argument("--think", type=float, default=1.0, help="seconds between a session's keys (default 1.0)")
    ap.add_argument("--decisions", type=int, default=10, help="decisions timed on every screen (default 10)")
    ap.add_argument("--browser", action="store_true",
                    help="one Chromium spectator more, timed from keydown to xterm's render in the page")
    args = ap.parse_args()
    for n in (int(x) for x in args.sessions.split(",")):
        if n < 2:
            ap.error("--sessions: at least 2 (the two seats of the Duell)")
        asyncio.run(bench(n, args.keys, args.think, args.decisions, args.browser))


if __name__ == "__main__":
    main()
