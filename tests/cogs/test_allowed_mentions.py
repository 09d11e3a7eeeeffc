"""Every message the cogs send or edit names its allowed_mentions explicitly."""

from __future__ import annotations

import ast
from pathlib import Path

COGS = Path(__file__).resolve().parents[2] / "cogs"
SENDERS = {"send_message", "edit_message", "send", "edit_original_response"}


def test_every_send_and_edit_is_explicit_about_mentions() -> None:
    missing = []
    for path in sorted(COGS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr not in SENDERS:
                continue
            if isinstance(node.func.value, ast.Name) and node.func.value.id == "self":
                continue  # Posting.send(post): not a Discord call
            names = {k.arg for k in node.keywords}
            if "allowed_mentions" not in names and None not in names:  # None: **kwargs
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing, missing
