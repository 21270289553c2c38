"""PDFs kept in the cache (Redis) until the tournament's data changes.

While Redis is down the cache misses and keeps nothing (config.degrading_cache): each PDF is made
afresh, and a round's table cards are made right in the request instead of by a job.

A PDF's key holds the tournament's change counter (Tournament.changes, read with the tournament by
the view's first query, tournament.core.page_cache.counted): every change a document can print bumps it
in its own transaction, so the next request renders afresh and the old PDF is left to expire.
"""

from __future__ import annotations

import uuid

from django.core.cache import cache

from tournament.core import page_cache
from tournament.models import Tournament
from tournament.printing import handover

PDF_TIMEOUT = 7 * 24 * 3600  # only so that PDFs of old counts leave the cache
JOB_TIMEOUT = 24 * 3600


def pdf_key(tournament: Tournament, document: str) -> str:
    """`document` names the PDF and its options, e.g. "chart:12:posting:letter"."""
    return page_cache.key("pdf", *page_cache.counted(tournament), tournament.language, document)


def cached_pdf(tournament: Tournament, document: str, kind: str, args: list) -> tuple[bytes, bool]:
    """The PDF from the cache when the data is unchanged, else made now and kept: by the worker when
    one is alive (tournament.printing.handover), else here. `kind` and `args` name it for
    tournament.printing.makers. (pdf, was_cached)"""
    key = pdf_key(tournament, document)
    pdf = cache.get(key)
    if pdf is not None:
        return pdf, True
    pdf = handover.from_worker(key, kind, args)
    if pdf is None:
        from tournament.printing import makers  # WeasyPrint: imported only by a process that makes a PDF

        pdf = makers.make(kind, args)
        cache.set(key, pdf, PDF_TIMEOUT)
    return pdf, False


# ---- background jobs (a whole round of table cards) ---------------------------------------------

def _job_key(job_id: str) -> str:
    return f"meldboard:printjob:{job_id}"


def new_job(**fields) -> str | None:
    """A new job's id, or None when the cache could not keep it (Redis down: no worker would see it either)."""
    job_id = uuid.uuid4().hex
    record = {"state": "queued", "done": 0, "total": 0, "error": "", **fields}
    return job_id if cache.add(_job_key(job_id), record, JOB_TIMEOUT) else None


def job(job_id: str) -> dict | None:
    return cache.get(_job_key(job_id))


def update_job(job_id: str, **fields) -> dict | None:
    current = job(job_id)
    if current is None:
        return None
    current.update(fields)
    cache.set(_job_key(job_id), current, JOB_TIMEOUT)
    return current
