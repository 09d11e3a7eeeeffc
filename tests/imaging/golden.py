"""Golden pictures: compare a render with tests/imaging/golden/NAME.png, with a small tolerance.

The goldens change only on purpose: run ``UPDATE_GOLDEN=1 .venv/bin/pytest tests/imaging``
and look at the new files before committing them. A missing golden fails the test (it is
never written silently). On a mismatch the actual picture is written beside the temp dir
so it can be looked at.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN_DIR = Path(__file__).parent / "golden"
# The font ships with the project and Pillow is pinned, so a render is pixel-identical on
# every machine; the tolerance only absorbs faint anti-aliasing noise. One changed digit moves
# about ten pixels strongly, so strongly changed pixels are counted, not averaged away.
MEAN_TOLERANCE = 0.1  # mean absolute difference per channel, 0..255
MAX_CHANGED_PIXELS = 8  # pixels whose brightest channel differs by more than 48


def updating() -> bool:
    return os.environ.get("UPDATE_GOLDEN") == "1"


def check_golden(name: str, png: bytes) -> None:
    path = GOLDEN_DIR / f"{name}.png"
    if updating():
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), f"no golden {path.name}; create it with UPDATE_GOLDEN=1 and look at it"
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    expected = Image.open(path).convert("RGB")
    out = Path(tempfile.gettempdir()) / f"golden-actual-{name}.png"
    if actual.size != expected.size:
        out.write_bytes(png)
        raise AssertionError(f"{name}: size {actual.size} != golden {expected.size} (see {out})")
    diff = ImageChops.difference(actual, expected)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    strongest = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    changed = strongest.point(lambda v: 1 if v > 48 else 0).histogram()[1]
    if mean > MEAN_TOLERANCE or changed > MAX_CHANGED_PIXELS:
        out.write_bytes(png)
        raise AssertionError(
            f"{name}: differs from golden (mean {mean:.3f}, {changed} pixels changed); see {out}. "
            "If the change is intended, rerun with UPDATE_GOLDEN=1 and look at the result."
        )
