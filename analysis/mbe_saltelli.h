// SPDX-License-Identifier: Apache-2.0
// Sobol' sensitivity indices from a Saltelli design's outputs, as SALib's sobol.analyze computes
// them: first order (Saltelli 2010), total (Jansen), second order, each with a bootstrap
// confidence interval. Plain arrays in, caller's arrays out; nothing from host/.
//
// The design's layout (SALib's saltelli.sample with calc_second_order): N blocks of 2D + 2 rows,
// block i being A_i, then AB_i^(j) for j = 1 .. D (A_i with column j from B_i), then BA_i^(j)
// (B_i with column j from A_i), then B_i; without second order N blocks of D + 2 rows (no BA).
// Y holds the model output of every row in that order.
#ifndef MBE_SALTELLI_H
#define MBE_SALTELLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum MbeSaltelliStatus {
  MBE_SALTELLI_OK = 0,
  MBE_SALTELLI_ERR_ARG = -1,       // D or N is 0, a NULL array, conf_level outside (0, 1)
  MBE_SALTELLI_ERR_TOO_FEW = -2,   // fewer than 2 blocks with finite outputs
  MBE_SALTELLI_ERR_CONSTANT = -3,  // the output does not vary: no indices
  MBE_SALTELLI_ERR_NOMEM = -4
} MbeSaltelliStatus;

typedef struct MbeSaltelliDef {
  size_t d;             // parameters
  size_t n;             // blocks (SALib's N)
  bool second_order;    // the 2D + 2 layout (SALib's calc_second_order)
  size_t nresamples;    // bootstrap resamples (SALib's num_resamples); 0: no intervals
  double conf_level;    // of the intervals, in (0, 1) (SALib's 0.95)
  uint64_t seed;        // of the bootstrap's draws
} MbeSaltelliDef;

// the defaults SALib uses: 100 resamples at 0.95, second order, seed 0 (d and n left 0)
MbeSaltelliDef mbe_saltelli_def_default(void);

// Indices into caller arrays: s1, s1_conf, st, st_conf of d entries; s2, s2_conf of d x d
// (row-major, the pairs j < k set, the rest NaN; may be NULL, and are not written without
// second order). A block with a non-finite output is left out (SALib would fail); *nused is how
// many blocks were used (may be NULL). The output is standardized first, as SALib does. The
// bootstrap draws N blocks with replacement nresamples times; an interval is z(conf) times the
// standard deviation (ddof 1) of the resampled estimates. Same inputs, same bits.
MbeSaltelliStatus mbe_saltelli_analyze(const MbeSaltelliDef* def, const double* y, double* s1,
                                       double* s1_conf, double* st, double* st_conf, double* s2,
                                       double* s2_conf, size_t* nused);

// the rows of one block: 2d + 2 with second order, d + 2 without
size_t mbe_saltelli_block_rows(size_t d, bool second_order);

const char* mbe_saltelli_status_str(MbeSaltelliStatus st);

#ifdef __cplusplus
}
#endif

#endif
