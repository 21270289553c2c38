"""Reading the entrants' notices back from the test SMTP server."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.mail.smtp_server import text
from tournament.mail import outbox


@pytest.fixture
def public_url(settings):
    """Mail the worker sends has no request to take a host from: the server's public address (as set
    on a server), so the links read the same whichever test ran before."""
    settings.MELDBOARD_PUBLIC_URL = "http://testserver/"


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


SIX = ["P1", "P2", "P3", "P4", "P5", "P6"]


def six_join(event, *, opted_in) -> list[str]:
    """Six players join a table event by its public form (p1@club.example …); P5's browser asks for
    Spanish. Those in `opted_in` ask for e-mail. Their names, for tests.formats.tables.played."""
    for name in SIX:
        Client(HTTP_ACCEPT_LANGUAGE="es-MX" if name == "P5" else "en").post(f"/t/{event.slug}/join/", {
            "name": name, "contact": f"{name.lower()}@club.example", "mail_opt_in": "on" if name in opted_in else "",
            "submission_key": name})
    return list(SIX)
