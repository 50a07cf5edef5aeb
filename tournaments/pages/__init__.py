"""Views, split by audience (STYLE.md §9): public pages and organizer pages."""
