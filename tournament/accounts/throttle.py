"""Limits on what sends an e-mail to an address someone typed (a sign-up, a password reset), so the
form cannot be used to flood a mailbox or probe for accounts: per address, counted from the outbox
rows themselves (the database: it holds while Redis is down), and per client address, counted in
the cache (dropped while Redis is down: the per-address limit still holds)."""

import datetime as dt

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from tournament.models import OutboxMessage

WINDOW = dt.timedelta(hours=1)
PER_ADDRESS = 3


def address_allowed(address: str, now=None) -> bool:
    since = (now or timezone.now()) - WINDOW
    return OutboxMessage.objects.filter(kind=OutboxMessage.Kind.ACCOUNT, to__iexact=address.strip(),
                                        created_at__gte=since).count() < PER_ADDRESS


def client_allowed(what: str, client: str) -> bool:
    """Count one more `what` from this client address; False once it passed MELDBOARD_ACCOUNT_MAILS_PER_CLIENT this hour."""
    key = f"meldboard:throttle:{what}:{client}"
    try:
        count = (cache.get(key) or 0) + 1
        cache.set(key, count, int(WINDOW.total_seconds()))
    except Exception:  # noqa: BLE001 — Redis down: the per-address limit still holds
        return True
    return count <= settings.MELDBOARD_ACCOUNT_MAILS_PER_CLIENT
