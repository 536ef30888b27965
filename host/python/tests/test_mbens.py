# SPDX-License-Identifier: Apache-2.0
"""The Python package against the library's own sizes, the command line's numbers (simulate and
run give the same bits) and the errors users make."""
import csv
import ctypes
import signal
import subprocess

import numpy as np
import pytest

import mbens
from mbens import _lib


def test_structures_match_the_library():
    for name, cls in _lib.STRUCTS.items():
        assert _lib.lib.mbe_struct_size(name.encode()) == ctypes.sizeof(cls), name


def test_listing(pendulum):
    m = mbens.Model(pendulum)
    assert m.name == "Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum"
    p = {q.name: q for q in m.parameters}
    assert p["damper.d"].nominal == 0.1 and p["damper.d"].unit == "N.m.s/rad"
    assert p["damper.d"].can_vary and p["damper.d"].min == 0
    assert not p["revolute1.useAxisFlange"].can_vary
    assert "structure" in p["revolute1.useAxisFlange"].why_not
    assert p["revolute2.phi.start"].is_start
    assert [s for s, _ in m.states] == ["revolute1.phi", "revolute1.w", "revolute2.phi",
                                        "revolute2.w"]
    assert "revolute2.phi" in m.signals


def test_simulate_run_and_python_give_the_same_bits(pendulum, mbens_exe, tmp_path):
    sig = ["revolute1.phi", "revolute2.phi", "revolute2.w"]
    out = tmp_path / "sim.csv"
    subprocess.run([mbens_exe, "simulate", pendulum, "--signals", ",".join(sig), "-o", str(out)],
                   check=True, capture_output=True)
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["time"] + sig
    sim = np.array([[float(v) for v in r[1:]] for r in rows[1:]])  # %.17g: exact

    ev = mbens.Model(pendulum).compile(vary=["damper.d"], qoi=["final(revolute2.phi)"],
                                       signals=sig)
    r = ev.evaluate([[0.1]], trajectories=True)
    assert r.status[0] == 0
    assert np.array_equal(r.y[0], sim)  # every bit of every value
    assert np.array_equal(ev.times, np.array([float(x[0]) for x in rows[1:]]))

    subprocess.run([mbens_exe, "run", pendulum, "-n", "1", "--vary", "damper.d=const(0.1)",
                    "--qoi", "final(revolute2.phi)", "--signals", "none", "-o",
                    str(tmp_path / "run"), "--quiet"], check=True, capture_output=True)
    members = mbens.read_members(str(tmp_path / "run"))
    assert members["final(revolute2.phi)"][0] == r.qoi[0, 0] == sim[-1, 1]


def test_a_study_is_reproduced_member_by_member(pendulum, tmp_path):
    study = mbens.run(pendulum, out=tmp_path / "study", n=40, seed=5,
                      vary={"damper.d": "uniform(0.02,0.4)", "boxBody1.r[1]": "uniform(0.4,0.6)"},
                      qoi=["max(abs(revolute2.phi))", "integral(revolute1.w^2)"],
                      signals=["revolute2.phi"], save_members="0-2")
    run = study.path
    assert study.exit_status == 0 and study.manifest["members"]["count"] == 40
    mem = mbens.read_members(str(run))
    P = np.column_stack([mem["damper.d"], mem["boxBody1.r[1]"]])
    ev = mbens.Model(pendulum).compile(vary=["damper.d", "boxBody1.r[1]"],
                                       qoi=["max(abs(revolute2.phi))", "integral(revolute1.w^2)"],
                                       signals=["revolute2.phi"])
    q, status = ev(P)
    assert np.array_equal(q[:, 0], mem["max(abs(revolute2.phi))"])
    assert np.array_equal(q[:, 1], mem["integral(revolute1.w^2)"])
    assert list(mem["status"]) == [mbens.status_word(s) for s in status]

    stats = mbens.read_stats(str(run))["revolute2.phi"]
    y = ev.evaluate(P, trajectories=True).y[:, :, 0]
    assert np.array_equal(stats["min"], y.min(axis=0)) and np.array_equal(stats["max"],
                                                                          y.max(axis=0))
    traj = mbens.read_trajectories(str(run))
    assert sorted(traj) == [0, 1, 2]
    assert np.array_equal(traj[2]["revolute2.phi"], y[2])


def test_calls_commute_and_take_any_layout(pendulum):
    ev = mbens.Model(pendulum).compile(vary=["damper.d", "world.g"],
                                       qoi=["max(revolute2.w)", "time_at_max(revolute2.w)"])
    rng = np.random.default_rng(3)
    P = np.column_stack([rng.uniform(0.02, 0.5, 64), rng.uniform(9, 10.5, 64)])
    q, s = ev(P)
    assert q.shape == (64, 2) and s.shape == (64,) and (s == 0).all()
    q2 = np.vstack([ev(P[:10])[0], ev(P[10:11])[0], ev(P[11:])[0]])
    assert np.array_equal(q, q2)
    Pf = np.asfortranarray(P)  # not row-major: copied, same numbers
    assert np.array_equal(ev(Pf)[0], q)
    assert np.array_equal(ev(P[::2])[0], q[::2])
    assert len(set(q[:, 0])) == 64


def test_errors_say_what_is_wrong(pendulum, tmp_path):
    bad = tmp_path / "Bad.mo"
    bad.write_text("model Bad\n  Real x(start = 1);\nequation\n  der(x) = -x +;\nend Bad;\n")
    with pytest.raises(mbens.MbensError) as e:
        mbens.Model(str(bad))
    assert str(e.value).startswith(f"{bad}:4:")
    m = mbens.Model(pendulum)
    with pytest.raises(mbens.MbensError, match="did you mean 'damper.d'"):
        m.compile(vary=["damper.dd"])
    with pytest.raises(mbens.MbensError, match="column|expected"):
        m.compile(qoi=["max(abs(revolute2.phi)"])
    ev = m.compile(vary=["damper.d"], qoi=["final(revolute2.phi)"])
    with pytest.raises(mbens.MbensError, match="member 1: damper.d = -1 is outside"):
        ev([0.1, -1.0])
    with pytest.raises(ValueError, match=r"\(members, 1\)"):
        ev(np.ones((3, 2)))
    with pytest.raises(ValueError, match="backend takes"):
        m.compile(backend="gpu")
    with pytest.raises(ValueError, match="trajectories need signals"):
        ev.evaluate([[0.1]], trajectories=True)
    with pytest.raises(mbens.RunError, match="did you mean 'damper.d'") as e:
        mbens.run(pendulum, out=tmp_path / "bad", n=4, vary={"damper.dd": "uniform(0.1,0.2)"})
    assert e.value.code == 2


def test_run_settings_follow_the_arguments(pendulum):
    m = mbens.Model(pendulum)
    ev = m.compile(qoi=["final(revolute2.phi)"], stop_time=1, interval=0.01)
    assert ev.nout == 101 and ev.times[-1] == 1
    # the stop time moved, the interval not given and none annotated: (t1 - t0)/500
    assert m.compile(qoi=["final(revolute2.phi)"], stop_time=2).nout == 501
    rk = m.compile(qoi=["final(revolute2.phi)"], stop_time=1, interval=0.01, method="rk4")
    q1, _ = ev(np.empty((1, 0)))
    q2, _ = rk(np.empty((1, 0)))
    assert abs(q1[0, 0] - q2[0, 0]) < 1e-4  # two integrators, one motion
    failing = m.compile(qoi=["final(revolute2.phi)"], max_steps=10)
    q, s = failing(np.empty((1, 0)))
    assert mbens.status_word(s[0]) == "max-steps" and np.isnan(q[0, 0])


def test_optimize_finds_the_analytic_optimum(examples_model):
    m = mbens.Model(examples_model("SpringDamperOptimum.mo"))
    r = mbens.optimize(m, {"springDamper.d": (0.1, 10)}, minimize="integral(slider.s^2)")
    assert abs(r.params["springDamper.d"] - 1) < 1e-4 and abs(r.f - 1) < 1e-6 and r.feasible
    c = mbens.optimize(m, {"springDamper.d": (0.1, 10)}, minimize="integral(slider.s^2)",
                       subject_to="min(slider.s) >= -0.05", seed=3)
    assert abs(c.params["springDamper.d"] - 1.3802134611) < 1e-4 and c.feasible
    assert c.constraints[0] >= 0  # min(s) - (-0.05)
    with pytest.raises(ValueError, match="one objective"):
        mbens.optimize(m, {"springDamper.d": (0.1, 10)})


def test_fit_recovers_the_truth_within_its_intervals(pendulum):
    m = mbens.Model(pendulum)
    truth = {"damper.d": 0.3, "boxBody2.r[1]": 0.45}
    sig = ["revolute1.phi", "revolute2.phi"]
    ev = m.compile(vary=list(truth), signals=sig, stop_time=2, interval=0.02, tolerance=1e-12)
    y = ev.evaluate([list(truth.values())], trajectories=True).y[0]
    rng = np.random.default_rng(11)
    data = {s: y[:, j] + 0.01 * rng.standard_normal(len(ev.times)) for j, s in enumerate(sig)}
    r = mbens.fit(m, list(truth), ev.times, data)
    assert r.converged and r.m == 2 * len(ev.times)
    for k, v in truth.items():
        lo, hi = r.intervals[k]
        assert lo <= v <= hi, (k, r.estimates[k], r.intervals[k])
    assert 0.008 < np.sqrt(r.ssr / (r.m - 2)) < 0.012
    assert r.cov.shape == (2, 2) and r.cov[0, 1] == r.cov[1, 0]


def test_shards_merge_into_the_whole_run(pendulum, tmp_path):
    kw = dict(n=24, seed=2, vary={"damper.d": "uniform(0.05,0.3)"},
              qoi=["final(revolute2.phi)"], signals=["revolute2.phi"])
    whole = mbens.run(pendulum, out=tmp_path / "whole", **kw)
    parts = [mbens.run(pendulum, out=tmp_path / f"s{k}", shard=(k, 3), **kw)
             for k in (2, 0, 1)]
    merged = mbens.merge(*[p.path for p in parts], out=tmp_path / "merged")
    for name in ("members.csv", "stats.csv"):
        assert (tmp_path / "merged" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()
    assert merged.members["member"].tolist() == list(range(24))
    with pytest.raises(mbens.RunError, match="in no shard given") as e:
        mbens.merge(parts[0].path, out=tmp_path / "bad")
    assert e.value.code == 2


def test_a_study_stopped_in_python_resumes_into_the_programs_run(pendulum, mbens_exe, tmp_path):
    """mbens.run in this process, stopped by its progress callback and resumed with only its
    directory, writes the bytes `mbens run` writes"""
    kw = dict(n=30, seed=3, vary={"damper.d": "uniform(0.05,0.3)"}, qoi=["max(revolute2.phi)"],
              signals=["revolute2.phi"], stop_time=1, batch=10)
    seen = []
    part = mbens.run(pendulum, out=tmp_path / "part", progress=lambda p: seen.append(p) or False,
                     **kw)
    assert not part.complete and part.progress["done"] == 10 and seen[0]["total"] == 30
    with pytest.raises(mbens.RunError, match="keeps its definition"):
        mbens.run(out=tmp_path / "part", resume=True, n=5)
    done = mbens.run(out=tmp_path / "part", resume=True, batch=7)
    assert done.complete and done.progress["done"] == 30 and done.progress["is_resumed"]
    subprocess.run([mbens_exe, "run", pendulum, "-n", "30", "--seed", "3", "--vary",
                    "damper.d=uniform(0.05,0.3)", "--qoi", "max(revolute2.phi)", "--signals",
                    "revolute2.phi", "--stop-time", "1", "-o", str(tmp_path / "cli"), "--quiet"],
                   check=True, capture_output=True)
    for name in ("members.csv", "stats.csv"):
        assert (tmp_path / "part" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()
    # Ctrl-C (here raised during a batch's callback) stops after the batch and is raised again;
    # the directory resumes
    with pytest.raises(KeyboardInterrupt):
        mbens.run(pendulum, out=tmp_path / "int", progress=lambda p: signal.raise_signal(
            signal.SIGINT), **kw)
    assert mbens.read_members(str(tmp_path / "int"))["member"].tolist() == list(range(10))
    again = mbens.run(out=tmp_path / "int", resume=True)
    assert (tmp_path / "int" / "members.csv").read_bytes() == (tmp_path / "cli" / "members.csv").read_bytes()
    assert again.complete
    with pytest.raises(TypeError, match="no option stoptime"):
        mbens.run(pendulum, out=tmp_path / "x", n=2, stoptime=1)


def test_modes_and_experiment(examples_model):
    m = mbens.Model(examples_model("SpringDamperOptimum.mo"))
    assert m.experiment == {"stop_time": 40, "interval": 0.01, "tolerance": 1e-10}
    # a stop time given, the annotation's interval kept (as mbens simulate --stop-time 2 does)
    assert m.compile(qoi=["final(slider.s)"], stop_time=2).nout == 201
    ev = m.compile(vary=["springDamper.d"], qoi=["final(slider.s)"])
    lam = ev.modes()  # m = c = 1, d = 0.5: -d/2 +- i sqrt(1 - d^2/4)
    assert np.allclose(sorted(lam, key=lambda z: z.imag), [-0.25 - 0.9682458365518543j,
                                                          -0.25 + 0.9682458365518543j], atol=1e-6)
    assert np.allclose(sorted(ev.modes([2.0]).real), [-1, -1], atol=1e-3)  # critical: a double root


def test_pandas_frames(pendulum, tmp_path):
    pandas = pytest.importorskip("pandas", reason="python3-pandas is not installed")
    run = mbens.run(pendulum, out=tmp_path / "r", n=6, vary={"damper.d": "uniform(0.05,0.3)"},
                    qoi=["final(revolute2.phi)"], signals=["revolute2.phi"], stop_time=1)
    members, stats = run.frames()
    assert isinstance(members, pandas.DataFrame) and list(members["member"]) == list(range(6))
    arrays = run.members
    assert np.array_equal(members["final(revolute2.phi)"].to_numpy(), arrays["final(revolute2.phi)"])
    assert set(stats["signal"]) == {"revolute2.phi"} and len(stats) == len(run.stats["revolute2.phi"]["time"])
