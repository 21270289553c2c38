"""Tests of the e-mail Meldboard sends; `delivered()` lets other tests read what the worker would send,
`wait_until()` lets the real-worker tests wait for what it did."""

import time


def delivered() -> list:
    """Send what the outbox holds (as the worker does) and return django.core.mail.outbox (locmem)."""
    from django.core import mail

    from tournament.mail import outbox

    outbox.send_due(pace=False)
    return mail.outbox


def wait_until(check, timeout=60.0) -> bool:
    """Whether `check()` came true within `timeout` seconds (a real worker sending, in another process)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False
