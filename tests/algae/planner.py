"""The goal-directed planner of the balance harness now lives in ai/plan_algae.py (it is
the AI's 'normal' Algae level); this name stays for tests/algae/balance.py."""

from ai.plan_algae import choose

__all__ = ["choose"]
