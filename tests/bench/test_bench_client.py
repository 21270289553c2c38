"""The benchmark's own parts on a tiny run: the bounded load client, the table, the query counter."""

import http.server
import json
import threading
import time

import pytest
from django.conf import settings
from django.test import override_settings

from bench import peak, report
from bench.arrivals import Kind, OpenLoop, Step, timetable
from bench.load import Connection, Request, percentile, run_load


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as gunicorn speaks it

    def do_GET(self):
        if self.path == "/slow":
            time.sleep(0.05)
        status = 500 if self.path == "/broken" else 200
        body = b"<main><p role=\"alert\">Not saved: bad hand</p></main>" if status == 500 else b"ok"
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Query-Count", "3")
        self.send_header("Set-Cookie", "csrftoken=abc; Path=/")
        self.send_header("Set-Cookie", "table-side-7=1; Path=/")
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
    assert conn.cookies == {"csrftoken": "abc", "table-side-7": "1"}
    picky = Connection("127.0.0.1", server, keep_cookies={"csrftoken"})
    picky.request(Request("/"))
    assert picky.cookies == {"csrftoken": "abc"}
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
    doc = report.markdown(rows, {"commit": "abc1234", "load_average_before": [0.5, 0.4, 0.3]}).splitlines()
    assert "`abc1234`" in doc[0] and "0.5/0.4/0.3 before" in doc[0]
    assert "| memory | — | — | — | — | — | 81.5 MB | < 150 MB | ok |" in doc
    assert any(line.startswith("| page |") and line.endswith("| MISS |") for line in doc)
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


def test_timetable_is_the_same_every_run_and_keeps_to_its_bounds():
    kinds = [Kind("page", 50.0, None), Kind("rare", 0.5, None)]
    arrivals, seconds = timetable(kinds, 2, 10.0, 100_000, seed=7)
    assert arrivals == timetable(kinds, 2, 10.0, 100_000, seed=7)[0] and seconds == 10.0
    assert 900 < sum(1 for _, k in arrivals if k == 0) < 1100 and 0 < sum(1 for _, k in arrivals if k == 1) < 25
    assert [t for t, _ in arrivals] == sorted(t for t, _ in arrivals) and arrivals[-1][0] < 10.0
    bounded, seconds = timetable(kinds, 2, 10.0, 200, seed=7)
    assert len(bounded) <= 200 and seconds < 2.1


def test_open_loop_sends_the_timetable_and_reports_each_kind(server):
    done = []
    kinds = [Kind("page", 40.0, lambda conn, rng: Request("/")),
             Kind("broken", 5.0, lambda conn, rng: Request("/broken"), lambda req, status: done.append(status))]
    loop = OpenLoop(server, kinds, clients=4)
    step = loop.step(1, seconds=1.0, max_requests=1000, seed=3)
    loop.close()
    expected = timetable(kinds, 1, 1.0, 1000, seed=3)[0]
    assert len(step.latencies["page"]) == sum(1 for _, k in expected if k == 0)
    assert step.errors["broken"] == len(done) == sum(1 for _, k in expected if k == 1) and set(done) == {500}
    assert "→ 500: Not saved: bad hand" in step.first_error and not step.held(0.2)
    assert step.elapsed < 5


def test_open_loop_counts_the_wait_for_a_busy_server():
    """One client, a 50 ms page, 40 arrivals a second: the queue shows in the latencies."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        loop = OpenLoop(httpd.server_address[1], [Kind("slow", 40.0, lambda conn, rng: Request("/slow"))], clients=1)
        step = loop.step(1, seconds=1.0, max_requests=1000, seed=5)
        loop.close()
    finally:
        httpd.shutdown()
    assert step.error_count == 0 and step.p95("slow") > 0.2 and not step.held(0.2)


def _step(multiple, p95_s, errors=0, saves=2):
    step = Step(multiple=multiple, seconds=10, elapsed=10, client_cpu=1.0)
    step.latencies = {k: [p95_s] * (saves if k == "hand save" else 20) for k in peak.RATES}
    step.errors = {k: errors if k == "bracket GET" else 0 for k in peak.RATES}
    return step


def test_event_peak_reports_the_largest_multiple_held_and_misses_below_ten():
    steps = [_step(1, 0.02), _step(2, 0.05), _step(5, 0.12), _step(10, 0.35)]
    rows = peak.rows(steps, accepted=8, saved=8, clients=64, quick=False)
    assert rows[0]["value"] == 5 and rows[0]["verdict"] == "MISS"
    assert "10× MISSED" in rows[0]["note"] and [s["held"] for s in rows[0]["steps"]] == [True, True, True, False]
    assert all("at 5×" in r["name"] and r["verdict"] == "ok" for r in rows[1:])

    held = peak.rows([_step(1, 0.02), _step(10, 0.1), _step(20, 0.1, errors=3)], accepted=4, saved=4, clients=64, quick=False)
    assert held[0]["value"] == 10 and held[0]["verdict"] == "ok"
    lost = peak.rows([_step(10, 0.1), _step(20, 0.5)], accepted=4, saved=3, clients=64, quick=False)
    assert lost[0]["verdict"] == "MISS" and "MISMATCH" in lost[0]["note"]


def test_a_peak_through_the_front_cache_with_a_stale_read_is_a_miss_whatever_its_speed():
    from bench.front_cache import FreshReads

    fresh = FreshReads(port=1, slug="x", page="/t/x/")
    fresh.fresh, fresh.stale, fresh.first_stale = 40, 0, ""
    held = peak.rows([_step(10, 0.1), _step(20, 0.5)], accepted=4, saved=4, clients=64, quick=False,
                     name=peak.NAME_CACHED, fresh=fresh)
    assert held[0]["verdict"] == "ok" and held[0]["stale_reads"] == 0 and "40 fresh reads and 0 stale reads" in held[0]["note"]
    fresh.stale, fresh.first_stale = 1, "version 7 shown after the change past 7"
    stale = peak.rows([_step(10, 0.1), _step(20, 0.5)], accepted=4, saved=4, clients=64, quick=False,
                      name=peak.NAME_CACHED, fresh=fresh)
    assert stale[0]["verdict"] == "MISS" and "1 stale reads" in stale[0]["note"] and "version 7" in stale[0]["note"]
