"""A progress line on a terminal's stderr for long `validate` runs (nothing when redirected)."""
from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, enabled: bool, every: float = 0.25):
        self.enabled = enabled
        self.count = 0
        self.start = self.last = time.monotonic()
        self.every = every

    def step(self) -> None:
        self.count += 1
        if self.enabled and self.count % 64 == 0:
            now = time.monotonic()
            if now - self.last >= self.every:
                self.last = now
                rate = self.count / max(now - self.start, 1e-9)
                sys.stderr.write(f"\r{self.count} games checked ({rate:,.0f}/s)")
                sys.stderr.flush()

    def done(self) -> None:
        if self.enabled and self.count >= 64:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()
