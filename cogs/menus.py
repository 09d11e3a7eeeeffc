"""Placeholder."""


def register_dynamic_items(bot) -> None:
    pass
