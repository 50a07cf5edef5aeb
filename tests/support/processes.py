"""Servers that tests and the load benchmarks run in processes of their own: a port for one, and its stop."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on (as the kernel hands it out)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen, timeout: float) -> None:
    """End ``process``: asked to terminate, killed if it has not within ``timeout`` seconds."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()


def python(
    *args: str, input: str | None = None, env: Mapping[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess:
    """This interpreter run on ``args`` in the project's root (a fresh process: a command line, a
    bench, settings read anew), its output captured as text; ``env``: its whole environment."""
    return subprocess.run(
        [sys.executable, *args],
        input=input,
        cwd=ROOT,
        env=None if env is None else dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
