"""Reading a PDF as a person reads it: its text (pypdf), and its pages as images (pdftoppm)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree


def pdf_text(pdf: bytes) -> tuple[int, str]:
    """(page count, the text of all pages with whitespace normalised)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), " ".join(" ".join(p.extract_text() for p in reader.pages).split())


@dataclass(frozen=True)
class Word:
    """A word drawn on a page and its box, in PDF points from the page's top left corner."""

    text: str
    page: int
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Word, slack: float = 0.3) -> bool:
        """The two boxes share ink room (more than ``slack`` points each way): one word is printed over the other."""
        return (
            self.page == other.page
            and min(self.right, other.right) - max(self.left, other.left) > slack
            and min(self.bottom, other.bottom) - max(self.top, other.top) > slack
        )


def pdf_words(pdf: bytes) -> list[Word] | None:
    """Every word of every page with its box (poppler's ``pdftotext -bbox``; None without poppler)."""
    if shutil.which("pdftotext") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "doc.pdf", Path(tmp) / "words.html"
        source.write_bytes(pdf)
        subprocess.run(["pdftotext", "-bbox", source, out], check=True)
        root = ElementTree.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", out.read_text(encoding="utf-8")))
    words = []
    for number, page in enumerate(root.iter("{http://www.w3.org/1999/xhtml}page"), start=1):
        for w in page.iter("{http://www.w3.org/1999/xhtml}word"):
            box = [float(w.get(k, "0")) for k in ("xMin", "yMin", "xMax", "yMax")]
            words.append(Word(w.text or "", number, *box))
    return words


def overlapping(words: list[Word]) -> list[tuple[str, str]]:
    """Pairs of words printed over each other."""
    return [(a.text, b.text) for i, a in enumerate(words) for b in words[i + 1 :] if a.overlaps(b)]


def first_page_png(pdf: bytes, dpi: int = 100) -> bytes | None:
    """The first page as a PNG (None without poppler's pdftoppm)."""
    if shutil.which("pdftoppm") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "doc.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", source, Path(tmp) / "page"], check=True)
        return (Path(tmp) / "page.png").read_bytes()
