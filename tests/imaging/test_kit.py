"""The shared drawing kit: fitting text, recorded boxes, icons, layers, PNG limits."""

from __future__ import annotations

import io
from typing import cast

import pytest
from PIL import Image

from imaging.kit import Canvas, encode_png, font, static_layer
from imaging.kit import palette as pal
from imaging.kit.canvas import fit
from imaging.kit.fonts import BOLD, REGULAR
from imaging.kit.icons import sprite


def test_fonts_are_shipped_with_the_project() -> None:
    assert REGULAR.exists() and BOLD.exists()
    assert font(20).path == str(REGULAR)
    assert font(20, True).path == str(BOLD)
    assert font(20).getlength("€ ★ → ×") > 0


@pytest.mark.parametrize("width", [30, 80, 200, 1000])
def test_fit_never_exceeds_the_width(width: int) -> None:
    text, size = fit("Supercalifragilistic department name", 24, width)
    assert font(size).getlength(text) <= width
    if font(24).getlength("Supercalifragilistic department name") > width:
        assert text.endswith("…") or size < 24 or text == ""


def test_text_is_recorded_inside_its_panel() -> None:
    cv = Canvas.new(300, 100, pal.PAPER)
    with cv.panel("p", (10, 10, 150, 60)):
        cv.text((14, 14), "a very long line of text that cannot fit", 20, max_width=130)
    with cv.panel("q", (10, 70, 40, 90)):
        cv.text((12, 72), "overflowing", 14)  # no max_width: may overflow, and is caught
    assert [t.panel for t in cv.texts] == ["p", "q"]
    assert cv.texts[0].inside()
    assert cv.overflows() == [cv.texts[1]]


def test_icons_are_cached_and_sized() -> None:
    a = sprite("cube", 24, (0, 114, 178), "R")
    assert a is sprite("cube", 24, (0, 114, 178), "R")
    assert a.size == (24, 24) and a.mode == "RGBA"
    with pytest.raises(ValueError):
        sprite("nope", 10, (0, 0, 0))


def test_player_seats_differ_by_shape_as_well_as_colour() -> None:
    shapes = [pal.seat(i).shape for i in range(4)]
    assert len(set(shapes)) == 4
    assert len({pal.seat(i).colour for i in range(4)}) == 4


def test_static_layer_is_built_once_and_copied() -> None:
    calls = []

    def build(cv: Canvas) -> None:
        calls.append(1)
        cv.text((2, 2), "static", 12)

    a = static_layer("test-layer", (50, 20), pal.PAPER, build)
    a.image.putpixel((0, 0), (1, 2, 3))
    b = static_layer("test-layer", (50, 20), pal.PAPER, build)
    assert len(calls) == 1
    assert b.image.getpixel((0, 0)) == pal.PAPER  # a's drawing did not leak into the cache
    assert [t.text for t in b.texts] == ["static"]


def test_png_round_trips_and_falls_back_to_a_palette_when_large() -> None:
    img = Image.new("RGB", (120, 80), pal.FRAME)
    data = encode_png(img)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(data)).size == (120, 80)
    noise = Image.effect_noise((700, 700), 120).convert("RGB")
    assert len(encode_png(noise)) < 1_000_000


def _rgb(img: Image.Image, x: int) -> tuple[int, ...]:
    """The pixel at (x, 0) of an RGB image (Pillow's getpixel is typed for every mode)."""
    return cast(tuple[int, ...], img.getpixel((x, 0)))


def test_the_fixed_palette_keeps_every_named_colour() -> None:
    """Flat fills survive the fixed palette: exactly, or within 6 levels for a colour that
    nearly repeats another (Pillow's lookup works in steps of 4; see make_palette)."""
    from imaging.kit.make_palette import distinct, named_colours

    colours = named_colours()
    img = Image.new("RGB", (len(colours), 1))
    for x, rgb in enumerate(colours):
        img.putpixel((x, 0), rgb)
    back = Image.open(io.BytesIO(encode_png(img))).convert("RGB")
    moved = [
        (rgb, back.getpixel((x, 0)))
        for x, rgb in enumerate(colours)
        if max(abs(a - b) for a, b in zip(rgb, _rgb(back, x), strict=True)) > 6
    ]
    assert moved == []
    kept = distinct(colours)
    assert all(back.getpixel((colours.index(rgb), 0)) == rgb for rgb in kept), "exact"


def test_the_palette_png_holds_exactly_the_quantised_pixels_with_either_deflater(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The PNG written by ``imaging.kit.png`` decodes to the fixed-palette image, pixel for
    pixel, whether zlib-ng or the standard library's zlib deflates it."""
    from imaging.kit import png
    from imaging.kit.fixed_palette import quantise

    img = Image.effect_noise((97, 41), 60).convert("RGB")
    want = quantise(img).convert("RGB").tobytes()
    fast = encode_png(img)
    monkeypatch.setattr(png, "_fast_zlib", None)
    slow = encode_png(img)
    for data in (fast, slow):
        back = Image.open(io.BytesIO(data))
        assert back.mode == "P"
        assert back.convert("RGB").tobytes() == want


@pytest.mark.parametrize(
    ("box", "radius", "fill", "outline", "width"),
    [
        ((10, 10, 90, 40), 5, None, (120, 112, 98), 1),
        ((3, 4, 33, 32), 4, (0, 120, 80), (28, 30, 34), 1),
        ((0, 0, 199, 99), 10, (246, 242, 232), (0, 114, 178), 3),
        ((-5, 20, 60, 130), 8, (232, 226, 212), None, 1),  # partly off the canvas
        ((50, 50, 58, 56), 6, (1, 2, 3), (4, 5, 6), 2),  # smaller than its corners
    ],
)
def test_cached_rounded_rectangles_are_pillows_to_the_pixel(
    box: tuple[int, int, int, int],
    radius: int,
    fill: tuple[int, int, int] | None,
    outline: tuple[int, int, int] | None,
    width: int,
) -> None:
    """The kit's rounded rectangles are pasted from sprites (imaging.kit.fastdraw): the
    picture must be exactly what Pillow draws, on any background."""
    from PIL import ImageDraw

    from imaging.kit.fastdraw import FastDraw

    ground = Image.effect_noise((220, 160), 80).convert("RGB")
    pictures = []
    for draw in (ImageDraw.Draw, FastDraw):
        img = ground.copy()
        draw(img).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        pictures.append(img.tobytes())
    assert pictures[0] == pictures[1]
