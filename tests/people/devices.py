"""The people of one event on their own devices, as the stateful tests drive them: the organizer
(logged in), a visitor and the table phones (anonymous), every request at the machine's clock.

Forms are posted as the page shows them: `form_of` reads a page's form the way a browser would
send it unchanged (hidden fields, typed values, checked boxes, the selected option), so a test
changes only the one value a person would change and a field the page keeps is posted as shown."""

from __future__ import annotations

import datetime as dt
import html
from html.parser import HTMLParser

import time_machine
from django.test import Client


class FormReader(HTMLParser):
    """Every form of a page: its action and the values it would post unchanged."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[str, dict[str, list[str]]]] = []
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self._textarea: str | None = None
        self._text = ""

    def _current(self) -> dict[str, list[str]] | None:
        return self.forms[-1][1] if self.forms else None

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", "") or a.get("hx-post", ""), {}))
            return
        values = self._current()
        if values is None:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                values.setdefault(name, [])
                return
            values.setdefault(name, []).append(a.get("value", "on" if kind in ("checkbox", "radio") else ""))
        elif tag == "select" and name:
            self._select, self._options = name, []
        elif tag == "option" and self._select:
            self._options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea" and name:
            self._textarea, self._text = name, ""

    def handle_data(self, data):
        if self._textarea:
            self._text += data

    def handle_endtag(self, tag):
        values = self._current()
        if tag == "select" and self._select and values is not None:
            chosen = [v for v, on in self._options if on] or [v for v, _ in self._options[:1]]
            values.setdefault(self._select, []).extend(chosen)
            self._select = None
        elif tag == "textarea" and self._textarea and values is not None:
            values.setdefault(self._textarea, []).append(self._text.strip("\n"))
            self._textarea = None


def form_of(page: str, action: str, page_url: str = "") -> dict[str, list[str] | str]:
    """The values the form posting to `action` (a path; the end of its action; a form without one
    posts to `page_url`) sends unchanged."""
    reader = FormReader()
    reader.feed(page)
    for target, values in reader.forms:
        target = html.unescape(target).split("#")[0].split("?")[0] or page_url
        if target and target.endswith(action):
            return {k: (v[0] if len(v) == 1 else v) for k, v in values.items() if v}
    raise AssertionError(f"no form posting to {action} on the page")


class Devices:
    """The organizer's laptop, a visitor's phone and a table phone, at the clock `now`."""

    def __init__(self, organizer, now: dt.datetime):
        self.now = now
        self.organizer = Client(HTTP_ACCEPT_LANGUAGE="en")
        self.organizer.force_login(organizer)
        self.visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
        self.phone = Client(HTTP_ACCEPT_LANGUAGE="en")

    def at(self):
        return time_machine.travel(self.now, tick=False)

    def advance(self, **delta) -> None:
        self.now += dt.timedelta(**delta)

    def get(self, client: Client, url: str, **extra):
        with self.at():
            response = client.get(url, **extra)
        assert response.status_code < 500, f"GET {url}: {response.status_code}"
        return response

    def post(self, client: Client, url: str, data: dict, **extra):
        with self.at():
            response = client.post(url, data, **extra)
        assert response.status_code < 500, f"POST {url} {data}: {response.status_code}"
        return response

    def page(self, client: Client, url: str) -> str:
        response = self.get(client, url)
        assert response.status_code == 200, f"GET {url}: {response.status_code}"
        return response.content.decode()

    def post_form(self, client: Client, page_url: str, action: str, **changes):
        """Post the form of `page_url` that goes to `action` as shown, with `changes` typed in."""
        data = form_of(self.page(client, page_url), action, page_url)
        data.update({k: v for k, v in changes.items() if v is not None})
        for k in [k for k, v in changes.items() if v is None]:
            data.pop(k, None)
        return self.post(client, action, data)
