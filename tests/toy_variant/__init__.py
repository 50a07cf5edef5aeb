"""A sixth variant, made up for the test that a variant is one package and one registry line.

"Toy": three players, each hand the referee writes who won and the stake (1-10); the winner scores
twice the stake, the other two lose it. An event may set what each loser pays at each stake instead (its
"stakes" table, ``config_table.py``: event configuration declared in the package). Nothing about it
exists outside this package: the test registers ``VARIANT`` under its key and runs an event of it
through the site.
"""

from scoring.assembly import assemble
from scoring.text import _

VARIANT = assemble(__name__, _("Toy"))
