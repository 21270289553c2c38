"""The deployment's layout runs: `make rehearsal`'s quick run (`python -m bench.rehearsal --smoke`)
starts PostgreSQL behind PgBouncer in transaction mode, Redis, two gunicorn hosts on 127.0.0.2 and
127.0.0.3, nginx in front of them and Varnish (the front cache) in front of nginx, with the
environment a server gets; tables save hands through Varnish and nginx, a hand written through one
host is read through the other on its next request, and after each hand its event's public page read
through the cache shows it (0 stale reads). No faults,
no workers. A change that breaks the layout (a setting PgBouncer cannot take, a host that keeps
state of its own, a process command that no longer starts) fails here.

`make test` installs the Debian packages it needs (system-test-deps), so this never skips."""

import subprocess
import sys

from config.supervisord_conf import BASE_DIR


def test_the_layout_runs_on_two_hosts_behind_nginx_and_pgbouncer():
    run = subprocess.run([sys.executable, "-m", "bench.rehearsal", "--smoke"], cwd=BASE_DIR, capture_output=True,
                         text=True, timeout=240)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-4000:]
    assert "ALL CHECKS HELD" in out
    assert "0 lost, 0 doubled" in out, out[-4000:]
    shown = next(line for line in out.splitlines() if "read through the other" in line)
    written = int(shown.split(": ")[1].split("/")[1].split()[0])
    assert written >= 2 and f"{written}/{written} shown" in shown
    passed = next(line for line in out.splitlines() if "requests nginx passed to each host" in line)
    assert "127.0.0.2" in passed and "127.0.0.3" in passed
    assert "outside them: 0" in out
    fresh = next(line for line in out.splitlines() if "read through the cache on the next request" in line)
    assert ", 0 stale reads" in fresh and not fresh.split(": ")[1].startswith("0 fresh"), fresh
