"""Hypothesis profiles: `ci` (the default, bounded) and `long` (HYPOTHESIS_PROFILE=long); the
book built once for the tests that read it."""
import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# the law book's cache (adjudicator/bookcache.py) goes to a folder of this run, not the home
os.environ["ECARTE_CACHE_DIR"] = tempfile.mkdtemp(prefix="ecarte-test-cache-")


@pytest.fixture(scope="session")
def book_dir(tmp_path_factory):
    """`ecarte book --out DIR` run once: the folder it wrote."""
    from typer.testing import CliRunner

    from adjudicator.cli import app
    out = tmp_path_factory.mktemp("book") / "book"
    result = CliRunner().invoke(app, ["book", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out
