"""Reading the entrants' notices back from the test SMTP server."""

import datetime as dt
import re

from django.utils import timezone

from tests.mail.smtp_server import text
from tournament.mail import outbox

STOP = re.compile(r"http://testserver(/mail/stop/\S+/)")


def delivered(smtp_server, address: str, words: str) -> list:
    """Send what is queued (rows queued at a travelled-to moment too) and return the messages to
    `address` whose subject has `words`."""
    outbox.send_due(timezone.now() + dt.timedelta(days=3650), pace=False)
    return [m for m in smtp_server.to(address) if words in " ".join(m["Subject"].split())]


def body(message) -> str:
    return text(message).replace("\r\n", "\n")


def subject(message) -> str:
    return " ".join(message["Subject"].split())


def stop_path(message) -> str:
    """The message's one-click unsubscribe path, the same in its body and its List-Unsubscribe header."""
    path = STOP.search(body(message)).group(1)
    assert message["List-Unsubscribe"].strip() == f"<http://testserver{path}>"
    return path
