"""Who may write at which table of ``running_event`` (the personas of tests/conftest.py): alice organizes,
bob referees every table, rita table 1 only, charlie has no role in the event. The table page and the API
answer to the same rights (tournaments/access.py), so their tests take the same cases."""

# (persona, table, may write there)
STAFF_AT_TABLES = [("alice", 2, True), ("bob", 2, True), ("rita", 1, True), ("rita", 2, False), ("charlie", 1, False)]
