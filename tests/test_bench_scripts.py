"""The benchmark scripts read what the server prints: a changed start-up
line once left scripts/bench_ssh.py unable to find the port, and no test
noticed (the scripts run only by hand)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from thorskliff.ui import i18n

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bench_ssh_finds_the_port_in_serves_start_up_line(lang):
    import bench_ssh

    i18n.set_lang(lang)
    try:
        line = i18n.t("web.serve_ssh", where="127.0.0.1:40123", data="/tmp/x", port=40123, host="127.0.0.1")
    finally:
        i18n.set_lang("de")
    m = bench_ssh.PORT_LINE.search(line)
    assert m and int(m.group(1) or m.group(2)) == 40123
    old = bench_ssh.PORT_LINE.search("thorskliff serve: listening on 127.0.0.1:40124 (data: /tmp/x)")
    assert old and int(old.group(1) or old.group(2)) == 40124


def test_bench_web_finds_the_address_in_serves_start_up_line():
    import bench_web

    line = i18n.t("web.serve_web", url="http://127.0.0.1:40125/", data="/tmp/x")
    m = bench_web.ADDRESS_LINE.search(line)
    assert m and m.group(1) == "http://127.0.0.1:40125"
