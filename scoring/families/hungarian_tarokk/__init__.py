"""The Hungarian tarokks (Illusztrált: ``rules/tarokk-illusztralt.md``; Vadász: ``rules/tarokk-vadasz.md``;
Laza's kontra words): what their packages share, laid out as a variant package is.

- ``rules.py``: the count of the 94 card points and its bands (the game at 48, a dupla at 71), the sheet's
  verdict instead of the count, and their checks;
- ``entry.py``: the hand form's fields for them;
- ``protocol.py``: the words the paper sheets write (bids, kontra levels, figures, renonsz) and the line.

Each variant's package still reads as its spec: it imports these where its sections use them and cites
the section there.
"""
