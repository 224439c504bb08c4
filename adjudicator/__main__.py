"""`python -m adjudicator`: the `ecarte` command."""
from .entry import run

run()
