"""The app's pages as a browser uses them: log in, read a form, post it, enter a hand at a table.

Everything here goes over HTTP to the running server through URL names (django.urls.reverse),
so the bench keeps working while the modules behind those pages move. The hands are written with
the engine's field names from RULES.md §7 (the form names them `s<slot>_<field>`).
"""

from __future__ import annotations

import html.parser
import urllib.parse
import uuid

from django.urls import NoReverseMatch, reverse

from bench.load import Connection, Request, summary

# A legal Baja hand that goes out with every bonus: 12,300 points, so two of them end a game
# (target 20,000). The other side scores nothing.
WINNING_HAND = {"red_books": 4, "black_books": 4, "runs": 3, "books_of_twos": 1, "melded_points": 2200, "left_points": 0}
# Small hands nobody goes out on (about 100 points): a game never ends during a run. The first
# one the preview accepts is used.
SMALL_HANDS = [
    {"melded_points": 120, "left_points": 30},
    {"red_books": 1, "melded_points": 320, "left_points": 20},
    {"melded_points": 60, "left_points": 10},
]
REDIRECTS = (301, 302, 303)


def url(name: str, *args) -> str | None:
    """The path of a URL name, or None when the app no longer has it."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


class FormParser(html.parser.HTMLParser):
    """The inputs of the form posted to `action` ("" or the page's own path both mean the page)."""

    def __init__(self, action: str, page: str = ""):
        super().__init__()
        self.actions = {action} | ({"", page} if action == page else set())
        self.inside, self.found, self.fields, self.radios = False, False, {}, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = (attrs.get("action") or "").split("#")[0] in self.actions
            self.found = self.found or self.inside
        elif tag == "input" and self.inside and attrs.get("name"):
            kind = attrs.get("type", "text")
            if kind == "radio":
                self.radios.setdefault(attrs["name"], []).append(attrs.get("value", ""))
            elif kind not in ("submit", "button", "checkbox"):
                self.fields[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def read_form(conn: Connection, page: str, action: str | None = None, headers: dict | None = None) -> FormParser:
    """GET `page` and parse the form that posts to `action` (default: the page itself)."""
    status, _, body = conn.request(Request(page, headers=headers or {}))
    if status != 200:
        raise RuntimeError(f"GET {page} → {status}")
    parser = FormParser(action or page, page)
    parser.feed(body.decode())
    if not parser.found:
        raise RuntimeError(f"GET {page}: no form posting to {action or page}")
    return parser


def form_post(conn: Connection, path: str, fields: dict, *, referer: str, expect=REDIRECTS, htmx=False,
              headers: dict | None = None) -> Request:
    """A POST of `fields` as the browser sends it, with this connection's CSRF token. The token goes
    in the header only: a form read on another connection carries that one's token in its fields."""
    fields = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
    h = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": conn.cookies.get("csrftoken", ""),
         "Referer": f"http://{conn.host}:{conn.port}{referer}", **(headers or {})}
    if htmx:
        h["HX-Request"] = "true"
    return Request(path, "POST", urllib.parse.urlencode(fields).encode(), h, expect=expect)


def log_in(conn: Connection, username: str, password: str) -> str:
    """Sign in through the login page; the session cookie's value."""
    page = url("login")
    parser = read_form(conn, page)
    fields = {**parser.fields, "username": username, "password": password}
    status, _, body = conn.request(form_post(conn, page, fields, referer=page))
    if status not in REDIRECTS or "sessionid" not in conn.cookies:
        raise RuntimeError(f"logging in as {username} → {status}")
    return conn.cookies["sessionid"]


def organizer_headers(session: str) -> dict:
    return {"Cookie": f"sessionid={session}"}


# ---- a table's score sheet ------------------------------------------------------------------------

class Table:
    """One game's score sheet as a phone at the table sees it (the token in the URL is the key)."""

    def __init__(self, token: str):
        self.token = token
        self.sheet = reverse("table:sheet", args=[token])
        self.submit = reverse("table:submit", args=[token])
        self.preview = reverse("table:preview", args=[token])
        self.fields: dict[str, str] = {}
        self.slots: list[str] = []
        self.number = 1

    def load(self, conn: Connection) -> "Table":
        """Read the sheet's hand form: its hidden fields, the sides, the next hand number."""
        parser = read_form(conn, self.sheet, self.submit)
        self.fields = dict(parser.fields)
        self.slots = parser.radios.get("entered_by", [])
        if not self.slots:
            raise RuntimeError(f"GET {self.sheet}: the hand form asks no “who is entering”")
        self.fields["entered_by"] = self.slots[0]
        self.number = int(self.fields.get("number") or 1)
        return self

    def _side_field(self, name: str) -> tuple[str, str] | None:
        """(slot, engine field) of a side's input such as s2_melded_points; None for any other input."""
        head, _, field = name.partition("_")
        if head[:1] == "s" and head[1:] in self.slots and field and "-" not in field:
            return head[1:], field
        return None

    def hand(self, values: dict, went_out: str = "nobody", per_side: list[dict] | None = None) -> dict:
        """The form's fields for a hand: `values` for every side (or `per_side[i]` for the i-th side), zero elsewhere."""
        fields = dict(self.fields)
        for name in self.fields:
            found = self._side_field(name)
            if found:
                side = per_side[self.slots.index(found[0])] if per_side else values
                fields[name] = str(side.get(found[1], 0))
        fields["went_out"] = went_out
        return fields

    def preview_request(self, conn: Connection, fields: dict) -> Request:
        """The preview the form asks for as the hand is typed (htmx), for the table's next hand."""
        fields = {**fields, "number": str(self.number)}
        return form_post(conn, self.preview, fields, referer=self.sheet, expect=(200,), htmx=True)

    def submit_request(self, conn: Connection, fields: dict) -> Request:
        """The next hand, with a fresh idempotency key; the caller moves `number` on once it is saved."""
        fields = {**fields, "number": str(self.number), "key": uuid.uuid4().hex}
        return form_post(conn, self.submit, fields, referer=self.sheet)

    def small_hand(self, conn: Connection) -> dict:
        """The first of SMALL_HANDS (engine values of one side) that the server's preview accepts."""
        for values in SMALL_HANDS:
            status, _, body = conn.request(self.preview_request(conn, self.hand(values)))
            if status == 200 and b'role="alert"' not in body:  # the preview's refusals are an alert
                return values
        raise RuntimeError(f"the preview at {self.preview} accepted none of the bench's hands")

    def win(self, conn: Connection) -> None:
        """End the game over HTTP: the first side goes out with WINNING_HAND until the sheet stops taking hands."""
        for _ in range(4):
            fields = self.hand({}, went_out=self.slots[0], per_side=[WINNING_HAND] + [{}] * (len(self.slots) - 1))
            status, _, body = conn.request(self.submit_request(conn, fields))
            if status not in REDIRECTS:
                raise RuntimeError(f"POST {self.submit} → {status}: {summary(body)}")
            self.number += 1
            if not self.accepting(conn):
                return
        raise RuntimeError(f"the game at {self.sheet} did not end after four winning hands")

    def accepting(self, conn: Connection) -> bool:
        """Whether the sheet still offers the hand form (it does not once the game is over)."""
        status, _, body = conn.request(Request(self.sheet))
        parser = FormParser(self.submit)
        parser.feed(body.decode(errors="replace"))
        return status == 200 and parser.found
