"""Browser tests of ``thorskliff serve --web``: a whole server on loopback
(free ports, a temporary data folder) in the test's event loop, and Debian's
Chromium started headless by Playwright (its Python API; its own browser
downloads are never used). The tests skip only where no Chromium can be
found, and say so; .ci/run installs it with apt.

Screenshots (webtabs.screenshot) go to $THORSKLIFF_ARTIFACTS (default: a
temporary folder per test process, so parallel workers write nothing into the
checkout); their paths are listed at the end of the run."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import pytest
from playwright.async_api import async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ssh.conftest import Term  # noqa: E402  (the SSH tests' terminal: asyncssh + pyte)

from thorskliff.web.harness import serving, url  # noqa: E402
from webtabs import VIEWPORT, SSHPlayer, Tab, chromium, written  # noqa: E402


def pytest_terminal_summary(terminalreporter):
    for path in written:
        terminalreporter.write_line(f"browser screenshot kept: {path}")


from hostfixtures import _german  # noqa: E402,F401 (autouse: German, a data folder of its own)


@pytest.fixture
async def browser():
    """Debian's Chromium, headless (as root it runs without its sandbox)."""
    exe = chromium()
    args = ["--disable-dev-shm-usage"]
    if os.geteuid() == 0:
        args.append("--no-sandbox")
    async with async_playwright() as pw:
        b = await pw.chromium.launch(executable_path=exe, headless=True, args=args)
        try:
            yield b
        finally:
            await b.close()


@pytest.fixture
async def server(tmp_path):
    """``await server(**config)``: a Host with SSH and browsers on free loopback ports."""
    async with contextlib.AsyncExitStack() as stack:
        async def start(**config):
            return await stack.enter_async_context(serving(tmp_path / "data", **config))

        yield start


@pytest.fixture
async def tabs(browser):
    """``await tabs(host, name)``: a new browser (its own cookies) that chooses ``name`` and
    reaches the lobby; ``await tabs(host)``: one that has opened nothing yet."""
    contexts = []

    async def open_tab(host, name: str | None = None, path: str = "/") -> Tab:
        ctx = await browser.new_context(viewport=VIEWPORT, locale="de-DE")
        contexts.append(ctx)
        if name is None:
            return await Tab.new(ctx, url(host))
        return await Tab.open(ctx, url(host), name, path)

    yield open_tab
    for ctx in contexts:
        await ctx.close()


@pytest.fixture
async def ssh_players():
    """``await ssh_players(host, name)``: an SSH player (its own key) at the host's SSH port."""
    import asyncssh

    opened: list[Term] = []

    async def open_term(host, name: str) -> SSHPlayer:
        term = await Term.open(host.port, name, asyncssh.generate_private_key("ssh-ed25519"))
        opened.append(term)
        return SSHPlayer(term)

    yield open_term
    for term in opened:
        if not term.eof:
            term.conn.close()
    for term in opened:
        with contextlib.suppress(Exception):
            await term.close()
