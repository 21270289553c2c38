"""The e-mail path of the rehearsal: a real SMTP server on loopback (aiosmtpd, in the rehearsal's own
process) that every worker sends to through `EMAIL_URL`, taken down for a while mid-day and brought
back on the same port; then every outbox row is counted against what the server received, by its
Message-ID (one per row, the same on every try): none lost, none doubled.

Mail flows all day: the Bayfest teams asked for e-mail at sign-up (the draw's message is queued with
the draw), the organizer posts an announcement to them every few seconds through nginx, and the
organizers' own notices (a tie at the time limit) go the same way.
"""

from __future__ import annotations

import email
import email.policy
import threading
import time
from collections import Counter

from aiosmtpd.controller import Controller


class Sink:
    """Keeps the Message-ID of every message accepted (250), counted."""

    def __init__(self):
        self.received: Counter[str] = Counter()
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.received[str(message["Message-ID"] or "").strip()] += 1
        return "250 Message accepted for delivery"

    def counts(self) -> Counter[str]:
        with self.lock:
            return Counter(self.received)


class MailServer:
    def __init__(self, port: int):
        self.port = port
        self.sink = Sink()
        self.controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.controller = Controller(self.sink, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


class Outage:
    """SMTP down for `seconds` from `share` of the day, in a thread of its own so the other faults keep
    their moments. Healed: when every row queued before the server came back has been sent."""

    def __init__(self, server: MailServer, share: float, seconds: float, day_seconds: float, log=print):
        from bench.rehearsal.faults import Fault  # (faults → layout → this module)

        self.server, self.share, self.seconds, self.day_seconds, self.log = server, share, seconds, day_seconds, log
        self.fault = Fault(f"SMTP down for {seconds:.0f} s", share)
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.waited = 0  # rows not yet sent when the server came back

    def start(self, started: float) -> None:
        self.started = started
        self.thread = threading.Thread(target=self._run, name="smtp outage", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from django import db
        from django.utils import timezone

        from tournament.models import OutboxMessage

        try:
            if self.stop.wait(max(0.0, self.started + self.share * self.day_seconds - time.monotonic())):
                return
            self.fault.began = time.monotonic()
            self.log(f"  fault at {self.fault.began - self.started:5.1f} s: {self.fault.name}")
            self.server.stop()
            if self.stop.wait(self.seconds):
                self.server.start()
                return
            self.server.start()
            back = timezone.now()
            self.fault.began = time.monotonic()  # healing counts from its return, as beat's does
            unsent = OutboxMessage.objects.filter(created_at__lt=back).exclude(status=OutboxMessage.Status.SENT)
            self.waited = self._count(unsent)
            self.fault.note = (f"{self.waited} message(s) waiting when it came back; healed counts from its return "
                               "until every one queued before it was sent")
            from bench.rehearsal.faults import HEAL_LIMIT

            deadline = self.fault.began + HEAL_LIMIT
            while time.monotonic() < deadline and not self.stop.is_set():
                if self._count(unsent) == 0:
                    self.fault.healed = time.monotonic()
                    self.log(f"    SMTP back: every message queued before its return sent {self.fault.heal_seconds:.1f} s after")
                    return
                time.sleep(0.5)
            self.log(f"    SMTP back, but {self._count(unsent)} message(s) queued before its return still unsent")
        finally:
            db.connection.close()

    @staticmethod
    def _count(rows) -> int:
        from django import db

        try:
            return rows.count()
        except Exception:  # PgBouncer or PostgreSQL restarting (another fault): ask again
            db.connection.close()
            return -1


def settle(log, limit: float) -> None:
    """Wait (bounded) until the outbox holds nothing unsent: the worker and beat send what is left."""
    from django import db

    from tournament.models import OutboxMessage

    db.connection.close()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if not OutboxMessage.objects.exclude(status__in=(OutboxMessage.Status.SENT, OutboxMessage.Status.FAILED)).exists():
            return
        time.sleep(1)
    log(f"  e-mail still unsent after {limit:.0f} s of waiting")


def figures(server: MailServer) -> dict:
    """Every outbox row against the server's count of its Message-ID."""
    from tournament.models import OutboxMessage

    received = server.sink.counts()
    rows = list(OutboxMessage.objects.values_list("message_id", "status", "attempts", "kind"))
    ids = {message_id for message_id, *_ in rows}
    lost = [(m, status) for m, status, *_ in rows if received.get(m, 0) == 0]
    doubled = [(m, received[m]) for m in ids if received.get(m, 0) > 1]
    strays = [m for m in received if m not in ids]
    return {"rows": len(rows), "once": sum(1 for m in ids if received.get(m, 0) == 1), "lost": lost, "doubled": doubled,
            "strays": strays, "retried": sum(1 for _, _, attempts, _ in rows if attempts > 1),
            "kinds": Counter(kind for *_, kind in rows), "received": sum(received.values())}


def report(server: MailServer, outage: Outage | None, announcements: int, log=print) -> bool:
    f = figures(server)
    ok = f["rows"] > 0 and not f["lost"] and not f["doubled"] and not f["strays"]
    log("\n== E-mail (a real SMTP server on loopback; every outbox row counted by its Message-ID)")
    log(f"  outbox rows {f['rows']} ({dict(f['kinds'])}); messages the server received {f['received']}")
    log(f"  received exactly once: {f['once']}/{f['rows']}: {len(f['lost'])} lost, {len(f['doubled'])} doubled"
        + (f", {len(f['strays'])} not from the outbox" if f["strays"] else "")
        + ("" if ok else f"  FAILED lost {f['lost'][:5]} doubled {f['doubled'][:5]} strays {f['strays'][:3]}"))
    log(f"  announcements the organizer posted through nginx: {announcements}; rows tried more than once: {f['retried']}")
    if outage is not None:
        log(f"  {outage.fault.name}: {outage.waited} message(s) waiting when it came back")
    return ok
