"""One stand-in and one bot process shared by the tests marked ``shared_bot`` (per worker).

Starting the bot costs more than most scenarios (1.2 s of CPU: the bot's imports and its
render worker's). A test that neither restarts the bot, nor bends the stand-in (failures,
slow answers, a dropped gateway), nor counts on its being alone with the bot (the bot's
log, the stand-in's record of every call) is marked ``shared_bot``: it gets the worker's
one bot, and a stand-in view with a guild of its own (new channels, new people), so nothing
it sees was left by an earlier test. (Two read the whole log or record, where anything an
earlier test left can only make them fail: no Traceback in the log, no command sync.) The
bot must still be running when the test ends.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from devkit.standin import BotProcess, StandIn
from devkit.standin.models import Channel, Guild

MARK = "shared_bot"

if TYPE_CHECKING:
    # a view forwards everything else to the stand-in, so the tests use it as one
    _View = StandIn
else:
    _View = object


class GuildView(_View):
    """The shared stand-in as one test sees it: everything of the stand-in, but ``guild``,
    ``games`` and ``channel(name)`` are those of the test's own guild."""

    def __init__(self, standin: StandIn, guild: Guild) -> None:
        self._standin = standin
        self.guild = guild

    def __getattr__(self, name: str):
        return getattr(self._standin, name)

    @property
    def games(self) -> Channel:
        return self.guild.channels[0]

    def channel(self, name: str) -> Channel:
        return next(c for c in self.guild.channels if c.name == name)


class SharedBot:
    """The worker's stand-in and bot, started when the first shared test asks."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.standin: StandIn | None = None
        self.bot: BotProcess | None = None

    async def view(self) -> GuildView:
        """A new guild on the shared stand-in, the bot (re)started if it is not running."""
        if self.standin is None:
            self.standin = StandIn()
            await self.standin.start()
        if not self.running():
            if self.bot is not None:
                await self.bot.stop()
            self.bot = BotProcess(self.standin, self.root / "bot.sqlite3", self.root / "bot.log")
            await self.bot.start()
        guild = await self.standin.add_guild(f"guild {len(self.standin.guilds)}")
        return GuildView(self.standin, guild)

    def running(self) -> bool:
        return self.bot is not None and self.bot.proc is not None and self.bot.alive()

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.stop()
        if self.standin is not None:
            await self.standin.stop()
