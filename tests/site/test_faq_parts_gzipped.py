"""The FAQ page's parts (each entry's pictures, transcripts and diagrams) are stored gzipped, a fifth
of their text, and every part the page names is there and inflates to HTML."""

from __future__ import annotations

import gzip
import re


def test_every_part_the_faq_page_names_is_a_gzipped_file(site_dir):
    page = (site_dir / "faq.html").read_text(encoding="utf-8")
    named = set(re.findall(r'data-part="(data/faq/[^"]+)"', page))
    assert named
    stored = {p.relative_to(site_dir).as_posix() for p in (site_dir / "data" / "faq").iterdir()}
    assert stored == {f"{n}.gz" for n in named}          # nothing else stored, nothing missing
    packed = unpacked = 0
    for n in named:
        raw = (site_dir / f"{n}.gz").read_bytes()
        html = gzip.decompress(raw).decode("utf-8")
        assert "<" in html and raw[4:8] == b"\0\0\0\0"   # HTML; mtime 0: the same bytes each build
        packed, unpacked = packed + len(raw), unpacked + len(html.encode("utf-8"))
    assert packed * 3 < unpacked
