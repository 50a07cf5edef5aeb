"""Common types of the engine: errors, results, the variant."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config_table import ConfigTable
    from .entry import EntryForm
    from .table_plan import TablePlan

from .protocol_layout import ProtocolLayout
from .standing_rules import StandingRules
from .text import as_is, render, render_all, to_json

JSON = Any


class Code:
    """The error codes of hand-format.md ("Errors (all variants)"): plain strings, named in one place."""

    UNKNOWN_FIELD = "unknown_field"
    MISSING_FIELD = "missing_field"
    INVALID_VALUE = "invalid_value"
    OUT_OF_RANGE = "out_of_range"
    INCONSISTENT = "inconsistent"
    NOT_APPLICABLE = "not_applicable"
    FORBIDDEN_COMBINATION = "forbidden_combination"


@dataclass(frozen=True)
class HandError:
    """One reason a hand is rejected: the path of the field, a code, a sentence.

    ``message`` is a ``scoring.text.Msg`` (English as the string, rendered in another
    language on demand) or, from the site's own checks, text already in the reader's language.
    """

    field: str
    code: str
    message: str

    def as_dict(self, lang: str | None = None) -> dict[str, str]:
        """hand-format.md's error object, the message in ``lang`` (None: English)."""
        return {"field": self.field, "code": self.code, "message": render(self.message, lang)}


@dataclass
class HandScore:
    """The engine's answer for a valid hand (hand-format.md).

    Each breakdown line is a ``scoring.text.Msg`` (English as the string); ``as_dict(lang)``
    renders them, ``stored_breakdown()`` is the JSON kept with a hand to render them later.
    """

    points: dict[str, int]
    state: dict[str, JSON]
    breakdown: list[str] = field(default_factory=list)

    def as_dict(self, lang: str | None = None) -> dict[str, JSON]:
        """hand-format.md's answer, the breakdown in ``lang`` (None: English)."""
        return {"points": self.points, "state": self.state, "breakdown": render_all(self.breakdown, lang)}

    def stored_breakdown(self) -> list[JSON]:
        """The breakdown as JSON to store with the hand (``scoring.text.to_json`` per line)."""
        return [to_json(line) for line in self.breakdown]


class InvalidHand(ValueError):
    """Raised by ``Variant.score`` for a hand that fails validation."""

    def __init__(self, errors: list[HandError]):
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors


Validator = Callable[[Mapping[str, JSON], Mapping[str, JSON], Mapping[str, JSON] | None], list[HandError]]
Settler = Callable[[Mapping[str, JSON], Mapping[str, JSON], Mapping[str, JSON] | None], HandScore]


@dataclass(frozen=True)
class Variant:
    """A variant as the registry holds it.

    ``validate`` returns every error at once; ``settle`` scores a hand that
    ``validate`` accepted. ``score`` is the public entry: validate, then settle.
    ``validate_config`` checks the event-level configuration (only Laza has one).
    ``playing_seats(table_seats, dealer, state)`` tells which seats play the next
    hand in playing order; ``next_dealer(table_seats, dealer)`` rotates the deal.
    """

    key: str
    name: str
    rules_version: str
    validate: Validator
    settle: Settler
    playing_seats: Callable[[list[str], str, Mapping[str, JSON]], list[str]]
    next_dealer: Callable[[list[str], str], str]
    validate_config: Callable[[Mapping[str, JSON] | None], list[HandError]] = lambda config: []
    # ``validate_config`` and then ``validate`` in one call, as ``scoring.engine.evaluate`` asks: the
    # config's errors when it has any, else the hand's. For a variant whose two would repeat work (Laza
    # checks its point table in each, a tenth of scoring a hand); None: the engine calls the two.
    check_all: Validator | None = None
    # Who may deal the hand after ``hand``, the usual one first. ``None``: the deal always
    # rotates (``next_dealer``). Ulti deals a void deal again; after a Vadász throw-in the
    # thrower may take the deal.
    dealers_after: Callable[[list[str], Mapping[str, JSON]], list[str]] | None = None
    # The paths of the hand ``dealers_after`` reads besides ``dealer`` (a void deal's renonsz case, a
    # throw-in): a phone without a connection picks the next dealer by the fields that write them.
    dealers_reads: tuple[str, ...] = ()
    # Where ``playing_seats`` reads the state: the state after a hand as far as the next hand's seats
    # depend on it, from the state before and the hand's envelope (Laza's pairs and attack), so the
    # seats of hands ahead are known before they are scored. ``None``: the seats ignore the state.
    seating_state: Callable[[list[str], Mapping[str, JSON] | None, Mapping[str, JSON]], Mapping[str, JSON]] | None = (
        None
    )
    # Does ``hand`` count as one of the round's hands? A void deal or a redeal does not.
    counts_as_played: Callable[[Mapping[str, JSON]], bool] = lambda hand: True
    # Rules that need the tournament's history (Taruk §5.4: a player's first misdeal is a
    # warning): the hand and how many misdeals the dealer's player already has; errors or [].
    misdeal_history: Callable[[Mapping[str, JSON], int], list[HandError]] | None = None
    # The state a table carries after a hand, in words (the referee's table page): one message per piece
    # of state, a key it does not tell as it is (``scoring.text.as_is``). None: every key as it is.
    describe_state: Callable[[Mapping[str, JSON]], list[str]] | None = None
    # What the table fixes of a hand besides its seats and dealer, as hand members: ``table_fields(table
    # seats, dealer)`` (Vadász: the participants and, where the dealer decides it, the talon arranger).
    # The site puts them in the next hand's envelope, so a referee or a program never types them.
    table_fields: Callable[[list[str], str], dict[str, JSON]] | None = None

    # --- the rest of what the variant is, declared in its package beside the rules -----------
    # (scoring/variants/<key>/__init__.py fills these; the site reads them and never branches
    # on a variant key). Each is the plain-data object of the module named in the comment.
    title: str = ""  # the name the site shows, marked for translation (scoring.text._)
    plan: TablePlan | None = None  # seats, who sits out, hands per round, the seating
    standing: StandingRules | None = None  # table and bye points, default tie-breaks (standing.py)
    protocol: ProtocolLayout | None = None  # the paper sheet's rows and columns (protocol.py)
    entry: EntryForm | None = None  # form field <-> JSON path bindings and layout (entry.py)
    # A renonsz call the judge finds false, charged to the caller (ulti-mausz 10.§(3)g): the hand's
    # input rewritten to the variant's own renonsz case, or None; None here: the rules have no such charge.
    false_call: Callable[[Mapping[str, JSON], str], dict[str, JSON] | None] | None = None
    # scoring.event_options.EventOption: the readings the organizer chooses per event
    options: tuple[Any, ...] = ()
    # The table the organizer fills in per event (config_table.py, Laza's point table): the site's one
    # editor, file codec, API and re-scoring serve it; None: the variant has none.
    config_table: ConfigTable | None = None
    # The calls a judge records at its tables (the site's incident kinds): a renonsz claim, conduct, time
    # and anything else everywhere; a variant whose rules have a procedure of their own adds it (Taruk's
    # "stop", R1–R4: the caller states his finding, agreement makes a renons, else the judge decides).
    incident_kinds: tuple[str, ...] = ("renonsz", "conduct", "time", "other")
    # The hand as a JSON Schema (OpenAPI 3.0's dialect, scoring/hand_schema.py; schema.py): each member's
    # type, choices and range, for the API's document and a generated client. None: an open object.
    hand_schema: Mapping[str, Any] | None = None

    def state_words(self, state: Mapping[str, JSON] | None) -> list[str]:
        """The table's state in words (messages: the site renders them in the reader's language)."""
        state = state if isinstance(state, Mapping) else {}
        return self.describe_state(state) if self.describe_state is not None else as_is(state)

    def allowed_dealers(self, table_seats: list[str], hand: Mapping[str, JSON]) -> list[str]:
        """The dealers the hand after ``hand`` may have, the usual one first."""
        if self.dealers_after is None:
            return [self.next_dealer(table_seats, hand["dealer"])]
        return self.dealers_after(table_seats, hand)

    def score(
        self,
        hand: Mapping[str, JSON],
        state: Mapping[str, JSON] | None = None,
        config: Mapping[str, JSON] | None = None,
    ) -> HandScore:
        state = {} if state is None else state
        errors = self.validate(hand, state, config)
        if errors:
            raise InvalidHand(errors)
        return self.settle(hand, state, config)
