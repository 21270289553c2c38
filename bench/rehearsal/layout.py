"""The deployment on loopback: PostgreSQL, PgBouncer, Redis, nginx and Varnish (the front cache, in
front of nginx) from Debian's packages, the app's
processes from config/processes.py, every one started and stopped by its own PID.

As root the Debian packages are installed when missing (as the Makefile's system-test-deps does),
and PostgreSQL and PgBouncer run as user postgres (initdb, pg_ctl and pgbouncer refuse root).
"""

from __future__ import annotations

import glob
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.rehearsal.keeper import Keeper, Kept
from bench.rehearsal.mail import MailServer
from config import processes

ROOT = Path(__file__).resolve().parents[2]
HOSTS = ("127.0.0.2", "127.0.0.3")  # the two web "hosts"
PACKAGES = {"nginx": "nginx", "pgbouncer": "pgbouncer", "redis-server": "redis-server", "varnishd": "varnish"}
XKEY = "/usr/lib/*/varnish/vmods/libvmod_xkey.so"
REHEARSAL_VALUES = {
    "web": {"bind": "{host}:{port}", "workers": "2", "threads": "4"},
    "worker": {"concurrency": "2"},
    "beat": {"schedule": "{var}/celerybeat-schedule"},
}


@dataclass
class Ports:
    nginx: int = 18080
    web: int = 18001
    pgbouncer: int = 16432
    postgres: int = 15432
    redis: int = 16379
    varnish: int = 18090
    smtp: int = 18025

    @classmethod
    def free(cls) -> "Ports":
        """Ports nobody listens on now (the suite's fast run beside other test processes)."""
        return cls(*(_free_port() for _ in range(7)))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def app_command(name: str, **values) -> list[str]:
    """config/processes.py's command for `name`, run by this interpreter (`python -m gunicorn …`)."""
    return [sys.executable, *processes.python_module(processes.PROCESSES[name].command(**values))]


def install_missing(log=print) -> None:
    missing = [package for program, package in PACKAGES.items() if not shutil.which(program)]
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        missing.append("postgresql")
    if not glob.glob(XKEY):
        missing.append("varnish-modules")
    if not missing:
        return
    if os.geteuid() != 0:
        raise RuntimeError(f"missing Debian packages: {' '.join(missing)} (run as root, or apt-get install them)")
    log(f"installing {' '.join(missing)} …")
    subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "
                   + " ".join(missing) + " >/dev/null", shell=True, check=True)


def _as_postgres(command: str) -> None:
    if os.geteuid() == 0:
        subprocess.run(["su", "postgres", "-s", "/bin/bash", "-c", command], check=True, cwd="/tmp")
    else:
        subprocess.run(["bash", "-c", command], check=True)


def _wait_port(host: str, port: int, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {host}:{port} within {timeout:.0f} s")


class Layout:
    def __init__(self, ports: Ports | None = None, log=print, workers: int = 2, web_workers: int = 2):
        self.ports = ports or Ports()
        self.log = log
        self.workers = workers
        self.web_workers = web_workers
        self.dir = Path(tempfile.mkdtemp(prefix="meldboard-rehearsal-"))
        self.dir.chmod(0o755)
        self.pg_bin = ""
        self.pg_data = self.dir / "pg"
        self.services: dict[str, subprocess.Popen] = {}
        self.keeper = Keeper(log)
        self.mail = MailServer(self.ports.smtp)
        self.redis_password = secrets.token_urlsafe(16)
        self.secret_key = secrets.token_urlsafe(50)
        self.database_url = f"postgres://postgres@127.0.0.1:{self.ports.pgbouncer}/meldboard"
        self.redis_url = f"redis://:{self.redis_password}@127.0.0.1:{self.ports.redis}/0"

    # ---- the environment every app process gets (a server's, README's table) ----------------------
    def env(self, var: Path) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}
        return {
            **keep,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": self.database_url,
            "DB_TRANSACTION_POOLING": "true",
            "REDIS_URL": self.redis_url,
            "SECRET_KEY": self.secret_key,
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1,localhost," + ",".join(HOSTS),
            "CSRF_TRUSTED_ORIGINS": f"http://127.0.0.1:{self.ports.nginx},http://127.0.0.1:{self.ports.varnish}",
            "FRONT_CACHE_URLS": f"http://127.0.0.1:{self.ports.varnish}/",
            "MELDBOARD_VAR_DIR": str(var),
            "FORWARDED_ALLOW_IPS": "127.0.0.1",
            "SWEEP_INTERVAL_SECONDS": "10",
            # The mail server (bench/rehearsal/mail.py, on loopback); a refused try waits 5 s, doubling.
            "EMAIL_URL": f"smtp://127.0.0.1:{self.ports.smtp}",
            "EMAIL_TIMEOUT": "5",
            "DEFAULT_FROM_EMAIL": "rummy@rehearsal.example",
            "MELDBOARD_MAIL_RETRY_SECONDS": "5",
            "MELDBOARD_MAIL_PER_MINUTE": "600",
            "MELDBOARD_MAIL_CLAIM_LEASE_SECONDS": "30",  # a worker killed mid-send: its row is taken again soon
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }

    def var(self, name: str) -> Path:
        path = self.dir / f"var-{name}"
        path.mkdir(exist_ok=True)
        return path

    # ---- PostgreSQL ------------------------------------------------------------------------------
    def start_postgres(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(re.sub(r"\D", "", p.split("/")[-3]) or 0))
        self.pg_bin = os.path.dirname(bins[-1])
        self.pg_data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.pg_data, "postgres")
        _as_postgres(f"{self.pg_bin}/initdb -D {self.pg_data} -A trust -U postgres --no-sync >/dev/null")
        self._pg_ctl("start")
        _as_postgres(f"{self.pg_bin}/createdb -h 127.0.0.1 -p {self.ports.postgres} -U postgres meldboard")

    def _pg_ctl(self, action: str) -> None:
        options = (f"-p {self.ports.postgres} -k {self.pg_data} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c max_connections=100 -c timezone=UTC")
        _as_postgres(f"{self.pg_bin}/pg_ctl -D {self.pg_data} -l {self.pg_data}/server.log -w -m fast -o '{options}' {action} >/dev/null")

    def restart_postgres(self) -> None:
        self._pg_ctl("restart")

    # ---- PgBouncer (transaction mode) -------------------------------------------------------------
    def start_pgbouncer(self) -> None:
        home = self.dir / "pgbouncer"
        home.mkdir(exist_ok=True)
        (home / "userlist.txt").write_text('"postgres" ""\n')
        (home / "pgbouncer.ini").write_text(f"""\
[databases]
meldboard = host=127.0.0.1 port={self.ports.postgres} dbname=meldboard user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {self.ports.pgbouncer}
unix_socket_dir =
auth_type = trust
auth_file = {home}/userlist.txt
pool_mode = transaction
default_pool_size = 20
max_client_conn = 400
logfile = {home}/pgbouncer.log
pidfile = {home}/pgbouncer.pid
""")
        if os.geteuid() == 0:
            for path in (home, *home.iterdir()):
                shutil.chown(path, "postgres")
        command = ["pgbouncer", *(["-u", "postgres"] if os.geteuid() == 0 else []), str(home / "pgbouncer.ini")]
        self.services["pgbouncer"] = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                                      start_new_session=True)
        _wait_port("127.0.0.1", self.ports.pgbouncer, "PgBouncer")

    # ---- Redis (the broker, the results and the cache; append-only file, a password) --------------
    def start_redis(self) -> None:
        data = self.dir / "redis"
        data.mkdir(exist_ok=True)
        command = ["redis-server", "--port", str(self.ports.redis), "--bind", "127.0.0.1", "--dir", str(data),
                   "--appendonly", "yes", "--save", "", "--daemonize", "no", "--requirepass", self.redis_password]
        self.services["redis"] = subprocess.Popen(command, stdout=open(self.dir / "redis.log", "ab"),
                                                  stderr=subprocess.STDOUT, start_new_session=True)
        _wait_port("127.0.0.1", self.ports.redis, "Redis")

    def restart(self, name: str) -> None:
        """Stop a service (SIGTERM: Redis writes its file, PgBouncer closes its connections) and start it again."""
        self._end(name)
        {"redis": self.start_redis, "pgbouncer": self.start_pgbouncer, "varnish": self.start_varnish}[name]()

    # ---- nginx: deploy/nginx.conf with the two hosts as its upstream -------------------------------
    def start_nginx(self) -> None:
        site = (ROOT / "deploy" / "nginx.conf").read_text()
        hosts = "".join(f"    server {host}:{self.ports.web} max_fails=1 fail_timeout=5s;\n" for host in HOSTS)
        site, found = re.subn(r"^\s*server web:8000[^\n]*\n", hosts, site, flags=re.M)
        if not found:
            raise RuntimeError("deploy/nginx.conf no longer names its upstream as `server web:8000 …`")
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.ports.nginx};")
        # Which host answered, for the figures (not in deploy/nginx.conf: a client need not know).
        site = site.replace("server_name _;", "server_name _;\n    add_header X-Upstream $upstream_addr always;")
        home = self.dir / "nginx"
        home.mkdir(exist_ok=True)
        temp = "".join(f"    {kind}_temp_path {home}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        user = "user root;\n" if os.geteuid() == 0 else ""
        (home / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {home}/nginx.pid;\nerror_log {home}/error.log warn;\n"
            f"events {{ worker_connections 512; }}\nhttp {{\n    access_log off;\n{temp}{site}}}\n")
        self.services["nginx"] = subprocess.Popen(["nginx", "-c", str(home / "nginx.conf"), "-p", str(home), "-g", "daemon off;"],
                                                  stdout=subprocess.DEVNULL, stderr=open(home / "stderr.log", "ab"),
                                                  start_new_session=True)
        _wait_port("127.0.0.1", self.ports.nginx, "nginx")

    # ---- Varnish: deploy/varnish.vcl in front of nginx ------------------------------------------------
    def start_varnish(self) -> None:
        vcl = (ROOT / "deploy" / "varnish.vcl").read_text()
        backend = '.host = "nginx";\n    .port = "80";'
        if backend not in vcl:
            raise RuntimeError("deploy/varnish.vcl no longer names its backend as nginx port 80")
        vcl = vcl.replace(backend, f'.host = "127.0.0.1";\n    .port = "{self.ports.nginx}";')
        home = self.dir / "varnish"
        home.mkdir(exist_ok=True)
        (home / "meldboard.vcl").write_text(vcl)
        # -F: in the foreground, so its PID is the one stopped; a restart starts with an empty cache.
        command = ["varnishd", "-F", "-j", "none", "-a", f"127.0.0.1:{self.ports.varnish}", "-f", str(home / "meldboard.vcl"),
                   "-n", str(home / "work"), "-s", "malloc,128m"]
        self.services["varnish"] = subprocess.Popen(command, stdout=open(self.dir / "varnish.log", "ab"),
                                                    stderr=subprocess.STDOUT, start_new_session=True)
        _wait_port("127.0.0.1", self.ports.varnish, "Varnish")

    # ---- the app ----------------------------------------------------------------------------------
    def release(self, static: bool = True) -> None:
        """The Procfile's release (migrate) and each host's collectstatic, with a server's environment."""
        env = self.env(self.var("release"))
        subprocess.run([sys.executable, *processes.python_module(processes.PROCESSES["release"].command())],
                       env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        collected = self.var("release") / "staticfiles"
        if static:  # collected once and shared: the same files every host's image or checkout would hold
            subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
                           env=env, cwd=ROOT, check=True)
        for host in HOSTS:
            target = self.var(f"web-{host}") / "staticfiles"
            if not target.exists():
                target.symlink_to(collected)

    def start_web(self) -> None:
        for host in HOSTS:
            var = self.var(f"web-{host}")
            values = {k: v.format(host=host, port=self.ports.web) for k, v in REHEARSAL_VALUES["web"].items()}
            values["workers"] = str(self.web_workers)
            self.keeper.add(Kept(f"web {host}", app_command("web", **values), self.env(var), ROOT, self.dir / f"web-{host}.log"))
        for host in HOSTS:
            _wait_port(host, self.ports.web, f"gunicorn on {host}", timeout=90)

    def start_workers(self) -> None:
        for number in range(1, self.workers + 1):
            var = self.var(f"worker{number}")
            command = app_command("worker", **REHEARSAL_VALUES["worker"]) + ["-n", f"worker{number}@%h", "--without-gossip"]
            self.keeper.add(Kept(f"worker{number}", command, self.env(var), ROOT, self.dir / f"worker{number}.log"))

    def start_beat(self) -> None:
        var = self.var("beat")
        command = app_command("beat", schedule=REHEARSAL_VALUES["beat"]["schedule"].format(var=var))
        self.keeper.add(Kept("beat", command, self.env(var), ROOT, self.dir / "beat.log"))

    # ---- the end ------------------------------------------------------------------------------------
    def _end(self, name: str) -> None:
        process = self.services.pop(name, None)
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def start_smtp(self) -> None:
        self.mail.start()
        _wait_port("127.0.0.1", self.ports.smtp, "the SMTP server")

    def stop(self, keep_dir: bool = False) -> None:
        self.mail.stop()
        self._end("varnish")
        self._end("nginx")  # first: its keep-alive connections would hold gunicorn's threads
        self.keeper.stop_all()
        for name in ("redis", "pgbouncer"):
            self._end(name)
        if self.pg_bin and (self.pg_data / "postmaster.pid").exists():
            try:
                _as_postgres(f"{self.pg_bin}/pg_ctl -D {self.pg_data} -m fast -w stop >/dev/null")
            except subprocess.CalledProcessError:
                pass
        if not keep_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def log_tail(self, name: str, lines: int = 30) -> str:
        path = self.dir / name
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""
