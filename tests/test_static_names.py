"""Static files are linked by names that hold a digest of their content, as production serves them
(WhiteNoise's CompressedManifestStaticFilesStorage, settings.STORAGES): a browser keeps such a file
for good, and a deploy that changes a script gives it a new name, so no phone keeps running last
deploy's script against this deploy's pages."""

import re

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from config import settings as production

pytestmark = pytest.mark.django_db
HASHED = re.compile(r'/static/js/meldboard\.([0-9a-f]{12})\.js')
OWN = ["django.contrib.staticfiles.finders.FileSystemFinder"]


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("staticfiles")
    # The project's own files only (not Django admin's): what the assertions read, collected faster.
    with override_settings(STORAGES=production.STORAGES, STATIC_ROOT=root, DEBUG=False, STATICFILES_FINDERS=OWN):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root


def test_pages_link_scripts_by_their_contents_digest_and_those_are_kept_for_good(collected):
    client = Client()
    page = client.get("/").content.decode()
    found = HASHED.search(page)
    assert found, "the home page links meldboard.js by its plain name"
    script = client.get(found.group(0))
    assert script.status_code == 200
    assert "immutable" in script["Cache-Control"]
    assert b"".join(script.streaming_content) == (collected / "js" / "meldboard.js").read_bytes()


def test_a_changed_script_gets_a_new_name(collected, tmp_path_factory):
    source = tmp_path_factory.mktemp("static")
    (source / "js").mkdir()
    (source / "js" / "meldboard.js").write_text("// this deploy's script\n")
    other = tmp_path_factory.mktemp("collected")
    with override_settings(STORAGES=production.STORAGES, STATIC_ROOT=other, STATICFILES_DIRS=[source],
                           STATICFILES_FINDERS=OWN):
        call_command("collectstatic", interactive=False, verbosity=0)
    before = {p.name for p in (collected / "js").glob("meldboard.*.js")}
    after = {p.name for p in (other / "js").glob("meldboard.*.js")}
    assert before and after and not before & after


def test_before_collectstatic_ran_pages_are_served_with_the_plain_names(tmp_path):
    with override_settings(STORAGES=production.STORAGES, STATIC_ROOT=tmp_path, DEBUG=False):
        page = Client().get("/accounts/login/")
    assert page.status_code == 200
    assert "/static/js/meldboard.js" in page.content.decode() or "/static/css/meldboard.css" in page.content.decode()
