"""The one list of processes (config/processes.py) is what every runner starts: the Procfile is
written from it, `make run` and the rehearsal build their commands from it, and compose.yaml and
deploy/Dockerfile (which cannot run here: no Docker engine) say the same commands word for word."""

import json
import re

from config import processes, supervisord_conf
from config.supervisord_conf import BASE_DIR

COMPOSE = (BASE_DIR / "compose.yaml").read_text()


def compose_command(service: str) -> list[str]:
    """The `command: [...]` of a service in compose.yaml (its lists are written as JSON)."""
    block = re.search(rf"^  {service}:\n((?:    .*\n|\n)+)", COMPOSE, re.M)
    assert block, f"compose.yaml has no service {service}"
    found = re.search(r"command: (\[.*?\])", block.group(1), re.S)
    assert found, f"compose.yaml's {service} has no command"
    return json.loads(found.group(1))


def test_the_procfile_is_written_from_the_list():
    assert (BASE_DIR / "Procfile").read_text() == processes.procfile(), (
        "the Procfile differs from config/processes.py: run `python -m config.processes procfile > Procfile`")


def test_compose_runs_the_listed_commands():
    for name in ("web", "worker", "beat"):
        assert compose_command(name) == processes.PROCESSES[name].command(**processes.COMPOSE_VALUES[name]), name
    assert compose_command("migrate") == processes.PROCESSES["release"].command()


def test_compose_has_exactly_one_beat_and_every_process():
    services = set(re.findall(r"^  ([a-z]+):$", COMPOSE, re.M))
    assert {"web", "worker", "beat", "migrate", "postgres", "redis", "nginx"} <= services
    beat = re.search(r"^  beat:\n((?:    .*\n|\n)+)", COMPOSE, re.M).group(1)
    assert "replicas" not in beat


def test_the_image_starts_the_listed_web_command():
    dockerfile = (BASE_DIR / "deploy" / "Dockerfile").read_text()
    cmd = json.loads(re.search(r"^CMD (\[.*\])$", dockerfile, re.M).group(1))
    assert cmd == processes.PROCESSES["web"].command(**processes.COMPOSE_VALUES["web"])


def test_make_run_starts_the_listed_commands_under_its_python():
    for name in ("web", "worker", "beat"):
        listed = processes.PROCESSES[name].command(**supervisord_conf.LAPTOP_VALUES[name])
        assert supervisord_conf.PROGRAMS[name] == ["-m", *listed], name
    assert set(supervisord_conf.PROGRAMS) == {"redis", "web", "worker", "beat"}


def test_the_rehearsal_starts_the_listed_commands():
    from bench.rehearsal import layout

    for name in ("web", "worker", "beat"):
        command = layout.app_command(name, **layout.REHEARSAL_VALUES[name])
        listed = processes.PROCESSES[name].command(**layout.REHEARSAL_VALUES[name])
        assert command[1:3] == ["-m", listed[0]] and command[3:3 + len(listed) - 1] == listed[1:], name
