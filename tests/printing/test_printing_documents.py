"""Each printed document read back from its PDF: pages, every team's name, times in local time,
and the QR code on a table card decoded to its game's table link."""


import pytest

from tests.printing.test_printing_helpers import (
    decode_qr,
    draw_divisions,
    flat,
    page_png,
    pdf_pages,
    pdf_text,
    play_round,
    shown,
)
from tournament.models import Division, Game, GameSide, Round
from tournament.printing import data, documents
from tournament.printing.paper import PAPERS

LETTER, TABLOID = PAPERS["letter"], PAPERS["tabloid"]


def local_and_utc(tournament, moment):
    return data.day_and_clock(tournament, moment), data.day_and_clock(tournament.__class__(time_zone="UTC"), moment)


@pytest.mark.parametrize("count,pages", [(8, 1), (13, 1)])
def test_chart_for_posting_names_every_team_with_local_round_times(tournament, count, pages):
    divisions = draw_divisions(tournament, count)
    pdf = documents.chart_pdf(divisions["d1"], data.POSTING, LETTER)
    assert pdf_pages(pdf) == pages
    text = pdf_text(pdf)
    for team in divisions["teams"]:
        assert shown(team.name, text), team.name
    assert flat(text).count("BYE") == (16 - count if count > 8 else 0)
    first = Round.objects.get(division=divisions["d1"], number=1)
    local, utc = local_and_utc(tournament, first.starts_at)
    assert "10:00 AM" in local and local in flat(text)
    assert utc not in flat(text)
    assert "Table 1" in text
    assert "La Paz, Mazatlán" in flat(text) and "America/Mazatlan" not in text  # the zone in words


def test_sixty_four_teams_print_on_two_tabloid_sheets_with_continuation(tournament):
    divisions = draw_divisions(tournament, 64)
    pdf = documents.chart_pdf(divisions["d2"], data.POSTING, TABLOID)
    assert pdf_pages(pdf) == 2
    first, second = pdf_text(pdf, 1), pdf_text(pdf, 2)
    for team in divisions["teams"]:
        assert shown(team.name, first + second), team.name
    assert "continues on sheet 2" in first and "from sheet 1" in second
    assert "Sheet 2 of 2" in second


def test_current_chart_fills_in_winners_scores_and_the_champion(tournament):
    divisions = draw_divisions(tournament, 4, long_name=False)
    d1 = divisions["d1"]
    posting = pdf_text(documents.chart_pdf(d1, data.POSTING, LETTER))
    first_round = play_round(d1, 1)
    play_round(d1, 2)
    d1.refresh_from_db()
    text = flat(pdf_text(documents.chart_pdf(d1, data.CURRENT, LETTER)))
    for game in first_round:
        for side in GameSide.objects.filter(game=game):
            assert f"{side.total:,}" in text
    champion = d1.champion.name
    assert text.count(champion) == 3  # round one, the division final, the winner's line
    assert flat(posting).count(champion) == 1  # the posting version has first-round names only
    assert "Results as of" in text


def test_final_chart_waits_for_the_division_winners(tournament):
    divisions = draw_divisions(tournament, 4)
    text = flat(pdf_text(documents.chart_pdf(divisions["final"], data.POSTING, LETTER)))
    assert "Division 1 winner" in text and "Division 2 winner" in text
    assert "Champion" in text


def test_table_cards_one_per_game_with_local_times_and_a_qr_code_to_the_table(tournament):
    divisions = draw_divisions(tournament, 6)  # 8 lines, 2 byes: 2 games at tables in round one
    rnd = Round.objects.get(division=divisions["d1"], number=1)
    games = list(Game.objects.filter(round=rnd).exclude(status=Game.Status.BYE).order_by("number"))
    pdf = documents.table_cards_pdf(rnd, LETTER, "http://club.example/")
    assert pdf_pages(pdf) == len(games) == 2
    for page, game in enumerate(games, start=1):
        text = flat(pdf_text(pdf, page, raw=True))
        assert f"TABLE {game.table_number} Division 1 · {game.round}" in text
        for side in GameSide.objects.filter(game=game).select_related("team"):
            assert shown(side.team.name, text)
            for player in side.team.players.all():
                assert player.name in text
        local, utc = local_and_utc(tournament, game.starts_at)
        assert local in text and utc not in text
        assert "10:05 AM" in text  # seated by: five minutes' grace
        assert "12:30 PM" in text  # 2 h 30 min limit from the posted start
        link = f"http://club.example/table/{game.table_token}/"
        assert decode_qr(page_png(pdf, page)) == [link]



def test_cards_printed_again_reuse_each_links_code_and_a_new_link_gets_its_own(tournament, monkeypatch):
    divisions = draw_divisions(tournament, 6)
    rnd = Round.objects.get(division=divisions["d1"], number=1)
    game = Game.objects.filter(round=rnd).exclude(status=Game.Status.BYE).order_by("number").first()
    documents.table_cards_pdf(rnd, LETTER, "http://club.example/")
    encoded = []
    make = documents.segno.make
    monkeypatch.setattr(documents.segno, "make", lambda link, **kw: encoded.append(link) or make(link, **kw))
    documents.table_cards_pdf(rnd, LETTER, "http://club.example/")
    assert encoded == []  # every link's code came from the cache
    Game.objects.filter(pk=game.pk).update(table_token="rotated-token-after-a-lost-phone")
    pdf = documents.table_cards_pdf(rnd, LETTER, "http://club.example/")
    assert encoded == ["http://club.example/table/rotated-token-after-a-lost-phone/"]
    assert decode_qr(page_png(pdf, 1)) == ["http://club.example/table/rotated-token-after-a-lost-phone/"]

def test_progress_is_reported_while_cards_are_made_a_few_at_a_time(tournament):
    divisions = draw_divisions(tournament, 12)
    rnd = Round.objects.get(division=divisions["d2"], number=1)
    seen = []
    pdf = documents.table_cards_pdf(rnd, LETTER, "http://club.example/", progress=lambda d, t: seen.append((d, t)))
    games = len(data.printable_games(rnd))
    assert pdf_pages(pdf) == games
    assert seen[0] == (0, games) and seen[-1] == (games, games)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_blank_score_sheet_carries_meld_bands_and_card_values_of_the_variant(tournament):
    divisions = draw_divisions(tournament, 4)
    games = data.printable_games(Round.objects.get(division=divisions["d1"], number=1))
    pdf = documents.score_sheets_pdf(games, LETTER, tournament)
    assert pdf_pages(pdf) == len(games)
    text = flat(pdf_text(pdf, 1))
    for label in ("≤ 5,000", "5,001–10,000", "10,001–15,000", "> 15,000", "Points needed to meld"):
        assert label in text
    for label, points in (("Red book", "500"), ("Black book", "300"), ("Run", "1,500"), ("Book of twos", "2,000"),
                          ("Joker", "50"), ("Red 3", "−500"), ("Going out", "200")):
        assert f"{label} {points}" in text
    assert "20" in text and "Hand" in text
    for side in GameSide.objects.filter(game=games[0]).select_related("team"):
        assert shown(side.team.name, text)
    blank = flat(pdf_text(documents.score_sheets_pdf([], LETTER, tournament)))
    assert "Table ____" in blank and "150" in blank


def test_results_sheet_names_the_champion_and_every_game_score(tournament):
    divisions = draw_divisions(tournament, 4, long_name=False)
    for number in (1, 2):
        play_round(divisions["d1"], number)
    divisions["d1"].refresh_from_db()
    for number in (1, 2):
        play_round(divisions["d2"], number, avoid=divisions["d1"].champion)
    final = Division.objects.get(tournament=tournament, kind="final")
    play_round(final, 1)
    final.refresh_from_db()
    text = flat(pdf_text(documents.results_pdf(tournament, LETTER)))
    assert f"Champion {final.champion.name} Division 1" in text
    assert Game.objects.get(division=final).status == Game.Status.FINISHED
    for side in GameSide.objects.filter(game__division__tournament=tournament, game__status=Game.Status.FINISHED):
        assert f"{side.total:,}" in text
    for name in ("Division 1", "Division 2", "Final"):
        assert name in text
