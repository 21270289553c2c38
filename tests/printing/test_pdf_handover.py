"""PDFs are made by the worker: the web process hands a print request over and serves the file it
makes, and loads WeasyPrint only when it must make a PDF itself (no worker alive, or one that never
takes the job)."""

import subprocess
import sys
import time

from django.core.cache import cache
from django.urls import reverse

from tests.printing.test_printing_helpers import draw_divisions, flat, pdf_text, shown
from tournament.printing import handover, makers


def chart_url(tournament, division):
    return reverse("printing:chart", args=[tournament.slug, division.pk, "posting"]) + "?paper=letter"


def test_the_web_process_serves_every_page_without_loading_weasyprint():
    code = ("import sys, django; django.setup(); from django.urls import get_resolver; "
            "get_resolver().url_patterns; import tournament.printing.views, tournament.printing.views_day, "
            "tournament.printing.tasks; print('weasyprint' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**__import__("os").environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"})
    assert out.stdout.strip().splitlines()[-1] == "False", out.stderr[-2000:]


def test_with_a_worker_alive_the_worker_makes_the_chart(celery_worker, organizer_client, tournament, monkeypatch):
    divisions = draw_divisions(tournament, 6)
    celery_worker.start()
    deadline = time.monotonic() + 15
    while not handover.worker_alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert handover.worker_alive()
    monkeypatch.setattr(handover, "TAKE_WAIT", 30.0)  # a loaded machine's worker may take a while to start on it
    monkeypatch.setattr(makers, "make", lambda *a: (_ for _ in ()).throw(AssertionError("made in the web process")))
    response = organizer_client.get(chart_url(tournament, divisions["d1"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = flat(pdf_text(response.content))
    assert all(shown(team.name, text) for team in divisions["teams"])


def test_a_worker_that_never_takes_the_job_leaves_the_web_to_make_it(organizer_client, tournament, monkeypatch):
    divisions = draw_divisions(tournament, 4)
    handover.beat()  # a worker noted itself alive, then stopped answering
    sent = []
    monkeypatch.setattr(handover.current_app, "send_task", lambda *a, **k: sent.append(a))
    monkeypatch.setattr(handover, "TAKE_WAIT", 0.2)
    try:
        response = organizer_client.get(chart_url(tournament, divisions["d1"]))
    finally:
        cache.delete(handover.WORKER_KEY)
    assert sent and response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert all(shown(team.name, flat(pdf_text(response.content))) for team in divisions["teams"])
