"""A small supervisor: each app process runs in its own process group and is started again when it
dies, unless the rehearsal holds it (beat stopped on purpose). What systemd's Restart=always or
compose's `restart: unless-stopped` do on a server."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Kept:
    name: str
    command: list[str]
    env: dict
    cwd: Path
    log: Path
    process: subprocess.Popen | None = None
    held: bool = False
    restarts: list[float] = field(default_factory=list)  # monotonic times of restarts

    def start(self) -> None:
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(self.command, env=self.env, cwd=self.cwd, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def signal_group(self, signum: int) -> None:
        """Signal the whole group: gunicorn's and Celery's children with their parent, as a host that dies."""
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signum)
            except ProcessLookupError:
                pass

    def stop(self, timeout: float = 10) -> None:
        self.held = True
        if not self.alive():
            self.signal_group(signal.SIGKILL)  # children a killed parent left behind
            return
        self.signal_group(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        self.signal_group(signal.SIGKILL)
        self.process.wait()


class Keeper:
    """Watches its processes every 0.2 s; starts again any that exited and is not held."""

    def __init__(self, log=print):
        self.kept: dict[str, Kept] = {}
        self.log = log
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="keeper", daemon=True)
        self._lock = threading.Lock()

    def add(self, kept: Kept) -> Kept:
        kept.start()
        with self._lock:  # watched once it runs
            self.kept[kept.name] = kept
        if not self._thread.is_alive():
            self._thread.start()
        return kept

    def _watch(self) -> None:
        while not self._stop.wait(0.2):
            with self._lock:
                for kept in self.kept.values():
                    if kept.held or kept.alive():
                        continue
                    kept.signal_group(signal.SIGKILL)  # what is left of its group
                    kept.restarts.append(time.monotonic())
                    self.log(f"  keeper: {kept.name} exited ({kept.process.returncode}); starting it again")
                    try:
                        kept.start()
                    except OSError as exc:  # tried again on the next round
                        self.log(f"  keeper: {kept.name} could not start: {exc}")

    def hold(self, name: str) -> None:
        with self._lock:
            self.kept[name].held = True

    def release(self, name: str) -> None:
        with self._lock:
            kept = self.kept[name]
            kept.held = False
            if not kept.alive():
                kept.start()

    def stop_all(self) -> None:
        self._stop.set()
        with self._lock:
            for kept in reversed(list(self.kept.values())):
                kept.stop()
