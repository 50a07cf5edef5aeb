"""The browser tests' offline switch holds at the server too (tests/support/wifi.py): a hand posted by a
phone whose Wi-Fi is down is answered as a lost connection and not stored; reading still works."""

from django.urls import reverse

from tests.conftest import client_for
from tests.support import wifi
from tournaments.models import Hand


def test_a_phone_whose_wifi_is_down_stores_no_hand(running_event, bob):
    client = client_for(bob)
    client.cookies[wifi.COOKIE] = "down"
    url = reverse("hand-enter", args=[running_event.slug, 1, 1])
    response = client.post(url, {"game": "tri", "card_points": "48"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 503
    assert not response["Content-Type"].startswith("application/json")  # offline.js: "network"
    assert Hand.objects.count() == 0
    assert client.get(reverse("table", args=[running_event.slug, 1, 1])).status_code == 200
