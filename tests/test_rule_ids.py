"""Every rule id of docs/rules.md is named in thorskliff/ where the rule is
implemented (a guard, a function, or a comment at the line), so a reader finds
a rule's code by grepping its id (issue #12); and every id the package names
is defined in docs/rules.md, so no comment cites a rule the reference lacks
(issue #28: the reference lives in the repository, the test never skips).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "rules.md"
#: a rule defined in docs/rules.md: the id at the start of a line (or of a list item)
DEFINED = re.compile(r"^(?:- )?(R-[A-Z]+-[A-Z]?\d+)\b", re.M)
#: a rule named in the code: R-X-3, or a run R-X-1..3, R-X-3/4/5
NAMED = re.compile(r"\bR-([A-Z]+)-([A-Z]?)(\d+)((?:(?:\.\.|/)\d+)*)")


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


def defined() -> set[str]:
    return set(DEFINED.findall(RULES_MD.read_text(encoding="utf-8")))


def named_in_package() -> set[str]:
    named: set[str] = set()
    for path in (ROOT / "thorskliff").rglob("*.py"):
        named |= named_in(path.read_text(encoding="utf-8"))
    return named


def test_every_rule_id_of_docs_rules_md_is_named_in_the_package():
    ids = defined()
    assert len(ids) >= 85
    missing = sorted(ids - named_in_package())
    assert not missing, f"{len(ids) - len(missing)} of {len(ids)} rule ids named; not named: {missing}"


def test_every_rule_id_the_package_names_is_in_docs_rules_md():
    unknown = sorted(named_in_package() - defined())
    assert not unknown, f"named in thorskliff/ but not defined in docs/rules.md: {unknown}"
