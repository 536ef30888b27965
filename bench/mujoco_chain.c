// SPDX-License-Identifier: Apache-2.0
// The MuJoCo side of the chain benchmark: loads an MJCF (bench/mujoco/chainN.xml), starts from its
// first keyframe, and either prints one member's trajectory as CSV (for validation against mbens)
// or times an ensemble of independent members stepped with mj_step on one thread.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

// model evaluations per mj_step with integrator="RK4": mj_forward gives stage 1, mj_RungeKutta
// calls mj_forwardSkip for stages 2..4
enum { RHS_PER_RK4_STEP = 4 };

static const char* usage =
    "usage: mujoco_chain MODEL.xml --trajectory T DT\n"
    "       mujoco_chain MODEL.xml --throughput N T\n"
    "  --trajectory T DT  integrate one member for T s at the model's timestep and print CSV\n"
    "                     (time, then each hinge's angle NAME.phi and rate NAME.w) every DT s\n"
    "  --throughput N T   step N independent members (one mjData each, single thread) for T s\n"
    "                     of simulated time; print one line of key=value results\n"
    "Every member starts from keyframe 0 (mj_resetData when the model has no keyframe).\n";

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// reset d to the model's initial state: keyframe 0 when there is one
static void reset_member(const mjModel* m, mjData* d) {
  if (m->nkey > 0) {
    mj_resetDataKeyframe(m, d, 0);
  } else {
    mj_resetData(m, d);
  }
}

// the number of steps of length h in the interval t; fails unless t is a whole multiple of h
static int whole_steps(double t, double h, long* steps) {
  double k = t / h;
  long r = lround(k);
  if (!(t >= 0) || fabs(k - (double)r) > 1e-9 * (k > 1 ? k : 1)) {
    return 0;
  }
  *steps = r;
  return 1;
}

static int run_trajectory(const mjModel* m, double t_end, double dt) {
  double h = m->opt.timestep;
  long nstep, every;
  if (!whole_steps(t_end, h, &nstep) || !whole_steps(dt, h, &every) || every < 1) {
    fprintf(stderr, "mujoco_chain: T and DT must be whole multiples of the timestep %g s\n", h);
    return 2;
  }
  mjData* d = mj_makeData(m);
  if (!d) {
    fprintf(stderr, "mujoco_chain: mj_makeData failed\n");
    return 1;
  }
  reset_member(m, d);

  // header: mbens's names for a revolute joint's states
  printf("time");
  for (int j = 0; j < m->njnt; j++) {
    if (m->jnt_type[j] == mjJNT_HINGE) {
      const char* name = mj_id2name(m, mjOBJ_JOINT, j);
      printf(",%s.phi,%s.w", name, name);
    }
  }
  printf("\n");

  // one row every `every` steps; time is the step count times h, as on the mbens output grid
  for (long k = 0; k <= nstep; k++) {
    if (k % every == 0) {
      printf("%.17g", (double)k * h);
      for (int j = 0; j < m->njnt; j++) {
        if (m->jnt_type[j] == mjJNT_HINGE) {
          printf(",%.17g,%.17g", d->qpos[m->jnt_qposadr[j]], d->qvel[m->jnt_dofadr[j]]);
        }
      }
      printf("\n");
    }
    if (k < nstep) {
      mj_step(m, d);
    }
  }
  int nwarn = 0;
  for (int w = 0; w < mjNWARNING; w++) {
    nwarn += d->warning[w].number;
  }
  mj_deleteData(d);
  if (nwarn) {
    fprintf(stderr, "mujoco_chain: %d MuJoCo warnings during the run\n", nwarn);
    return 1;
  }
  return 0;
}

static int run_throughput(const mjModel* m, long nmember, double t_end) {
  double h = m->opt.timestep;
  long nstep;
  if (nmember < 1 || !whole_steps(t_end, h, &nstep) || nstep < 1) {
    fprintf(stderr, "mujoco_chain: N must be >= 1 and T a positive multiple of the timestep %g s\n",
            h);
    return 2;
  }

  // one mjData per member, all from the same initial state; allocation is outside the timing
  mjData** d = calloc((size_t)nmember, sizeof *d);
  if (!d) {
    fprintf(stderr, "mujoco_chain: out of memory\n");
    return 1;
  }
  int rc = 0;
  for (long i = 0; i < nmember; i++) {
    d[i] = mj_makeData(m);
    if (!d[i]) {
      fprintf(stderr, "mujoco_chain: mj_makeData failed for member %ld\n", i);
      rc = 1;
      goto cleanup;
    }
    reset_member(m, d[i]);
  }

  // the timed loop: each member runs all its steps (as MuJoCo's rollout does)
  double t0 = now_s();
  for (long i = 0; i < nmember; i++) {
    for (long k = 0; k < nstep; k++) {
      mj_step(m, d[i]);
    }
  }
  double wall = now_s() - t0;

  // every member must end where member 0 ends (same dynamics, same start) and without warnings
  int nwarn = 0, ndiffer = 0;
  for (long i = 0; i < nmember; i++) {
    for (int w = 0; w < mjNWARNING; w++) {
      nwarn += d[i]->warning[w].number;
    }
    if (memcmp(d[i]->qpos, d[0]->qpos, sizeof(mjtNum) * (size_t)m->nq) != 0) {
      ndiffer++;
    }
  }
  double member_steps = (double)nmember * (double)nstep;
  printf(
      "engine=mujoco version=%s model=%s nq=%d integrator=%s timestep=%g members=%ld "
      "steps_per_member=%ld wall_s=%.6f member_steps_per_s=%.6g rhs_evals_per_s=%.6g "
      "rhs_per_step=%d threads=1 warnings=%d members_differing=%d qpos0_end=%.17g\n",
      mj_versionString(), m->names, m->nq, m->opt.integrator == mjINT_RK4 ? "RK4" : "not-RK4", h,
      nmember, nstep, wall, member_steps / wall, RHS_PER_RK4_STEP * member_steps / wall,
      RHS_PER_RK4_STEP, nwarn, ndiffer, d[0]->qpos[0]);
  if (m->opt.integrator != mjINT_RK4) {
    fprintf(stderr,
            "mujoco_chain: the model does not use RK4; rhs_evals_per_s is not meaningful\n");
  }
  if (nwarn || ndiffer) {
    rc = 1;
  }

cleanup:
  for (long i = 0; i < nmember; i++) {
    if (d[i]) {
      mj_deleteData(d[i]);
    }
  }
  free(d);
  return rc;
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fputs(usage, stderr);
    return 2;
  }

  // the header and the library must be the same MuJoCo
  if (mj_version() != mjVERSION_HEADER) {
    fprintf(stderr, "mujoco_chain: header version %d, library version %d\n", mjVERSION_HEADER,
            mj_version());
    return 1;
  }
  char error[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof error);
  if (!m) {
    fprintf(stderr, "mujoco_chain: %s: %s\n", argv[1], error);
    return 2;
  }

  int rc;
  if (strcmp(argv[2], "--trajectory") == 0) {
    rc = run_trajectory(m, atof(argv[3]), atof(argv[4]));
  } else if (strcmp(argv[2], "--throughput") == 0) {
    rc = run_throughput(m, atol(argv[3]), atof(argv[4]));
  } else {
    fputs(usage, stderr);
    rc = 2;
  }
  mj_deleteModel(m);
  return rc;
}
