"""The benchmark's own parts on a tiny run: the bounded load client, the table, the query counter."""

import http.server
import json
import threading

import pytest
from django.conf import settings
from django.test import override_settings

from bench import report
from bench.load import Connection, Request, percentile, run_load


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as gunicorn speaks it

    def do_GET(self):
        status = 500 if self.path == "/broken" else 200
        body = b"<main><p role=\"alert\">Not saved: bad hand</p></main>" if status == 500 else b"ok"
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Query-Count", "3")
        self.send_header("Set-Cookie", "csrftoken=abc; Path=/")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()


def test_load_stops_at_its_request_bound_and_counts_queries(server):
    result = run_load("tiny", server, lambda state, n: Request("/"), clients=3, max_requests=25, max_seconds=30)
    assert result.count == 25 and result.errors == 0
    assert result.queries_per_request == 3
    assert 0 < result.percentile(50) <= result.percentile(95)


def test_load_stops_at_its_time_bound(server):
    result = run_load("timed", server, lambda state, n: Request("/"), clients=2, max_requests=10**9, max_seconds=0.3)
    assert 0 < result.count < 10**9 and result.seconds < 5


def test_unexpected_status_is_an_error_with_the_readable_part_of_the_page(server):
    result = run_load("broken", server, lambda state, n: Request("/broken"), clients=1, max_requests=2, max_seconds=10)
    assert result.count == 0 and result.errors == 2
    assert "→ 500: Not saved: bad hand" in result.first_error


def test_connection_keeps_cookies_and_talks_to_loopback_only(server):
    conn = Connection("127.0.0.1", server)
    assert conn.request(Request("/"))[0] == 200
    assert conn.cookies == {"csrftoken": "abc"}
    with pytest.raises(ValueError, match="loopback"):
        Connection("example.org", 80)


def test_percentile_is_nearest_rank():
    values = [float(x) for x in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 95) == 95 and percentile([], 50) is None


def test_table_shows_ratios_verdicts_and_missing_features(server, tmp_path):
    base = run_load("baseline", server, lambda s, n: Request("/"), clients=1, max_requests=10, max_seconds=10)
    page = run_load("page", server, lambda s, n: Request("/"), clients=1, max_requests=10, max_seconds=10)
    rows = [
        report.load_row(base, None),
        report.load_row(page, base, target="≤ 2 queries", checks=[("≤ 2 queries", page.queries_max <= 2)]),
        report.timed_row("draw", [0.01, 0.02, 0.03], target="≤ 50 ms", limit_s=0.05),
        report.figure_row("memory", 81.5, "MB", target="< 150 MB", ok=True),
        report.missing_row("chart PDF, 16 teams", "≤ 0.5 s"),
    ]
    text = report.table(rows)
    lines = {line.split("  ")[0]: line for line in text.splitlines()}
    assert "MISS" in lines["page"] and "81.5 MB" in lines["memory"] and " ok" in lines["draw"]
    assert "not available (feature missing)" in lines["chart PDF, 16 teams"]
    assert rows[1]["ratio"] is not None and rows[1]["misses"] == ["≤ 2 queries"]
    report.write_json(tmp_path / "bench.json", rows, {"clients": 1})
    assert [r["name"] for r in json.loads((tmp_path / "bench.json").read_text())["rows"]][-1] == "chart PDF, 16 teams"


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="bench.urls", MIDDLEWARE=["bench.middleware.QueryCountMiddleware", *settings.MIDDLEWARE])
def test_bench_settings_add_a_baseline_view_and_count_queries(client, tournament):
    response = client.get("/bench/baseline")
    assert response.status_code == 200 and response["X-Query-Count"] == "0"
    assert int(client.get(f"/t/{tournament.slug}/")["X-Query-Count"]) >= 1


def test_production_settings_have_neither():
    from django.urls import Resolver404, resolve

    assert "bench.middleware.QueryCountMiddleware" not in settings.MIDDLEWARE
    with pytest.raises(Resolver404):
        resolve("/bench/baseline")
