# SPDX-License-Identifier: Apache-2.0
"""Readers of a run directory (what `mbens run` writes) into numpy arrays, or pandas data frames
with frame=True: members.csv, stats.csv and the saved trajectories (CSV; HDF5 through h5py where
it is installed)."""
import csv
import os

import numpy as np


def _columns(path, text_columns):
    """a CSV with a header as {column: array}: numbers as float64, text_columns as str"""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError(f"{path}: empty")
    head, body = rows[0], rows[1:]
    out = {}
    for j, name in enumerate(head):
        vals = [r[j] if j < len(r) else "" for r in body]
        if name in text_columns:
            out[name] = np.array(vals, dtype=str)
        else:
            out[name] = np.array([float(v) if v != "" else np.nan for v in vals])
    return out


def _frame(cols):
    import pandas  # only where frames are asked for
    return pandas.DataFrame(cols)


def read_members(run_dir, frame=False):
    """members.csv as {column: array} (frame=True: a pandas DataFrame): member ids, the varied
    parameters, the quantities of interest (float64; NaN for failed members), status words,
    steps, events, assert"""
    cols = _columns(os.path.join(run_dir, "members.csv"), {"status", "assert"})
    for name in ("member", "steps", "events"):
        if name in cols:
            cols[name] = cols[name].astype(np.int64)
    return _frame(cols) if frame else cols


def read_stats(run_dir, frame=False):
    """stats.csv as {signal: {column: array over time}}: time, n, mean, std, min, max, q05 ..
    q95 of each signal (frame=True: the file as one pandas DataFrame, a row per time and
    signal)"""
    cols = _columns(os.path.join(run_dir, "stats.csv"), {"signal"})
    if frame:
        return _frame(cols)
    out = {}
    for sig in dict.fromkeys(cols["signal"]):
        rows = cols["signal"] == sig
        out[str(sig)] = {k: v[rows] for k, v in cols.items() if k != "signal"}
    return out


def read_trajectories(run_dir):
    """the saved trajectories as {member: {"time": array, signal: array}}"""
    tdir = os.path.join(run_dir, "trajectories")
    h5 = os.path.join(run_dir, "trajectories.h5")
    out = {}
    if os.path.isdir(tdir):
        for name in sorted(os.listdir(tdir)):
            if name.startswith("member_") and name.endswith(".csv"):
                out[int(name[7:-4])] = _columns(os.path.join(tdir, name), set())
        return out
    if os.path.exists(h5):
        import h5py  # only for runs that saved HDF5
        with h5py.File(h5, "r") as f:
            time = f["time"][...]
            members = f["member"][...]
            written = f["written"][...] if "written" in f else np.ones(len(members))
            names = [s.decode() if isinstance(s, bytes) else str(s) for s in f["signal"][...]]
            y = f["y"]
            for i, m in enumerate(members):
                if not written[i]:
                    continue  # an interrupted run had not reached it
                d = {"time": time}
                for j, s in enumerate(names):
                    d[s] = y[i, :, j]
                out[int(m)] = d
        return out
    raise FileNotFoundError(f"{run_dir}: no saved trajectories (mbens run --save-members)")
