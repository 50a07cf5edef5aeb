"""The judge's desk (tournaments.incidents.views): opened from a table, kept per event."""

from django.urls import path

from tournaments.incidents import views

event = "e/<slug:slug>/"
desk = event + "manage/judge/"
urlpatterns = [
    path(event + "round/<int:number>/table/<int:table_no>/incident/", views.incident_open, name="incident-open"),
    path(desk, views.judge_desk, name="judge-desk"),
    path(desk + "report/", views.incident_report, name="incident-report"),
    path(desk + "report.pdf", views.incident_report_pdf, name="incident-report-pdf"),
    path(desk + "judges/<str:username>/", views.judge_rights, name="judge-rights"),
    path(desk + "<int:pk>/", views.incident_detail, name="incident"),
    path(desk + "<int:pk>/rule/", views.incident_rule, name="incident-rule"),
    path(desk + "<int:pk>/protest/", views.incident_protest, name="incident-protest"),
    path(desk + "<int:pk>/decide/", views.incident_decide, name="incident-decide"),
    path(desk + "<int:pk>/sanction/", views.incident_sanction, name="incident-sanction"),
    path(event + "player/<int:number>/discipline/", views.player_discipline, name="player-discipline"),
]
