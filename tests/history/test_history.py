"""The history: what a kept game record says of its table (seats, levels, hints, undos), each game summarised
from its record, the replays folder read through an index that survives damage, and each player's totals."""

from __future__ import annotations

import json
import os

from hanabi_desktop import storage
from hanabi_desktop.engine import Game, GameRecord, get_variant
from hanabi_desktop.engine.records import TableFacts
from hanabi_desktop.history import index
from hanabi_desktop.history.stats import PEOPLE_ONLY, Player, Roster, Selection, bots_level, totals
from hanabi_desktop.history.summary import UNFINISHED, GameSummary, summarise
from hanabi_desktop.table.autosave import WRITER
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup


def played(seed: str, preset: str = "classic", names: tuple[str, ...] = ("Ann", "Bob"), strikes: bool = False,
           **options: bool) -> GameRecord:
    """A whole game: the last legal action each turn, or (`strikes`) the first card played blind until the storm."""
    g = Game.new(get_variant(preset, **options), len(names), seed=seed, names=list(names))
    while not g.over:
        g.apply(g.legal_actions()[0] if strikes else g.legal_actions()[-1])
    return GameRecord.of(g)


def keep(record: GameRecord, name: str, stamp: float) -> None:
    path = storage.replays_dir() / name
    path.write_text(record.dumps(), encoding="utf-8")
    os.utime(path, (stamp, stamp))


# -- the record ----------------------------------------------------------------------------------------------
def test_a_kept_game_says_who_sat_where_and_the_help_used_and_reads_back() -> None:
    setup = Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions@2"), SeatSpec("Cat", bot="expert")], seed="k")
    s = Session(setup, threaded=False)
    s.play_card(s.hand_order(0)[0])
    s.hint_used()
    s.run_bots()
    s.undo(0)
    record = s.record()
    assert record.table == TableFacts(("", "conventions@2", "expert"), hints=1, undos=1, hints_by=(1, 0, 0),
                                      undos_by=(1, 0, 0))  # and whose they were
    back = GameRecord.loads(record.dumps())
    assert back.table == record.table and back.actions == record.actions
    assert json.loads(record.dumps())["table"] == {"seats": [None, "conventions@2", "expert"], "hints": 1, "undos": 1,
                                                   "preview": False, "hints_by": [1, 0, 0], "undos_by": [1, 0, 0]}
    s.previewed = True  # the clue preview was shown: kept too
    assert GameRecord.loads(s.record().dumps()).table.previewed is True
    # a game resumed from its autosave keeps saying it
    assert resume(save_data(s), threaded=False).record().table == s.record().table


def test_an_old_record_or_an_unreadable_table_key_loads_with_the_facts_unknown() -> None:
    data = played("old").to_json()
    assert "table" not in data and GameRecord.from_json(data).table is None  # an older record: unknown
    for bad in ({"seats": [None], "hints": 0, "undos": 0},  # one seat for two players
                {"seats": [None, 3], "hints": 0, "undos": 0}, {"seats": [None, None], "hints": -1, "undos": 0},
                {"seats": [None, None], "hints": True, "undos": 0}, {"seats": [None, None], "hints": 10**9, "undos": 0},
                {"seats": [None, None], "hints": 1}, {"seats": [None, None], "hints": 0, "undos": 0, "preview": "yes"},
                [1, 2], "person"):
        record = GameRecord.from_json({**data, "table": bad})
        assert record.table is None and len(record.actions) == len(data["actions"])  # the game itself loads


# -- summaries and the index ------------------------------------------------------------------------------------
def test_a_summary_says_how_the_game_ended_and_round_trips_through_the_index_form() -> None:
    lost = played("storm", strikes=True)
    s = summarise(lost, "lost.json", 5.0)
    assert (s.end, s.score, s.strikes, s.seats, s.hints) == ("strikeout", 0, 3, None, None)
    assert GameSummary.from_row(s.to_row()) == s
    options = summarise(played("opts", empty_clues=True, final_flourish=True), "o.json", 1.0)
    assert options.options == ("empty_clues", "final_flourish")
    half = played("left")
    half.actions = half.actions[:5]
    assert summarise(half, "h.json", 1.0).end == UNFINISHED
    # an index entry that is not a summary is refused, not trusted
    row = s.to_row()
    for at, value in ((6, "24"), (5, ["", "", ""]), (4, ["Ann"]), (11, -3), (1, float("inf")), (3, [1])):
        assert GameSummary.from_row([*row[:at], value, *row[at + 1:]]) is None
    assert GameSummary.from_row(row[:-1]) is None and GameSummary.from_row({"file": "lost.json"}) is None


def test_the_history_reads_every_game_once_then_from_the_index_and_survives_damaged_files() -> None:
    keep(played("a"), "a.json", 1000.0)
    keep(played("b", strikes=True), "b.json", 2000.0)
    folder = storage.replays_dir()
    (folder / "broken.json").write_text('{"players": ["Ann", "Bob"], "deck": [', encoding="utf-8")
    (folder / "foreign.json").write_text('{"hello": 1}', encoding="utf-8")
    (folder / "dir.json").mkdir()  # a folder named like a game: not listed at all
    first = index.load_history()
    assert [g.file for g in first.games] == ["a.json", "b.json"]  # oldest first
    assert [u.file for u in first.unreadable] == ["broken.json", "foreign.json"]
    assert "not a game this program can replay" in first.unreadable[0].problem
    assert first.worked == 4 and index.index_path().is_file()
    again = index.load_history()
    assert again.worked == 0 and again.games == first.games and again.unreadable == first.unreadable
    index.forget()  # a new run: from the index file alone
    again = index.load_history()
    assert again.worked == 0 and again.games == first.games and again.unreadable == first.unreadable
    # a game kept since, a game changed since (the index entry is stale) and a game deleted
    keep(played("c"), "c.json", 3000.0)
    keep(played("a2", strikes=True), "a.json", 1500.0)
    (folder / "b.json").unlink()
    third = index.load_history()
    assert third.worked == 2 and [g.file for g in third.games] == ["a.json", "c.json"]
    assert third.games[0].end == "strikeout"
    assert (folder / "broken.json").read_text(encoding="utf-8").endswith("[")  # the player's file, untouched


def test_a_damaged_or_foreign_index_is_worked_out_again_from_the_files() -> None:
    keep(played("a"), "a.json", 1000.0)
    want = index.load_history().games
    path = index.index_path()
    for text in ("{not json", '{"format": "other", "version": 1, "games": {}}', "[]",
                 json.dumps({"format": index.INDEX_FORMAT, "version": index.INDEX_VERSION,
                             "games": {"a.json": [1, 2, ["lies"]]}})):
        path.write_text(text, encoding="utf-8")
        history = index.load_history()
        assert history.games == want and history.worked == 1
    # an entry that matches the file but lies about its contents in a way no summary can hold is redone too
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"]["a.json"][2][6] = "24"  # the score
    path.write_text(json.dumps(data), encoding="utf-8")
    assert index.load_history().worked == 1


def test_an_index_that_cannot_be_written_only_makes_the_next_look_slower(disk) -> None:  # noqa: ANN001
    keep(played("a"), "a.json", 1000.0)
    disk.read_only()
    assert [g.file for g in index.load_history().games] == ["a.json"]
    disk.works()
    assert index.load_history().worked == 0  # the same run remembers its last look: no file to read
    index.forget()  # the next run of the program: the index was never written
    assert index.load_history().worked == 1 and index.load_history().worked == 0


def test_the_writer_keeps_a_finished_game_the_history_then_shows_with_its_seats() -> None:
    setup = Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions@1")], seed="w")
    s = Session(setup, threaded=False)
    s.hint_used()
    while not s.over:
        s.submit(s.game.legal_actions()[-1]) if s.current == 0 else s.run_bots()
    WRITER.keep(s.record())
    assert WRITER.flush(5)
    (game,) = index.load_history().games
    assert (game.seats, game.hints, game.undos, game.players) == (("", "conventions@1"), 1, 0, ("Ann", "Bob"))


# -- each player's totals --------------------------------------------------------------------------------------
def summary(file: str, players: tuple[str, ...], seats: tuple[str, ...] | None, score: int, end: str = "deck_out",
            variant: str = "Classic", hints: int | None = 0, undos: int | None = 0, max_score: int = 25) -> GameSummary:
    return GameSummary(file, 0.0, variant, (), players, seats, score, max_score, 0, end, 50, hints, undos)


def test_players_are_people_and_bots_by_name_and_a_selection_adds_up_their_games() -> None:
    games = [
        summary("1", ("Ann", "Bob"), ("", "conventions@beginner"), 18, hints=3, undos=1),
        summary("2", ("Ann", "Bob"), ("", "conventions@2"), 25, end="perfect"),
        summary("3", ("Ann", "Bob", "Cat"), ("", "conventions@2", ""), 0, end="strikeout", hints=1),
        summary("4", ("Ann", "Bob"), None, 20, hints=None, undos=None),  # a record that does not say
        summary("5", ("Ann", "Bob"), ("", "expert"), 29, variant="Six suits", max_score=30),
        summary("6", ("Ann", "Bob"), ("", "expert"), 7, end=UNFINISHED),
    ]
    roster = Roster(games)
    ann, bob = Player("Ann", "person"), Player("Bob", "conventions")
    assert roster.players()[:2] == [ann, Player("Cat", "person")]  # people first
    # game 4's record does not say its seats: its Ann is the person Ann (she was 'Ann (not said)' apart), its
    # Bob stays unknown (no Bob sat as a person)
    assert set(roster.players()) == {ann, Player("Cat", "person"), bob, Player("Bob", ""), Player("Bob", "expert")}
    t = roster.totals(Selection(player=ann))
    assert (t.games, t.unfinished, t.perfect, t.strikeouts) == (5, 1, 1, 1)
    # game 3 had Cat at the computer too: its hint is not Ann's to count, and the screen says so
    assert (t.hints, t.undos, t.aids_unknown, t.aids_shared) == (3, 1, 1, 1)
    assert t.average == (18 + 25 + 0 + 20 + 29) / 5 and (t.best, t.best_of) == (25, 25)  # 25/25 beats 29/30
    assert roster.totals(Selection(player=Player("Cat", "person"))).hints == 0
    assert (roster.totals(Selection(player=bob)).hints, roster.totals(Selection(player=bob)).aids_shared) == (0, 0)
    assert roster.totals(Selection()).hints == 4  # everyone's: the tables' counts
    classic_two = roster.select(Selection(variant="Classic", players=2))
    assert [g.file for g in classic_two] == ["1", "2", "4", "6"]
    assert totals(classic_two).aids_unknown == 1 and totals(classic_two).hints == 3
    assert [g.file for g in roster.select(Selection(player=bob))] == ["1", "2", "3"]  # the same bot at two levels
    assert totals([]).average is None and totals([]).best is None


def test_the_level_beside_a_game_is_the_level_of_the_bots_the_player_sat_with() -> None:
    g = summary("1", ("Ann", "Bob", "Cat"), ("", "conventions@2", "conventions@3"), 20)
    assert bots_level(g, Player("Ann", "person")) == "2/3"
    assert bots_level(g, Player("Bob", "conventions")) == "3"  # not itself
    assert bots_level(summary("2", ("Ann", "Bob"), ("", ""), 20), None) == PEOPLE_ONLY
    assert bots_level(summary("3", ("Ann", "Bob"), None, 20), None) == ""
    assert bots_level(summary("4", ("Ann", "Bob"), ("", "expert"), 20), None) == "expert"


def test_the_title_warms_the_history_up_only_when_an_index_makes_it_quick() -> None:
    from hanabi_desktop import history

    keep(played("a"), "a.json", 1000.0)
    assert history.warm_up() is None  # no index yet (the first run after an update): nothing is read
    want = index.load_history().games  # the index is written
    index.forget()  # a new run of the program
    assert history.warm_up().result(10).games == want  # read on the history's thread
    assert index.load_history().worked == 0 and index.load_history() == index.load_history()


def test_in_hot_seat_each_person_is_credited_the_hints_and_undos_of_their_own_seat() -> None:
    """A table's hints and undos were credited to every person at it; a record now says them per seat."""
    setup = Setup([SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cat", bot="conventions@1")], seed="hot")
    s = Session(setup, threaded=False)
    s.hint_used()  # Ann at the screen
    s.submit(s.game.legal_actions()[-1])
    s.acknowledge_curtain()
    s.hint_used()  # Bob's turn: Bob asks twice
    s.hint_used()
    s.submit(s.game.legal_actions()[-1])
    s.undo(1)  # Bob takes his move back
    facts = GameRecord.loads(s.record().dumps()).table
    assert (facts.hints, facts.undos, facts.hints_by, facts.undos_by) == (3, 1, (1, 2, 0), (0, 1, 0))
    assert resume(save_data(s), threaded=False).record().table == s.record().table
    while not s.over:  # to the end (the history counts finished games)
        if s.is_bot(s.current):
            s.run_bots()
        else:
            s.acknowledge_curtain()
            s.submit(s.game.legal_actions()[-1])
    keep(s.record(), "hot.json", 1000.0)
    (game,) = index.load_history().games
    roster = Roster([game])
    ann, bob = Player("Ann", "person"), Player("Bob", "person")
    assert (roster.totals(Selection(player=ann)).hints, roster.totals(Selection(player=bob)).hints) == (1, 2)
    assert roster.totals(Selection(player=bob)).undos == 1 and roster.totals(Selection(player=ann)).aids_shared == 0
    # a record whose counts per seat do not add up says no one's
    raw = s.record().to_json()
    raw["table"]["hints_by"] = [5, 0, 0]
    assert GameRecord.from_json(raw).table.hints_by is None and GameRecord.from_json(raw).table.hints == 3
