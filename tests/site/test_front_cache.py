"""The shared front cache (deploy/varnish.vcl, Debian's varnishd started on loopback here) in front
of a live Django: public pages are kept and tagged, a change empties them before its response
returns, a failed purge is tried again, organizers and table phones never get a kept page, and the
language switch is honoured through it."""

import http.cookies
import logging
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.db import transaction

from config.supervisord_conf import BASE_DIR
from tests.gameday_setup import publish_division
from tests.tournament_form import as_posted
from tournament.common import front_cache_purge
from tournament.events.forms import TournamentForm
from tournament.models import Tournament
from tournament.site import front_cache

pytestmark = pytest.mark.skipif(not shutil.which("varnishd"), reason="needs Debian's varnish + varnish-modules")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def varnish(live_server, settings, tmp_path):
    backend = urllib.parse.urlsplit(live_server.url)
    vcl = (BASE_DIR / "deploy" / "varnish.vcl").read_text()
    vcl = vcl.replace('.host = "nginx";', f'.host = "{backend.hostname}";').replace('.port = "80";', f'.port = "{backend.port}";')
    (tmp_path / "test.vcl").write_text(vcl)
    port = free_port()
    process = subprocess.Popen(["varnishd", "-F", "-j", "none", "-a", f"127.0.0.1:{port}", "-f", str(tmp_path / "test.vcl"),
                                "-n", str(tmp_path / "varnish"), "-s", "malloc,32m"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, process.stdout.read().decode()
            time.sleep(0.1)
    settings.FRONT_CACHE_URLS = [url + "/"]
    settings.FRONT_CACHE_SECONDS = 60
    yield url
    process.terminate()
    process.wait(10)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url, *, cookies: dict | None = None, headers: dict | None = None, data: dict | None = None):
    """(status, headers, body) of one request, redirects not followed."""
    all_headers = {"Accept-Language": "en", **(headers or {})}
    if cookies:
        all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers=all_headers)
    try:
        response = urllib.request.build_opener(NoRedirect).open(request, timeout=30)
    except urllib.error.HTTPError as error:
        response = error
    return response.status, response.headers, response.read().decode()


def set_cookies(headers) -> dict:
    jar = http.cookies.SimpleCookie()
    for line in headers.get_all("Set-Cookie") or []:
        jar.load(line)
    return {name: morsel.value for name, morsel in jar.items()}


def kept(varnish, path, **kwargs) -> str:
    """The page at `path` after it is in the cache (the second read is a hit)."""
    fetch(varnish + path, **kwargs)
    status, headers, body = fetch(varnish + path, **kwargs)
    assert status == 200 and headers["X-Cache"] == "hit", (status, dict(headers))
    return body


def rename(tournament, name):
    with transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(name=name)
        Tournament.objects.filter(pk=tournament.pk).bump()


@pytest.mark.django_db(transaction=True)
def test_an_organizers_change_is_purged_before_its_response_returns(varnish, tournament, organizer, client, monkeypatch):
    home = f"/t/{tournament.slug}/"
    assert tournament.name in kept(varnish, home)
    # A slow purge: if it ran after the response (a thread, a queue) the next read would be the old copy.
    real = front_cache_purge.send_purge
    monkeypatch.setattr(front_cache_purge, "send_purge", lambda url, names: (time.sleep(0.4), real(url, names))[1])
    client.force_login(organizer)
    session = {"sessionid": client.cookies["sessionid"].value}
    status, headers, page = fetch(f"{varnish}/organizer/t/{tournament.slug}/edit/", cookies=session)
    assert status == 200 and headers["X-Cache"] == "miss"
    session.update(set_cookies(headers))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = as_posted(TournamentForm(instance=tournament, user=organizer))
    status, _, _ = fetch(f"{varnish}/organizer/t/{tournament.slug}/edit/", cookies=session,
                         data={**form, "name": "Renamed Open", "csrfmiddlewaretoken": token})
    assert status == 302
    status, headers, body = fetch(varnish + home)
    assert "Renamed Open" in body and headers["X-Cache"] == "miss"


@pytest.mark.django_db(transaction=True)
def test_a_failed_purge_is_tried_again_and_logged(varnish, tournament, monkeypatch, caplog):
    home = f"/t/{tournament.slug}/"
    kept(varnish, home)
    real, calls = front_cache_purge.send_purge, []

    def first_fails(url, names):
        calls.append(names)
        if len(calls) == 1:
            raise ConnectionResetError("reset by the cache")
        return real(url, names)

    monkeypatch.setattr(front_cache_purge, "send_purge", first_fails)
    with caplog.at_level(logging.WARNING, logger="meldboard.front_cache"):
        rename(tournament, "Second Try Cup")
    assert len(calls) == 2 and calls[0] == f"t{tournament.pk}"
    assert "trying again" in caplog.text
    assert "Second Try Cup" in fetch(varnish + home)[2]


@pytest.mark.django_db(transaction=True)
def test_a_purge_that_never_lands_is_logged_and_the_change_still_saved(varnish, tournament, settings, caplog):
    settings.FRONT_CACHE_URLS = ["http://127.0.0.1:9/"]  # nothing listens: every try is refused
    with caplog.at_level(logging.WARNING, logger="meldboard.front_cache"):
        rename(tournament, "Saved Anyway")
    assert Tournament.objects.get(pk=tournament.pk).name == "Saved Anyway"
    assert "failed 3 times" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_organizers_and_table_phones_never_get_a_kept_page(varnish, tournament, organizer, client):
    _, games = publish_division(tournament)
    home = f"/t/{tournament.slug}/"
    kept(varnish, home)
    client.force_login(organizer)
    session = {"sessionid": client.cookies["sessionid"].value}
    for _ in range(2):
        status, headers, _ = fetch(varnish + home, cookies=session)
        assert status == 200 and headers["X-Cache"] == "miss"
        status, headers, _ = fetch(f"{varnish}/organizer/t/{tournament.slug}/", cookies=session)
        assert status == 200 and headers["X-Cache"] == "miss"
        status, headers, _ = fetch(f"{varnish}/table/{games[0].table_token}/")
        assert status == 200 and headers["X-Cache"] == "miss" and "no-store" in headers["Cache-Control"]
    # And what an organizer was shown never entered the cache: the public copy is still the kept one.
    assert fetch(varnish + home)[1]["X-Cache"] == "hit"


@pytest.mark.django_db(transaction=True)
def test_the_language_switch_is_honoured_through_the_cache(varnish, tournament):
    home = f"/t/{tournament.slug}/"
    spanish = {"Accept-Language": "es-MX,es;q=0.9"}
    assert '<html lang="es"' in kept(varnish, home, headers=spanish)
    assert '<html lang="en"' in kept(varnish, home, headers={"Accept-Language": "en-US"})
    status, headers, _ = fetch(f"{varnish}/language/en/?next={home}", headers=spanish)
    assert status == 302
    chosen = set_cookies(headers)
    assert chosen == {"django_language": "en"}
    # The same Spanish browser, having chosen English: English, through the cache.
    status, headers, body = fetch(varnish + home, cookies=chosen, headers=spanish)
    assert '<html lang="en"' in body
    status, headers, body = fetch(varnish + home, cookies={"django_language": "es"}, headers={"Accept-Language": "en"})
    assert '<html lang="es"' in body and headers["X-Cache"] == "hit"


@pytest.mark.django_db(transaction=True)
def test_a_page_rendered_while_a_change_commits_is_not_kept(varnish, tournament, monkeypatch):
    """A spectator's render that read the old page, still on its way to the cache when an organizer's
    change commits and purges: it must not be stored, or the next reader would see the old page."""
    home = f"/t/{tournament.slug}/"
    rendered, change_done = threading.Event(), threading.Event()
    real_tags = front_cache.tags_for

    def held_tags(request):  # the page is rendered (old name); hold it until the change has purged
        rendered.set()
        change_done.wait(10)
        return real_tags(request)

    monkeypatch.setattr(front_cache, "tags_for", held_tags)
    reader = threading.Thread(target=fetch, args=(varnish + home,))
    reader.start()
    assert rendered.wait(10)
    rename(tournament, "Changed Mid Render")
    monkeypatch.setattr(front_cache, "tags_for", real_tags)
    change_done.set()
    reader.join(10)
    status, headers, body = fetch(varnish + home)
    assert "Changed Mid Render" in body, headers["X-Cache"]


@pytest.mark.django_db(transaction=True)
def test_after_a_deploy_one_command_empties_the_cache_of_every_page(varnish, tournament):
    from django.core.management import call_command

    home, bracket = f"/t/{tournament.slug}/", f"/t/{tournament.slug}/tv/"
    kept(varnish, home)
    kept(varnish, bracket)
    call_command("purge_front_cache")
    assert fetch(varnish + home)[1]["X-Cache"] == "miss" and fetch(varnish + bracket)[1]["X-Cache"] == "miss"
