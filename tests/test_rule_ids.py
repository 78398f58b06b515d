"""Every rule id of RULES.md is named in thorskliff/ where the rule is
implemented (a guard, a function, or a comment at the line), so a reader finds
a rule's code by grepping its id (issue #12).

RULES.md lives in the shared folder beside the repository (``../shared`` of
the clone, as CI lays it out; ``../../shared`` of a helper's worktree); the
test skips, saying where it looked, when it is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLACES = [ROOT.parent / "shared" / "rules" / "RULES.md", ROOT.parent.parent / "shared" / "rules" / "RULES.md"]
#: a rule defined in RULES.md: the id at the start of a line (or of a list item)
DEFINED = re.compile(r"^(?:- )?(R-[A-Z]+-[A-Z]?\d+)\b", re.M)
#: a rule named in the code: R-X-3, or a run R-X-1..3, R-X-3/4/5
NAMED = re.compile(r"\bR-([A-Z]+)-([A-Z]?)(\d+)((?:(?:\.\.|/)\d+)*)")


def rules_md() -> Path:
    for path in PLACES:
        if path.is_file():
            return path
    pytest.skip("RULES.md not found beside the repository (looked at " + ", ".join(map(str, PLACES)) + ")")


def named_in(text: str) -> set[str]:
    out = set()
    for m in NAMED.finditer(text):
        group, letter, first, rest = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        nums = {first}
        last = first
        for sep, n in re.findall(r"(\.\.|/)(\d+)", rest):
            n = int(n)
            nums |= set(range(last, n + 1)) if sep == ".." else {n}
            last = n
        out |= {f"R-{group}-{letter}{n}" for n in nums}
    return out


def test_named_in_reads_runs_of_ids():
    assert named_in("# R-RUNE-1..3 and R-POT-3/4, R-SETUP-B4") == {
        "R-RUNE-1", "R-RUNE-2", "R-RUNE-3", "R-POT-3", "R-POT-4", "R-SETUP-B4"}


def test_every_rule_id_of_RULES_md_is_named_in_the_package():
    defined = set(DEFINED.findall(rules_md().read_text(encoding="utf-8")))
    assert len(defined) >= 85
    named: set[str] = set()
    for path in (ROOT / "thorskliff").rglob("*.py"):
        named |= named_in(path.read_text(encoding="utf-8"))
    missing = sorted(defined - named)
    assert not missing, f"{len(defined) - len(missing)} of {len(defined)} rule ids named; not named: {missing}"
