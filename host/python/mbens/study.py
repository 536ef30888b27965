# SPDX-License-Identifier: Apache-2.0
"""Ensemble studies from Python: mbens.run() runs a study in this process through the library's
mbe_study_open and mbe_study_run (mbe/mbe_study.h), exactly what `mbens run` does, into a run
directory, and returns its readers: resumable directories (Ctrl-C stops after the batch),
shards and merge, the same bytes on every backend."""
import json
import os
import sys

import ctypes

from ._lib import (BACKENDS, METHODS, PRECISIONS, SAMPLERS, SAVE_FORMATS, NOTE_FN, PHASE_FN,
                   PROGRESS_FN, Error, StudyInfo, StudyProgress, lib)
from .rundir import read_members, read_stats, read_trajectories


class RunError(Exception):
    """A study could not run: the library's message, and a code like the program's exit code
    (2 for the definition or the model, 1 for the rest)."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


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


def _strings(items):
    """a C array of the strings (kept alive by the caller) and its length"""
    enc = [str(x).encode() for x in items]
    return (ctypes.c_char_p * max(len(enc), 1))(*enc), len(enc)


def _names(v):
    return [v] if isinstance(v, str) else list(v)


def _progress_dict(p):
    return {"total": p.total, "done": p.done, "batch": p.batch,
            "done_checkpoint": p.done_checkpoint,
            "status": {lib.mbe_run_status_word(k).decode(): p.status[k]
                       for k in range(len(p.status)) if p.status[k] or k == 0},
            "steps": p.steps, "rhs": p.rhs, "seconds_run": p.seconds_run,
            "members_per_second": p.members_per_second, "is_resumed": p.is_resumed}


# the library's statuses that are the user's to fix (the program exits 2 on them): invalid
# argument, usage, model, unsupported, no device, no double precision
_USER_ERRORS = {-2, -3, -5, -6, -8, -9}


def _set_lists(d, keep, files, libraries, vary, qoi, signals, save_signals):
    """the definition's lists (their arrays appended to keep)"""
    def put(obj, field, items):
        arr, n = _strings(items)
        setattr(obj, field, arr)
        setattr(obj, "n" + field, n)
        keep.append(arr)

    if files:
        put(d.model, "files", files)
    if libraries:
        put(d.model, "libraries", libraries)
    if vary:
        put(d, "vary", [f"{k}={v}" for k, v in vary.items()])
    if qoi:
        put(d, "qoi", _names(qoi))
    if signals is not None:
        put(d, "signals", [] if signals == "none" else _names(signals))
    if save_signals is not None:
        put(d, "save_signals", _names(save_signals))


def _set_options(d, opts):
    """the definition's scalar choices: `mbens run`'s options by name (None: the default)"""
    for field in ("params", "design", "save_members"):
        if opts[field] is not None:
            setattr(d, field, str(opts[field]).encode())
    for field, table in (("sampler", SAMPLERS), ("save_format", SAVE_FORMATS),
                         ("precision", PRECISIONS)):
        value = opts[field]
        if value is not None:
            if value not in table:
                raise RunError(f"{field} takes one of {', '.join(table)}, not {value!r}", 2)
            setattr(d, field, table[value])
    for field in ("n", "seed", "levels", "candidates", "quantile_bins", "batch", "max_memory",
                  "max_output"):
        if opts[field] is not None:
            setattr(d, field, int(opts[field]))
    d.first_order_only, d.time_indices = bool(opts["first_order_only"]), bool(opts["time_indices"])
    for field in ("start_time", "stop_time", "interval", "tolerance", "step"):
        if opts[field] is not None:
            setattr(d.run, field, float(opts[field]))
    if opts["method"] is not None:
        d.run.method = METHODS[opts["method"]]
    if opts["max_steps"] is not None:
        d.run.max_steps = int(opts["max_steps"])
    if opts["shard"] is not None:
        d.shard_k, d.shard_n = int(opts["shard"][0]), int(opts["shard"][1])
    if opts["backend"] is not None:
        d.backend.kind = BACKENDS[opts["backend"]]
    if opts["device"] is not None:
        d.backend.device = str(opts["device"]).encode()
    if opts["threads"] is not None:
        d.backend.threads = int(opts["threads"])


def run(*files, out, n=None, vary=None, qoi=(), signals=None, cls=None, libraries=(),
        save_signals=None, force=False, resume=False, progress=None, notes=None, **options):
    """Runs (or with resume=True continues) an ensemble study into the directory out and
    returns its Run. The arguments are `mbens run`'s options (see its --help), by name:

    vary: {name: "uniform(0.1,0.5)"}; qoi: quantities of interest; signals: the statistics'
    signals (None: every state, [] or "none": none); options: params, design, sampler (mc,
    lhs, sobol, grid, saltelli, morris, radial), seed, levels, candidates, first_order_only,
    time_indices, save_members ("0-9,42"), save_format, quantile_bins, start_time, stop_time,
    interval, tolerance, step, method, max_steps, precision, shard ((k, n)), backend (auto,
    opencl, openmp), device, threads, batch, max_memory, max_output. progress(dict) is called
    after each batch (return False to stop there); notes(is_warning, text) receives the
    study's warnings and notes (default: warnings to stderr). Ctrl-C stops after the batch (the
    directory resumes) and raises KeyboardInterrupt. A resume takes only out and where it runs
    (backend, device, threads, batch, max_memory)."""
    known = ("params", "design", "sampler", "seed", "levels", "candidates", "first_order_only",
             "time_indices", "save_members", "save_format", "quantile_bins", "start_time",
             "stop_time", "interval", "tolerance", "step", "method", "max_steps", "precision",
             "shard", "backend", "device", "threads", "batch", "max_memory", "max_output")
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise TypeError(f"run() has no option {', '.join(unknown)}; it takes {', '.join(known)}")
    opts = {k: options.get(k) for k in known}
    opts["n"] = n
    opts["first_order_only"] = options.get("first_order_only", False)
    opts["time_indices"] = options.get("time_indices", True)
    keep = []  # everything the C definition points at, alive until the study is opened
    d = lib.mbe_study_def_default()
    d.dir = str(out).encode()
    d.resume, d.force = bool(resume), bool(force)
    if cls is not None:
        d.model.class_name = cls.encode()
    _set_lists(d, keep, files, libraries, vary, qoi, signals, save_signals)
    _set_options(d, opts)

    stopped = []  # what stopped the run from a callback: Ctrl-C, or the callback's own error

    def on_batch(ctx, p):
        try:
            return progress is None or progress(_progress_dict(p.contents)) is not False
        except BaseException as e:
            stopped.append(e)
            return False

    def on_note(ctx, is_warning, text):
        try:
            if notes is not None:
                notes(bool(is_warning), text.decode(errors="replace"))
            elif is_warning:
                print(f"mbens: warning: {text.decode(errors='replace')}", file=sys.stderr)
        except BaseException as e:
            stopped.append(e)

    d.progress, d.note, d.phase = PROGRESS_FN(on_batch), NOTE_FN(on_note), PHASE_FN(0)
    return _run(d, stopped)


def _run(d, stopped):
    """opens and runs the study of d; its Run"""
    err, study = Error(), ctypes.c_void_p()
    if lib.mbe_study_open(ctypes.byref(d), ctypes.byref(study), ctypes.byref(err)) != 0:
        raise RunError(err.message.decode(errors="replace"), 2 if err.code in _USER_ERRORS else 1)
    try:
        rc = lib.mbe_study_run(study, ctypes.byref(err))
        prog, info = StudyProgress(), StudyInfo()
        lib.mbe_study_progress(study, ctypes.byref(prog))
        lib.mbe_study_info(study, ctypes.byref(info))
        path = info.dir.decode()
    finally:
        lib.mbe_study_destroy(study)
    if stopped:
        raise stopped[0]
    if rc not in (0, -14):  # MBE_OK, MBE_ERR_INTERRUPTED
        raise RunError(err.message.decode(errors="replace"), 2 if err.code in _USER_ERRORS else 1)
    result = Run(path, 3 if sum(prog.status[1:]) else 0)
    result.progress = _progress_dict(prog)
    result.complete = rc == 0
    return result


def merge(*dirs, out):
    """Combines the run directories of the shards of one study (run(..., shard=(k, n))) into
    out, exactly the files of the unsharded run (the library's mbe_study_merge);
    its Run. RunError (code 2) says why shards do not belong together."""
    enc = [str(d).encode() for d in dirs]
    arr = (ctypes.c_char_p * max(len(enc), 1))(*enc)
    err, members = Error(), ctypes.c_size_t()
    if lib.mbe_study_merge(arr, len(enc), str(out).encode(), ctypes.byref(members),
                           ctypes.byref(err)) != 0:
        raise RunError(err.message.decode(errors="replace"), 2 if err.code == -3 else 1)
    return Run(str(out), 0)
