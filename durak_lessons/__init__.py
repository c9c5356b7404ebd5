"""durak-lessons: a rules engine for the Russian beating card games (Дурак family, Очко).

Pure Python, standard library only.  The main entry points::

    >>> import durak_lessons as dl
    >>> game = dl.Game("podkidnoy", players=2, seed=1)
    >>> game.push(game.legal_actions()[0])
    >>> dl.find_preset("переводной").transfers
    True
"""

from . import presets_bout  # noqa: F401  (registers the other bout games, issue 3)
from .actions import Action, ActionList, Kind
from .bots import Bot, GreedyBot, RandomBot
from .bout import Played
from .cards import CARDS, Card, CardSet, InvalidCardError, Rank, Suit, deck, parse_cards
from .catalogue import CatalogueRow, catalogue, catalogue_table
from .chain import ChainState  # registers the chain family (наваленный, дорожный) and presets
from .deal import Deal, deal, deal_from_order
from .engine import (
    Game,
    GameState,
    apply,
    explain,
    initial_state,
    is_legal,
    legal_actions,
    new_game,
)
from .errors import (
    DurakError,
    EndlessGameError,
    IllegalActionError,
    InvalidActionError,
    InvalidBotError,
    InvalidDealSeatError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidSeatError,
    MissingSeedError,
    NotARecordError,
    Reason,
    UnknownPresetError,
)
from .narration import justify, narrate
from .outcome import Outcome, Termination
from .records import Record
from .rules import (
    OUR_READINGS,
    Beating,
    ChainTake,
    Family,
    FirstLeader,
    LeadShape,
    OnFail,
    Preset,
    Rules,
    ThrowIns,
    all_presets,
    find_preset,
    preset_info,
    preset_names,
)
from .simulate import play
from .views import View

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "OUR_READINGS",
    "Action",
    "ActionList",
    "Beating",
    "Bot",
    "Card",
    "CardSet",
    "CatalogueRow",
    "ChainState",
    "ChainTake",
    "Deal",
    "DurakError",
    "EndlessGameError",
    "Family",
    "FirstLeader",
    "Game",
    "GameState",
    "GreedyBot",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidBotError",
    "InvalidCardError",
    "InvalidDealSeatError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidSeatError",
    "Kind",
    "LeadShape",
    "MissingSeedError",
    "NotARecordError",
    "OnFail",
    "Outcome",
    "Played",
    "Preset",
    "RandomBot",
    "Rank",
    "Reason",
    "Record",
    "Rules",
    "Suit",
    "Termination",
    "ThrowIns",
    "UnknownPresetError",
    "View",
    "all_presets",
    "apply",
    "catalogue",
    "catalogue_table",
    "deal",
    "deal_from_order",
    "deck",
    "explain",
    "find_preset",
    "initial_state",
    "is_legal",
    "justify",
    "legal_actions",
    "narrate",
    "new_game",
    "parse_cards",
    "play",
    "preset_info",
    "preset_names",
]
