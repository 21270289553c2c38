"""Brackets to print: teams with real-looking names, drawn and published with the draw engineer's
code, and rounds played with scores. Also the PDF reading helpers the printing tests share."""

from __future__ import annotations

import io
import subprocess
import tempfile
import time
from pathlib import Path

import pypdf
from django.db import transaction
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.formats.bracket import advancement
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, Game, GameSide, Tournament
from tournament.printing import cache as pdf_cache

SURNAMES = [
    "Garcia", "Smith", "Lopez", "Johnson", "Martinez", "Brown", "Hernandez", "Wilson", "Gonzalez", "Taylor",
    "Ramirez", "Anderson", "Flores", "Thomas", "Rivera", "Moore", "Torres", "Jackson", "Cruz", "White",
    "Morales", "Harris", "Reyes", "Martin", "Ortiz", "Thompson", "Gutierrez", "Clark", "Chavez", "Lewis",
    "Ruiz", "Walker", "Alvarez", "Hall", "Castillo", "Allen", "Jimenez", "Young", "Moreno", "King",
    "Romero", "Wright", "Herrera", "Scott", "Medina", "Green", "Aguilar", "Baker", "Vargas", "Adams",
    "Castro", "Nelson", "Mendoza", "Hill", "Ruiz-Vega", "Campbell", "Guzman", "Mitchell", "Salazar", "Roberts",
    "Delgado", "Carter", "Vasquez", "Phillips", "Soto", "Evans",
]
LONG_NAME = "The Marina del Rey Tuesday Night Canasta Refugees"


def make_teams(tournament, count: int, long_name: bool = True) -> list:
    """`count` teams named after their partners; the third one (when there is one) has a very long name."""
    teams = []
    for i in range(count):
        a, b = SURNAMES[(2 * i) % len(SURNAMES)], SURNAMES[(2 * i + 1) % len(SURNAMES)]
        suffix = "" if i < len(SURNAMES) // 2 else f" {i}"
        name = LONG_NAME if long_name and i == 2 else f"{a} & {b}{suffix}"
        teams.append(TeamFactory(tournament=tournament, name=name, partners=(f"Ana {a}{suffix}", f"Bob {b}{suffix}")))
    return teams


def draw_divisions(tournament, count: int, seed: int = 2026, long_name: bool = True) -> dict[str, Division]:
    """Teams signed up, Division 1 and 2 drawn and published (so the final exists too)."""
    teams = make_teams(tournament, count, long_name=long_name)
    for kind in ("d1", "d2"):
        record = publishing.preview(tournament, kind, seed=seed + (kind == "d2"), override=True)
        publishing.publish(record, override=True)
    divisions = {d.kind: d for d in Division.objects.filter(tournament=tournament)}
    divisions["teams"] = teams
    return divisions


def score_for(game: Game, slot_index: int) -> int:
    """A deterministic score: the upper side wins games with an odd number, the lower one the rest."""
    upper_wins = game.number % 2 == 1
    winning = 20_000 + 10 * (game.number * 37 % 90)
    losing = 11_000 + 10 * (game.number * 53 % 700)
    return winning if (slot_index == 0) == upper_wins else losing


def play_round(division: Division, number: int, avoid=None) -> list[Game]:
    """Every playable game of the round finished with scores; winners advance. A team given as
    `avoid` loses every game it plays (so a final can be made necessary)."""
    played = []
    for game in Game.objects.filter(division=division, round__number=number).order_by("number"):
        if game.is_done:
            continue
        sides = list(GameSide.objects.filter(game=game).select_related("team").order_by("slot"))
        scores = [score_for(game, index) for index in range(len(sides))]
        if avoid is not None and any(s.team_id == avoid.pk for s in sides):
            scores.sort(reverse=sides[0].team_id != avoid.pk)
        with transaction.atomic():  # as scoring saves totals: with a bump of the change counter
            for side, score in zip(sides, scores):
                GameSide.objects.filter(pk=side.pk).update(total=score)
            Tournament.objects.filter(pk=division.tournament_id).bump()
        winner = sides[scores.index(max(scores))]
        advancement.finish_game(game, winner.team, reason="score")
        played.append(game)
    return played


# ---- reading PDFs back -------------------------------------------------------------------------

def pdf_pages(pdf: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def pdf_text(pdf: bytes, page: int | None = None, raw: bool = False) -> str:
    """The text as pdftotext reads it (layout kept, or in drawing order with raw), whole or one page."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        args = ["pdftotext", "-raw" if raw else "-layout"]
        if page:
            args += ["-f", str(page), "-l", str(page)]
        return subprocess.run([*args, str(path), "-"], check=True, capture_output=True, text=True).stdout


def flat(text: str) -> str:
    """Text with every run of white space made one space, so a name wrapped on two lines still matches."""
    return " ".join(text.split())


def shown(name: str, text: str) -> bool:
    """A name is on the page whole, or (a long one wrapped over two lines) word by word."""
    text = flat(text)
    return name in text or all(word in text.split() for word in name.split())


def page_png(pdf: bytes, page: int, dpi: int = 200) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
                        str(path), str(Path(tmp) / "page")], check=True)
        return (Path(tmp) / "page.png").read_bytes()


def decode_qr(png: bytes) -> list[str]:
    """Every QR code zbarimg finds in a PNG."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.png"
        path.write_bytes(png)
        found = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
                               capture_output=True, text=True)
        return [line for line in found.stdout.splitlines() if line]


def cards_from_the_worker(client, tournament, rnd, **headers) -> bytes:
    """Ask for a round's table cards as the print menu does, wait (at most a minute) for the running
    Celery worker to make them, and download the PDF."""
    response = client.post(reverse("printing:make_cards", args=[tournament.slug, rnd.pk]), {"paper": "letter"}, **headers)
    job_id = response["Location"].rstrip("/").split("/")[-1]
    deadline = time.monotonic() + 60
    while pdf_cache.job(job_id)["state"] not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.3)
    assert pdf_cache.job(job_id)["state"] == "done", pdf_cache.job(job_id)
    return client.get(reverse("printing:job_download", args=[tournament.slug, job_id])).content
