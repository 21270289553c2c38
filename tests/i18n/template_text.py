"""Finds the words in a template that would reach a reader without passing through translation.

Django's own lexer splits the template; text inside {% translate %} / {% blocktranslate %} and every
other tag or variable is replaced by a placeholder, then the HTML is read for its text and for the
attributes people read (aria-label, title, placeholder, alt, data-confirm…). Whatever letters are
left were typed in English straight into the page.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from django.template.base import Lexer, TokenType

HOLE = " "
# Blocks that hold attribute values or CSS, not words.
NOT_WORDS_BLOCKS = {"main_class", "body_attrs", "css"}
READ_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "data-confirm", "aria-description",
                   "data-done", "label"}
# Words that are the same in every language: the product's name and the game's.
SAME_IN_EVERY_LANGUAGE = {"Meldboard", "Rummikub", "QR", "TV", "PDF", "A4", "OK", "Email", "WiFi"}
WORD = re.compile(r"[^\W\d_]{2,}")


def _without_tags(source: str) -> str:
    """The template with each translate block, tag, variable and comment replaced by a hole."""
    parts, skipping = [], None
    for token in Lexer(source).tokenize():
        if skipping:
            if token.token_type == TokenType.BLOCK and token.contents.split()[0] == skipping:
                skipping = None
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
            continue
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0]
            if name in ("blocktranslate", "blocktrans"):
                skipping = "end" + name
            elif name == "comment":
                skipping = "endcomment"
            elif name == "block" and token.contents.split()[1] in NOT_WORDS_BLOCKS:
                skipping = "endblock"
        parts.append(HOLE)
    return "".join(parts)


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self._check(value, f"{tag}[{name}]")
        if tag == "input" and dict(attrs).get("type") in ("submit", "button") and dict(attrs).get("value"):
            self._check(dict(attrs)["value"], "input[value]")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self._check(data, "text")

    def _check(self, text, where):
        words = [w for w in WORD.findall(text.replace(HOLE, " ")) if w not in SAME_IN_EVERY_LANGUAGE]
        if words:
            self.found.append(f"{where}: {' '.join(text.split())[:80]!r}")


def unmarked_text(source: str) -> list[str]:
    """Each place in the template where English reaches the reader untranslated."""
    reader = _Reader()
    reader.feed(_without_tags(source))
    reader.close()
    return reader.found
