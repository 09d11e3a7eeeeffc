"""The plain refusal a cog raises, in a module of its own.

``cogs.errors`` is loaded as an extension, and discord.py executes an extension's module
afresh: a class defined there exists twice once anything imported the module first (the
tree does), and a refusal raised as one copy's ``UserFacingError`` was not recognised by
the other copy's ``describe`` (it was answered as a bug). Defined here, there is one class.
"""

from __future__ import annotations


class UserFacingError(Exception):
    """Raised by cogs for a plain, expected refusal (shown as is)."""
