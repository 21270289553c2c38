"""A model changed without its migration would pass every test (the test database is built from the
migrations) and then fail on the club's server: the migrations must say what the models say."""

import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_the_migrations_say_what_the_models_say():
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        raise AssertionError(f"a model changed without its migration:\n{out.getvalue()}") from exit_
