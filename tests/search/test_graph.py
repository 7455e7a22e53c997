"""The stage graph (search/pipeline/graph.py) is the one declaration; everything that orders, chains, weighs or
dispatches stages reads it. These pin the derived values to the behaviour the service had before the graph existed,
and check that every reader really derives from it."""
from __future__ import annotations

import json

from search import services
from search.pipeline import branches, graph, runner
from search.store import postgres as store_postgres


def test_the_order_progress_and_criticality_are_the_pipelines():
    assert graph.STAGES == ("understand", "retrieve", "rerank", "enrich", "judge", "locate", "synthesise", "chart")
    assert list(graph.STAGE_PROGRESS.values()) == [10, 30, 50, 60, 75, 85, 95, 100]
    assert graph.CRITICAL_STAGES == {"understand", "retrieve", "rerank"}
    assert graph.PAPER_STAGES == {"rerank", "synthesise"}


def test_one_fan_out_after_rerank_meeting_again_at_synthesise():
    assert (graph.FAN_OUT, graph.BRANCHES, graph.FAN_IN) == ("rerank", ("enrich", "judge", "locate"), "synthesise")
    assert graph.SUCCESSORS == {
        "understand": ("retrieve",), "retrieve": ("rerank",), "rerank": ("enrich", "judge", "locate"),
        "enrich": ("synthesise",), "judge": ("synthesise",), "locate": ("synthesise",), "synthesise": ("chart",),
    }
    assert graph.INPUTS["synthesise"] == ("enrich", "judge", "locate") and graph.INPUTS["understand"] == ()
    assert all(graph.INPUTS[b] == ("rerank",) for b in graph.BRANCHES)
    # Each branch owns its own fields; no two branches record the same one.
    owned = [f for b in graph.BRANCHES for f in graph.PAPER_FIELDS[b] + graph.STATE_FIELDS[b]]
    assert len(owned) == len(set(owned)) and "metrics" in graph.PAPER_FIELDS["enrich"]


def test_later_stages_have_higher_broker_priority_and_the_branches_share_one():
    assert [graph.priority(s) for s in graph.STAGES] == [5, 4, 3, 2, 2, 2, 1, 0]


def test_branch_progress_shares_add_up_to_the_last_branchs_mark():
    assert [branches.share(b) for b in graph.BRANCHES] == [10, 15, 10]
    assert branches.fan_out_position(graph.BRANCHES) == ("locate", 85)
    assert branches.fan_out_position(["judge"]) == ("rerank", 65)  # enrich not done: stage stays at the prefix


def test_every_reader_derives_from_the_graph():
    assert tuple(runner.STEPS) == graph.STAGES  # dispatch: one bound step per declared stage, in order
    assert services.NEXT_STAGES is graph.SUCCESSORS and services.INPUTS is graph.INPUTS
    assert services.stage_priority is graph.priority
    assert branches.BRANCHES is graph.BRANCHES and branches.PAPER_FIELDS is graph.PAPER_FIELDS
    assert store_postgres.PAPER_STAGES is graph.PAPER_STAGES and runner.CRITICAL_STAGES is graph.CRITICAL_STAGES


def test_the_front_end_gets_the_graph_as_json():
    stages = json.loads(graph.as_json())
    assert [s["name"] for s in stages] == list(graph.STAGES)
    assert [s["progress"] for s in stages] == list(graph.STAGE_PROGRESS.values())
    assert [s["name"] for s in stages if s["branch"]] == list(graph.BRANCHES)
