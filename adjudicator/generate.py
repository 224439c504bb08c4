"""`python -m adjudicator.generate N [--seed S] [--expect] [--irregular P]`: random legal games
as logs, one JSON line each. The generator itself is `record.generate`."""
from .record.generate import main

if __name__ == "__main__":
    main()
