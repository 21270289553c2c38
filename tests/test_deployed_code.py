"""Every cache key starts with a digest of the deployed code (config.deployed_code): after a deploy
that changes a template, a translation or a sentence made in Python, the first request renders the
page afresh instead of serving what the old code rendered under an unchanged change counter."""

import copy
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings

from config import deployed_code
from tests.live.test_bracket_cards import _cards, chart  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def _tree(root: Path) -> None:
    for name, text in {
        "templates/brackets/_game.html": "<li>{{ game }}</li>",
        "tournament/core/clock.py": "WORDS = 'Time is up'",
        "locale/es/LC_MESSAGES/django.mo": "\x00compiled",
        "static/css/site.css": "body { color: black }",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


@pytest.mark.parametrize("changed", ["templates/brackets/_game.html", "tournament/core/clock.py",
                                     "locale/es/LC_MESSAGES/django.mo"])
def test_the_digest_changes_with_a_template_python_or_a_translation(tmp_path, changed):
    _tree(tmp_path)
    before = deployed_code.digest(tmp_path)
    (tmp_path / changed).write_text((tmp_path / changed).read_text() + " changed")
    assert deployed_code.digest(tmp_path) != before


def test_the_digest_ignores_static_files_and_compiled_python(tmp_path):
    _tree(tmp_path)
    before = deployed_code.digest(tmp_path)
    (tmp_path / "static/css/site.css").write_text("body { color: red }")
    (tmp_path / "tournament/core/__pycache__").mkdir()
    (tmp_path / "tournament/core/__pycache__/clock.cpython-311.pyc").write_bytes(b"\x00")
    assert deployed_code.digest(tmp_path) == before


def test_the_cache_keys_carry_the_running_codes_digest():
    assert settings.CACHES["default"]["KEY_PREFIX"] == deployed_code.digest(settings.BASE_DIR)


def test_pages_cached_by_other_code_are_rendered_afresh(chart):  # noqa: F811
    _tournament, url = chart
    client = Client()
    first = client.get(url).content
    made = _cards()
    assert client.get(url).content == first and _cards() == made  # the same code: served from the cache
    deployed = copy.deepcopy(settings.CACHES)
    deployed["default"]["KEY_PREFIX"] = "code-000000000000"
    with override_settings(CACHES=deployed):
        assert _cards() == 0  # nothing the old code kept is read under the new code's keys
        assert client.get(url).content == first
        assert _cards() == made  # every card rendered again by the new code
    assert _cards() == made  # the old code's entries are left to time out
