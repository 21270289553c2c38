import cProfile, pstats, time, io
import pytest
from django.test import Client
from django.urls import reverse
from scoring import sample_hands as td
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db
SMALL = {"melded": 60, "left": 10}

def prof(fn, n, label, pattern):
    for i in range(10): fn(i)
    t0 = time.perf_counter()
    for i in range(10, 10+n): fn(i)
    print(label, "ms", (time.perf_counter()-t0)/n*1000)
    pr = cProfile.Profile(); pr.enable()
    for i in range(10+n, 10+2*n): fn(i)
    pr.disable()
    s = io.StringIO(); pstats.Stats(pr, stream=s).sort_stats("cumulative").print_stats(pattern, 70); print(s.getvalue()[:14000])

def test_prof(tournament):
    game = make_game(tournament)
    phone = Client()
    url = reverse("table:preview", args=[game.table_token])
    from urllib.parse import urlencode
    def prev(i):
        r = phone.post(url, urlencode(td.form(1, [SMALL, SMALL]), doseq=True), content_type="application/x-www-form-urlencoded", headers={"HX-Request": "true"})
        assert r.status_code == 200
    prof(prev, 200, "preview", r"tournament/|scoring/|config/|rules/|template/base.py:166|forms/forms.py|sql/compiler.py.*(execute_sql|as_sql)|psycopg/connection.py.*wait|middleware")
