"""The tournament-language middleware reads every URL's words: a password reset's token with a NUL in
it must not reach the database (PostgreSQL refuses NUL in a query: a 500 for the visitor)."""

import pytest

from tournament.core.language import _tournament_language

pytestmark = pytest.mark.django_db


def test_a_nul_in_a_urls_words_asks_the_database_nothing(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert _tournament_language({"uidb64": "\x00", "token": "\x00"}) is None
        assert _tournament_language({"slug": "bay\x00fest"}) is None


def test_a_real_password_reset_link_with_a_nul_is_answered(client):
    response = client.get("/accounts/reset/%00/%00/", HTTP_ACCEPT_LANGUAGE="")
    assert response.status_code < 500
