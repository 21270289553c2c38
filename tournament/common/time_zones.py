"""The time zone list an organizer picks from: the likely places first, in words, then every zone.

The clubs Meldboard serves play in Baja California Sur and along the Pacific coast; their zones
lead the list with the towns people know them by (“La Paz, Mazatlán”). Every other zone of the
tz database follows, grouped by region, so nothing valid is out of reach.
"""

from importlib import resources

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# The zones clubs use, in this order, each with the places a club secretary would look for.
CLUB_ZONES = {
    "America/Mazatlan": "La Paz, Mazatlán",
    "America/Mexico_City": gettext_lazy("Mexico City, Guadalajara, Monterrey"),
    "America/Tijuana": "Tijuana, Ensenada, Mexicali",
    "America/Hermosillo": "Hermosillo, Sonora",
    "America/Cancun": "Cancún, Quintana Roo",
    "America/Los_Angeles": gettext_lazy("Los Angeles, San Diego, Seattle (US Pacific)"),
    "America/Vancouver": "Vancouver, Victoria",
    "America/Phoenix": "Phoenix, Arizona",
    "America/Denver": gettext_lazy("Denver, Salt Lake City (US Mountain)"),
    "America/Edmonton": "Calgary, Edmonton",
    "America/Chicago": gettext_lazy("Chicago, Houston, Dallas (US Central)"),
    "America/New_York": gettext_lazy("New York, Miami, Toronto (US Eastern)"),
    "America/Anchorage": "Anchorage, Alaska",
    "Pacific/Honolulu": "Honolulu, Hawaii",
}


NOT_PLACES = {"Factory"}  # in the tz database, but no place anyone plays in


def known() -> set[str]:
    """Every zone of the tz database (the pinned tzdata package): its one index file, read in a
    millisecond, where zoneinfo.available_timezones() opens every zone file (a quarter second)."""
    return set(resources.files("tzdata").joinpath("zones").read_text().split()) - NOT_PLACES


def words(zone: str) -> str:
    """The zone as people say it, in the page's language: “La Paz, Mazatlán”, “Madrid” — never the
    raw tz id (“America/Mazatlan”) in a sentence. Pages, e-mails and printouts name the zone so."""
    places = str(CLUB_ZONES.get(zone) or zone.rsplit("/", 1)[-1].replace("_", " "))
    return places.split(" (", 1)[0]  # "New York, Miami, Toronto", without the list's "(US Eastern)"


def label(zone: str) -> str:
    """The list's words for a zone: “La Paz, Mazatlán”; a zone without known towns by its place and
    what it lies within (“Buenos Aires (Argentina)”), under its region's heading — words, never the
    tz id (issue 39); no two zones of one region read alike."""
    if zone in CLUB_ZONES:
        return str(CLUB_ZONES[zone])  # a lazy place name becomes the page's language here
    parts = [part.replace("_", " ") for part in zone.split("/")[1:] or [zone]]
    return f"{parts[-1]} ({', '.join(parts[:-1])})" if len(parts) > 1 else parts[-1]


def choices(first: list[str]) -> list[tuple]:
    """Grouped choices for a select: `first` (the organizer's own and the tournaments' zones), then
    the club zones, then every other zone by region; each zone once."""
    likely = list(dict.fromkeys([*(zone for zone in first if zone), *CLUB_ZONES]))
    regions: dict[str, list[str]] = {}
    for zone in sorted(known() - set(likely)):
        region = zone.split("/", 1)[0] if "/" in zone else _("Other")
        regions.setdefault(region, []).append(zone)
    grouped = [(_("Likely time zones"), [(zone, label(zone)) for zone in likely])]
    grouped += [(region, [(zone, label(zone)) for zone in zones]) for region, zones in sorted(regions.items())]
    return grouped
