"""The table-card task: progress on the job, the PDF in the cache, safe on redelivery."""

from django.core.cache import cache

from tests.printing.test_printing_helpers import draw_divisions, pdf_pages
from tournament.models import Round
from tournament.printing import cache as pdf_cache
from tournament.printing import data, documents, tasks


def new_job(rnd, **extra):
    return pdf_cache.new_job(tournament_id=rnd.division.tournament_id, round_id=rnd.pk, paper="a4",
                             base_url="http://club.example/", title="cards", filename="cards.pdf", **extra)


def test_the_task_makes_every_card_and_reports_progress(tournament, monkeypatch):
    divisions = draw_divisions(tournament, 10)
    rnd = Round.objects.get(division=divisions["d1"], number=1)
    job_id = new_job(rnd)
    states = []
    real_update = pdf_cache.update_job

    def spy(job, **fields):
        states.append(dict(fields))
        return real_update(job, **fields)

    monkeypatch.setattr(pdf_cache, "update_job", spy)
    assert tasks.make_table_cards.run(rnd.pk, job_id) is True
    games = len(data.printable_games(rnd))
    record = pdf_cache.job(job_id)
    assert record["state"] == "done" and record["done"] == record["total"] == games
    assert pdf_pages(cache.get(record["pdf_key"])) == games
    progress = [s["done"] for s in states if "done" in s]
    assert progress[0] == 0 and progress[-1] == games and len(progress) >= 3


def test_a_redelivered_message_does_not_make_the_cards_twice(tournament, monkeypatch):
    divisions = draw_divisions(tournament, 4)
    rnd = Round.objects.get(division=divisions["d2"], number=1)
    job_id = new_job(rnd)
    assert tasks.make_round_cards(rnd.pk, job_id) is True
    calls = []
    monkeypatch.setattr(documents, "table_cards_pdf", lambda *a, **k: calls.append(a) or b"")
    assert tasks.make_round_cards(rnd.pk, job_id) is False
    assert calls == []


def test_a_job_for_cards_already_cached_reuses_them(tournament, monkeypatch):
    divisions = draw_divisions(tournament, 4)
    rnd = Round.objects.get(division=divisions["d1"], number=1)
    tasks.make_round_cards(rnd.pk, new_job(rnd))
    calls = []
    monkeypatch.setattr(documents, "table_cards_pdf", lambda *a, **k: calls.append(a) or b"")
    second = new_job(rnd)
    assert tasks.make_round_cards(rnd.pk, second) is True
    record = pdf_cache.job(second)
    assert calls == [] and record["state"] == "done"
    assert record["total"] == record["done"] == len(data.printable_games(rnd))


def test_a_round_that_vanished_fails_the_job_with_a_message(tournament):
    divisions = draw_divisions(tournament, 4)
    rnd = Round.objects.get(division=divisions["d1"], number=1)
    job_id = new_job(rnd)
    assert tasks.make_round_cards(987654, job_id) is False
    record = pdf_cache.job(job_id)
    assert record["state"] == "failed" and "no longer exists" in record["error"]
