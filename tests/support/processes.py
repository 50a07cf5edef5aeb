"""Servers that tests and the load benchmarks run in processes of their own: a port for one, and its stop."""

from __future__ import annotations

import socket
import subprocess


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
