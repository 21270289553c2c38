"""The club's PDFs (a season's standings, the roll of honour's wall sheet) are made by the PDF worker
as the event's are: with a worker alive the web process only hands the request over, in the
visitor's language, and the PDF is fresh after every change; without one the web makes it itself."""

import time

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.printing.test_printing_helpers import flat, pdf_text
from tournament.clubs import makers
from tournament.models import Club, PastEvent, Season
from tournament.printing import handover

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club(db):
    club = Club.objects.create(name="Bayside", slug="bayside")
    PastEvent.objects.create(club=club, name="Winter Cup", year=2019, champions="Ana Lopez", silver="Ben Ruiz")
    Season.objects.create(club=club, name="Winter 2026", starts_on="2026-01-01", ends_on="2026-03-31")
    return club


def _worker_alive(celery_worker):
    celery_worker.start()
    deadline = time.monotonic() + 15
    while not handover.worker_alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert handover.worker_alive()


def _text(response) -> str:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf", response.status_code
    return flat(pdf_text(response.content))


@pytest.mark.worker
def test_with_a_worker_alive_the_web_only_hands_club_pdfs_over(celery_worker, club, monkeypatch):
    _worker_alive(celery_worker)
    monkeypatch.setattr(handover, "TAKE_WAIT", 30.0)  # a loaded machine's worker may take a while to start on it
    monkeypatch.setattr(makers, "make", lambda *a: (_ for _ in ()).throw(AssertionError("made in the web process")))
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    honours = reverse("clubs:honours_pdf", args=[club.slug])
    text = _text(visitor.get(honours))
    assert "Roll of honour" in text and "Ana Lopez" in text
    # In the visitor's language, made by the worker too.
    assert "Cuadro de honor" in _text(Client(HTTP_ACCEPT_LANGUAGE="es").get(honours))
    season = Season.objects.get()
    assert "Winter 2026" in _text(visitor.get(reverse("clubs:season_pdf", args=[club.slug, season.pk])))
    # Corrected by the organizer: the next PDF says the correction (the key holds the club's history mark).
    secretary = Client(HTTP_ACCEPT_LANGUAGE="en")
    user = UserFactory(username="secretary", is_staff=False)
    club.organizers.add(user)
    secretary.force_login(user)
    past = PastEvent.objects.get()
    secretary.post(reverse("clubs_organizer:edit_past_event", args=[club.slug, past.pk]),
                   {"name": "Winter Cup", "year": "2019", "champions": "Dora Diaz"})
    text = _text(visitor.get(honours))
    assert "Dora Diaz" in text and "Ana Lopez" not in text
    # Another club's season is no document: refused at once, nothing handed over.
    other = Club.objects.create(name="Harbour", slug="harbour")
    assert visitor.get(reverse("clubs:season_pdf", args=[other.slug, season.pk])).status_code == 404


def test_a_worker_that_never_takes_the_job_leaves_the_web_to_make_it(club, monkeypatch):
    handover.beat()  # a worker noted itself alive, then stopped answering
    sent = []
    monkeypatch.setattr(handover.current_app, "send_task", lambda *a, **k: sent.append((a, k)))
    monkeypatch.setattr(handover, "TAKE_WAIT", 0.2)
    try:
        response = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("clubs:honours_pdf", args=[club.slug]))
    finally:
        cache.delete(handover.WORKER_KEY)
    assert [args[0] for args, _ in sent] == ["tournament.clubs.tasks.make_club_document"]
    assert sent[0][1]["args"][0] == "honours-pdf" and sent[0][1]["args"][1][:2] == ["en", club.pk]
    assert "Ana Lopez" in _text(response)


def test_with_no_worker_the_web_makes_it_without_handing_over(club, monkeypatch):
    cache.delete(handover.WORKER_KEY)  # none alive (an earlier test's worker is gone)
    sent = []
    monkeypatch.setattr(handover.current_app, "send_task", lambda *a, **k: sent.append(a))
    season = Season.objects.get()
    response = Client(HTTP_ACCEPT_LANGUAGE="es").get(reverse("clubs:season_pdf", args=[club.slug, season.pk]))
    assert "Winter 2026" in _text(response) and sent == []
