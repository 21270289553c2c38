"""/healthz: each part the app needs, "ok" or what is wrong with it; 503 unless all are ok."""

import redis
from celery import current_app as celery_app
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return "ok"
    except Exception as exc:  # any failure is the answer, not a crash
        return _error(exc)


def _error(exc: Exception) -> str:
    """The failure as a monitor shows it: its kind and the driver's own words (e.g. "Connection refused")."""
    reason = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"error: {exc.__class__.__name__}" + (f": {reason}" if reason else "")


def _redis() -> str:
    try:
        with redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1) as client:
            client.ping()
        return "ok"
    except Exception as exc:
        return _error(exc)


def _worker() -> str:
    try:
        replies = celery_app.control.ping(timeout=1.0)
    except Exception as exc:
        return _error(exc)
    return "ok" if replies else "error: no worker answered"


@never_cache
@require_GET
def healthz(request):
    report = {"database": _database(), "redis": _redis()}
    report["worker"] = _worker() if report["redis"] == "ok" else "error: redis is down"
    healthy = all(value == "ok" for value in report.values())
    return JsonResponse(report, status=200 if healthy else 503)
