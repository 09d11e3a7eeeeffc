"""The Discord front end: discord.py cogs, thin by design (no rules here).

``cogs.app`` builds the bot; each other module is one cog or a pure helper it uses.
"""
