"""A whole round of table cards, made by a worker while the organizer watches the progress."""

from __future__ import annotations

import logging
import threading

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from django.core.cache import cache
from django.utils.translation import gettext as _

from tournament.core.language import in_tournament_language
from tournament.models import Round
from tournament.printing import cache as pdf_cache
from tournament.printing import data, handover
from tournament.printing.paper import paper

log = logging.getLogger(__name__)


def card_document(rnd: Round, paper_key: str, base_url: str) -> str:
    """The cache name of a round's table cards (the base URL is in the QR codes)."""
    return f"cards:{rnd.pk}:{paper_key}:{base_url}"


def make_round_cards(round_id: int, job_id: str) -> bool:
    """Render the cards, reporting progress on the job; a redelivered message finds the job done.

    The worker has no request, so no visitor's language: the cards (and any failure the job page
    shows) speak the tournament's."""
    record = pdf_cache.job(job_id)
    if record is None or record["state"] == "done":
        return False
    rnd = Round.objects.select_related("division__tournament").filter(pk=round_id).first()
    if rnd is None:
        pdf_cache.update_job(job_id, state="failed", error=_("This round no longer exists."))
        return False
    with in_tournament_language(rnd.division.tournament):
        return _make(rnd, record, job_id)


def _make(rnd: Round, record: dict, job_id: str) -> bool:
    from tournament.printing import documents  # WeasyPrint: the web process imports this module too

    tournament = rnd.division.tournament
    document = card_document(rnd, record["paper"], record["base_url"])
    key = pdf_cache.pdf_key(tournament, document)
    pdf_cache.update_job(job_id, state="running", pdf_key=key)
    try:
        if cache.get(key) is not None:
            total = len(data.printable_games(rnd))
            pdf_cache.update_job(job_id, done=total, total=total)
        else:
            def progress(done: int, total: int) -> None:
                pdf_cache.update_job(job_id, done=done, total=total)

            pdf = documents.table_cards_pdf(rnd, paper(record["paper"]), record["base_url"], progress=progress)
            cache.set(key, pdf, pdf_cache.PDF_TIMEOUT)
    except Exception as exc:  # the organizer sees it on the progress page instead of waiting forever
        log.exception("Table cards for round %s failed", rnd.pk)
        pdf_cache.update_job(job_id, state="failed", error=_("The cards could not be made: %(error)s") % {"error": exc})
        return False
    current = pdf_cache.job(job_id) or {}
    pdf_cache.update_job(job_id, state="done", done=current.get("total", 0))
    return True


@shared_task(acks_late=True, ignore_result=True)
def make_table_cards(round_id: int, job_id: str) -> bool:
    return make_round_cards(round_id, job_id)


# ---- any document, handed over by a web request (tournament.printing.handover) -------------------

_stop_beating = threading.Event()


@worker_ready.connect
def _worker_ready(**kwargs) -> None:
    handover.start_beating(_stop_beating)


@worker_shutdown.connect
def _worker_shutdown(**kwargs) -> None:
    _stop_beating.set()
    cache.delete(handover.WORKER_KEY)


@shared_task(acks_late=True, ignore_result=True)
def make_document(kind: str, args: list, key: str) -> bool:
    """Make one document into the cache under `key` for the web request that waits for it."""
    if cache.get(key) is not None:
        return False
    from tournament.printing import makers  # WeasyPrint: the web process imports this module too

    cache.set(handover.taken_key(key), 1, int(handover.MAKE_WAIT) + 10)
    cache.set(key, makers.make(kind, args), pdf_cache.PDF_TIMEOUT)
    return True
