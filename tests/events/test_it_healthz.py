import json

import pytest
from django.test import override_settings


@pytest.mark.worker
def test_all_three_answer(client, celery_worker):
    celery_worker.start()
    response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {"database": "ok", "redis": "ok", "worker": "ok"}


@pytest.mark.django_db
def test_no_worker_is_503_naming_the_worker(client):
    response = client.get("/healthz")
    body = json.loads(response.content)
    assert response.status_code == 503
    assert body["database"] == "ok" and body["redis"] == "ok"
    assert body["worker"] == "error: no worker answered"


@pytest.mark.django_db
def test_redis_down_is_503_naming_redis(client):
    with override_settings(REDIS_URL="redis://127.0.0.1:1/0"):
        response = client.get("/healthz")
    body = json.loads(response.content)
    assert response.status_code == 503
    assert body["redis"].startswith("error") and body["database"] == "ok"
