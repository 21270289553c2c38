from django.urls import path

from tournament.printing import views, views_day

app_name = "printing"
urlpatterns = [
    path("t/<slug:slug>/print/", views.menu, name="menu"),
    path("t/<slug:slug>/print/chart/<id:division_id>/<str:version>.pdf", views.chart, name="chart"),
    path("t/<slug:slug>/print/cards/<id:round_id>.pdf", views.table_cards, name="cards"),
    path("t/<slug:slug>/print/cards/all.pdf", views_day.day_cards, name="day_cards"),
    path("t/<slug:slug>/print/cards/<id:round_id>/make/", views.make_table_cards, name="make_cards"),
    path("t/<slug:slug>/print/jobs/<token:job_id>/", views.job, name="job"),
    path("t/<slug:slug>/print/jobs/<token:job_id>/download/", views.job_download, name="job_download"),
    path("t/<slug:slug>/print/score-sheets/<id:round_id>.pdf", views.score_sheets, name="score_sheets"),
    path("t/<slug:slug>/print/score-sheets/game/<id:game_id>.pdf", views.score_sheet, name="score_sheet"),
    path("t/<slug:slug>/print/score-sheets/blank.pdf", views.blank_score_sheet, name="blank_score_sheet"),
    path("t/<slug:slug>/print/results.pdf", views.results, name="results"),
    path("t/<slug:slug>/print/rules.pdf", views.rules_summary_sheet, name="rules_summary"),
    path("t/<slug:slug>/print/table-results.pdf", views.table_event_results, name="table_results"),
    path("t/<slug:slug>/print/seating/<id:number>/<str:order>.pdf", views.seating_chart, name="seating"),
]
