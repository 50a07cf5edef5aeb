"""Referees read the engine's errors and arithmetic on the table page, not our specs: no message cites a
section of a spec ("§5.2", "taruk2012 §7.6"); the code comments keep the references. A rulebook's own
paragraph, which a referee does know, stays where it helps ("MAUSZ 10.§(3)g", "13.§", "P27", "R2").

Pure: the messages are read from the source (every ``_("...")`` of ``scoring/``, every translated text
of the referee's hand pages, ``templates/scoring/``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A spec's section: "§" then a number ("§5.2", "(§3.3.8)"); a rulebook's paragraph is "10.§" or "13. §".
SPEC_SECTION = re.compile(r"§\s*\d")


def engine_messages() -> list[tuple[str, str]]:
    out = []
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0].value))
    return out


def page_texts() -> list[tuple[str, str]]:
    tag = re.compile(
        r"{%\s*(?:translate|trans)\s+\"([^\"]*)\"|{%\s*blocktranslate[^%]*%}(.*?){%\s*endblocktranslate", re.S
    )
    out = []
    for path in sorted((ROOT / "templates" / "scoring").glob("*.html")):
        for m in tag.finditer(path.read_text(encoding="utf-8")):
            out.append((str(path.relative_to(ROOT)), m.group(1) or m.group(2)))
    return out


def test_the_engine_has_messages_to_check():
    assert len(engine_messages()) > 500


def test_no_engine_message_cites_a_spec_section():
    cited = [f"{where}: {text}" for where, text in engine_messages() if SPEC_SECTION.search(text)]
    assert cited == []


def test_no_text_of_the_hand_pages_cites_a_spec_section():
    cited = [f"{where}: {text}" for where, text in page_texts() if SPEC_SECTION.search(text)]
    assert cited == []
