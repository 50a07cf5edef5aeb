"""The schema says what the API does (issue 26 item 7): each finding of the contract run
(``tests/test_api_contract.py``) read here in the schema itself, so a regression names its operation."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.conftest import client_for

HAND = "/api/events/{slug}/rounds/{number}/tables/{table_no}/hands/{hand_no}/"


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
    entry = request_body(schema, "/api/events/{slug}/rounds/{number}/tables/{table_no}/hands/", "post")
    assert (entry["body_required"], entry["required"]) == (True, ["number"])
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
