"""PDFs made by the Celery worker: the web process hands the request over and waits for the file.

WeasyPrint costs the process that runs it tens of MB that it keeps (fonts, layout caches): made in a
web worker, a few printouts took it past its memory budget. While a worker is alive (it notes so in
Redis every few seconds, `beat`), a web request for a PDF that is not in the cache queues
`tasks.make_document` and waits for the PDF to appear under its key. The web process makes it
itself, as before, when no worker is alive, when Redis is down, when the worker does not take the
job within TAKE_WAIT, or when it has not finished within MAKE_WAIT (it keeps nothing of the
worker's half-made file: the key is only ever set to a whole PDF).
"""

from __future__ import annotations

import logging
import socket
import threading
import time

from celery import current_app
from django.core.cache import cache

log = logging.getLogger(__name__)

WORKER_KEY = "meldboard:pdf-worker"
BEAT_SECONDS, ALIVE_SECONDS = 5, 15
TAKE_WAIT, MAKE_WAIT, POLL_SECONDS = 10.0, 60.0, 0.05  # TAKE_WAIT: a busy or slow-starting worker
TASK = "tournament.printing.tasks.make_document"


def taken_key(key: str) -> str:
    return f"{key}:taken"


def worker_alive() -> bool:
    return cache.get(WORKER_KEY) is not None


def from_worker(key: str, kind: str, args: list, task: str = TASK) -> bytes | None:
    """The PDF for cache key `key` made by the worker (`kind`, `args`: tournament.printing.makers), or
    None when the web process must make it itself. A higher layer names its own `task`, taking the
    same (kind, args, key) and setting the whole PDF under the key (tournament.clubs.tasks)."""
    if not worker_alive():
        return None
    try:
        current_app.send_task(task, args=[kind, list(args), key], retry=False)
    except Exception as exc:  # the broker is unreachable: make it here
        log.warning("Could not hand %s over to the worker (%s); making it here", kind, exc)
        return None
    started = time.monotonic()
    while True:
        pdf = cache.get(key)
        if pdf is not None:
            return pdf
        waited = time.monotonic() - started
        if waited > MAKE_WAIT or (waited > TAKE_WAIT and cache.get(taken_key(key)) is None):
            return None
        time.sleep(POLL_SECONDS)


# ---- the worker's side --------------------------------------------------------------------------

def beat() -> None:
    cache.set(WORKER_KEY, socket.gethostname(), ALIVE_SECONDS)


def start_beating(stop: threading.Event) -> None:
    """Note every BEAT_SECONDS that this worker is alive, until `stop`."""
    def run():
        while not stop.is_set():
            try:
                beat()
            except Exception as exc:  # Redis away for a moment: the web makes PDFs itself meanwhile
                log.warning("Could not note the PDF worker alive: %s", exc)
            stop.wait(BEAT_SECONDS)

    threading.Thread(target=run, name="pdf-worker-beat", daemon=True).start()
