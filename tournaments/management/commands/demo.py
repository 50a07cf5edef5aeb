"""A real-looking demo event so a new user sees something on the first page."""

from __future__ import annotations

from django.contrib.auth.models import Permission, User
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments import rounds, services
from tournaments.models import Tournament

PLAYERS = [
    ("Ana Novak", "TK Ljubljana"), ("Bojan Kranjc", "TK Maribor"), ("Cvetka Zupan", "TK Celje"),
    ("Darko Horvat", "TK Koper"), ("Eva Kos", "TK Ljubljana"), ("Franc Vidmar", "TK Kranj"),
    ("Gregor Golob", "TK Maribor"), ("Helena Turk", "TK Novo mesto"), ("Igor Božič", "TK Celje"),
    ("Jana Kovačič", "TK Koper"), ("Klemen Mlakar", "TK Kranj"), ("Lidija Zajc", "TK Ljubljana"),
    ("Marko Hribar", "TK Velenje"), ("Nina Petek", "TK Maribor"), ("Oskar Kolar", "TK Novo mesto"),
    ("Petra Žagar", "TK Velenje"),
]


class Command(BaseCommand):
    help = "Create a demo Taruk 2012 event: 16 players, round 1 seated (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--slug", default="demo-taruk-2026")

    @transaction.atomic
    def handle(self, *args, slug: str, **options) -> None:
        organizer = self._user("organizer", superuser=True)
        self._user("referee")
        if Tournament.objects.filter(slug=slug).exists():
            self.stdout.write(f"Demo event {slug!r} exists already.")
            return
        event = services.create_tournament(
            organizer, name="Taruk Open Ljubljana (demo)", slug=slug, variant="taruk2012",
            rounds=4, hands_per_round=12, round_minutes=75, table_size=4, is_public=True, draw_seed="demo-2026",
        )
        services.set_referee(organizer, event, "referee", [])
        for i, (name, club) in enumerate(PLAYERS, start=1):
            services.register_player(organizer, event, name=name, club=club, federation_id=f"SLO-{100 + i}",
                                     strength=i)
        rnd = rounds.draw_round(organizer, event)
        rounds.publish_draw(organizer, rnd)
        self.stdout.write(self.style.SUCCESS(
            f"Demo event {event.name!r}: {len(PLAYERS)} players, round 1 seated (seed {rnd.seed})."))

    def _user(self, username: str, superuser: bool = False) -> User:
        user = User.objects.filter(username=username).first()
        if user is None:
            make = User.objects.create_superuser if superuser else User.objects.create_user
            user = make(username, password=username)
            if superuser:
                user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
        return User.objects.get(pk=user.pk)
