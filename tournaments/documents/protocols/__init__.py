"""Printable protocols (zapisnik / játszmalap) and the standings sheet.

- ``build``: the sheets as plain data (from the variant's ``ProtocolLayout`` and the
  database);
- ``render``: HTML from the templates and PDF with WeasyPrint;
- ``links``: the site's address, a table's URL and its QR code.
"""
