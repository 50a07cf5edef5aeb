"""Players across events (season.md §1): one person, one ``Player`` record, whatever the events.

- ``registry``: matching an event's new players with the site's (federation id, else name and club,
  the latter only with the organizer's consent) and merging two records of one person (audited);
- ``history``: a person's page: his events, places and main figures, and his series (the hook the
  seasons fill);
- ``views``, ``api``, ``urls``: the person's page, the merge page and their API twins.
"""
