"""PDFs kept in the cache (Redis) until the data behind them changes.

A PDF's key ends with a fingerprint of everything a printed document can show for the
tournament: names, the draw, times, tables, results and totals. Any change gives a new fingerprint,
so the next request renders afresh and the stale PDF simply expires. Hashing the rows themselves
(a few small queries) rather than trusting a version counter means no writer anywhere has to
remember to bump something for a reprint to be right.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable

from django.core.cache import cache

from tournament.models import Division, Game, GameSide, Player, Round, Team, Tournament

PDF_TIMEOUT = 7 * 24 * 3600
JOB_TIMEOUT = 24 * 3600


def fingerprint(tournament: Tournament) -> str:
    digest = hashlib.sha256()
    queries = [
        Tournament.objects.filter(pk=tournament.pk).values_list(
            "name", "venue", "time_zone", "variant", "rules_numbers", "game_time_limit", "no_show_grace"),
        Division.objects.filter(tournament=tournament).values_list(
            "id", "kind", "name", "size", "champion_id", "published_at").order_by("id"),
        Round.objects.filter(division__tournament=tournament).values_list("id", "number", "name", "starts_at").order_by("id"),
        Game.objects.filter(division__tournament=tournament).values_list(
            "id", "version", "status", "winner_id", "result_reason", "table_number", "starts_at", "no_show_at",
            "time_limit_at", "table_token").order_by("id"),
        GameSide.objects.filter(game__division__tournament=tournament).values_list(
            "id", "slot", "team_id", "player_id", "is_bye", "fed_by_id", "total").order_by("id"),
        Team.objects.filter(tournament=tournament).values_list("id", "name").order_by("id"),
        Player.objects.filter(tournament=tournament).values_list("id", "name", "team_id").order_by("id"),
    ]
    for query in queries:
        digest.update(repr(list(query)).encode())
        digest.update(b"\x00")
    return digest.hexdigest()[:32]


def pdf_key(tournament: Tournament, document: str, fingerprint_value: str | None = None) -> str:
    """`document` names the PDF and its options, e.g. "chart:12:posting:letter"."""
    return f"meldboard:print:{tournament.pk}:{document}:{fingerprint_value or fingerprint(tournament)}"


def cached_pdf(tournament: Tournament, document: str, build: Callable[[], bytes]) -> tuple[bytes, bool]:
    """The PDF from the cache when the data is unchanged, else built now and kept. (pdf, was_cached)"""
    key = pdf_key(tournament, document)
    pdf = cache.get(key)
    if pdf is not None:
        return pdf, True
    pdf = build()
    cache.set(key, pdf, PDF_TIMEOUT)
    return pdf, False


# ---- background jobs (a whole round of table cards) ---------------------------------------------

def _job_key(job_id: str) -> str:
    return f"meldboard:printjob:{job_id}"


def new_job(**fields) -> str:
    job_id = uuid.uuid4().hex
    cache.set(_job_key(job_id), {"state": "queued", "done": 0, "total": 0, "error": "", **fields}, JOB_TIMEOUT)
    return job_id


def job(job_id: str) -> dict | None:
    return cache.get(_job_key(job_id))


def update_job(job_id: str, **fields) -> dict | None:
    current = job(job_id)
    if current is None:
        return None
    current.update(fields)
    cache.set(_job_key(job_id), current, JOB_TIMEOUT)
    return current
