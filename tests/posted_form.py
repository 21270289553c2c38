"""A form on a page, posted as a browser posts it unchanged: its successful controls only (a disabled
box, an unticked checkbox and an unchosen radio send nothing), with `typed` over them. Tests of
"a form keeps what it does not show" post through this, never through the form class."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, action: str, page_url: str):
        super().__init__(convert_charrefs=True)
        self.action, self.page_url, self.inside, self.found = action, page_url, False, False
        self.data: list[tuple[str, str]] = []
        self._select: tuple[str, bool] | None = None  # (name, disabled) of the open <select>
        self._select_first: str | None = None
        self._select_chosen = False
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = not self.found and (attrs.get("action") or self.page_url) == self.action
            self.found = self.found or self.inside
            return
        if not self.inside:
            return
        name, off = attrs.get("name"), "disabled" in attrs
        if tag == "input" and name and not off:
            kind = (attrs.get("type") or "text").lower()
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.data.append((name, attrs.get("value") or "on"))
            elif kind not in ("submit", "button", "reset", "image", "file"):
                self.data.append((name, attrs.get("value") or ""))
        elif tag == "select" and name:
            self._select, self._select_first, self._select_chosen = (name, off), None, False
        elif tag == "option" and self._select:
            value = attrs.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in attrs and not self._select[1]:
                self.data.append((self._select[0], value))
                self._select_chosen = True
        elif tag == "textarea" and name and not off:
            self._textarea, self._text = name, ""

    def handle_data(self, data):
        if self._textarea:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select:
            name, off = self._select
            if not off and not self._select_chosen and self._select_first is not None:
                self.data.append((name, self._select_first))
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.data.append((self._textarea, self._text.removeprefix("\n")))
            self._textarea = None


def fields(page: str, action: str, page_url: str = "") -> dict[str, str]:
    """What the form posting to `action` on `page` (at `page_url`: a form without an action posts
    there) sends untouched (the last value of a repeated name)."""
    parser = _Form(action, page_url)
    parser.feed(page)
    assert parser.found, f"no form posts to {action}"
    return dict(parser.data)


def post_as_shown(client, page_url: str, action: str, **typed):
    """GET the page, then post its form as shown with `typed` over it; the response."""
    page = client.get(page_url)
    assert page.status_code == 200, page.status_code
    data = fields(page.content.decode(), action, page_url)
    data.update({name: str(value) for name, value in typed.items()})
    return client.post(action, data)
