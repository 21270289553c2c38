import pytest
from tests.formats.tables.played import players_round, end_with_totals
from django.urls import reverse
pytestmark = pytest.mark.django_db
def test_dbg(organizer_client):
    event, (a, b) = players_round("rummikub", 3, 3)
    end_with_totals(a, 60, 10, -70)
    end_with_totals(b, 60, 0, -60)
    page = organizer_client.get(reverse("tables:standings", args=[event.slug])).content.decode()
    i = page.find("<main")
    print(page[i:i+3000])
    entrants = [chunk.split('"')[0] for chunk in page.split('name="entrant" value="')[1:]]
    r = organizer_client.post(reverse("tables:playoff", args=[event.slug]), {"entrant": entrants, "starts_at": "2027-01-06T18:30", "table": "7", "no_show_minutes": "x"})
    print(r.status_code); p = r.content.decode(); print(p[p.find("<main"):p.find("<main")+2500])
    r = organizer_client.post(reverse("tables:playoff", args=[event.slug]), {"entrant": entrants, "starts_at": "2099-01-06T18:30", "table": "7", "no_show_minutes": "2"}, follow=True)
    p = r.content.decode(); print(p[p.find("<main"):p.find("<main")+3000])
    for name in ["tables:board", "tables:public_seating"]:
        p = organizer_client.get(reverse(name, args=[event.slug])).content.decode()
        print("=====", name); print(p[p.find("<main"):p.find("<main")+3000])
