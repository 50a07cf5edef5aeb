"""Seat draws: pure functions over plain data, no Django import (STYLE.md §1).

One module per job; ``tournaments/rounds/services.py`` loads and stores around them. What differs per
variant (table sizes, positions, whether rule 7 or an all-play-all applies) is the variant's
``TablePlan`` (``scoring/variants/<key>/table.py``); these modules take the variant's key
and read its plan, never branching on the key.

- ``draw``: what a draw is (``Draw``, ``Table``) and the steps every draw shares;
- ``first_round``: round 1 by lot or by strength bands (``clubs`` keeps club mates apart);
- ``reseat``: later rounds by standings, avoiding repeat meetings;
- ``rule7``: later rounds by places at the old tables (Taruk rule 7);
- ``all_play_all``: the all-play-all schedule and its rounds (``kirkman``, ``annealing``);
- ``repeats``: the report of pairs at a table who met before.
"""
