// SPDX-License-Identifier: Apache-2.0
// CMA-ES (Hansen's covariance matrix adaptation evolution strategy, the rank-one and rank-mu
// updates with cumulative step-size adaptation, as in "The CMA Evolution Strategy: A Tutorial",
// 2016) over the unit box [0, 1]^dim: a caller asks for a population, evaluates it (mbens: as
// one batch), and tells the values. Every point asked for lies in the box: a draw outside it is
// drawn again (and after 100 draws moved to the nearest face), so the mean, a weighted mean of
// such points, stays inside too. Constraints are ranked as Deb's rules rank them: a feasible point
// before every infeasible one, infeasible ones by their violation. Plain arrays; nothing from
// host/. Reproducible: the same def and values give the same points (the normal deviates come
// from a counter-based generator and the kernels' math; the eigendecomposition from LAPACKE).
#ifndef MBE_CMAES_H
#define MBE_CMAES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MbeCmaesDef {
  size_t dim;        // parameters (>= 1)
  const double* x0;  // (dim) the start in [0, 1]^dim; NULL: the centre
  double sigma0;     // the first step size on the unit scale (default 0.3)
  size_t lambda;     // population; 0 = 4 + floor(3 ln dim) (default)
  uint64_t seed;     // of the normal deviates
  double tolfun;     // stop when the best values of the last 10 + 30 dim / lambda generations
                     // and the current population's span less (default 1e-12)
  double tolx;       // stop when every coordinate's standard deviation is below (1e-11)
} MbeCmaesDef;

MbeCmaesDef mbe_cmaes_def_default(void);

// why a run stopped (0 while it goes on)
typedef enum MbeCmaesStop {
  MBE_CMAES_RUNNING = 0,
  MBE_CMAES_TOLFUN,     // the values stopped changing
  MBE_CMAES_TOLX,       // the steps became smaller than tolx
  MBE_CMAES_CONDITION,  // the covariance's condition number passed 1e14
  MBE_CMAES_NOEFFECT,   // a step no longer changes the mean
  MBE_CMAES_ERROR       // the eigendecomposition failed (numbers not finite)
} MbeCmaesStop;

// the word of a stop reason: "running", "tolfun", "tolx", "condition", "noeffect", "error"
const char* mbe_cmaes_stop_word(MbeCmaesStop s);

typedef struct MbeCmaes MbeCmaes;

// NULL for a bad def (dim 0, a start outside the box, sigma0 <= 0) or no memory.
MbeCmaes* mbe_cmaes_create(const MbeCmaesDef* def);
void mbe_cmaes_destroy(MbeCmaes* es);

// the population size
size_t mbe_cmaes_lambda(const MbeCmaes* es);

// The next population into x (lambda rows of dim, row-major), every point in [0, 1]^dim.
void mbe_cmaes_ask(MbeCmaes* es, double* x);

// The values of the population last asked for: f (lambda) to minimize, and the constraint
// violations v (lambda; 0 = feasible, > 0 how far not; NULL: all feasible). A NaN value or
// violation ranks last. Updates the distribution; returns why it stops, or MBE_CMAES_RUNNING.
MbeCmaesStop mbe_cmaes_tell(MbeCmaes* es, const double* f, const double* v);

// Where a run stands.
typedef struct MbeCmaesState {
  size_t generation;  // generations told
  double sigma;       // the step size
  double axis_ratio;  // the covariance's largest over smallest axis
  double best_f;      // the best point told so far (Deb's order): value and violation
  double best_v;
  const double* best_x;  // (dim) in [0, 1]^dim, valid until the next call
  const double* mean;    // (dim) the distribution's mean
} MbeCmaesState;

void mbe_cmaes_state(const MbeCmaes* es, MbeCmaesState* out);

// true when point (f, v) ranks before (g, w): the smaller violation, then the smaller value
bool mbe_cmaes_before(double f, double v, double g, double w);

#ifdef __cplusplus
}
#endif

#endif
