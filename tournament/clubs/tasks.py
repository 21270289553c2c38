"""The club's PDFs made by the PDF worker for the web request that waits for them
(tournament.clubs.pages.pdf_document; the handing over and the worker's beat are
tournament.printing.handover's, shared with the event's documents)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.cache import cache

from tournament.core import page_cache
from tournament.printing import handover

log = logging.getLogger(__name__)

TASK = "tournament.clubs.tasks.make_club_document"


@shared_task(acks_late=True, ignore_result=True)
def make_club_document(kind: str, args: list, key: str) -> bool:
    """Make one club document (tournament.clubs.makers) into the cache under `key`."""
    if cache.get(key) is not None:
        return False
    from tournament.clubs import makers  # WeasyPrint is loaded when the first PDF is made

    cache.set(handover.taken_key(key), 1, int(handover.MAKE_WAIT) + 10)
    try:
        pdf = makers.make(kind, args)
    except Exception:  # the waiting request stops waiting and makes it itself (and shows its error)
        log.exception("The club document %s %s failed", kind, args)
        cache.delete(handover.taken_key(key))
        return False
    cache.set(key, pdf, page_cache.PAGE_TIMEOUT)
    return True
