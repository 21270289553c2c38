"""A log-in with a name no account can have is refused like any wrong log-in, never a 500
(django-axes records the name tried: PostgreSQL refuses one longer than its column, or with NUL)."""

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse


@pytest.mark.parametrize("username", ["9" * 5000, "ana\x00ruiz", "x" * 256])
def test_a_log_in_with_an_impossible_name_is_refused_and_recorded(db, username):
    response = Client().post(reverse("login"), {"username": username, "password": "wrong"})
    assert response.status_code in (200, 400)
    attempt = AccessAttempt.objects.get()
    assert len(attempt.username) <= 255 and "\x00" not in attempt.username
