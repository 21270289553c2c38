"""`make run`'s stack survives a crash: kill -9 the worker, the web server, Redis or beat, and
supervisord starts it again while the rest keeps answering; /healthz is ok again within 30 s.
Ctrl-C (SIGINT to supervisord) then stops everything and leaves no process behind.

The stack is started as `make run` starts it (config.supervisord_conf), with this interpreter
instead of the Makefile's virtualenv, on spare ports, in a temporary MELDBOARD_VAR_DIR holding its
own SQLite database. Each restart time is printed (run with -s to see them).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from config.supervisord_conf import BASE_DIR

RESTART_LIMIT = 30.0  # seconds from kill -9 to /healthz ok (issue 12)
FIRST_START_LIMIT = 120.0


def _spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, path: str) -> tuple[int, bytes]:
    """The status and body of GET `path`, or (0, b"") when nothing answers."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:
        return 0, b""


class Stack:
    def __init__(self, var_dir: Path):
        self.var_dir = var_dir
        self.web_port = _spare_port()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "MELDBOARD_VAR_DIR": str(var_dir),
            "DATABASE_URL": "",  # SQLite in var_dir
            "REDIS_URL": "",  # the embedded Redis, under supervision too
            "EMBEDDED_REDIS_PORT": str(_spare_port()),
            "WEB_PORT": str(self.web_port),
            "SWEEP_INTERVAL_SECONDS": "60",
        }
        self.log = var_dir / "stack.log"
        self.supervisord: psutil.Process | None = None
        self.seen: dict[int, psutil.Process] = {}  # every process of the stack, to check none is left

    def start(self) -> None:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=BASE_DIR, env=self.env, check=True)
        with self.log.open("wb") as log:
            process = subprocess.Popen([sys.executable, "-m", "config.supervisord_conf"], cwd=BASE_DIR, env=self.env,
                                       stdout=log, stderr=subprocess.STDOUT)
        self.supervisord = psutil.Process(process.pid)
        self.popen = process
        self.wait_healthy(FIRST_START_LIMIT, "the first start")

    def healthz(self) -> tuple[int, dict]:
        status, body = get(self.web_port, "/healthz")
        return status, json.loads(body) if body.startswith(b"{") else {}

    def wait_healthy(self, limit: float, what: str) -> float:
        started = time.monotonic()
        while time.monotonic() - started < limit:
            assert self.popen.poll() is None, f"supervisord exited:\n{self.log.read_text()[-3000:]}"
            if self.healthz()[0] == 200:
                self.note_processes()
                return time.monotonic() - started
            time.sleep(0.2)
        raise AssertionError(f"/healthz not ok {limit:.0f} s after {what}: {self.healthz()}\n{self.log.read_text()[-3000:]}")

    def note_processes(self) -> None:
        for process in self.supervisord.children(recursive=True):
            self.seen.setdefault(process.pid, process)

    def pid(self, program: str) -> int:
        result = subprocess.run(
            [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(self.var_dir / "supervisord.conf"), "pid", program],
            env=self.env, capture_output=True, text=True, check=True,
        )
        return int(result.stdout.strip())

    def kill(self, program: str) -> int:
        self.note_processes()
        pid = self.pid(program)
        os.kill(pid, signal.SIGKILL)
        return pid

    def stop(self) -> None:
        """What Ctrl-C does: SIGINT to supervisord, which stops every program and then itself."""
        if self.popen.poll() is None:
            self.note_processes()
            self.popen.send_signal(signal.SIGINT)
            try:
                self.popen.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()

    def left_over(self, within: float = 15.0) -> list[str]:
        """The stack's processes still running after `within` seconds (a killed one's children may take a moment)."""
        deadline = time.monotonic() + within
        while True:
            alive = [p for p in self.seen.values() if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
            if not alive or time.monotonic() > deadline:
                return [f"{p.pid}: {' '.join(p.cmdline())}" for p in alive]
            time.sleep(0.2)

    def kill_leftovers(self) -> None:
        for process in self.seen.values():
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass


@pytest.fixture
def stack(tmp_path):
    stack = Stack(tmp_path)
    yield stack
    stack.stop()
    stack.kill_leftovers()


def test_a_killed_process_is_started_again_and_ctrl_c_leaves_nothing_running(stack):
    stack.start()
    times = {}

    killed = stack.kill("worker")
    started = time.monotonic()
    while stack.healthz()[0] != 200 or stack.pid("worker") == killed:  # the page also goes on answering meanwhile
        assert get(stack.web_port, "/")[0] == 200, "the site stopped answering while the worker was down"
        assert time.monotonic() - started < RESTART_LIMIT, f"worker not back within 30 s: {stack.healthz()}"
        time.sleep(0.3)
    times["worker"] = time.monotonic() - started

    for program in ("web", "redis"):
        killed = stack.kill(program)
        times[program] = stack.wait_healthy(RESTART_LIMIT, f"kill -9 {program}")
        assert stack.pid(program) != killed

    killed = stack.kill("beat")
    started = time.monotonic()
    while stack.pid("beat") in (killed, 0):
        assert time.monotonic() - started < RESTART_LIMIT, "beat not started again within 30 s"
        time.sleep(0.2)
    times["beat"] = time.monotonic() - started

    print("restart after kill -9 (s): " + ", ".join(f"{name} {seconds:.1f}" for name, seconds in times.items()))
    assert get(stack.web_port, "/")[0] == 200
    assert stack.healthz() == (200, {"database": "ok", "redis": "ok", "worker": "ok"})
    log = stack.log.read_text()
    assert "exited: worker (terminated by SIGKILL; not expected)" in log and "exited: web (terminated by SIGKILL" in log

    stack.stop()
    assert stack.popen.returncode == 0, stack.log.read_text()[-2000:]
    assert stack.left_over() == [], "processes left after Ctrl-C"
    assert get(stack.web_port, "/healthz")[0] == 0
