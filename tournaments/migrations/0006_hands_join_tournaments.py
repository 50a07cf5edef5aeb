"""The hand models join the tournaments app (they were the Django half of ``scoring``, which is now
the pure engine alone). Their tables keep the names they had, so no row moves: a database made
before this migration already has them and only the state changes; a new one gets them created here.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

TABLES = ("PinThrottle", "Hand", "IdempotencyKey", "JudgeConfirmation")  # in the order their keys need


def create_missing_tables(apps, schema_editor):
    existing = set(schema_editor.connection.introspection.table_names())
    for name in TABLES:
        model = apps.get_model("tournaments", name)
        if model._meta.db_table not in existing:
            schema_editor.create_model(model)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_audit_latest_per_event"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PinThrottle',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('scope', models.CharField(max_length=150, unique=True)),
                        ('failures', models.PositiveIntegerField(default=0)),
                        ('locked_until', models.DateTimeField(blank=True, null=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'verbose_name': 'PIN attempts',
                        'verbose_name_plural': 'PIN attempts',
                        'db_table': 'scoring_pinthrottle',
                    },
                ),
                migrations.CreateModel(
                    name='Hand',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='hand number')),
                        ('dealer', models.CharField(choices=[('A', 'A'), ('B', 'B'), ('C', 'C'), ('D', 'D'), ('E', 'E'), ('F', 'F'), ('G', 'G')], max_length=1, verbose_name='dealer')),
                        ('input', models.JSONField(verbose_name="referee's input")),
                        ('played', models.BooleanField(default=True, verbose_name='counts as a hand of the round')),
                        ('points', models.JSONField(default=dict, verbose_name='points per position')),
                        ('state_after', models.JSONField(default=dict, verbose_name='table state after the hand')),
                        ('breakdown', models.JSONField(default=list, verbose_name='breakdown')),
                        ('rules_version', models.CharField(max_length=60, verbose_name='rules version')),
                        ('version', models.PositiveIntegerField(default=1, verbose_name='version')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='entered')),
                        ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                        ('entered_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands', to='tournaments.table')),
                    ],
                    options={
                        'verbose_name': 'hand',
                        'verbose_name_plural': 'hands',
                        'db_table': 'scoring_hand',
                        'ordering': ['table', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='IdempotencyKey',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=100, verbose_name='idempotency key')),
                        ('request_hash', models.CharField(max_length=64)),
                        ('hand_number', models.PositiveSmallIntegerField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('hand', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.hand')),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.table')),
                    ],
                    options={
                        'verbose_name': 'idempotency key',
                        'verbose_name_plural': 'idempotency keys',
                        'db_table': 'scoring_idempotencykey',
                    },
                ),
                migrations.CreateModel(
                    name='JudgeConfirmation',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('reason', models.TextField(verbose_name='reason')),
                        ('totals', models.JSONField(verbose_name='totals confirmed')),
                        ('confirmed_at', models.DateTimeField(auto_now_add=True, verbose_name='confirmed')),
                        ('judge', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('table', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='judge_confirmation', to='tournaments.table')),
                    ],
                    options={
                        'verbose_name': 'confirmation by the judge',
                        'verbose_name_plural': 'confirmations by the judge',
                        'db_table': 'scoring_judgeconfirmation',
                    },
                ),
                migrations.AddConstraint(
                    model_name='hand',
                    constraint=models.UniqueConstraint(fields=('table', 'number'), name='unique_hand_number_per_table'),
                ),
                migrations.AddConstraint(
                    model_name='idempotencykey',
                    constraint=models.UniqueConstraint(fields=('table', 'key'), name='unique_idempotency_key_per_table'),
                ),
            ],
        ),
        migrations.RunPython(create_missing_tables, migrations.RunPython.noop),
    ]
