"""The report's metrics from hand-made records: win rates by seat/agent/pilot, VP by source, weapons,
the Mighty Mech, the first player."""

from __future__ import annotations

import pytest

from rulecraft.plugins.tem.balance.metrics import summarize


def seat(n, agent, vp, win, first=False, purchased=(), owned=(), mech=False, sources=None):
    return {"seat": n, "colour": "c", "agent": agent, "pilot": f"p{n}", "vp": vp, "rank": 1, "win": win,
            "first": first, "vp_by_source": sources or {"damage": vp}, "purchased": list(purchased),
            "owned": list(owned or purchased), "mech": mech, "status": "pilot"}


def record(index, seats, mech=None):
    return {"index": index, "seed": f"1:{index}", "players": len(seats), "first_seat": 0, "rounds": 6,
            "turns": 48, "events": 100, "decisions": 50, "combats": 2, "kos": 1, "retreats": 0,
            "mech_taken": int(mech is not None), "mech_controller": mech,
            "winners": [s["seat"] for s in seats if s["win"]], "aborted": None, "seats": seats}


def test_summary_counts():
    records = [
        record(0, [seat(0, "h", 30, 1.0, first=True, purchased=["rail-gun"], mech=True),
                   seat(1, "r", 10, 0.0)], mech=0),
        record(1, [seat(0, "h", 20, 0.5, first=True), seat(1, "r", 20, 0.5, purchased=["rail-gun"])]),
        {**record(2, [seat(0, "h", 0, 0.0), seat(1, "r", 0, 0.0)]), "aborted": "step cap"},
    ]
    report = summarize(records, {"rail-gun": "advanced", "warhammer": "advanced"})
    assert report["games"] == 2 and report["aborted"][0]["reason"] == "step cap"
    agents = {row["agent"]: row for row in report["win_rate"]["agent"]}
    assert agents["h"]["wins"] == 1.5 and agents["h"]["n"] == 2 and agents["h"]["value"] == 0.75
    assert report["first_player"]["value"] == 0.75 and report["first_player"]["expected"] == 0.5
    weapons = {row["weapon"]: row for row in report["weapons"]}
    assert weapons["rail-gun"]["purchase_rate"]["value"] == 0.5      # 2 of 4 player-games
    assert weapons["rail-gun"]["win_when_owned"]["value"] == 0.75    # 1 + 0.5 of 2 owners
    assert weapons["warhammer"]["purchase_rate"]["n"] == 4 and weapons["warhammer"]["purchases"] == 0
    assert report["mech"]["control_rate"]["value"] == 0.5
    assert report["mech"]["controller_wins"]["value"] == 1.0
    assert report["final_vp"]["mean"]["value"] == 20
    assert report["final_vp"]["winner_mean"]["value"] == 25
    assert report["vp_by_source"] == [{"source": "damage", "mean": 20, "share": 1.0,
                                       "by_agent": {"h": 25.0, "r": 15.0}}]
    assert report["length"]["events"]["value"] == pytest.approx(100)


def test_every_pilot_of_the_stack_has_a_row_with_who_kept_it():
    """A pilot nobody kept still has its row (n = 0); dealt and kept-when-dealt count per agent, so a
    pilot kept in every game is seen to be the agent's choice; a shared victory counts 1/2 (T15)."""
    first = [{**seat(0, "h", 30, 0.5), "pilot": "ironside", "dealt": ["ironside", "blitz"]},
             {**seat(1, "r", 30, 0.5), "pilot": "vega", "dealt": ["vega", "jinx"]}]
    second = [{**seat(0, "h", 20, 0.0), "pilot": "ironside", "dealt": ["jinx", "ironside"]},
              {**seat(1, "r", 25, 1.0), "pilot": "blitz", "dealt": ["blitz", "vega"]}]
    report = summarize([record(0, first), record(1, second)], pilots=("ironside", "vega", "blitz", "jinx",
                                                                      "rook"))
    pilots = {row["pilot"]: row for row in report["win_rate"]["pilot"]}
    assert list(pilots) == ["ironside", "vega", "blitz", "jinx", "rook"]
    assert pilots["ironside"]["n"] == 2 and pilots["ironside"]["wins"] == 0.5
    assert pilots["ironside"]["by_agent"] == {"h": {"kept": 2, "dealt": 2}}
    assert pilots["blitz"]["dealt"] == 2 and pilots["blitz"]["kept_when_dealt"]["value"] == 0.5
    assert pilots["jinx"]["n"] == 0 and pilots["jinx"]["dealt"] == 2
    assert pilots["rook"]["n"] == 0 and pilots["rook"]["dealt"] == 0 and pilots["rook"]["by_agent"] == {}
    assert report["fractional_wins"] == 1


def test_win_counts_print_whole_or_to_one_decimal_never_six():
    """A shared victory gives each of its k winners 1/k (T15): 89.8333 printed as 89.8, 104 as 104."""
    from rulecraft.runtime.balance.report import rate_cells, wins_text

    assert (wins_text(104.0), wins_text(89 + 5 / 6), wins_text(0.5)) == ("104", "89.8", "0.5")
    row = {"seat": 0, "n": 200, "wins": 89 + 5 / 6, "value": 0.449, "low": 0.38, "high": 0.52}
    assert rate_cells([row], None, lambda r: str(r["seat"]))[0][2] == "89.8"
