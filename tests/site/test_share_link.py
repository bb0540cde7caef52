"""The share-link decoder (site/js/share.js) under Node 20: a `#z=` payload is
inflated only up to the page's limit, never whole; damaged links say so; a link's text round-trips.
Node is needed anyway to build the site (./dev test installs it)."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import node

ROOT = Path(__file__).resolve().parents[2]


def _z(raw: bytes) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "#z=" + base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")


def _decode(cases: dict[str, str]) -> dict:
    proc = node.run(ROOT / "tests" / "site" / "share_link.mjs", timeout=300,
                    input=json.dumps({"cases": [{"name": k, "hash": v} for k, v in cases.items()]}))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_share_links_stop_inflating_at_the_limit():
    from rulings_lib.web import MAX_TEXT

    limit = MAX_TEXT
    out = _decode({
        "bomb": _z(b"a" * (64 * 1024 * 1024)),                     # 64 MB of text in a ~64 KB link
        "just-over": _z(b"b" * (limit + 1)),
        "at-limit": _z("あ".encode() * limit),                      # 200,000 characters, 600,000 bytes
        "damaged": "#z=" + "A" * 40,
        "not-base64": "#z=%%%",
        "not-utf8": _z(b"\xff\xfe" * 10),
    })
    assert out["max_chars"] == limit                               # one limit, the page's
    assert out["round_trip"] is True
    cases = out["cases"]
    assert cases["bomb"]["ok"] is False and "too long" in cases["bomb"]["error"]
    assert cases["bomb"]["rss_mb"] < 100, cases["bomb"]             # nowhere near the 64 MB inflated
    assert cases["just-over"]["ok"] is False and "too long" in cases["just-over"]["error"]
    assert cases["at-limit"] == {**cases["at-limit"], "ok": True, "text_length": limit}
    for name in ("damaged", "not-base64", "not-utf8"):
        assert cases[name]["ok"] is False and "damaged" in cases[name]["error"], (name, cases[name])


def test_the_decoder_reads_the_output_as_it_comes():
    """The cause, not the example: the decoder reads the inflated stream piece by piece and stops;
    it never asks for the whole body (arrayBuffer/Response) of a #z= payload."""
    src = (ROOT / "site" / "js" / "share.js").read_text(encoding="utf-8")
    body = src[src.index("export async function decode"):]
    assert "inflateCapped(" in body and "arrayBuffer" not in body
    assert re.search(r"export const MAX_CHARS = 200000;", src)
