"""The tests of the PostgreSQL host (#31): a throwaway cluster per test
process (tests/pgcluster.py), a new database per test. Every test here
carries the marker ``postgres``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hostfixtures import _german  # noqa: E402,F401 (autouse: German, a data folder of its own)
from pgcluster import Cluster, start_or_say  # noqa: E402


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def cluster():
    c: Cluster = start_or_say()
    yield c
    c.stop()


@pytest.fixture
def pg_url(cluster) -> str:
    return cluster.url()
