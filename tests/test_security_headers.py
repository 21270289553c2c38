"""Security headers: a strict Content-Security-Policy everywhere, no-store on the pages a table link
opens, no Referer to other sites, and HSTS plus the HTTPS redirect only behind the TLS proxy."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import game, published

TEMPLATES = Path(settings.BASE_DIR) / "templates"


def policy(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


@pytest.fixture
def pages(db, organizer_client):
    tournament, _ = published(4, slug="bayfest")
    g = game(tournament, "d1", 1, 1)
    return {
        "public bracket": reverse("brackets:overview", args=[tournament.slug]),
        "table sheet": reverse("table:sheet", args=[g.table_token]),
        "table status": reverse("gameday_table:status", args=[g.table_token]),
        "organizer dashboard": reverse("organizer:dashboard", args=[tournament.slug]),
        "organizer copy of the sheet": reverse("table:manage_sheet", args=[g.pk]),
        "log-in": reverse("login"),
    }


def test_every_kind_of_page_carries_a_strict_policy_and_no_inline_script(organizer_client, pages):
    for name, url in pages.items():
        response = organizer_client.get(url)
        assert response.status_code == 200, name
        csp = policy(response)
        assert csp["default-src"] == ["'self'"], name
        assert csp["script-src"] == ["'self'"], name  # no 'unsafe-inline', no 'unsafe-eval'
        assert csp["frame-ancestors"] == ["'none'"], name
        assert csp["img-src"] == ["'self'", "data:"], name
        html = response.content.decode()
        assert not re.search(INLINE_SCRIPT, html), f"inline <script> on the {name}"
        assert not re.search(r"\son[a-z]+\s*=", html), f"inline event handler on the {name}"
        assert response.headers["Referrer-Policy"] == "same-origin", name
        assert response.headers["X-Content-Type-Options"] == "nosniff", name
        assert response.headers["X-Frame-Options"] == "DENY", name


# A script without src would need 'unsafe-inline'; a JSON data block (Django's json_script: the
# table phone's words in the page's language) is never run, so the policy allows it.
INLINE_SCRIPT = r'<script(?![^>]*\b(?:src=|type="application/json"))[^>]*>'


def test_no_template_served_as_html_has_an_inline_script_or_event_handler():
    offenders = []
    for template in TEMPLATES.rglob("*.html"):
        if template.parent.name == "print":  # rendered to PDF by WeasyPrint, never sent to a browser
            continue
        text = template.read_text()
        if re.search(INLINE_SCRIPT, text) or re.search(r"\son[a-z]+\s*=", text):
            offenders.append(str(template.relative_to(TEMPLATES)))
    assert offenders == []


def test_pages_opened_by_a_table_link_are_never_stored_but_the_public_bracket_may_be(client, pages):
    for name in ("table sheet", "table status"):
        assert "no-store" in client.get(pages[name]).headers["Cache-Control"], name
    assert "no-store" not in client.get(pages["public bracket"]).headers.get("Cache-Control", "")


def test_a_refused_table_link_is_not_stored_either(client, db):
    response = client.get(reverse("table:sheet", args=["no-such-token"]))
    assert response.status_code == 404
    assert "no-store" in response.headers["Cache-Control"]


PROBE = """
import json, django
django.setup()
from django.test import Client
plain, proxied = Client(), Client(HTTP_X_FORWARDED_PROTO="https")
answers = {
    "plain page": plain.get("/no-such-page"),
    "plain health check": plain.get("/healthz"),
    "https page": proxied.get("/no-such-page"),
}
print(json.dumps({k: [r.status_code, r.headers.get("Location", ""), r.headers.get("Strict-Transport-Security", "")]
                  for k, r in answers.items()}))
"""


def probe(tmp_path, **extra_env) -> dict:
    """Requests made by a fresh process whose settings come from the given environment."""
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/"), "DJANGO_SETTINGS_MODULE": "config.settings",
           "SECRET_KEY": "x" * 60, "ALLOWED_HOSTS": "testserver", "MELDBOARD_VAR_DIR": str(tmp_path),
           "REDIS_URL": "redis://127.0.0.1:1/0", **extra_env}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=settings.BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_behind_the_tls_proxy_plain_http_is_redirected_and_https_pins_itself(tmp_path):
    answers = probe(tmp_path, BEHIND_TLS_PROXY="true")
    status, location, _ = answers["plain page"]
    assert (status, location) == (301, "https://testserver/no-such-page")
    assert answers["plain health check"][0] != 301  # the proxy's plain-HTTP probe still gets an answer
    assert answers["https page"][2] == "max-age=31536000"  # no includeSubDomains unless asked


def test_on_the_club_laptop_there_is_no_redirect_and_no_hsts(tmp_path):
    answers = probe(tmp_path, BEHIND_TLS_PROXY="false")
    assert answers["plain page"][:2] == [404, ""]
    assert answers["https page"][2] == ""
