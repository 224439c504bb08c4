"""The command as a person runs it in a terminal of a given width: its own process on a
pseudo-terminal of so many columns (COLUMNS unset), what it shows without its colours."""
from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# tmux on a server of this process's own: the suite's workers run side by side, and a session
# killed on a shared server can end it under another worker's `new-session`
TMUX = ["tmux", "-L", f"ecarte-tests-{os.getpid()}"]
ECARTE = [sys.executable, "-c", "import sys; sys.argv[0] = 'ecarte'; from adjudicator.entry import main; main()"]


def in_a_terminal(args: list[str], width: int, timeout: float = 60) -> str:
    """What `ecarte ARGS` shows on a terminal `width` columns wide (standard output and error)."""
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 30, width, 0, 0))
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"} | {"PYTHONPATH": str(ROOT), "TERM": "xterm"}
    done = subprocess.Popen([*ECARTE, *args], stdin=subprocess.DEVNULL, stdout=side, stderr=side, env=env, cwd=ROOT)
    os.close(side)
    out = b""
    while select.select([main], [], [], timeout)[0]:
        try:
            chunk = os.read(main, 65536)
        except OSError:   # the command ended and its side closed
            break
        if not chunk:
            break
        out += chunk
    done.wait(timeout=timeout)
    os.close(main)
    return re.sub(r"\x1b\[[0-9;]*m|\r", "", out.decode("utf-8"))
