"""Tests of the e-mail Meldboard sends; `delivered()` lets other tests read what the worker would send."""


def delivered() -> list:
    """Send what the outbox holds (as the worker does) and return django.core.mail.outbox (locmem)."""
    from django.core import mail

    from tournament.mail import outbox

    outbox.send_due(pace=False)
    return mail.outbox
