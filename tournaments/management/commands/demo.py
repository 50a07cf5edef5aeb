"""A real-looking demo event so a new user sees something on the first page."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Permission, User
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.events import services
from tournaments.models import Tournament
from tournaments.readings.words import with_readings
from tournaments.rounds import services as rounds
from tournaments.seasons.demo import make_season
from tournaments.tables import hands

PLAYERS = [
    ("Ana Novak", "TK Ljubljana"),
    ("Bojan Kranjc", "TK Maribor"),
    ("Cvetka Zupan", "TK Celje"),
    ("Darko Horvat", "TK Koper"),
    ("Eva Kos", "TK Ljubljana"),
    ("Franc Vidmar", "TK Kranj"),
    ("Gregor Golob", "TK Maribor"),
    ("Helena Turk", "TK Novo mesto"),
    ("Igor Božič", "TK Celje"),
    ("Jana Kovačič", "TK Koper"),
    ("Klemen Mlakar", "TK Kranj"),
    ("Lidija Zajc", "TK Ljubljana"),
    ("Marko Hribar", "TK Velenje"),
    ("Nina Petek", "TK Maribor"),
    ("Oskar Kolar", "TK Novo mesto"),
    ("Petra Žagar", "TK Velenje"),
]


# Hands in the spirit of taruk2012.md §8.1, built for whoever sits where.
DEMO_HANDS = [
    lambda s: {"game": "tri", "declarer": s[0], "called_king": "hearts", "partner": s[2], "card_points": 48},
    lambda s: {"game": "dve", "declarer": s[1], "called_king": "spades", "partner": s[3], "card_points": 29},
    lambda s: {"game": "klop", "klop_points": {s[0]: 13, s[1]: 24, s[2]: 31, s[3]: 2}},
    lambda s: {"game": "solo_tri", "declarer": s[2], "card_points": 41},
    lambda s: {
        "game": "tri",
        "declarer": s[0],
        "called_king": "clubs",
        "partner": None,
        "card_points": 40,
        "bonuses": [{"type": "trula", "side": "declarer", "announced": False, "made": True}],
    },
]

ULTI_PLAYERS = [
    ("Kovács Béla", "Budapesti Ulti Klub"),
    ("Nagy Erzsébet", "Debreceni Kártya Egylet"),
    ("Tóth Zoltán", "Szegedi Ulti Kör"),
    ("Szabó Katalin", "Budapesti Ulti Klub"),
    ("Horváth Gábor", "Pécsi Ulti Társaság"),
    ("Varga Ildikó", "Győri Ulti Klub"),
    ("Kiss Ferenc", "Debreceni Kártya Egylet"),
    ("Molnár Judit", "Szegedi Ulti Kör"),
    ("Németh László", "Pécsi Ulti Társaság"),
    ("Farkas Anikó", "Győri Ulti Klub"),
    ("Balogh Tamás", "Budapesti Ulti Klub"),
    ("Papp Zsuzsanna", "Miskolci Ulti Kör"),
]

# Deals of ulti-mausz.md §7 (examples 1, 2, 9 and 3), built for whoever sits where.
ULTI_HANDS = [
    lambda s: {
        "declarer": s[0],
        "bid": "parti",
        "trump": "zold",
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 60,
            "trump7_last_trick": None,
            "marriages": [{"seat": s[0], "suit": "makk"}, {"seat": s[1], "suit": "tok"}],
        },
    },
    lambda s: {
        "declarer": s[0],
        "bid": "parti",
        "trump": "piros",
        "play": {
            "declarer_tricks": 4,
            "declarer_card_points": 30,
            "marriages": [{"seat": s[1], "suit": "tok"}],
            "trump7_last_trick": {"seat": s[1], "won": False},
        },
    },
    lambda s: {
        "declarer": s[0],
        "bid": "ulti",
        "trump": "tok",
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 50,
            "marriages": [],
            "trump7_last_trick": {"seat": s[0], "won": True},
        },
    },
    lambda s: {
        "declarer": s[0],
        "bid": "parti",
        "trump": "tok",
        "silent_claims": ["100"],
        "play": {
            "declarer_tricks": 8,
            "declarer_card_points": 70,
            "marriages": [{"seat": s[0], "suit": "tok"}],
            "trump7_last_trick": None,
        },
    },
]


class Command(BaseCommand):
    help = (
        "Create the demo events (idempotent): Taruk 2012 in Slovenia, 16 players, and MAUSZ ulti in "
        "Hungarian, 12 players; round 1 of each seated and running with a few hands; and a Taruk season of "
        "three finished events, a running one and a Masters to fill."
    )

    def add_arguments(self, parser):
        parser.add_argument("--slug", default="demo-taruk-2026")
        parser.add_argument("--ulti-slug", default="demo-ulti-2026")

    @transaction.atomic
    def handle(self, *args, slug: str, ulti_slug: str, **options) -> None:
        organizer = self._user("organizer", superuser=True)
        self._user("referee")
        self._event(
            organizer,
            PLAYERS,
            DEMO_HANDS,
            "SLO-1",
            "random",
            "{players} players, round 1 seated (seed {seed}) and running, {entered} hands entered at tables 1 and 2.",
            name="Taruk Open Ljubljana (demo)",
            slug=slug,
            variant="taruk2012",
            rounds=4,
            hands_per_round=12,
            round_minutes=75,
            table_size=4,
            draw_seed="demo-2026",
            # A new Taruk event chooses its readings of P27/P15 and the table ties (taruk2012.md §4.5;
            # the event form asks for them): the demo takes the federation's summary of P27.
            readings={"radelc": "holder_plays", "partner_share": "magnitude", "table_ties": "competition"},
        )
        # MAUSZ draws follow the ranking order (ulti-mausz.md §6.1).
        self._event(
            organizer,
            ULTI_PLAYERS,
            ULTI_HANDS,
            "MAUSZ-2",
            "strength",
            "{players} players at tables of three, drawn by strength, round 1 running, {entered} deals entered at "
            "tables 1 and 2.",
            name="Ulti Kupa Budapest (demo)",
            slug=ulti_slug,
            variant="ulti-mausz",
            rounds=3,
            hands_per_round=9,
            round_minutes=60,
            table_size=3,
            language="hu",
            draw_seed="ulti-2026",
        )
        self.stdout.write(self.style.SUCCESS(make_season(organizer, PLAYERS, DEMO_HANDS)))

    def _event(
        self, organizer: User, players: list, makers: list, id_prefix: str, method: str, summary: str, **fields: Any
    ) -> None:
        """Create the event with its players, draw, publish and start round 1, enter a few hands; say so
        (``summary``, with the number of players, the draw's seed and the hands entered)."""
        if Tournament.objects.filter(slug=fields["slug"]).exists():
            self.stdout.write(f"Demo event {fields['slug']!r} exists already.")
            return
        chosen = fields.pop("readings", {})
        fields["config"], fields["event_settings"] = with_readings(fields["variant"], {}, {}, chosen)
        event = services.create_tournament(organizer, is_public=True, **fields)
        services.set_referee(organizer, event, "referee", [])
        for i, (name, club) in enumerate(players, start=1):
            services.register_player(
                organizer, event, name=name, club=club, federation_id=f"{id_prefix}{i:02d}", strength=i
            )
        rnd = rounds.draw_round(organizer, event, method=method)
        rounds.publish_draw(organizer, rnd)
        rounds.start_clock(organizer, rnd)
        entered = self._play_some_hands(organizer, rnd, makers)
        said = summary.format(players=len(players), seed=rnd.seed, entered=entered)
        self.stdout.write(self.style.SUCCESS(f"Demo event {event.name!r}: {said}"))

    def _play_some_hands(self, user: User, rnd, makers: list) -> int:
        """A few hands at two tables, so the table pages and standings show something."""

        count = 0
        for table in rnd.tables.filter(number__in=(1, 2)):
            setup = hands.table_setup(table, rnd.tournament)
            previous = None
            for make in makers:
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
