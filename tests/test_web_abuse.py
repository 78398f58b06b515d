"""Abuse of the browser server (issue 27, items 20 and 21): malformed and
hostile websocket traffic is one log line, never a traceback; the pages carry
the headers that keep a browser from guessing or framing them; the Server
header names no versions."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from test_web_server import Browser, logged, named, web  # noqa: F401 (fixtures)
from thorskliff.ui.i18n import t

from hostfixtures import _german  # noqa: F401 (autouse)


def tracebacks(lines: list[str]) -> list[str]:
    return [line for line in lines if "Traceback" in line]


async def test_deeply_nested_json_in_a_websocket_is_one_log_line_not_a_traceback(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.ws.send_str("[" * 10_000 + "]" * 10_000)
    await tab.send("stdin", "j")  # the session goes on after it
    await tab.send("ping", "after")
    await tab.wait(lambda: ["pong", "after"] in tab.texts, "the pong after the nested message")
    lines = logged()
    assert not tracebacks(lines), "\n".join(lines)
    assert not any("RecursionError" in line for line in lines)
    said = [line for line in lines if "nested" in line]
    assert len(said) == 1 and "anna" in said[0] and "127.0.0.1" in said[0], said


async def test_a_websocket_opened_and_closed_at_once_logs_no_traceback(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    for _ in range(5):
        ws = await anna.http.ws_connect(anna.base.replace("http", "ws", 1) + "/ws?width=80&height=24")
        await ws.close()
    # a last tab that stays: every session before it has come and gone by the time it draws
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    for _ in range(200):
        if len(host.sessions) <= 1:
            break
        await asyncio.sleep(0.05)
    lines = logged()
    assert not tracebacks(lines), "\n".join(lines)
    assert not any("NoMatches" in line for line in lines)


@pytest.mark.parametrize("path", ["/", "/game/1", "/static/textual.js", "/nothing-here"])
async def test_pages_say_nosniff_and_a_content_security_policy_and_no_versions(web, path):
    host, browser = await web()
    b = browser()
    r = await b.get(path)
    assert r.headers.get("X-Content-Type-Options") == "nosniff"
    assert "Python" not in r.headers.get("Server", "") and "aiohttp" not in r.headers.get("Server", "")
    if r.headers.get("Content-Type", "").startswith("text/html"):
        csp = r.headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, csp


async def test_a_session_whose_app_fails_is_one_log_line_and_no_traceback(web, logged, monkeypatch, capfd):
    """A tab closed while its lobby mounts made the lobby's on_mount fail (NoMatches), and
    Textual printed a 40-line traceback to the server's stderr for each: a flood anyone
    could repeat. A hosted app's failure is one line in the log."""
    from textual.css.query import NoMatches

    from thorskliff.ui.screens.lobby import LobbyScreen

    def fails(self) -> None:
        raise NoMatches("No nodes match 'OptionList' on LobbyScreen()")

    monkeypatch.setattr(LobbyScreen, "on_mount", fails)
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.ended()
    for _ in range(200):
        if not host.sessions:
            break
        await asyncio.sleep(0.05)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "NoMatches" not in err, err
    lines = logged()
    assert not tracebacks(lines), "\n".join(lines)
    failed = [line for line in lines if "failed" in line and "NoMatches" in line]
    assert len(failed) == 1 and "anna" in failed[0], lines


async def test_a_websocket_flood_and_a_dropped_paste_are_logged_once(web, logged):
    host, browser = await web()
    anna = await named(browser, "anna")
    tab = await anna.tab()
    await tab.see("Angemeldet als anna")
    await tab.send("stdin", "x" * 8000)  # over the input budget: dropped whole
    for i in range(600):
        await tab.send("ping", f"f{i}")
    for _ in range(400):
        if any("characters of input dropped" in line for line in logged()):
            break
        await asyncio.sleep(0.02)
    lines = logged()
    floods = [line for line in lines if "websocket messages a second" in line]
    assert len(floods) == 1 and "anna" in floods[0] and "127.0.0.1" in floods[0], floods
    drops = [line for line in lines if "characters of input dropped" in line]
    assert len(drops) == 1 and "anna from browser 127.0.0.1: 8000 characters" in drops[0], drops
