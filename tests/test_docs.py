"""The README for players and hosts (#28): short, the two commands exactly as
CI and a fresh clone run them, every link into docs/ leading to a page that
exists, and nothing pointing outside the repository (the rules reference is
docs/rules.md)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAY = "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && thorskliff"
TEST = "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest"


def test_the_readme_is_short_and_keeps_both_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 160
    assert PLAY in text.splitlines() and TEST in text.splitlines()


def test_every_link_of_the_readme_and_docs_leads_to_a_page():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        for target in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).is_file(), f"{page.name} links to {target}, which is missing"
    for page in ("play.md", "hosting.md", "cli.md", "development.md", "rules.md"):
        assert f"docs/{page}" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_nothing_in_the_repository_points_outside_it():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    outside = [f for f in files if f != "tests/test_docs.py" and (ROOT / f).is_file()
               and re.search(r"\.\./shared|RULES\.md|regelbuch-de", (ROOT / f).read_text(encoding="utf-8", errors="ignore"))]
    assert not outside, outside
