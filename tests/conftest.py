"""Shared test set-up: the test-only game is registered here, never in the product."""

from __future__ import annotations

from tests.toygame import register_toy

register_toy()
