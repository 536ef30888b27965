# SPDX-License-Identifier: Apache-2.0
"""The C declarations of <mbe.h> that the package uses, through ctypes.

The structures mirror host/include/mbe/*.h field by field; tests/test_api.py checks each one's
size against the library's own (mbe_struct_size)."""
import ctypes
import ctypes.util
import os
import shutil

c_double_p = ctypes.POINTER(ctypes.c_double)
c_int32_p = ctypes.POINTER(ctypes.c_int32)
c_char_pp = ctypes.POINTER(ctypes.c_char_p)


class Error(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("message", ctypes.c_char * 512),
                ("file", ctypes.c_char * 256), ("line", ctypes.c_int),
                ("column", ctypes.c_int), ("offset", ctypes.c_size_t)]


class RunDef(ctypes.Structure):
    _fields_ = [("method", ctypes.c_int), ("t0", ctypes.c_double), ("t1", ctypes.c_double),
                ("nout", ctypes.c_int), ("h", ctypes.c_double), ("hmin", ctypes.c_double),
                ("hmax", ctypes.c_double), ("rtol", ctypes.c_double), ("atol", ctypes.c_double),
                ("max_steps", ctypes.c_int), ("batch_size", ctypes.c_size_t)]


class BackendDef(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("device", ctypes.c_char_p), ("threads", ctypes.c_int),
                ("cc", ctypes.c_char_p), ("cache_dir", ctypes.c_char_p),
                ("use_cache", ctypes.c_bool), ("need_fp64", ctypes.c_bool),
                ("cookie", ctypes.c_int)]


class ModelDef(ctypes.Structure):
    _fields_ = [("files", c_char_pp), ("nfiles", ctypes.c_size_t),
                ("libraries", c_char_pp), ("nlibraries", ctypes.c_size_t),
                ("use_modelicapath", ctypes.c_bool), ("class_name", ctypes.c_char_p),
                ("cookie", ctypes.c_int)]


class ParamInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("nominal", ctypes.c_double),
                ("min", ctypes.c_double), ("max", ctypes.c_double), ("unit", ctypes.c_char_p),
                ("description", ctypes.c_char_p), ("is_start", ctypes.c_bool),
                ("can_vary", ctypes.c_bool), ("why_not", ctypes.c_char_p)]


class EvaluatorDef(ctypes.Structure):
    _fields_ = [("vary", c_char_pp), ("nvary", ctypes.c_size_t), ("qoi", c_char_pp),
                ("nqoi", ctypes.c_size_t), ("signals", c_char_pp),
                ("nsignals", ctypes.c_size_t), ("run", RunDef), ("backend", BackendDef),
                ("precision", ctypes.c_int), ("cookie", ctypes.c_int)]


class EvalBatch(ctypes.Structure):
    _fields_ = [("n", ctypes.c_size_t), ("p", c_double_p), ("qoi", c_double_p),
                ("status", c_int32_p), ("info", c_int32_p), ("y", c_double_p)]


class BackendInfo(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("platform", ctypes.c_char * 128),
                ("device", ctypes.c_char * 128), ("version", ctypes.c_char * 128),
                ("has_fp64", ctypes.c_bool), ("compute_units", ctypes.c_int),
                ("global_mem", ctypes.c_uint64), ("max_alloc", ctypes.c_uint64),
                ("is_host_memory", ctypes.c_bool)]


class OptimizeDef(ctypes.Structure):
    _fields_ = [("model", ctypes.c_void_p), ("vary", c_char_pp), ("lo", c_double_p),
                ("hi", c_double_p), ("nvary", ctypes.c_size_t), ("objective", ctypes.c_char_p),
                ("maximize", ctypes.c_bool), ("constraints", c_char_pp),
                ("nconstraints", ctypes.c_size_t), ("run", RunDef), ("backend", BackendDef),
                ("precision", ctypes.c_int), ("budget", ctypes.c_size_t),
                ("population", ctypes.c_size_t), ("restarts", ctypes.c_int),
                ("seed", ctypes.c_uint64), ("sigma0", ctypes.c_double),
                ("tolfun", ctypes.c_double), ("history", ctypes.c_char_p),
                ("progress", ctypes.c_void_p), ("ctx", ctypes.c_void_p)]


class OptimizeResult(ctypes.Structure):
    _fields_ = [("p", c_double_p), ("f", ctypes.c_double), ("v", ctypes.c_double),
                ("g", c_double_p), ("evaluations", ctypes.c_size_t),
                ("restarts", ctypes.c_int), ("stop", ctypes.c_char_p)]


class FitDef(ctypes.Structure):
    _fields_ = [("model", ctypes.c_void_p), ("vary", c_char_pp), ("start", c_double_p),
                ("nvary", ctypes.c_size_t), ("time", c_double_p), ("ntimes", ctypes.c_size_t),
                ("signals", c_char_pp), ("nsignals", ctypes.c_size_t), ("data", c_double_p),
                ("run", RunDef), ("backend", BackendDef), ("precision", ctypes.c_int),
                ("max_evaluations", ctypes.c_size_t), ("conf_level", ctypes.c_double)]


class FitResult(ctypes.Structure):
    _fields_ = [("p", c_double_p), ("se", c_double_p), ("lo", c_double_p), ("hi", c_double_p),
                ("cov", c_double_p), ("start", c_double_p), ("rms", c_double_p), ("nsignals", ctypes.c_size_t),
                ("ssr", ctypes.c_double), ("m", ctypes.c_size_t), ("info", ctypes.c_int),
                ("why", ctypes.c_char_p), ("nfev", ctypes.c_size_t), ("njev", ctypes.c_size_t),
                ("members", ctypes.c_size_t), ("rank_deficient", ctypes.c_bool)]


class ModelExperiment(ctypes.Structure):
    _fields_ = [("has_start_time", ctypes.c_bool), ("has_stop_time", ctypes.c_bool),
                ("has_interval", ctypes.c_bool), ("has_tolerance", ctypes.c_bool),
                ("start_time", ctypes.c_double), ("stop_time", ctypes.c_double),
                ("interval", ctypes.c_double), ("tolerance", ctypes.c_double)]


class RunChoice(ctypes.Structure):
    _fields_ = [("start_time", ctypes.c_double), ("stop_time", ctypes.c_double),
                ("interval", ctypes.c_double), ("tolerance", ctypes.c_double),
                ("step", ctypes.c_double), ("method", ctypes.c_int), ("max_steps", ctypes.c_int)]


STATUS_COUNT = 9  # MBE_MEMBER_STATUS_COUNT
ASSERT_MAX = 64   # MBE_STUDY_ASSERT_MAX


class StudyProgress(ctypes.Structure):
    _fields_ = [("total", ctypes.c_size_t), ("done", ctypes.c_size_t),
                ("batch", ctypes.c_size_t), ("done_checkpoint", ctypes.c_size_t),
                ("status", ctypes.c_uint64 * STATUS_COUNT), ("steps", ctypes.c_uint64),
                ("rhs", ctypes.c_uint64), ("assert_stops", ctypes.c_uint64 * ASSERT_MAX),
                ("assert_warned", ctypes.c_uint64 * ASSERT_MAX),
                ("seconds_run", ctypes.c_double), ("seconds_this", ctypes.c_double),
                ("members_per_second", ctypes.c_double),
                ("quantile_resolution", ctypes.c_double), ("is_resumed", ctypes.c_bool)]


PHASE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
NOTE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_bool, ctypes.c_char_p)
PROGRESS_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.POINTER(StudyProgress))


class StudyDef(ctypes.Structure):
    _fields_ = [("dir", ctypes.c_char_p), ("model", ModelDef), ("vary", c_char_pp),
                ("nvary", ctypes.c_size_t), ("params", ctypes.c_char_p),
                ("design", ctypes.c_char_p), ("sampler", ctypes.c_int), ("n", ctypes.c_size_t),
                ("seed", ctypes.c_uint64), ("levels", ctypes.c_int),
                ("candidates", ctypes.c_size_t), ("first_order_only", ctypes.c_bool),
                ("time_indices", ctypes.c_bool), ("signals", c_char_pp),
                ("nsignals", ctypes.c_size_t), ("qoi", c_char_pp), ("nqoi", ctypes.c_size_t),
                ("save_members", ctypes.c_char_p), ("save_signals", c_char_pp),
                ("nsave_signals", ctypes.c_size_t), ("save_format", ctypes.c_int),
                ("quantile_bins", ctypes.c_size_t), ("run", RunChoice),
                ("precision", ctypes.c_int), ("shard_k", ctypes.c_size_t),
                ("shard_n", ctypes.c_size_t), ("backend", BackendDef),
                ("batch", ctypes.c_size_t), ("max_memory", ctypes.c_uint64),
                ("max_output", ctypes.c_uint64), ("resume", ctypes.c_bool),
                ("force", ctypes.c_bool), ("command", c_char_pp),
                ("ncommand", ctypes.c_size_t), ("phase", PHASE_FN), ("note", NOTE_FN), ("kernel", ctypes.c_void_p),
                ("progress", PROGRESS_FN), ("ctx", ctypes.c_void_p),
                ("stop", ctypes.c_void_p), ("cookie", ctypes.c_int)]


class StudyInfo(ctypes.Structure):
    _fields_ = [("model", ctypes.c_char_p), ("dir", ctypes.c_char_p), ("sampler", ctypes.c_int),
                ("nparam", ctypes.c_size_t), ("total", ctypes.c_size_t),
                ("first", ctypes.c_size_t), ("count", ctypes.c_size_t),
                ("shard_k", ctypes.c_size_t), ("shard_n", ctypes.c_size_t),
                ("nout", ctypes.c_size_t), ("nstat", ctypes.c_size_t),
                ("bins", ctypes.c_size_t), ("nqoi", ctypes.c_size_t),
                ("ndevices", ctypes.c_size_t), ("is_resumed", ctypes.c_bool),
                ("is_complete", ctypes.c_bool), ("init_per_member", ctypes.c_bool),
                ("setup_seconds", ctypes.c_double)]


STRUCTS = {"MbeError": Error, "MbeRunDef": RunDef, "MbeBackendDef": BackendDef,
           "MbeModelDef": ModelDef, "MbeParamInfo": ParamInfo,
           "MbeEvaluatorDef": EvaluatorDef, "MbeEvalBatch": EvalBatch,
           "MbeBackendInfo": BackendInfo, "MbeOptimizeDef": OptimizeDef,
           "MbeOptimizeResult": OptimizeResult, "MbeFitDef": FitDef, "MbeFitResult": FitResult,
           "MbeModelExperiment": ModelExperiment, "MbeRunChoice": RunChoice,
           "MbeStudyDef": StudyDef, "MbeStudyProgress": StudyProgress,
           "MbeStudyInfo": StudyInfo}
SAMPLERS = {"mc": 0, "lhs": 1, "sobol": 2, "grid": 3, "saltelli": 4, "morris": 5, "radial": 6}
SAVE_FORMATS = {"auto": 0, "csv": 1, "hdf5": 2}

BACKENDS = {"auto": 0, "opencl": 1, "openmp": 2}
PRECISIONS = {"double": 0, "single": 1}
METHODS = {"rk4": 0, "dopri5": 1}
INFO_COUNT = 9


def _beside_program():
    """libmbens of the prefix the mbens program on PATH was installed into"""
    exe = shutil.which("mbens")
    if not exe:
        return None
    prefix = os.path.dirname(os.path.dirname(os.path.realpath(exe)))
    for sub in ("lib", "lib64", os.path.join("lib", "x86_64-linux-gnu"),
                os.path.join("lib", "aarch64-linux-gnu")):
        cand = os.path.join(prefix, sub, "libmbens.so")
        if os.path.exists(cand):
            return cand
    return None


def _find():
    """libmbens: $MBENS_LIBRARY, else the loader's search (ldconfig, LD_LIBRARY_PATH), else
    the library installed beside the mbens program on PATH"""
    path = (os.environ.get("MBENS_LIBRARY") or ctypes.util.find_library("mbens")
            or _beside_program())
    if not path:
        raise OSError("libmbens not found: install it (cmake --install) and put its bin/ on "
                      "PATH, run ldconfig, or set MBENS_LIBRARY to the path of libmbens.so")
    return ctypes.CDLL(path)


def _declare(lib):
    P = ctypes.c_void_p
    E = ctypes.POINTER(Error)
    sigs = {
        "mbe_version": (ctypes.c_char_p, []),
        "mbe_struct_size": (ctypes.c_size_t, [ctypes.c_char_p]),
        "mbe_model_def_default": (ModelDef, []),
        "mbe_model_load": (ctypes.c_int, [ctypes.POINTER(ModelDef), ctypes.POINTER(P), E]),
        "mbe_model_destroy": (None, [P]),
        "mbe_model_name": (ctypes.c_char_p, [P]),
        "mbe_model_param_count": (ctypes.c_size_t, [P]),
        "mbe_model_param": (None, [P, ctypes.c_size_t, ctypes.POINTER(ParamInfo)]),
        "mbe_model_signal_count": (ctypes.c_size_t, [P]),
        "mbe_model_signal": (ctypes.c_char_p, [P, ctypes.c_size_t]),
        "mbe_model_state_count": (ctypes.c_size_t, [P]),
        "mbe_model_state": (ctypes.c_char_p, [P, ctypes.c_size_t]),
        "mbe_model_state_start": (ctypes.c_double, [P, ctypes.c_size_t]),
        "mbe_model_run_def": (RunDef, [P]),
        "mbe_evaluator_def_default": (EvaluatorDef, [P]),
        "mbe_evaluator_create": (ctypes.c_int, [P, ctypes.POINTER(EvaluatorDef),
                                                ctypes.POINTER(P), E]),
        "mbe_evaluator_destroy": (None, [P]),
        "mbe_evaluator_run": (ctypes.c_int, [P, ctypes.POINTER(EvalBatch), E]),
        "mbe_evaluator_nvary": (ctypes.c_size_t, [P]),
        "mbe_evaluator_nqoi": (ctypes.c_size_t, [P]),
        "mbe_evaluator_nsignals": (ctypes.c_size_t, [P]),
        "mbe_evaluator_nout": (ctypes.c_size_t, [P]),
        "mbe_evaluator_qoi_name": (ctypes.c_char_p, [P, ctypes.c_size_t]),
        "mbe_evaluator_param": (None, [P, ctypes.c_size_t, ctypes.POINTER(ParamInfo)]),
        "mbe_evaluator_times": (None, [P, c_double_p]),
        "mbe_evaluator_run_def": (ctypes.POINTER(RunDef), [P]),
        "mbe_evaluator_backend_info": (None, [P, ctypes.POINTER(BackendInfo)]),
        "mbe_run_status_word": (ctypes.c_char_p, [ctypes.c_int]),
        "mbe_model_experiment": (ModelExperiment, [P]),
        "mbe_evaluator_nstates": (ctypes.c_size_t, [P]),
        "mbe_evaluator_modes": (ctypes.c_int, [P, c_double_p, c_double_p, c_double_p, E]),
        "mbe_optimize_def_default": (OptimizeDef, [P]),
        "mbe_optimize": (ctypes.c_int, [ctypes.POINTER(OptimizeDef),
                                        ctypes.POINTER(OptimizeResult), E]),
        "mbe_optimize_result_deinit": (None, [ctypes.POINTER(OptimizeResult)]),
        "mbe_fit_def_default": (FitDef, [P]),
        "mbe_fit": (ctypes.c_int, [ctypes.POINTER(FitDef), ctypes.POINTER(FitResult), E]),
        "mbe_fit_result_deinit": (None, [ctypes.POINTER(FitResult)]),
        "mbe_study_merge": (ctypes.c_int, [c_char_pp, ctypes.c_size_t, ctypes.c_char_p,
                                           ctypes.POINTER(ctypes.c_size_t), E]),
        "mbe_run_status_text": (ctypes.c_char_p, [ctypes.c_int]),
        "mbe_study_def_default": (StudyDef, []),
        "mbe_study_open": (ctypes.c_int, [ctypes.POINTER(StudyDef), ctypes.POINTER(P), E]),
        "mbe_study_run": (ctypes.c_int, [P, E]),
        "mbe_study_info": (None, [P, ctypes.POINTER(StudyInfo)]),
        "mbe_study_progress": (None, [P, ctypes.POINTER(StudyProgress)]),
        "mbe_study_destroy": (None, [P]),
    }
    for name, (res, args) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
    return lib


lib = _declare(_find())
