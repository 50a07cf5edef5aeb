"""The sheet's verdict of the count (``count_result``, Illusztrált and Vadász tarokk) instead of the card
points: what their tests share. A verdict is the band of 0-94 the card points P fall in (the variant's
``COUNT_RESULTS``), and a hand must score with it exactly as with any P of its band. Pure."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from scoring.types import Variant

Bands = Mapping[str, tuple[int, int]]


def band_of(bands: Bands, points: int) -> str:
    """The verdict a sheet writes for ``points``, found from the bands themselves."""
    (verdict,) = [v for v, (lo, hi) in bands.items() if lo <= points <= hi]
    return verdict


def by_verdict(bands: Bands, hand: dict[str, Any]) -> dict[str, Any]:
    """The hand as a referee who did not count records it: the band instead of P."""
    out = {k: v for k, v in hand.items() if k != "declarer_card_points"}
    out["count_result"] = band_of(bands, hand["declarer_card_points"])
    return out


def scores_as_counted(variant: Variant, bands: Bands, counted: dict[str, Any], state: Any, why: Any) -> None:
    """``counted`` recorded by its verdict is valid and scores the same points and state."""
    verdict = by_verdict(bands, counted)
    assert variant.validate(verdict, state, None) == [], why
    a, b = variant.score(counted, state), variant.score(verdict, state)
    assert (b.points, b.state) == (a.points, a.state), why


def sample_hands_score_as_counted(variant: Variant, bands: Bands, random_hand: Callable, at_least: int) -> None:
    """3000 sample hands: each with a count scores the same by its verdict; ``at_least`` of them have one."""
    rng = random.Random("count_result")
    compared = 0
    for _ in range(3000):
        hand, state = random_hand(rng)
        if "declarer_card_points" in hand:  # not redealt, thrown in or a renonsz
            scores_as_counted(variant, bands, hand, state, hand)
            compared += 1
    assert compared > at_least


def every_count_and_trick_count(variant: Variant, bands: Bands, make: Callable[..., dict], state: Any) -> None:
    """P 0-94 x T 0-9 of the hand ``make(**members)`` builds: where P is valid its band is valid and scores
    the same; a band is valid exactly where some P of it is (the trick bounds on the band)."""
    for t in range(10):
        valid_bands = set()
        for p in range(95):
            counted = make(declarer_card_points=p, declarer_tricks=t)
            if not variant.validate(counted, state, None):
                valid_bands.add(band_of(bands, p))
                scores_as_counted(variant, bands, counted, state, (p, t))
        for band in bands:
            hand = make(count_result=band, declarer_tricks=t)
            assert (variant.validate(hand, state, None) == []) == (band in valid_bands), (band, t)
