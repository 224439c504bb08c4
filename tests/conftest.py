"""Hypothesis profiles: `ci` (the default, bounded) and `long` (HYPOTHESIS_PROFILE=long)."""
import os
import tempfile

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# the law book's cache (adjudicator/bookcache.py) goes to a folder of this run, not the home
os.environ["ECARTE_CACHE_DIR"] = tempfile.mkdtemp(prefix="ecarte-test-cache-")
