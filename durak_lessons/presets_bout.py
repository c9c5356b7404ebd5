"""The other bout games of the sources as presets (issue 3): простой 1.а-1.г, the blind and
diamonds games, свои козыри 8.а/8.б, дураки с пар and its variants.

Each preset is a :class:`~durak_lessons.rules.Rules` value plus names; the three mechanisms
that options alone cannot express live in their own modules (:mod:`durak_lessons.blind`,
:mod:`durak_lessons.own_trumps`, :mod:`durak_lessons.trump_exchange`).  The readings this
project chose where the sources and the rules brief are silent are D20-D43, added to
:data:`~durak_lessons.rules.OUR_READINGS` below.

>>> from durak_lessons import find_preset
>>> find_preset("дураки с пар").deal_packets, find_preset("пятки").lead_shape.value
('3+2', 'pyatki')
"""

from __future__ import annotations

from typing import Final

from .rules import (
    OUR_READINGS,
    Beating,
    FirstLeader,
    LeadShape,
    OnFail,
    Preset,
    Rules,
    ThrowIns,
    recited,
    register_preset,
)

__all__ = ["BOUT_PRESET_IDS", "BOUT_READINGS"]

ROZALIEV: Final = "Rozaliev, «Карточные игры России»"
ROZALIEV_WEB: Final = "Rozaliev, «Карточные игры России» (web copy)"
DICTIONARY: Final = "Dictionary of card games, article «Дураки с пар»"

#: Our readings for these games (D20-D43); shown in the book as "the source is silent here".
BOUT_READINGS: Final[dict[str, str]] = {
    "D20": (
        "«С погонами» (R8) belongs to подкидной (Rozaliev 2): it is off in простой, свои "
        "козыри, the с пар games and the chain games (наваленный, дорожный), whose sources "
        "do not mention it (option pogony_sixes)."
    ),
    "D21": (
        "С пар leads (R19): one card, or pairs plus one card (тройка, пяток); a lone pair only "
        "when the defender holds exactly two cards (the dictionary's example), so against four "
        "cards a тройка is the most. Three of a rank count as a pair and an odd card (R2)."
    ),
    "D22": (
        "The exchange of the trump six may be made whenever its holder is to act (leading, "
        "answering, throwing in or passing); nobody acts out of turn."
    ),
    "D23": (
        "The exchange happens at most once a deal; the six then lies face up under the stock "
        "and is drawn last. If the turned-up card is the trump six there is nothing to exchange."
    ),
    "D24": (
        "С пар: 'the defender covers what he can' describes the result, not a duty: he may give "
        "up at any time and take the uncovered cards, as in 1.б (option must_cover=1: he may "
        "take only when no uncovered card can be beaten)."
    ),
    "D25": (
        "When the pack is dealt out (8.а/8.б, во все карты, со своими козырями) the cards go "
        "one at a time from the dealer's left; the last card is shown and goes to the dealer, "
        "and fixes the trump suit where there is one (R11). With 5 players the dealer holds "
        "one card more."
    ),
    "D26": (
        "Diamonds game with a turned-up trump: a turned spade goes back under half of the "
        "remaining stock (rounded up) and the next card is turned, repeated while spades turn "
        "up; everyone sees where it goes, so whoever draws it is known to hold it (option "
        "spade_to_middle=0: the spade stays trump and the deal is plain подкидной). "
        "With six players the pack is dealt out and the shown card is the dealer's last: a "
        "spade has no stock to go under, and that deal is played as with the option off."
    ),
    "D27": (
        "The blind game: a lead is one card, since a player who cannot see his cards cannot "
        "choose several of one rank, and R14 names no punishment for a wrong lead."
    ),
    "D28": (
        "The blind game: a row is the hand in the order the cards came (the dealt cards, then "
        "cards taken, in table order, and cards drawn, in drawing order, at its end); a view "
        "shows every row but one's own, and of one's own only where the cards one saw go in "
        "lie (taken from the table, or turned over by a wrong play and kept): a perfect memory "
        "of what everyone saw."
    ),
    "D29": (
        "The blind game: only a player with no card is skipped in the throw-in turn; any other "
        "eligible player may try any card while the bout has room."
    ),
    "D30": (
        "The blind game: a wrong throw-in after 'take' is punished like any other: the thrower "
        "takes the table, the bout ends and his left neighbour leads."
    ),
    "D31": (
        "Свои козыри: the cards are dealt as usual; the suits are split. With two players the "
        "first to name chooses any suit (and so his colour), the second a suit of the other "
        "colour; with four each names a suit nobody has named. Unnamed suits are plain. "
        "The option split_pack plays R16's other reading: the cards themselves are split "
        "(D44)."
    ),
    "D32": (
        "Свои козыри: trumps are named in turn from the dealer's left after the deal, each "
        "player seeing his hand; the player on the dealer's left leads first."
    ),
    "D33": (
        "Во все карты: the agreed number is the most cards a lead may hold (attack_limit, "
        "default 5 as in с пар; 36 = all at once); leads keep the с пар shape, pairs plus one "
        "card (so 7 = three pairs and one); option lead_shape=any for any cards."
    ),
    "D34": (
        "The с пар variants keep its other rules (the dictionary says the rest is unchanged): "
        "в три карты deals one packet of three, английские two packets of three, and both "
        "exchange the trump six."
    ),
    "D35": (
        "С пар games are listed for 2-6 players with 36 cards; the dictionary's full pack for "
        "many players is the option deck_size=52 with max_players up to 8."
    ),
    "D36": (
        "1.г and английские дураки: R19 draws the deal when every player passes with the stock "
        "empty; when they all pass while it still holds cards (nobody draws without a bout, so "
        "nothing would change), each player in turn, from the first to pass, draws one card "
        "and the lead goes on (option pass_round_draws=0: the deal is drawn then too)."
    ),
    "D37": (
        "Свои козыри 8.а/8.б: section 8's base game is missing from our sources; it is played "
        "as подкидной (same-rank leads, throw-ins R5, limit R6) with the whole pack dealt and "
        "no throw-ins after 'take' (the exchange ends when the defender fails); 8.б's taker "
        "takes the whole table, his covering cards too, as in подкидной."
    ),
    "D38": (
        "Дураки с пар, later regional variant: a defender who leaves even one card uncovered "
        "takes every led card (the dictionary's «заходные» cards), read as the whole table: his "
        "covering cards come back to him too, as in 1.а."
    ),
    "D39": (
        "Bout games whose forced leads can go round in circles (1.г, английские: the same "
        "unbeatable pair passed back and forth while hands too full to draw keep the stock "
        "waiting): a bout that starts for the third time in the same position (hands, stock, "
        "leader, who is out) draws the deal (R10), as D19 does for the chain games; option "
        "repetition_draw (0: off)."
    ),
    "D40": (
        "Свои козыри 8.а: 'the card he failed against' is every attacking card he has left "
        "uncovered when he takes (a lead of several of one rank, or cards thrown in and not "
        "yet covered): he takes those, and the pairs he beat go to the discard."
    ),
    "D41": (
        "The R1 option (oversize_leads) in a game with throw-ins: only the lead may hold more "
        "cards than the defender has; the cards thrown in keep to his hand (R6), the lead "
        "counted in, and once he has given cards back nothing more is thrown in that bout "
        "(else a card given back could be thrown in again, and given back, for ever)."
    ),
    "D42": (
        "Дураки с пар and its variants with a turned-up trump (в три карты, the later regional "
        "variant, английские): the dictionary's rules card lets the holder of the trump six, "
        "or of the lowest trump, exchange it for the turned-up card (R19). We read the lowest "
        "trump as the lowest trump of the pack (the six with 36 cards, the two with 52), not "
        "the lowest trump somebody happens to hold: with 36 cards only the trump six may be "
        "exchanged (option trump_exchange)."
    ),
    "D43": (
        "Простой 1.а and 1.б and дураки с пар: a defender who beats every card leads next (R3), "
        "but the sources do not say who leads when he beat them with his last card once the "
        "stock is out, and so has gone out: his left neighbour still in play leads, as after "
        "a take (the only seat the lead can pass to; every bout game plays it so)."
    ),
    "D44": (
        "Свои козыри with the pack split (option split_pack, R16 read literally): with two "
        "players the one on the dealer's left takes every card of the colour of the shuffled "
        "pack's top card and the other the rest; with four, the players from the dealer's "
        "left take the suits in the order their first cards come in the pack. No card is "
        "shown, and everyone knows who holds what. Each names as his trump a suit of his "
        "own cards (with four, the suit he holds); the player on the dealer's left leads "
        "(D32)."
    ),
}
OUR_READINGS.update(BOUT_READINGS)

#: the presets this module registers, in catalogue order
BOUT_PRESET_IDS: Final = (
    "prostoy",
    "prostoy-partial",
    "pyatki",
    "prostoy-pairs",
    "blind",
    "blind-perevodnoy",
    "diamonds",
    "diamonds-turned",
    "svoi-kozyri-8a",
    "svoi-kozyri-8b",
    "s-par",
    "s-par-all-cards",
    "s-par-three",
    "s-par-regional",
    "english",
    "s-par-own-trumps",
)


def _register() -> None:
    # ---- Дурак простой, Rozaliev 1.а-1.г (R1-R3) ----------------------------------------------
    prostoy = Rules(
        name="prostoy",
        max_players=5,
        hand_size=5,
        lead_shape=LeadShape.PAIRS_PLUS_ONE,  # R2
        throw_ins=ThrowIns.NONE,  # "подброс карт ... не допускаются"
        attack_limit=5,  # R1
        on_fail=OnFail.ALL,  # R3
        first_leader=FirstLeader.DEALER_LEFT,  # "Следующий за сдающим игрок начинает ход"
        pogony_sixes=0,  # D20
    )
    register_preset(
        Preset(
            id="prostoy",
            rules=prostoy,
            russian="Дурак простой",
            english="Simple Durak",
            transliterations=("durak prostoy", "prostoi", "prostoj", "durak prostoj"),
            aliases=("простой", "дурак простой 1.а", "простой 1.а", "simple fool", "1.a"),
            section="1.а",
            note="pairs plus at most one card, no throw-ins, cover all or take all (R1-R3)",
            source=ROZALIEV,
            seat_counts=(2, 3, 4, 5),
            cites=(
                ("min_players", "Rozaliev 1.а"),
                ("max_players", "Rozaliev 1.а"),
                ("deck_size", "Rozaliev 1.а"),
                ("hand_size", "Rozaliev 1.а"),
                ("lead_shape", "Rozaliev 1.а; R2"),
                ("throw_ins", "Rozaliev 1.а"),
                ("attack_limit", "Rozaliev 1.а; R1"),
                ("on_fail", "Rozaliev 1.а; R3"),
                ("pogony_sixes", "D20"),
                ("first_leader", "Rozaliev 1.а"),
            ),
        )
    )
    register_preset(
        Preset(
            id="prostoy-partial",
            rules=prostoy.replace(name="prostoy-partial", on_fail=OnFail.UNCOVERED),
            russian="Дурак простой 1.б",
            english="Simple Durak, partial defence",
            transliterations=("durak prostoy 1.b", "prostoy 1b"),
            aliases=("простой 1.б", "1.б", "1.b"),
            section="1.б",
            note="the defender may beat some cards and take the rest; a taker loses his lead (R3)",
            source=ROZALIEV,
            seat_counts=(2, 3, 4, 5),
            cites=(
                ("min_players", "Rozaliev 1.б (as 1.а)"),
                ("max_players", "Rozaliev 1.б (as 1.а)"),
                ("deck_size", "Rozaliev 1.б (as 1.а)"),
                ("hand_size", "Rozaliev 1.б (as 1.а)"),
                ("lead_shape", "Rozaliev 1.б (as 1.а); R2"),
                ("throw_ins", "Rozaliev 1.б (as 1.а)"),
                ("attack_limit", "Rozaliev 1.б (as 1.а); R1"),
                ("on_fail", "Rozaliev 1.б; R3"),
                ("pogony_sixes", "D20"),
                ("first_leader", "Rozaliev 1.б (as 1.а)"),
            ),
        )
    )
    register_preset(
        Preset(
            id="pyatki",
            rules=prostoy.replace(name="pyatki", lead_shape=LeadShape.PYATKI),
            russian="Пятки (дурак простой 1.в)",
            english="Pyatki (Simple Durak 1.в)",
            transliterations=(
                "pyatki (durak prostoy 1.v)",
                "pyatki",
                "piatki",
                "pjatki",
                "durak prostoy 1.v",
            ),
            aliases=("пятки", "«пятки»", "простой 1.в", "1.в", "1.v", "heels"),
            section="1.в",
            note="leads of 1, a pair and one, or two pairs and one (R2)",
            source=ROZALIEV,
            seat_counts=(2, 3, 4, 5),
            cites=(
                ("min_players", "Rozaliev 1.в (as 1.а)"),
                ("max_players", "Rozaliev 1.в (as 1.а)"),
                ("deck_size", "Rozaliev 1.в (as 1.а)"),
                ("hand_size", "Rozaliev 1.в (as 1.а)"),
                ("lead_shape", "Rozaliev 1.в; R2"),
                ("throw_ins", "Rozaliev 1.в (as 1.а)"),
                ("attack_limit", "Rozaliev 1.в (as 1.а); R1"),
                ("on_fail", "Rozaliev 1.в (as 1.а); R3"),
                ("pogony_sixes", "D20"),
                ("first_leader", "Rozaliev 1.в (as 1.а)"),
            ),
        )
    )
    register_preset(
        Preset(
            id="prostoy-pairs",
            rules=prostoy.replace(
                name="prostoy-pairs",
                lead_shape=LeadShape.ONE_PAIR,
                pass_without_lead=True,
                draw_when_all_pass=True,  # R19
                pass_round_draws=True,  # D36
                repetition_draw=3,  # D39
            ),
            russian="Дурак простой 1.г (ход только парой)",
            english="Simple Durak, pairs only",
            transliterations=(
                "durak prostoy 1.g (khod tol'ko paroy)",
                "durak prostoy 1.g",
                "prostoy 1g",
            ),
            aliases=("простой 1.г", "1.г", "1.g"),
            section="1.г",
            note="lead exactly one pair; without a pair, pass; a round of passes is a draw",
            source=ROZALIEV,
            seat_counts=(2, 3, 4, 5),
            cites=(
                ("min_players", "Rozaliev 1.г (as 1.а)"),
                ("max_players", "Rozaliev 1.г (as 1.а)"),
                ("deck_size", "Rozaliev 1.г (as 1.а)"),
                ("hand_size", "Rozaliev 1.г (as 1.а)"),
                ("lead_shape", "Rozaliev 1.г; R2"),
                ("throw_ins", "Rozaliev 1.г (as 1.а)"),
                ("attack_limit", "Rozaliev 1.г (as 1.а); R1"),
                ("on_fail", "Rozaliev 1.г (as 1.а); R3"),
                ("pogony_sixes", "D20"),
                ("first_leader", "Rozaliev 1.г (as 1.а)"),
                ("draw_when_all_pass", "R19"),
                ("pass_without_lead", "Rozaliev 1.г; R19"),
                ("repetition_draw", "D39"),
                ("pass_round_draws", "D36"),
            ),
        )
    )

    # ---- the blind game (R14) -----------------------------------------------------------------
    blind = Rules(name="blind", blind=True)
    register_preset(
        Preset(
            id="blind",
            rules=blind,
            russian="Дурак вслепую",
            english="Blind Durak",
            transliterations=("durak vslepuyu", "vslepuyu", "vslepuju", "slepoy durak"),
            aliases=("вслепую", "слепой дурак", "blind fool", "blind podkidnoy"),
            source=ROZALIEV_WEB,
            section="after 3.б (4, inferred)",
            seat_counts=(2, 3, 4, 5, 6),
            note="the source gives no name; «вслепую» describes it. Own cards unseen, picked by "
            "position; a wrong play is punished (R14)",
            cites=(
                ("min_players", "Rozaliev, the blind game (as 2)"),
                ("max_players", "Rozaliev, the blind game (as 2)"),
                ("deck_size", "Rozaliev, the blind game (as 2)"),
                ("hand_size", "Rozaliev, the blind game (as 2)"),
                (
                    "lead_shape",
                    "Rozaliev, the blind game (as 2: throw-ins by rank); D27 (a lead is one card)",
                ),
                ("blind", "Rozaliev, the blind game; R14"),
            ),
        )
    )
    register_preset(
        Preset(
            id="blind-perevodnoy",
            rules=blind.replace(name="blind-perevodnoy", transfers=True),
            russian="Переводной дурак вслепую",
            english="Blind Transfer Durak",
            transliterations=(
                "perevodnoy durak vslepuyu",
                "perevodnoy vslepuyu",
                "blind perevodnoy",
            ),
            aliases=("переводной вслепую", "blind transfer"),
            source=ROZALIEV_WEB,
            section="after 3.б (4, inferred)",
            seat_counts=(2, 3, 4, 5, 6),
            note="the blind game played as переводной (R14)",
            cites=(
                ("min_players", "Rozaliev, the blind game (as 2, 3.а)"),
                ("max_players", "Rozaliev, the blind game (as 2, 3.а)"),
                ("deck_size", "Rozaliev, the blind game (as 2, 3.а)"),
                ("hand_size", "Rozaliev, the blind game (as 2, 3.а)"),
                (
                    "lead_shape",
                    "Rozaliev, the blind game (as 2: throw-ins by rank); D27 (a lead is one card)",
                ),
                ("transfers", "Rozaliev, the blind game (as 3.а); R14; R12"),
                ("blind", "Rozaliev, the blind game; R14"),
            ),
        )
    )

    # ---- the diamonds game (R15) --------------------------------------------------------------
    diamonds = Rules(name="diamonds", beating=Beating.CLOSED_SPADES, fixed_trump="D")
    diamonds_cites = (
        ("min_players", "Rozaliev, the diamonds game (as 2)"),
        ("max_players", "Rozaliev, the diamonds game (as 2)"),
        ("deck_size", "Rozaliev, the diamonds game (as 2)"),
        ("hand_size", "Rozaliev, the diamonds game (as 2)"),
        ("beating", "Rozaliev, the diamonds game; R15"),
        ("fixed_trump", "Rozaliev, the diamonds game; R15"),
    )
    register_preset(
        Preset(
            id="diamonds",
            rules=diamonds,
            russian="Козыри всегда бубны, пики бьются только пиками",
            english="Diamonds always trump, spades by spades",
            transliterations=(
                "kozyri vsegda bubny, piki b'yutsya tol'ko pikami",
                "kozyri vsegda bubny",
                "piki pikami",
                "yaponsky durak",
            ),
            aliases=("пики пиками", "японский дурак", "japanese durak", "diamonds game"),
            source=ROZALIEV_WEB,
            section="after the blind game (5, inferred)",
            seat_counts=(2, 3, 4, 5, 6),
            note="diamonds always trump; spades only by higher spades; lowest diamond leads",
            cites=diamonds_cites,
        )
    )
    register_preset(
        Preset(
            id="diamonds-turned",
            rules=Rules(name="diamonds-turned", beating=Beating.CLOSED_SPADES),
            # the source names neither the game nor this variant: the name is ours, and says so
            # wherever it is shown (the plain name stays an alias, so lookups by it still work)
            russian="Пики пиками, козырь открывается (наше название)",
            english="Spades by spades, turned-up trump (our name)",
            transliterations=(
                "piki pikami, kozyr' otkryvaetsya (nashe nazvanie)",
                "piki pikami, kozyr otkryvaetsya (nashe nazvanie)",
                "piki pikami, kozyr otkryvaetsya",
                "piki pikami s otkrytym kozyrem",
            ),
            aliases=(
                "Пики пиками, козырь открывается",
                "Spades by spades, turned-up trump",
                "пики пиками с открытым козырем",
                "spades by spades",
            ),
            source=ROZALIEV_WEB,
            section="after the blind game (5, inferred), variants",
            seat_counts=(2, 3, 4, 5, 6),
            note="trump turned up; a turned spade goes back mid-stock (option "
            "spade_to_middle=0: plain подкидной); the source gives the variant no name",
            cites=recited(
                diamonds_cites,
                fixed_trump="R15 (the option of a turned-up trump)",
                spade_to_middle="R15 (the option of a turned-up trump)",
            ),
        )
    )

    # ---- свои козыри (Rozaliev 8; R16) -------------------------------------------------------
    own = Rules(
        name="svoi-kozyri-8a",
        max_players=4,
        hand_size=36,  # the whole pack (D25)
        beating=Beating.OWN_TRUMPS,
        on_fail=OnFail.FAILED_CARD,
        throw_in_after_take=False,  # D37
        first_leader=FirstLeader.DEALER_LEFT,  # D32
        pogony_sixes=0,  # D20
    )
    own_cites = (
        ("min_players", "R16"),
        ("max_players", "R16"),
        ("deck_size", "D37"),
        ("hand_size", "D37; D25"),
        ("lead_shape", "D37"),
        ("throw_ins", "D37"),
        ("attack_limit", "D37"),
        ("throw_in_after_take", "D37"),
        ("on_fail", "R16 (8.а, reconstructed); D40"),
        ("transfers", "D37"),
        ("teams", "D37"),
        ("pogony_sixes", "D20"),
        ("first_leader", "D32"),
        ("beating", "R16; D31"),
    )
    register_preset(
        Preset(
            id="svoi-kozyri-8a",
            rules=own,
            russian="Свои козыри 8.а (реконструкция)",
            english="Own Trumps 8.а (reconstructed)",
            transliterations=(
                "svoi kozyri 8.a (rekonstruktsiya)",
                "svoi kozyri 8a",
                "svoi kozyri 8.a",
            ),
            aliases=("свои козыри 8.а", "8.а", "8.a"),
            source=ROZALIEV,
            section="8.а (text lost; reconstructed from R16)",
            seat_counts=(2, 4),
            reconstructed=True,
            note="each player names his own trump; a failing defender takes only the card he "
            "failed against (R16, reconstructed)",
            cites=own_cites,
        )
    )
    register_preset(
        Preset(
            id="svoi-kozyri-8b",
            rules=own.replace(name="svoi-kozyri-8b", on_fail=OnFail.LED_SO_FAR),
            russian="Свои козыри 8.б",
            english="Own Trumps 8.б",
            transliterations=("svoi kozyri 8.b", "svoi kozyri", "svoi kozyri 8b"),
            aliases=("свои козыри", "8.б", "8.b", "own trumps"),
            source=ROZALIEV,
            section="8.б",
            seat_counts=(2, 4),
            note="each player names his own trump; a failing defender takes every card led so "
            "far (R16; the base game of section 8 is reconstructed, D37)",
            cites=recited(own_cites, on_fail="Rozaliev 8.б; R16"),
        )
    )

    # ---- дураки с пар (dictionary; R19) -------------------------------------------------------
    s_par = Rules(
        name="s-par",
        hand_size=5,
        deal_packets="3+2",
        trump_exchange=True,
        lead_shape=LeadShape.S_PAR,
        throw_ins=ThrowIns.NONE,
        attack_limit=5,
        on_fail=OnFail.UNCOVERED,
        first_leader=FirstLeader.DEALER_LEFT,
        pogony_sixes=0,  # D20
    )
    register_preset(
        Preset(
            id="s-par",
            rules=s_par,
            russian="Дураки с пар",
            english="Durak from Pairs",
            transliterations=("duraki s par", "durachki s par", "duraki s pAr"),
            aliases=("с пар", "дурачки с пар", "дураки", "fools from pairs"),
            section="rules card",
            note="5 cards in packets 3+2, exchange of the trump six, leads 1 / тройка / пяток, "
            "take only the uncovered cards (R19)",
            source=DICTIONARY,
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "dictionary, Дураки с пар"),
                ("max_players", "D35"),
                ("deck_size", "dictionary, Дураки с пар; D35"),
                ("hand_size", "dictionary, Дураки с пар; R19"),
                ("lead_shape", "dictionary, Дураки с пар; R19; D21"),
                ("throw_ins", "dictionary, Дураки с пар; R19"),
                ("attack_limit", "dictionary, Дураки с пар; R19"),
                ("on_fail", "dictionary, Дураки с пар; R19; R3"),
                ("pogony_sixes", "D20"),
                ("first_leader", "dictionary, Дураки с пар"),
                ("deal_packets", "dictionary, Дураки с пар; R19"),
                ("trump_exchange", "dictionary, Дураки с пар; R19; D42"),
            ),
        )
    )
    register_preset(
        Preset(
            id="s-par-all-cards",
            rules=s_par.replace(
                name="s-par-all-cards", hand_size=36, deal_packets="", trump_exchange=False
            ),
            russian="Дураки во все карты",
            english="Durak with All the Cards",
            transliterations=("duraki vo vse karty", "vo vse karty"),
            aliases=("во все карты", "all cards"),
            section="variants: дураки во все карты",
            note="the whole pack dealt; the lead size is agreed: option attack_limit (D33)",
            source=DICTIONARY,
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "dictionary, Дураки с пар; D34"),
                ("max_players", "D35"),
                ("deck_size", "dictionary, Дураки с пар; D34; D35"),
                ("hand_size", "dictionary, Дураки с пар, variants: дураки во все карты; D25"),
                ("lead_shape", "dictionary, Дураки с пар; R19; D21; D33"),
                ("throw_ins", "dictionary, Дураки с пар; R19; D34"),
                ("attack_limit", "D33"),
                ("on_fail", "dictionary, Дураки с пар; R19; R3; D34"),
                ("pogony_sixes", "D20"),
                ("first_leader", "dictionary, Дураки с пар; D34"),
            ),
        )
    )
    register_preset(
        Preset(
            id="s-par-three",
            rules=s_par.replace(name="s-par-three", hand_size=3, deal_packets="3"),
            russian="Дураки с пар в три карты",
            english="Durak from Pairs, three cards",
            transliterations=("duraki s par v tri karty", "v tri karty"),
            aliases=("с пар в три карты", "в три карты", "three cards"),
            section="variants: дураки с пар в три карты",
            note="3 cards each, otherwise as с пар",
            source=DICTIONARY,
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "dictionary, Дураки с пар; D34"),
                ("max_players", "D35"),
                ("deck_size", "dictionary, Дураки с пар; D34; D35"),
                ("hand_size", "dictionary, Дураки с пар, variants: дураки с пар в три карты"),
                ("lead_shape", "dictionary, Дураки с пар; R19; D21; D34"),
                ("throw_ins", "dictionary, Дураки с пар; R19; D34"),
                ("attack_limit", "dictionary, Дураки с пар; R19; D34"),
                ("on_fail", "dictionary, Дураки с пар; R19; R3; D34"),
                ("pogony_sixes", "D20"),
                ("first_leader", "dictionary, Дураки с пар; D34"),
                (
                    "deal_packets",
                    "dictionary, Дураки с пар, variants: дураки с пар в три карты; D34",
                ),
                ("trump_exchange", "dictionary, Дураки с пар; R19; D34; D42"),
            ),
        )
    )
    register_preset(
        Preset(
            id="s-par-regional",
            rules=s_par.replace(name="s-par-regional", on_fail=OnFail.ALL),
            russian="Дураки с пар, поздний областной вариант",
            english="Durak from Pairs, later regional variant",
            transliterations=(
                "duraki s par, pozdniy oblastnoy variant",
                "duraki s par oblastnoy",
                "oblastnoy variant",
            ),
            aliases=("областной вариант", "regional variant", "с пар областной"),
            section="variants: более поздний (областной) вариант",
            note="one card uncovered: the defender takes every led card (D38)",
            source=DICTIONARY,
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "dictionary, Дураки с пар; D34"),
                ("max_players", "D35"),
                ("deck_size", "dictionary, Дураки с пар; D34; D35"),
                ("hand_size", "dictionary, Дураки с пар; R19; D34"),
                ("lead_shape", "dictionary, Дураки с пар; R19; D21; D34"),
                ("throw_ins", "dictionary, Дураки с пар; R19; D34"),
                ("attack_limit", "dictionary, Дураки с пар; R19; D34"),
                ("pogony_sixes", "D20"),
                ("first_leader", "dictionary, Дураки с пар; D34"),
                ("deal_packets", "dictionary, Дураки с пар; R19; D34"),
                ("trump_exchange", "dictionary, Дураки с пар; R19; D34; D42"),
                ("on_fail", "dictionary, Дураки с пар, the later regional variant; D38"),
            ),
        )
    )
    register_preset(
        Preset(
            id="english",
            rules=s_par.replace(
                name="english",
                hand_size=6,
                deal_packets="3+3",
                lead_shape=LeadShape.PAIRS_ONLY,
                attack_limit=6,
                pass_without_lead=True,
                draw_when_all_pass=True,  # R19
                pass_round_draws=True,  # D36
                repetition_draw=3,  # D39
            ),
            russian="Английские дураки",
            english="English Durak",
            transliterations=("angliyskie duraki", "angliiskie duraki", "angliyskiye duraki"),
            aliases=("английские", "английский дурак", "english fools"),
            section="variants: английские дураки",
            note="6 cards; leads of 2, 4 or 6 cards in pairs; without a pair, pass (R19)",
            source=DICTIONARY,
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "dictionary, Дураки с пар; D34"),
                ("max_players", "D35"),
                ("deck_size", "dictionary, Дураки с пар; D34; D35"),
                ("hand_size", "dictionary, Дураки с пар, variants: английские дураки; R19"),
                ("lead_shape", "dictionary, Дураки с пар, variants: английские дураки; R19"),
                ("throw_ins", "dictionary, Дураки с пар; R19; D34"),
                ("on_fail", "dictionary, Дураки с пар; R19; R3; D34"),
                ("pogony_sixes", "D20"),
                ("first_leader", "dictionary, Дураки с пар; D34"),
                ("draw_when_all_pass", "R19"),
                (
                    "pass_without_lead",
                    "dictionary, Дураки с пар, variants: английские дураки; R19",
                ),
                ("repetition_draw", "D39"),
                ("deal_packets", "D34"),
                ("trump_exchange", "dictionary, Дураки с пар; R19; D34; D42"),
                ("pass_round_draws", "D36"),
            ),
        )
    )
    register_preset(
        Preset(
            id="s-par-own-trumps",
            rules=s_par.replace(
                name="s-par-own-trumps",
                min_players=4,
                max_players=4,
                hand_size=36,
                deal_packets="",
                trump_exchange=False,
                beating=Beating.OWN_TRUMPS,
            ),
            russian="Дураки с пар со своими козырями",
            english="Durak from Pairs with Own Trumps",
            transliterations=("duraki s par so svoimi kozyryami",),
            aliases=("с пар со своими козырями", "own trumps from pairs"),
            source=DICTIONARY + " (after Nikulin & Nikulin, 1990)",
            section="variants: дураки с пар со своими козырями",
            seat_counts=(4,),
            note="4 players, the whole pack dealt, each names his own trump suit (R16, R19)",
            cites=(
                (
                    "min_players",
                    "dictionary, Дураки с пар, variants: дураки с пар со своими козырями",
                ),
                (
                    "max_players",
                    "dictionary, Дураки с пар, variants: дураки с пар со своими козырями",
                ),
                ("deck_size", "dictionary, Дураки с пар; D34; D35"),
                (
                    "hand_size",
                    "dictionary, Дураки с пар, variants: дураки с пар со своими козырями; D25",
                ),
                ("lead_shape", "dictionary, Дураки с пар; R19; D21; D34"),
                ("throw_ins", "dictionary, Дураки с пар; R19; D34"),
                ("attack_limit", "dictionary, Дураки с пар; R19; D34"),
                ("on_fail", "dictionary, Дураки с пар; R19; R3; D34"),
                ("pogony_sixes", "D20"),
                ("first_leader", "dictionary, Дураки с пар; D34"),
                (
                    "beating",
                    "dictionary, Дураки с пар, variants: дураки с пар со своими козырями;"
                    " R16 (taken from Rozaliev 8); D31",
                ),
            ),
        )
    )


_register()
