"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, can be taken down and
brought back on the same port, and can refuse an address for good (550)."""

from __future__ import annotations

import email
import email.policy
import socket
import threading
import time

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    def __init__(self):
        self.received: list[email.message.EmailMessage] = []
        self.refused: set[str] = set()
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.refused:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.received.append(message)
        return "250 Message accepted for delivery"


class SmtpServer:
    def __init__(self):
        self.port = free_port()
        self.sink = Sink()
        self.controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> "SmtpServer":
        self.controller = Controller(self.sink, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def messages(self) -> list:
        with self.sink.lock:
            return list(self.sink.received)

    def to(self, address: str) -> list:
        return [m for m in self.messages if address in m["To"]]

    def wait_for(self, count: int, timeout: float = 30) -> list:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and len(self.messages) < count:
            time.sleep(0.05)
        return self.messages


def text(message) -> str:
    """The plain-text body of a received message."""
    return message.get_body(preferencelist=("plain",)).get_content()
