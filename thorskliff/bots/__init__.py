"""Bots: policies that play a seat from its observation and legal actions."""

from .base import Bot
from .greedy import GreedyBot
from .randombot import RandomBot
from .runner import GameResult, play_game

__all__ = ["Bot", "GameResult", "GreedyBot", "RandomBot", "play_game"]
