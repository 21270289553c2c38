"""A round of table cards: queued for the worker, progress shown with htmx, then downloaded."""

import time

import pytest
from django.urls import reverse

from tests.printing.test_printing_helpers import (
    cards_from_the_worker,
    decode_qr,
    draw_divisions,
    page_png,
    pdf_pages,
    pdf_text,
    shown,
)
from tournament.models import Game, Round
from tournament.printing import cache as pdf_cache
from tournament.printing import data, tasks


def first_round(divisions, kind="d1"):
    return Round.objects.get(division=divisions[kind], number=1)


def test_making_cards_queues_a_job_and_shows_its_progress(organizer_client, tournament, monkeypatch, django_capture_on_commit_callbacks):
    divisions = draw_divisions(tournament, 6)
    rnd = first_round(divisions)
    sent = []
    monkeypatch.setattr(tasks.make_table_cards, "apply_async", lambda args, **kw: sent.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer_client.post(reverse("printing:make_cards", args=[tournament.slug, rnd.pk]), {"paper": "a4"})
    assert response.status_code == 302
    job_id = response["Location"].rstrip("/").split("/")[-1]
    assert sent == [(rnd.pk, job_id)]  # ids only

    waiting = organizer_client.get(response["Location"]).content.decode()
    assert "Waiting for the worker" in waiting and 'hx-trigger="every 1s"' in waiting

    tasks.make_round_cards(*sent[0])
    partial = organizer_client.get(response["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and "hx-trigger" not in partial  # done: the polling stops
    assert "2 table cards" in partial
    download = organizer_client.get(reverse("printing:job_download", args=[tournament.slug, job_id]))
    assert download["Content-Type"] == "application/pdf" and pdf_pages(download.content) == 2


def test_a_running_job_shows_how_many_cards_are_done(organizer_client, tournament):
    divisions = draw_divisions(tournament, 4)
    rnd = first_round(divisions)
    job_id = pdf_cache.new_job(tournament_id=tournament.pk, round_id=rnd.pk, paper="letter", base_url="http://x/",
                               title="Table cards", filename="c.pdf", created=time.time())
    pdf_cache.update_job(job_id, state="running", done=4, total=12)
    page = organizer_client.get(reverse("printing:job", args=[tournament.slug, job_id]), HTTP_HX_REQUEST="true").content.decode()
    assert "4 of 12" in page and '<progress value="4" max="12"' in page
    pdf_cache.update_job(job_id, state="queued", created=time.time() - 60)
    page = organizer_client.get(reverse("printing:job", args=[tournament.slug, job_id])).content.decode()
    assert "Make the cards here instead" in page


def test_a_job_of_another_tournament_is_not_found(organizer_client, tournament):
    from tests.factories import TournamentFactory

    other = TournamentFactory()
    job_id = pdf_cache.new_job(tournament_id=other.pk, round_id=1, paper="letter", base_url="", title="", filename="")
    assert organizer_client.get(reverse("printing:job", args=[tournament.slug, job_id])).status_code == 404
    assert organizer_client.get(reverse("printing:job", args=[tournament.slug, "nope"])).status_code == 404


def test_cards_made_here_carry_this_sites_table_links(organizer_client, tournament):
    divisions = draw_divisions(tournament, 4)
    rnd = first_round(divisions, "d2")
    response = organizer_client.get(reverse("printing:cards", args=[tournament.slug, rnd.pk]))
    games = data.printable_games(rnd)
    assert pdf_pages(response.content) == len(games) == 2
    assert decode_qr(page_png(response.content, 2)) == [f"http://testserver/table/{games[1].table_token}/"]
    assert shown(games[1].sides.all()[0].team.name, pdf_text(response.content, 2))


@pytest.mark.worker
def test_the_worker_makes_the_cards_and_the_download_decodes(organizer_client, tournament, celery_worker):
    divisions = draw_divisions(tournament, 8)
    rnd = first_round(divisions)
    celery_worker.start()
    pdf = cards_from_the_worker(organizer_client, tournament, rnd)
    game = Game.objects.get(round=rnd, number=3)
    assert pdf_pages(pdf) == 4
    assert decode_qr(page_png(pdf, 3)) == [f"http://testserver/table/{game.table_token}/"]
