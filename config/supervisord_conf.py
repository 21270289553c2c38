"""`make run`'s processes under supervisord: one that dies (web, worker, beat, the embedded Redis)
is started again while the others keep running.

`python -m config.supervisord_conf` writes supervisord's configuration for this checkout and this
interpreter (the virtualenv's python runs every program, as `python -m …`) into
$MELDBOARD_VAR_DIR/supervisord.conf and then becomes supervisord, in the foreground. Every line of
every process goes to the terminal, with supervisord's own ("exited: worker (terminated by SIGKILL;
not expected)", "spawned: 'worker'"). Ctrl-C (SIGINT to supervisord) stops each program with its
whole process group, gunicorn's and Celery's children too, and then supervisord itself; each
program runs in its own process group, so the terminal's signal reaches them only that way.
While it runs, `supervisorctl -c var/supervisord.conf status` (or `restart web`) talks to it.

Environment: WEB_PORT (gunicorn's port on 127.0.0.1, default 8000), MELDBOARD_VAR_DIR (default
var/), and whatever the app itself reads (README's table), passed on to every program.
"""

from __future__ import annotations

import configparser
import io
import os
import shlex
import sys
from pathlib import Path

from config import processes

BASE_DIR = Path(__file__).resolve().parent.parent

# The laptop's values for the processes of config.processes (the one list; the Procfile and compose
# use the same commands with theirs).
LAPTOP_VALUES = {
    "web": {"bind": "127.0.0.1:{web_port}", "workers": "2", "threads": "4"},
    "worker": {"concurrency": "2"},
    "beat": {"schedule": "{var_dir}/celerybeat-schedule"},
}
PROGRAMS = {
    # the embedded Redis (or, when REDIS_URL is set, a stand-in that only sleeps); first, as the others need it
    "redis": ["-m", "config.embedded_redis"],
    **{name: processes.python_module(processes.PROCESSES[name].command(**values)) for name, values in LAPTOP_VALUES.items()},
}

EVERY_PROGRAM = {
    "autorestart": "true",  # whatever way it ended
    "startsecs": "2",
    # A program that fails to start is tried again, each time a second later than the last, for as
    # long as supervisord runs (e.g. the worker while Redis is still coming up).
    "startretries": "1000",
    "redirect_stderr": "true",
    "stdout_logfile": "/dev/stdout",
    "stdout_logfile_maxbytes": "0",  # a terminal cannot be rotated
    "stopasgroup": "true",
    "killasgroup": "true",
    "stopwaitsecs": "20",  # a worker's warm shutdown lets a running task finish
}


def _escaped(value: str) -> str:
    return value.replace("%", "%%")  # supervisor expands %(name)s in every value


def render(python: str, var_dir: Path, web_port: int) -> str:
    """supervisord's configuration for these programs, run by `python`, keeping its files in `var_dir`."""
    config = configparser.RawConfigParser()
    config["supervisord"] = {
        "nodaemon": "true",
        "logfile": "/dev/stdout",
        "logfile_maxbytes": "0",
        "loglevel": "info",
        "pidfile": _escaped(str(var_dir / "supervisord.pid")),
    }
    socket = _escaped(str(var_dir / "supervisord.sock"))
    config["unix_http_server"] = {"file": socket, "chmod": "0700"}
    config["supervisorctl"] = {"serverurl": f"unix://{socket}"}
    config["rpcinterface:supervisor"] = {
        "supervisor.rpcinterface_factory": "supervisor.rpcinterface:make_main_rpcinterface",
    }
    for priority, (name, arguments) in enumerate(PROGRAMS.items(), start=1):
        command = [python, *(argument.format(web_port=web_port, var_dir=var_dir) for argument in arguments)]
        config[f"program:{name}"] = {
            "command": _escaped(shlex.join(command)),
            "directory": _escaped(str(BASE_DIR)),
            "priority": str(priority * 10),
            **EVERY_PROGRAM,
        }
    text = io.StringIO()
    config.write(text)
    return text.getvalue()


def main() -> None:
    var_dir = Path(os.environ.get("MELDBOARD_VAR_DIR") or BASE_DIR / "var").resolve()
    var_dir.mkdir(parents=True, exist_ok=True)
    web_port = int(os.environ.get("WEB_PORT") or 8000)
    path = var_dir / "supervisord.conf"
    path.write_text(render(sys.executable, var_dir, web_port))
    os.execv(sys.executable, [sys.executable, "-m", "supervisor.supervisord", "-c", str(path)])


if __name__ == "__main__":
    main()
