"""Очко (Rozaliev 11.а, reading R20): the banking game, with exact odds."""
