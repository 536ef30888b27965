# SPDX-License-Identifier: Apache-2.0
"""Ensemble studies from Python: mbens.run() runs `mbens run` (the program installed beside the
library, or $MBENS_EXE) into a run directory and returns its readers. Everything the program's
run does holds: resumable directories, shards and merge, the same bits on every backend."""
import json
import os
import shutil
import subprocess

import ctypes

from ._lib import Error, lib
from .rundir import read_members, read_stats, read_trajectories


class RunError(Exception):
    """`mbens run` failed: its message (stderr) and exit code (2 usage or model, 1 runtime)."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def program():
    """the mbens program: $MBENS_EXE, else `mbens` on PATH, else the one installed beside the
    library (PREFIX/bin/mbens for PREFIX/lib/libmbens.so)"""
    exe = os.environ.get("MBENS_EXE") or shutil.which("mbens")
    if exe:
        return exe
    libdir = os.path.dirname(os.path.realpath(lib._name))
    for up in ("..", os.path.join("..", "..")):
        cand = os.path.normpath(os.path.join(libdir, up, "bin", "mbens"))
        if os.access(cand, os.X_OK):
            return cand
    raise RunError("the mbens program was not found: set MBENS_EXE or put it on PATH", 1)


class Run:
    """a run directory: members, statistics, trajectories and the manifest, read on demand"""

    def __init__(self, path, status):
        self.path = path
        self.exit_status = status  # 0, or 3 where some members failed

    @property
    def members(self):
        return read_members(self.path)

    @property
    def stats(self):
        return read_stats(self.path)

    def frames(self):
        """members.csv and stats.csv as pandas DataFrames"""
        return read_members(self.path, frame=True), read_stats(self.path, frame=True)

    @property
    def manifest(self):
        with open(os.path.join(self.path, "manifest.json")) as f:
            return json.load(f)

    def trajectories(self):
        return read_trajectories(self.path)


def run(*files, out, n, vary=None, qoi=(), signals=None, sampler=None, seed=None, cls=None,
        libraries=(), save_members=None, save_signals=None, options=(), force=False):
    """Runs an ensemble study into the directory out and returns its Run.

    vary: {name: "uniform(0.1,0.5)"} (the distributions of mbens run --vary); qoi: quantities
    of interest; signals: the statistics' signals (None: every state, "none": none); sampler:
    mc, lhs, sobol, grid, saltelli, morris, radial; options: more of the program's arguments
    ("--backend", "opencl", "--stop-time", "2", ...)."""
    args = [program(), "run", *files, "-o", str(out), "-n", str(int(n)), "--quiet"]
    for name, dist in (vary or {}).items():
        args += ["--vary", f"{name}={dist}"]
    for q in [qoi] if isinstance(qoi, str) else qoi:
        args += ["--qoi", q]
    if signals is not None:
        args += ["--signals", signals if isinstance(signals, str) else ",".join(signals)]
    for flag, value in (("--sampler", sampler), ("--seed", seed), ("--class", cls),
                        ("--save-members", save_members)):
        if value is not None:
            args += [flag, str(value)]
    if save_signals is not None:
        args += ["--save-signals",
                 save_signals if isinstance(save_signals, str) else ",".join(save_signals)]
    for d in libraries:
        args += ["--library", str(d)]
    if force:
        args.append("--force")
    args += [str(a) for a in options]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode not in (0, 3):
        raise RunError(p.stderr.strip(), p.returncode)
    return Run(str(out), p.returncode)


def merge(*dirs, out):
    """Combines the run directories of the shards of one study (run(..., options=["--shard",
    "K/N"])) into out, exactly the files of the unsharded run (the library's mbe_study_merge);
    its Run. RunError (code 2) says why shards do not belong together."""
    enc = [str(d).encode() for d in dirs]
    arr = (ctypes.c_char_p * max(len(enc), 1))(*enc)
    err, members = Error(), ctypes.c_size_t()
    if lib.mbe_study_merge(arr, len(enc), str(out).encode(), ctypes.byref(members),
                           ctypes.byref(err)) != 0:
        raise RunError(err.message.decode(errors="replace"), 2 if err.code == -3 else 1)
    return Run(str(out), 0)
