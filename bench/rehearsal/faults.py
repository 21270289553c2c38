"""The faults, one after the other at their share of the run, each timed from the moment it is done
until what it broke answers again (directly on the web hosts, not through nginx).

- kill -9 of one web host's whole process group (gunicorn's master and workers: the machine dies);
- kill -9 of a Celery worker's group while it holds the deadline tasks it has received (with
  acks_late they are not acknowledged until done, so they are in its hands, mid-task);
- Redis stopped and started again (SIGTERM: it writes its append-only file);
- PgBouncer stopped and started again (every client connection is cut);
- PostgreSQL restarted (pg_ctl restart -m fast): the one window in which 5xx are allowed;
- Varnish (the front cache) stopped and started again: it comes back empty, and the purges sent
  while it was down failed (retried, logged); every hand saved afterwards is read fresh through it;
- beat stopped for two minutes (`--beat-seconds`), then started again.
"""

from __future__ import annotations

import signal
import socket
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

from bench.rehearsal.layout import HOSTS, Layout

HEAL_LIMIT = 90.0  # seconds; a fault not healed by then is reported as not healed
DATABASE_FAULTS = ("restart PgBouncer", "restart PostgreSQL")  # their windows may answer 5xx


@dataclass
class Fault:
    name: str
    share: float  # of the run
    began: float = 0.0  # monotonic
    healed: float | None = None
    note: str = ""

    @property
    def heal_seconds(self) -> float | None:
        return None if self.healed is None else self.healed - self.began


def get(url: str, timeout: float = 3) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except (OSError, socket.timeout):
        return 0, b""


class Faults:
    def __init__(self, layout: Layout, plan_seconds: float, beat_seconds: float, log=print):
        self.layout, self.seconds, self.beat_seconds, self.log = layout, plan_seconds, beat_seconds, log
        self.faults = [
            Fault("kill -9 web host 127.0.0.2", 0.08),
            Fault("kill -9 worker1 holding its tasks", 0.20),
            Fault("restart Redis", 0.30),
            Fault("restart PgBouncer", 0.40),
            Fault("restart PostgreSQL", 0.47),
            Fault("restart Varnish (an empty cache)", 0.51),
            Fault(f"stop beat for {beat_seconds:.0f} s", 0.55),
        ]
        self.actions = [self._kill_web, self._kill_worker, self._restart_redis, self._restart_pgbouncer,
                        self._restart_postgres, self._restart_varnish, self._stop_beat]
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self, started: float) -> None:
        self.started = started
        self.thread = threading.Thread(target=self._run, name="faults", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        for fault, action in zip(self.faults, self.actions):
            due = self.started + fault.share * self.seconds
            if self.stop.wait(max(0.0, due - time.monotonic())):
                return
            fault.began = time.monotonic()
            self.log(f"  fault at {fault.began - self.started:5.1f} s: {fault.name}")
            try:
                action(fault)
            except Exception as exc:
                fault.note = f"failed: {exc.__class__.__name__}: {exc}"
            self.log(f"    healed after {fault.heal_seconds:.1f} s" if fault.healed else f"    NOT healed ({fault.note})")

    def _until(self, fault: Fault, check) -> None:
        deadline = fault.began + HEAL_LIMIT
        while time.monotonic() < deadline:
            if check():
                fault.healed = time.monotonic()
                return
            time.sleep(0.1)
        fault.note = fault.note or f"not healed within {HEAL_LIMIT:.0f} s"

    def _web(self, host: str, path: str = "/healthz") -> int:
        return get(f"http://{host}:{self.layout.ports.web}{path}")[0]

    def _both_healthy(self) -> bool:
        return all(self._web(host) == 200 for host in HOSTS)

    # ---- the faults ----------------------------------------------------------------------------
    def _kill_web(self, fault: Fault) -> None:
        kept = self.layout.keeper.kept[f"web {HOSTS[0]}"]
        kept.signal_group(signal.SIGKILL)
        fault.note = f"gunicorn master and workers of {HOSTS[0]} killed; the keeper started them again"
        self._until(fault, lambda: self._web(HOSTS[0]) == 200)

    def _kill_worker(self, fault: Fault) -> None:
        from config.celery import app

        kept = self.layout.keeper.kept["worker1"]
        try:
            held = sum(len(tasks) for tasks in (app.control.inspect(timeout=1.0, destination=[self._node("worker1")])
                                                .scheduled() or {}).values())
        except Exception:
            held = -1
        kept.signal_group(signal.SIGKILL)
        fault.note = f"it held {held} deadline task(s) it had received and not yet run" if held >= 0 else ""
        self._until(fault, lambda: bool(app.control.ping(timeout=0.5, destination=[self._node("worker1")])))

    @staticmethod
    def _node(name: str) -> str:
        return f"{name}@{socket.gethostname()}"

    def _restart_redis(self, fault: Fault) -> None:
        self.layout.restart("redis")
        fault.note = "SIGTERM (it writes its append-only file), started again at once"
        self._until(fault, self._both_healthy)

    def _restart_pgbouncer(self, fault: Fault) -> None:
        self.layout.restart("pgbouncer")
        fault.note = "SIGTERM (every client connection cut), started again at once"
        self._until(fault, self._both_healthy)

    def _restart_postgres(self, fault: Fault) -> None:
        self.layout.restart_postgres()
        fault.note = "pg_ctl restart -m fast"
        self._until(fault, self._both_healthy)

    def _restart_varnish(self, fault: Fault) -> None:
        # Purges sent while it is down fail (retried, logged): harmless, it comes back empty. Every
        # hand saved afterwards is still checked fresh through it (figures: stale reads).
        self.layout.restart("varnish")
        fault.note = "varnishd stopped and started: its cache emptied"
        self._until(fault, lambda: get(f"http://127.0.0.1:{self.layout.ports.varnish}/healthz")[0] == 200)

    def _stop_beat(self, fault: Fault) -> None:
        """Healed, counted from its return: the first sweep the new beat sends."""
        keeper = self.layout.keeper
        keeper.hold("beat")
        keeper.kept["beat"].stop()
        self.stop.wait(self.beat_seconds)
        log = self.layout.dir / "beat.log"
        mark = log.stat().st_size if log.exists() else 0
        keeper.release("beat")
        fault.note = f"stopped {self.beat_seconds:.0f} s; healed counts from its return to its first sweep"
        fault.began = time.monotonic()
        self._until(fault, lambda: b"sweep_deadlines" in log.read_bytes()[mark:])

    def summary(self) -> list[dict]:
        return [{"fault": f.name, "at_s": round(f.began - self.started, 1), "healed_s": f.heal_seconds, "note": f.note}
                for f in self.faults]

