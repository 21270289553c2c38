"""Shared test set-up: a real embedded Redis, a real Celery worker on demand, Debian's Chromium."""

import os
import subprocess
import sys
import time

import pytest
from django.test import Client
from django.utils import translation

# Playwright's sync API runs an event loop in the test thread; Django's ORM must be allowed there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.factories import *  # noqa: E402,F401,F403  (fixtures for every module)


@pytest.fixture(scope="session", autouse=True)
def embedded_redis():
    """The real Redis the app talks to: the embedded one unless REDIS_URL points elsewhere."""
    from django.conf import settings

    from config.embedded_redis import ensure_running

    if settings.USING_EMBEDDED_REDIS:
        ensure_running(settings.EMBEDDED_REDIS_PORT)
    import redis

    redis.Redis.from_url(settings.REDIS_URL).flushdb()
    yield settings.REDIS_URL


def _render_uninstrumented(template, context):
    return template.nodelist.render(context)


@pytest.fixture(scope="session", autouse=True)
def templates_as_in_production(django_test_environment):
    """Templates render as in production. Django's test set-up sends a signal with a copy of the
    context for every template rendered, includes and form widgets too (for response.context): the
    edit page's time-zone options made it 71 ms instead of 30, a 404 5.5 ms instead of 1. A test
    that reads response.context, response.templates or the signal asks for `template_context`."""
    from django.template.base import Template

    instrumented = Template._render
    Template._render = _render_uninstrumented
    yield
    Template._render = instrumented


@pytest.fixture
def template_context(monkeypatch):
    """Django's template instrumentation for this test: response.context, response.templates and
    django.test.signals.template_rendered."""
    from django.template.base import Template
    from django.test.utils import instrumented_test_render

    monkeypatch.setattr(Template, "_render", instrumented_test_render)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": [
            "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
        ],
    }


@pytest.fixture(autouse=True)
def screenshots_for_people_only(monkeypatch):
    """A screenshot is for a person looking at a page (tests save them to a folder); in the whole
    suite (`make test`: pytest-xdist's processes) nobody looks, and each full-page PNG costs the
    browser a tenth of a second or more (62 in two files took 10.7 s): there none is taken."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        from playwright.sync_api import Locator, Page

        monkeypatch.setattr(Page, "screenshot", lambda self, *args, **kwargs: b"")
        monkeypatch.setattr(Locator, "screenshot", lambda self, *args, **kwargs: b"")


@pytest.fixture
def phone(page):
    """A page the size of a phone (390 px wide)."""
    page.set_viewport_size({"width": 390, "height": 844})
    return page


class CeleryWorker:
    """A real `celery worker` process against the test database and the real Redis."""

    def __init__(self, db_name: str):
        self.db_name = db_name
        self.process: subprocess.Popen | None = None

    def start(self, beat: bool = False) -> "CeleryWorker":
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.test_settings",
            "MELDBOARD_WORKER_DB_NAME": self.db_name,
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
        }
        command = [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
            "--without-gossip", "--without-mingle", "-n", f"test-{os.getpid()}@%h",
        ]
        if beat:
            command.append("--beat")
            from django.conf import settings

            command += ["--schedule", str(settings.VAR_DIR / f"beat-{os.getpid()}")]
        self.process = subprocess.Popen(command, env=env)
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 30) -> None:
        from config.celery import app

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"celery worker exited with {self.process.returncode}")
            if app.control.ping(timeout=0.5):
                return
        raise RuntimeError("celery worker did not answer a ping")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@pytest.fixture
def celery_worker(transactional_db):
    """Start with `celery_worker.start()`; stopped (by its PID) at the end of the test."""
    from django.db import connection

    worker = CeleryWorker(connection.settings_dict["NAME"])
    yield worker
    worker.stop()


@pytest.fixture
def smtp_server(settings):
    """A real SMTP server on loopback (tests/mail/smtp_server.py) the app's mail goes to."""
    from tests.mail.smtp_server import SmtpServer

    server = SmtpServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    yield server
    server.stop()


@pytest.fixture
def client():
    """Every browser names its languages; a client naming none would also cost the one query that
    looks up the tournament's own language (tournament.language)."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture(autouse=True)
def english_between_tests():
    """Django keeps the last request's language active in the thread: a Spanish page in one test
    must not leave the next test's Python messages in Spanish."""
    yield
    translation.deactivate()


# Files known to take tens of seconds go to the test processes first, the longest (a stage walk,
# `make run` itself, the fuzz) before the browser days and the Celery workers: handed out last, one
# of them would leave the other processes idle at the end of the run while it finishes alone.
LONGEST_FILES = ("tests/walks/", "tests/test_make_run_supervision.py", "tests/test_no_server_errors.py",
                 "tests/events/test_backup_stages.py", "tests/browser/test_accessibility.py",
                 "tests/test_rehearsal.py")


def _length(item) -> int:
    """0 for the longest files, 1 for files that start a browser or a worker, 2 for the rest."""
    if item.nodeid.split("::")[0].startswith(LONGEST_FILES):
        return 0
    return 1 if any(item.iter_markers("browser")) or any(item.iter_markers("worker")) else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    files: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::")[0]
        files[path] = min(files.get(path, 2), _length(item))
    items.sort(key=lambda item: files[item.nodeid.split("::")[0]])
