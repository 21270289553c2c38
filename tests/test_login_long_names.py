"""A log-in with a name no account can have is refused like any wrong log-in, never a 500
(django-axes records the name tried: PostgreSQL refuses one longer than its column, or with NUL)."""

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from config.security import login_username


@pytest.mark.parametrize("username", ["9" * 5000, "x" * 256])
def test_a_log_in_with_a_name_longer_than_any_is_refused_and_recorded(db, username):
    response = Client().post(reverse("login"), {"username": username, "password": "wrong"})
    assert response.status_code in (200, 400)
    assert len(AccessAttempt.objects.get().username) == 255


def test_a_log_in_with_a_nul_byte_is_refused(db):
    response = Client().post(reverse("login"), {"username": "ana\x00ruiz", "password": "wrong"})
    assert response.status_code in (200, 400)
    assert "\x00" not in "".join(AccessAttempt.objects.values_list("username", flat=True))


def test_the_name_recorded_has_no_nul_and_fits_its_column(rf):
    assert login_username(rf.post("/"), {"username": "ana\x00" + "x" * 300}) == ("ana" + "x" * 300)[:255]
