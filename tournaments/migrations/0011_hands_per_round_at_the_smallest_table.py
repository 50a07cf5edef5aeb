"""Hands per round now count at the variant's smallest table (``TablePlan.hands``); before, they counted
at the event's seats per table. An event whose seats per table were larger keeps the hands its tables
play: its hands per round become what its smallest tables played (e.g. ulti at four seats, 12 -> 9)."""

from django.db import migrations


def at_the_smallest_table(apps, schema_editor):
    from scoring.registry import VARIANTS

    Tournament = apps.get_model("tournaments", "Tournament")
    for event in Tournament.objects.all():
        variant = VARIANTS.get(event.variant)
        if variant is None or variant.plan is None:
            continue
        smallest = variant.plan.min_seats
        if event.table_size <= smallest:
            continue
        # What a table of the smallest size played before: as many whole turns of the deal.
        hands = max(1, round(event.hands_per_round / event.table_size)) * smallest
        Tournament.objects.filter(pk=event.pk).update(hands_per_round=min(hands, 100))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0010_draw_method_schedule_and_notes")]

    operations = [migrations.RunPython(at_the_smallest_table, migrations.RunPython.noop)]
