"""A print job's id in the address is a token: anything else is a plain 404 (issue 15: control
characters reached the cache key and raised CacheKeyWarning)."""

import warnings

import pytest
from django.core.cache.backends.base import CacheKeyWarning


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["%01abc", "a%0Ab", "%7F", "x" * 41, "with%20space"])
def test_a_bad_job_id_is_not_found_without_a_cache_warning(organizer_client, tournament, bad):
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheKeyWarning)
        for tail in ("", "download/"):
            response = organizer_client.get(f"/organizer/t/{tournament.slug}/print/jobs/{bad}/{tail}")
            assert response.status_code == 404
