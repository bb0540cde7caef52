"""Pictures that show when a notebook is first opened, and the stepper's words and diagram in the reader's language.

A freshly cloned notebook is untrusted. JupyterLab then shows no ``image/svg+xml`` output (its SVG
renderer is not "safe") and sanitizes ``text/html``, removing every ``<svg>`` element (its
sanitizer, packages/apputils/src/sanitizer.ts, keeps ``<img>`` with embedded data). So every stored
picture must also be in a form shown untrusted: an ``<img src="data:...">`` in ``text/html`` beside
an SVG output (or an ``image/png``), never an inline ``<svg>`` inside HTML. VS Code and GitHub show both.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks" / "ja").glob("*.ipynb")])
SHOWN_UNTRUSTED = {"image/png", "image/jpeg", "image/gif", "text/plain", "text/html"}   # text/html: sanitized
PICTURES = {"image/svg+xml", "image/png", "image/jpeg", "image/gif"}


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def _pictures_hidden_untrusted(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            where = f"{path.relative_to(root)} cell {i} ({_text(cell['source'])[:50]!r})"
            html = _text(data.get("text/html", ""))
            # Untrusted, JupyterLab renders the first mime type with a safe renderer: an image/png, or
            # text/html (sanitized) with the picture as an embedded <img>, rather than the SVG.
            if PICTURES & set(data) and not PICTURES & SHOWN_UNTRUSTED & set(data) and \
                    not re.search(r"<img\b[^>]*\bsrc=\"data:image/", html):
                found.append(f"{where}: a picture only as {sorted(PICTURES & set(data))}")
            if re.search(r"<svg\b", html):
                found.append(f"{where}: an inline <svg> in text/html (removed by the sanitizer)")
            if "image/png" in data:
                png = base64.b64decode(_text(data["image/png"]))
                if not png.startswith(b"\x89PNG\r\n\x1a\n"):
                    found.append(f"{where}: image/png is not a PNG")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_stored_picture_shows_in_an_untrusted_notebook(path):
    assert _pictures_hidden_untrusted(path) == []


def test_the_check_finds_a_picture_only_an_untrusted_notebook_hides(tmp_path):
    nb = {"cells": [{"cell_type": "code", "source": "d", "outputs": [
        {"output_type": "display_data", "data": {"image/svg+xml": "<svg/>", "text/plain": "<Diagram>"}},
        {"output_type": "display_data", "data": {"text/html": "<div><svg></svg></div>", "text/plain": "x"}}]}]}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(nb))
    found = _pictures_hidden_untrusted(path, root=tmp_path)
    assert len(found) == 2 and "only as ['image/svg+xml']" in found[0] and "inline <svg>" in found[1]


def test_a_diagram_offers_its_svg_as_an_embedded_image_too_and_the_same_each_time():
    pytest.importorskip("rulings_lib.diagrams")
    from rulings_lib.diagrams import wrgp_turn

    bundle = wrgp_turn()._repr_mimebundle_()
    svg = bundle["image/svg+xml"]
    assert "<svg" in svg
    m = re.search(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', bundle["text/html"])
    assert m and base64.b64decode(m.group(1)).decode("utf-8") == svg          # the very same picture
    assert "<svg" not in bundle["text/html"]                                  # (the sanitizer would remove it)
    assert wrgp_turn()._repr_mimebundle_() == bundle                          # stored outputs stay put


def test_a_step_view_embeds_its_picture_as_an_image():
    from rulings_lib.widgets import explain_steps

    html = explain_steps("battle-interrupted", 1)._repr_html_()
    assert "<svg" not in html
    src = re.search(r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert src and b"<svg" in base64.b64decode(src.group(1))


# ----------------------------------------------------------------------------- the stepper's language
def test_the_stepper_title_and_diagram_follow_the_language_toggle():
    pytest.importorskip("rulings_lib.diagrams")
    from rulings_lib.diagrams import scenario_path
    from rulings_lib.widgets import ScenarioStepper
    from rulings_lib.widgets.stepper import _svg

    s = ScenarioStepper(start="power-bond-handover")
    s.forward.click()
    sc = s.result.scenario
    assert sc.title_in("en") in s.title.value
    english_diagram = s.diagram.value
    s.lang = "ja"
    assert sc.title_in("ja") != sc.title_in("en")
    assert sc.title_in("ja") in s.title.value and sc.title_in("en") not in s.title.value
    assert s.diagram.value != english_diagram
    assert _svg(scenario_path(s.result, upto=1, lang="ja")) in s.diagram.value
    s.lang = "en"
    assert s.diagram.value == english_diagram and sc.title_in("en") in s.title.value
