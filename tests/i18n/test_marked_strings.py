"""Nothing a person reads stays English on a Spanish page: every template word is marked for
translation and every marked string has its Spanish, compiled."""

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.i18n.template_text import unmarked_text

TEMPLATES = sorted(Path(settings.BASE_DIR, "templates").rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(settings.BASE_DIR / "templates")))
def test_every_word_of_the_template_is_marked_for_translation(path):
    assert unmarked_text(path.read_text()) == []


def test_the_scanner_finds_english_typed_into_a_page():
    source = """{% load i18n %}<h1>{% translate "Sign up" %}</h1><p>Deadline passed</p>
      <button aria-label="Close">×</button>{% blocktranslate trimmed %}Hello {{ name }}{% endblocktranslate %}
      <a title="{% translate 'Home' %}" class="big-link">{{ tournament.name }}</a>"""
    assert unmarked_text(source) == ["text: 'Deadline passed'", "button[aria-label]: 'Close'"]


def test_every_marked_string_has_its_spanish_compiled():
    try:
        call_command("translations", "--check")
    except CommandError as problems:
        pytest.fail(str(problems))
