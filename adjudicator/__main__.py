"""`python -m adjudicator`: the `ecarte` command."""
from .entry import main

main()
