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
MEAN_TOLERANCE = 1.0  # mean absolute difference per channel, 0..255
CHANGED_TOLERANCE = 0.01  # share of pixels that may differ by more than 48 in a channel


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
    big = diff.convert("L").point(lambda v: 255 if v > 48 else 0)
    changed = ImageStat.Stat(big).mean[0] / 255
    if mean > MEAN_TOLERANCE or changed > CHANGED_TOLERANCE:
        out.write_bytes(png)
        raise AssertionError(
            f"{name}: differs from golden (mean {mean:.2f}, changed {changed:.2%}); see {out}. "
            "If the change is intended, rerun with UPDATE_GOLDEN=1 and look at the result."
        )
