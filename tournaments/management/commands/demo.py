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


# Hands in the spirit of taruk2012.md §8.1, built for whoever sits where.
DEMO_HANDS = [
    lambda s: {"game": "tri", "declarer": s[0], "called_king": "hearts", "partner": s[2], "card_points": 48},
    lambda s: {"game": "dve", "declarer": s[1], "called_king": "spades", "partner": s[3], "card_points": 29},
    lambda s: {"game": "klop", "klop_points": {s[0]: 13, s[1]: 24, s[2]: 31, s[3]: 2}},
    lambda s: {"game": "solo_tri", "declarer": s[2], "card_points": 41},
    lambda s: {"game": "tri", "declarer": s[0], "called_king": "clubs", "partner": None, "card_points": 40,
               "bonuses": [{"type": "trula", "side": "declarer", "announced": False, "made": True}]},
]


class Command(BaseCommand):
    help = "Create a demo Taruk 2012 event: 16 players, round 1 seated and running with a few hands (idempotent)."

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
        rounds.start_clock(organizer, rnd)
        entered = self._play_some_hands(organizer, rnd)
        self.stdout.write(self.style.SUCCESS(
            f"Demo event {event.name!r}: {len(PLAYERS)} players, round 1 seated (seed {rnd.seed}) and running, "
            f"{entered} hands entered at tables 1 and 2."))

    def _play_some_hands(self, user: User, rnd) -> int:
        """A few hands at two tables, so the table pages and standings show something."""
        from scoring import services as hands

        count = 0
        for table in rnd.tables.filter(number__in=(1, 2)):
            setup = hands.table_setup(table, rnd.tournament)
            previous = None
            for make in DEMO_HANDS:
                envelope = hands.next_envelope(setup, previous)
                previous = hands.enter_hand(user, table, {**envelope, **make(envelope["seats"])})
                count += 1
        return count

    def _user(self, username: str, superuser: bool = False) -> User:
        user = User.objects.filter(username=username).first()
        if user is None:
            make = User.objects.create_superuser if superuser else User.objects.create_user
            user = make(username, password=username)
            if superuser:
                user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
        return User.objects.get(pk=user.pk)
