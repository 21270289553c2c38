"""The one list of Meldboard's processes and their commands.

Everything that starts them is made from this list or checked against it, so they cannot drift:
`make run` (config.supervisord_conf), the rehearsal (`make rehearsal`, bench.rehearsal), the
Procfile (written by `python -m config.processes procfile`), and compose.yaml and
deploy/Dockerfile (checked by tests/test_processes.py, since they cannot be run here).

A command is a list of words with {placeholders}; each runner fills them in its own way: the
Procfile with shell variables (`${WEB_CONCURRENCY:-3}`), compose with fixed numbers, `make run` and
the rehearsal with their own ports and sizes. Nothing else differs between them.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Process:
    name: str
    words: tuple[str, ...]
    how_many: str

    def command(self, **values) -> list[str]:
        """The command with its placeholders filled in (a missing one is an error)."""
        return [word.format(**values) for word in self.words]


PROCESSES: dict[str, Process] = {p.name: p for p in (
    Process("release", ("python", "manage.py", "migrate", "--noinput"),
            "once per deploy, before new web processes start"),
    # gunicorn reads the proxy's address(es) it trusts with X-Forwarded-Proto from FORWARDED_ALLOW_IPS
    # itself (default 127.0.0.1); --no-control-socket: the process manager is the control, not a socket in ~.
    Process("web", ("gunicorn", "config.wsgi", "--bind", "{bind}", "--workers", "{workers}", "--threads", "{threads}",
                    "--max-requests", "2000", "--max-requests-jitter", "200", "--access-logfile", "-",
                    "--no-control-socket"),
            "as many hosts × workers as the load needs"),
    Process("worker", ("celery", "-A", "config", "worker", "--concurrency", "{concurrency}", "--loglevel", "INFO"),
            "one or more, on any host that reaches PostgreSQL and Redis"),
    # Exactly one in the whole deployment: two would send every sweep twice (harmless, each sweep is
    # idempotent, but wasteful).
    Process("beat", ("celery", "-A", "config", "beat", "--loglevel", "INFO", "--schedule", "{schedule}"),
            "exactly one in the whole deployment"),
)}

# The Procfile's values: shell variables a PaaS, honcho or a systemd unit sets.
PROCFILE_VALUES = {
    "web": {"bind": "0.0.0.0:$PORT", "workers": "${WEB_CONCURRENCY:-3}", "threads": "${WEB_THREADS:-4}"},
    "worker": {"concurrency": "${WORKER_CONCURRENCY:-4}"},
    "beat": {"schedule": "${MELDBOARD_VAR_DIR:-/tmp}/celerybeat-schedule"},
}
# compose.yaml's and deploy/Dockerfile's values (the container's own port, fixed sizes).
COMPOSE_VALUES = {
    "web": {"bind": "0.0.0.0:8000", "workers": "3", "threads": "4"},
    "worker": {"concurrency": "4"},
    "beat": {"schedule": "/tmp/celerybeat-schedule"},
}

PROCFILE_HEADER = """\
# Production processes (Heroku-style runners, honcho, foreman, systemd templates). No embedded Redis:
# REDIS_URL and DATABASE_URL must point at real services. See docs/DEPLOYMENT.md.
# Written by `python -m config.processes procfile` from config/processes.py: edit that, not this.
# gunicorn trusts X-Forwarded-Proto only from FORWARDED_ALLOW_IPS, the proxy's address (default 127.0.0.1).
"""


def python_module(words: list[str]) -> list[str]:
    """The same command run by an interpreter as `-m module` (a virtualenv's python, not its scripts)."""
    head, *rest = words
    if head == "python":
        return rest
    return ["-m", head, *rest]


def procfile() -> str:
    """The Procfile's text."""
    lines = [PROCFILE_HEADER.rstrip("\n")]
    for name, process in PROCESSES.items():
        words = process.command(**PROCFILE_VALUES.get(name, {}))
        lines.append(f"{name}: " + " ".join(_procfile_word(word) for word in words))
    return "\n".join(lines) + "\n"


def _procfile_word(word: str) -> str:
    # The shell expands the variables; a word with a space in it would need quotes (none has one).
    return f'"{word}"' if " " in word else word


if __name__ == "__main__":
    if sys.argv[1:] != ["procfile"]:
        sys.exit("usage: python -m config.processes procfile > Procfile")
    sys.stdout.write(procfile())
