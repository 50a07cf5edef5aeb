"""Toy stakes: what each of the other two pays the winner at each stake, set by the organizer per event
(a two-column configuration table, ``scoring.config_table``). The template pays the stake itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.config_table import INT, Column, ConfigTable, Problem, TableWords
from scoring.text import _, ngettext

STAKES = range(1, 11)


def template() -> list[dict[str, Any]]:
    return [{"stake": s, "points": s} for s in STAKES]


def payments(config: Any) -> dict[int, int] | None:
    """Stake -> points, from a valid table; None without one (the stake itself is paid)."""
    table = config.get("stakes") if isinstance(config, Mapping) else None
    if not isinstance(table, Mapping) or check(config):
        return None
    return {r["stake"]: r["points"] for r in table["rows"]}


def rows(config: Any) -> list[dict[str, Any]]:
    found = payments(config)
    return [{"stake": s, "points": p} for s, p in found.items()] if found is not None else []


def check(config: Mapping[str, Any]) -> list[Problem]:
    problems = []
    seen: set[int] = set()
    for i, row in enumerate(config["stakes"]["rows"]):
        if not isinstance(row, Mapping) or set(row) - {"stake", "points"}:
            problems.append(Problem(i, None, "row_object", _("A row has a stake and its points.")))
            continue
        stake, points = row.get("stake"), row.get("points")
        if stake not in STAKES or stake in seen:
            problems.append(Problem(i, "stake", "stake", _("Each stake from 1 to 10, once.")))
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            problems.append(Problem(i, "points", "points", _("The points are a whole number, 0 or more.")))
        seen.add(stake)
    if not problems and seen != set(STAKES):
        problems.append(Problem(None, "stake", "stakes_missing", _("Each stake from 1 to 10, once.")))
    return problems


CONFIG_TABLE = ConfigTable(
    slug="stakes",
    member="stakes",
    identity="stake",
    columns=(Column("stake", _("stake"), INT, missing=_("Fill in the stake.")), Column("points", _("points"), INT)),
    words=TableWords(
        title=_("Stakes"),
        edit=_("Edit the stakes"),
        save=_("Save the stakes"),
        show=_("Show the stakes"),
        page=_("Stakes page"),
        intro=_("Version %(v)s: what each loser pays the winner at each stake."),
        editor_intro=_("Current version: %(v)s. Each stake from 1 to 10 once, and what each loser pays."),
        blank_rows=lambda n: ngettext("%(n)s stake has no value yet", "%(n)s stakes have no value yet", n, n=n),
        saved=_("Stakes saved."),
        saved_rescored=lambda n: ngettext(
            "Stakes saved; %(n)s hand was scored again.", "Stakes saved; %(n)s hands were scored again.", n, n=n
        ),
        unchanged=_("The stakes are unchanged."),
        stale=_("Someone changed the stakes since you opened them; reload and try again."),
        reason_needed=_("The event has hands: give a reason for changing the stakes."),
        why=_("Stakes %(version)s: %(reason)s"),
    ),
    template=template,
    rows=rows,
    check=check,
    row_name=lambda row: str(row.get("stake", "")),
)
