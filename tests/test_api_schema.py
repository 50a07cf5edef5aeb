"""The schema says what the API does (issue 26 item 7): each finding of the contract run
(``tests/test_api_contract.py``) read here in the schema itself, so a regression names its operation."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from django.test import Client

from scoring.hand_schema import as_json_schema
from scoring.registry import VARIANTS
from tests.conftest import client_for

HANDS = "/api/events/{slug}/rounds/{number}/tables/{table_no}/hands/"
HAND = HANDS + "{hand_no}/"


@pytest.fixture
def schema(db) -> dict[str, Any]:
    return client_for(None).get("/api/schema/?format=json").json()


def component(schema: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    return schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def request_body(schema: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    body = schema["paths"][path][method]["requestBody"]
    return {**component(schema, body["content"]["application/json"]["schema"]), "body_required": body.get("required")}


def test_a_required_text_is_documented_as_never_blank(schema):
    # The API trims and refuses "" and "   " (code "blank"): minLength 1 and a non-space character.
    name = request_body(schema, "/api/events/", "post")["properties"]["name"]
    assert (name["minLength"], name["pattern"]) == (1, r"\S")
    readings = request_body(schema, "/api/events/{slug}/readings/", "post")["properties"]["readings"]
    assert readings["additionalProperties"]["pattern"] == r"\S"


def test_the_configuration_and_the_tiebreaks_are_never_null(schema):
    fields = request_body(schema, "/api/events/", "post")["properties"]
    assert fields["config"]["type"] == "object" and not fields["config"].get("nullable")
    assert fields["tiebreaks"]["type"] == "array" and not fields["tiebreaks"].get("nullable")
    assert {"head_to_head", "table_wins", "lot"} <= set(component(schema, fields["tiebreaks"]["items"])["enum"])


def test_the_audit_log_is_documented_as_pages(schema):
    audit = schema["paths"]["/api/events/{slug}/audit/"]["get"]
    page = component(schema, audit["responses"]["200"]["content"]["application/json"]["schema"])
    assert {"count", "next", "previous", "results"} <= set(page["properties"])
    assert {"page", "page_size"} <= {p["name"] for p in audit["parameters"]}


def test_a_download_is_documented_as_the_file_not_json(schema):
    download = schema["paths"]["/api/events/{slug}/documents/{key}/file/"]["get"]["responses"]["200"]["content"]
    assert set(download) == {"application/pdf", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
    assert {media["schema"]["format"] for media in download.values()} == {"binary"}


def test_a_hand_is_entered_with_its_number_and_corrected_with_version_and_reason(schema):
    entry = request_body(schema, HANDS, "post")
    assert entry["body_required"] is True
    assert {component(schema, ref)["required"][0] for ref in entry["oneOf"]} == {"number"}  # beside the hand
    patch = request_body(schema, HAND, "patch")
    assert (patch["body_required"], set(patch["required"])) == (True, {"version", "reason", "input"})
    assert patch["properties"]["version"]["minimum"] == 1
    query = {p["name"]: p for p in schema["paths"][HAND]["delete"]["parameters"] if p["in"] == "query"}
    assert (query["version"]["required"], query["reason"]["required"]) == (True, True)
    assert query["version"]["schema"]["minimum"] == 1


def test_the_seat_lookup_documents_its_query_as_optional_and_answers_none_without_it(schema, running_event):
    lookup = schema["paths"]["/api/events/{slug}/seats/"]["get"]
    assert {p["name"]: p.get("required", False) for p in lookup["parameters"]}["q"] is False
    response = client_for(None).get("/api/events/ljubljana-open/seats/")
    assert (response.status_code, response.json()) == (200, [])


def test_a_body_over_the_size_limit_is_answered_in_the_error_format(db, settings):
    # Django refuses it before any view (RequestDataTooBig): the API answers its JSON list, not a page.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = Client().post("/api/token/", data="[" * 1001, content_type="application/json")
    assert (response.status_code, response["Content-Type"]) == (400, "application/json")
    assert [e["code"] for e in response.json()["errors"]] == ["too_large"]


def test_a_page_sent_over_the_size_limit_says_why_in_the_readers_language(db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = Client().post(
        "/accounts/login/", data="x" * 1001, content_type="application/x-www-form-urlencoded", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert "The request is larger than the site accepts." in response.content.decode()


def hands_of(schema: dict[str, Any], choice: dict[str, Any], keyword: str = "oneOf") -> dict[str, dict[str, Any]]:
    """The variants' hands a choice of them refers to, by the variant key each names."""
    hands = [component(schema, ref) for ref in choice[keyword]]
    return {hand["properties"]["variant"]["enum"][0]: hand for hand in hands}


def test_the_hand_bodies_are_one_of_the_variants_hands(schema):
    # Each variant's hand (scoring/variants/<key>/schema.py) in every body that holds a hand, not an open
    # object: entered beside `number`, a PUT's input, a preview, and the hand read back.
    entry = request_body(schema, HANDS, "post")
    put = component(schema, request_body(schema, HAND, "put")["properties"]["input"])
    preview = request_body(schema, "/api/events/{slug}/rounds/{number}/tables/{table_no}/preview/", "post")
    read = component(schema, component(schema, {"$ref": "#/components/schemas/Hand"})["properties"]["input"])
    for body in (entry, put, preview, read):
        hands = hands_of(schema, body)
        assert set(hands) == set(VARIANTS)
        assert "the event's variant decides which applies" in body["description"]
        for key, hand in hands.items():
            assert hand["title"] == VARIANTS[key].hand_schema["title"]
            assert hand["additionalProperties"] is False
    # Read back, the stored hand names its variant: `variant` tells the hands apart.
    assert read["discriminator"]["propertyName"] == "variant"
    assert set(read["discriminator"]["mapping"]) == set(VARIANTS)
    assert all("variant" in hand["required"] for hand in hands_of(schema, read).values())
    # Sent, the members the table fixes may be left out (the table's next envelope).
    sent = hands_of(schema, put)
    assert not {"variant", "seats", "dealer"} & set(sent["taruk2012"]["required"])
    assert "participants" not in sent["tarokk-vadasz"].get("required", [])
    # A PATCH's input holds only the changing members: any variant's, none required.
    patch = component(schema, request_body(schema, HAND, "patch")["properties"]["input"])
    assert set(hands_of(schema, patch, "anyOf")) == set(VARIANTS)
    assert all("required" not in hand for hand in hands_of(schema, patch, "anyOf").values())


def test_the_documented_example_fits_its_variants_hand_and_a_wrong_member_does_not(schema):
    entered = hands_of(schema, request_body(schema, HANDS, "post"))
    examples = schema["paths"][HANDS]["post"]["requestBody"]["content"]["application/json"]["examples"]
    example = next(iter(examples.values()))["value"]  # taruk2012.md §8.1 E1 beside its number
    taruk = jsonschema.Draft202012Validator(as_json_schema(entered["taruk2012"]))
    assert taruk.is_valid(example)
    assert not taruk.is_valid({**example, "umpire": "Ana"})  # the engine: unknown_field
    assert not taruk.is_valid({**example, "partner": "Z"})  # no seat Z
    assert not taruk.is_valid({k: v for k, v in example.items() if k != "number"})  # `number` is required
    ulti = jsonschema.Draft202012Validator(as_json_schema(entered["ulti-mausz"]))
    assert not ulti.is_valid(example)


def test_a_variant_without_a_schema_has_an_open_hand(db, monkeypatch):
    # tests/toy_variant declares no schema: its hand is any object of its variant.
    from tests import toy_variant

    monkeypatch.setitem(VARIANTS, "toy", toy_variant.VARIANT)
    schema = client_for(None).get("/api/schema/?format=json").json()
    toy = hands_of(schema, request_body(schema, HANDS, "post"))["toy"]
    assert (toy["required"], toy["additionalProperties"]) == (["number"], {})
    read = component(schema, component(schema, {"$ref": "#/components/schemas/Hand"})["properties"]["input"])
    assert hands_of(schema, read)["toy"]["required"] == ["variant"]


@pytest.fixture
def generations(monkeypatch) -> list[str]:
    """The languages drf-spectacular made a schema in, from an empty store of made schemas."""
    from django.utils import translation
    from drf_spectacular.generators import SchemaGenerator

    from tournaments.api import core as schema_view

    made: list[str] = []
    generate = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        made.append(translation.get_language())
        return generate(self, *args, **kwargs)

    monkeypatch.setattr(schema_view, "_MADE", {})
    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    return made


def test_the_schema_is_made_once_per_language_and_the_same_for_everyone(db, alice, generations):
    anonymous = client_for(None).get("/api/schema/?format=json")
    again = client_for(alice).get("/api/schema/?format=json")  # a signed-in client reads the same schema
    assert generations == ["en"] and anonymous.json() == again.json()
    hungarian = client_for(None).get("/api/schema/?format=json&lang=hu")
    assert generations == ["en", "hu"] and hungarian.status_code == 200
    client_for(None).get("/api/schema/?format=json&lang=hu")
    assert generations == ["en", "hu"]


def test_a_signed_in_reader_made_the_same_schema_as_the_public_gets(db, alice, generations):
    # What justifies one schema for everyone: made for an organizer first, it equals one made anew for
    # the public (the schema is public: drf-spectacular's SERVE_PUBLIC).
    organizers = client_for(alice).get("/api/schema/?format=json").json()
    from tournaments.api import core as schema_view

    schema_view._MADE.clear()
    assert client_for(None).get("/api/schema/?format=json").json() == organizers
    assert generations == ["en", "en"]


def test_a_language_the_site_has_not_is_answered_and_not_kept(db, generations):
    from tournaments.api import core as schema_view

    for _ in range(2):
        assert client_for(None).get("/api/schema/?format=json&lang=zz").status_code == 200
    assert generations == ["zz", "zz"]
    assert not schema_view._MADE
