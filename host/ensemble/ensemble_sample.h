// SPDX-License-Identifier: Apache-2.0
// Sampling designs of `mbens run`: distributions and their inverse CDFs, the --vary, --params and
// --design readers, and the mc, lhs, sobol, grid and design samplers. Member k's values depend
// only on (definition, k). The run loop and the command line are elsewhere.
#ifndef MBE_ENSEMBLE_SAMPLE_H
#define MBE_ENSEMBLE_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe/mbe_status.h"
#include "mbe/mbe_study.h"

// a numeric table with named columns (io.h)
typedef struct MbeTable MbeTable;

//---------------------------------- distributions -------------------------------------------------

// Distribution families. Every one maps u in (0, 1) to a value by its inverse CDF.
typedef enum MbeDistKind {
  MBE_DIST_UNIFORM = 0,  // uniform(a, b): a < b
  MBE_DIST_NORMAL,       // normal(mu, sigma): sigma > 0
  MBE_DIST_LOGNORMAL,    // lognormal(mu, sigma): exp of normal(mu, sigma); sigma > 0
  MBE_DIST_TRUNCNORMAL,  // truncnormal(mu, sigma, a, b): normal(mu, sigma) restricted to [a, b]
  MBE_DIST_TRIANGULAR,   // triangular(a, c, b): minimum, mode, maximum; a <= c <= b, a < b
  MBE_DIST_DISCRETE,     // discrete(v1, v2, ...): equally likely values, in the order given
  MBE_DIST_CONST,        // const(v): always v
  MBE_DIST_COUNT
} MbeDistKind;

// A distribution with its validated arguments. Made by mbe_dist_init (or the parsers below) and
// released by mbe_dist_deinit; only discrete owns memory.
typedef struct MbeDist {
  MbeDistKind kind;
  double arg[4];  // arguments in the written order, unused ones 0 (const: arg[0] = v)
  double aux[4];  // set by init: truncnormal (a - mu)/sigma, (b - mu)/sigma; triangular F(c)
  size_t nvalue;  // discrete: number of values (>= 1); 0 for every other kind
  double* value;  // discrete: the values (nvalue), owned; NULL for every other kind
} MbeDist;

// Returns the written name of a family ("uniform", ...), or "?" outside the enum.
const char* mbe_dist_name(MbeDistKind kind);

// Validates args (nargs of them, in the written order) for a family and fills *d; on failure *d
// is left empty (safe to deinit). Discrete copies args into owned memory. Messages say what is
// wrong and what is allowed, e.g. "normal takes 2 arguments (mu, sigma), got 3" or
// "uniform(a, b) needs a < b, got a = 2, b = 1". Returns MBE_OK, MBE_ERR_USAGE (bad arguments)
// or MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_dist_init(MbeDist* d, MbeDistKind kind, const double* args, size_t nargs,
                        MbeError* err);

// Frees what *d owns and empties it. Nullable: d.
void mbe_dist_deinit(MbeDist* d);

// Copies src into *dst (which must be empty or deinitialised) with its own discrete values.
// Returns MBE_OK or MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_dist_copy(MbeDist* dst, const MbeDist* src, MbeError* err);

// Returns the inverse CDF of d at u, 0 < u < 1 (u is clamped into [2^-53, 1 - 2^-53], the range
// of mbe_rng_u01; NaN gives NaN). Continuous families are non-decreasing in u; discrete returns
// value[floor(u nvalue)]; truncnormal stays within [a, b] also in the far tails (inverted through
// the complementary CDF in the upper tail, in log space beyond 30 sigma). Computed with
// + - * / sqrt and the kernels' own exp/log only, so the bits are the same on every machine.
double mbe_dist_quantile(const MbeDist* d, double u);

// True for the families with a continuum of values (uniform ... triangular); false for discrete
// and const, which the grid sampler treats as lists of levels.
bool mbe_dist_is_continuous(const MbeDist* d);

// The smallest and largest values d can give: [a, b] for uniform, truncnormal and triangular,
// (-inf, inf) for normal, (0, inf) for lognormal (*lo = 0, open), the extreme values of discrete
// and const.
void mbe_dist_support(const MbeDist* d, double* lo, double* hi);

// Writes d as it would be written on the command line ("normal(1, 0.25)", shortest round-trip
// numbers) into buf (size bytes, truncated, always NUL-terminated). Returns the length the full
// text needs, like snprintf.
size_t mbe_dist_format(const MbeDist* d, char* buf, size_t size);

// The standard normal CDF Phi(x), to about 1e-15 relative over the whole range, including the
// lower tail down to the underflow near x = -38.5 (W. J. Cody's rational approximations).
double mbe_normal_cdf(double x);


//---------------------------------- varied parameters ---------------------------------------------

// The varied parameters: names, distributions and where each was given, as parallel arrays
// (n of each) so that `dist` can be passed to MbeSampleDef directly. Owns everything.
typedef struct MbeVaryList {
  size_t n;       // number of parameters
  size_t cap;     // allocated entries
  char** name;    // canonical Modelica names ("body.m", "R.T[1,2]", "rev.phi.start") (n)
  MbeDist* dist;  // distributions (n)
  char** file;    // file each entry came from, NULL for the command line (n)
  int* line;      // 1-based line in file, 0 for the command line (n)
  int* column;    // 1-based column of the name (n)
} MbeVaryList;

// Empties l for use. Lifecycle pair of mbe_vary_list_deinit.
void mbe_vary_list_init(MbeVaryList* l);

// Frees every entry and the arrays. Nullable: l.
void mbe_vary_list_deinit(MbeVaryList* l);

// Parses one --vary specification "NAME=DIST(ARGS)" and appends it to l. NAME is a Modelica
// component reference (dotted identifiers, each with optional integer subscripts, e.g.
// "boxBody1.r[1]", "R.T[1, 2]", "revolute1.phi.start"); it is stored without blanks, and its
// existence in a model is not checked. DIST is one of the MbeDistKind names; ARGS are numbers in
// C/Modelica syntax (1, 1.5, -2e-3, .5). Blanks are allowed between the parts. Errors quote the
// text and set err->column (1-based, err->file empty); status MBE_ERR_USAGE (or MBE_ERR_NOMEM).
// Duplicates are not checked here (see mbe_vary_list_check_unique). Nullable: err.
MbeStatus mbe_vary_parse(const char* text, MbeVaryList* l, MbeError* err);

// Parses a SALib-style problem file held in memory (name is used in messages) and appends its
// entries to l. Lines are blank, "# comment", "name lower upper" (blank separated, meaning
// uniform(lower, upper)) or "name = dist(args)"; '#' starts a comment anywhere. Errors name
// name:line:column through err->file/line/column; status MBE_ERR_INVALID_ARG for malformed
// content (MBE_ERR_NOMEM). After appending, checks the whole list for duplicates, so entries
// already in l (from --vary) take part (MBE_ERR_USAGE, see mbe_vary_list_check_unique). On
// failure l keeps the entries it had before the call. A UTF-8 byte order mark is skipped.
// Nullable: err.
MbeStatus mbe_params_parse(const char* name, const char* text, size_t size, MbeVaryList* l,
                           MbeError* err);

// As mbe_params_parse for the file at path (MBE_ERR_IO when it cannot be read).
MbeStatus mbe_params_file_read(const char* path, MbeVaryList* l, MbeError* err);

// Fails with MBE_ERR_USAGE when two entries of l have the same name, naming both places
// (err->file/line/column point at the second one when it came from a file). Nullable: err.
MbeStatus mbe_vary_list_check_unique(const MbeVaryList* l, MbeError* err);

// True when text is a Modelica component reference as accepted by mbe_vary_parse.
bool mbe_param_name_is_valid(const char* text);

//---------------------------------- design matrices -----------------------------------------------

// Parses a design matrix CSV held in memory (name is used in messages): a header of parameter
// names, then one row of numbers per member (mbe_csv_parse). Also rejects a table without rows,
// a non-finite entry, a column name that is not a parameter name and a repeated name, each with
// name:line:column. Column names are canonicalised like mbe_vary_parse. Returns owned through
// *out (NULL on failure); MBE_ERR_INVALID_ARG for bad content, MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_design_parse(const char* name, const char* text, size_t size, MbeTable** out,
                           MbeError* err);

// As mbe_design_parse for the file at path (MBE_ERR_IO when it cannot be read).
MbeStatus mbe_design_read(const char* path, MbeTable** out, MbeError* err);

// Gathers the columns of t named names[0..ndim) into a new row-major matrix (t->nrows x ndim) in
// that order, for MbeSampleDef.design. A name without a column, or a column not among names, is
// an MBE_ERR_USAGE error naming it. Returns owned through *out (free with mbe_free; NULL on
// failure). Nullable: err.
MbeStatus mbe_design_gather(const MbeTable* t, const char* const* names, size_t ndim, double** out,
                            MbeError* err);

//---------------------------------- samplers ------------------------------------------------------

// Sampling designs. All are pure functions of (definition, member index).
//   MC      u[k][j] = mbe_rng_u01 of Philox (seed, member k, stream j, counter 0).
//   LHS     u[k][j] = (pi_j(k) + U[k][j]) / n: pi_j is a keyed permutation of 0..n-1 (a 4-round
//           Feistel network on the next power of two with round keys from Philox (seed, member 0,
//           stream j, counters 1 and 2), cycle-walking into range); U[k][j] is Philox (seed,
//           member k, stream ndim + j, counter 0). Exactly one member per stratum [i/n, (i+1)/n)
//           in every dimension.
//   SOBOL   member k is point k + 1 of the Joe-Kuo (new-joe-kuo-6.21201) Sobol sequence in
//           Gray-code order (point 0 is the origin, where normal quantiles are infinite), with
//           32-bit coordinates computed directly from the index. Dimension 1 is van der Corput's
//           sequence (in Gray-code order: 0.5, 0.75, 0.25, 0.375, ...). At most
//           mbe_sobol_max_dims() dimensions and 2^32 - 1 members. The seed is NOT used: the points
//           are the plain, unscrambled sequence.
//   GRID    full factorial. discrete contributes its values as levels in the order given, const
//           one level, and every continuous dimension L levels at u = (i + 0.5) / L (midpoints of
//           L equally likely strata), the same L for all; the product of the level counts must
//           be n. Member k is the mixed-radix number of its levels, the LAST dimension fastest
//           (like itertools.product). The seed is not used.
//   SALTELLI  the design of Sobol' indices, SALib's saltelli.sample layout with second order:
//           n = N (2 ndim + 2) members in N blocks; block i takes Sobol point skip + i of 2 ndim
//           dimensions (skip: the least power of two >= N, as SALib), A its first ndim
//           coordinates and B the others, and its members are A, AB_1 .. AB_ndim (A with
//           coordinate j from B), BA_1 .. BA_ndim (B with coordinate j from A), B. N a power
//           of two keeps the sequence's balance (mbe_saltelli_base_is_balanced). The seed is
//           not used. first_order_only: blocks of ndim + 2 members, A, AB_1 .. AB_ndim, B.
//   MORRIS  Morris's elementary-effects design, SALib's morris.sample: n = r (ndim + 1)
//           members in r trajectories on a grid of `levels` (p, even) levels in [0, 1] with the
//           step delta = p / (2 (p - 1)); candidate trajectory t draws, from Philox (seed,
//           member t), a start x*_j in {0, 1/(p-1), .., 1 - delta} (stream j), a direction d_j
//           (stream ndim + j: up from x*_j, or down from x*_j + delta) and an order of the
//           parameters (Fisher-Yates, streams 2 ndim + i); its point s has the first s
//           parameters of that order moved by delta. Trajectory t is candidate t, or
//           morris_chosen[t] (Campolongo's selection, mbe_morris_select). Bounded, strictly
//           increasing distributions only (uniform, triangular, truncnormal), at most 1024
//           parameters.
//   RADIAL  Campolongo, Saltelli and Cariboni's (2011) radial one-at-a-time design: n = N
//           (ndim + 1) members in N blocks; block i's base point a is the first ndim
//           coordinates of Sobol point skip + i of 2 ndim dimensions, its auxiliary point b
//           the last ndim of point skip + i + 4 (their shift of four points; skip as SALTELLI),
//           and its members are a, then a with coordinate j from b (j = 1 .. ndim): ST
//           (Jansen) and the radial elementary effects from one design (mbe_radial_points).
//           The seed is not used.
//   DESIGN  member k is row k of the design matrix; n must not exceed its rows.
// MC, LHS, SOBOL, SALTELLI and RADIAL map u through each dimension's inverse CDF (discrete and
// const included).
// (MbeSampler, mbe_sampler_name and mbe_sampler_parse are public: mbe/mbe_study.h)

// the members of one Saltelli block: 2 ndim + 2, or ndim + 2 first order only
size_t mbe_saltelli_block(size_t ndim, bool first_order_only);

// whether N blocks keep the Sobol sequence's balance (N a power of two; SALib warns otherwise)
bool mbe_saltelli_base_is_balanced(size_t nblocks);

// the step of a Morris grid of p levels: p / (2 (p - 1))
double mbe_morris_delta(int levels);



// What to sample; start from mbe_sample_def_default(). Borrowed pointers are read during calls
// only.
typedef struct MbeSampleDef {
  MbeSampler sampler;    // default MBE_SAMPLER_MC
  uint64_t seed;         // Philox key of MC and LHS (unused by SOBOL, GRID, DESIGN); default 0
  size_t n;              // members of the whole ensemble, >= 1; default 1
  size_t ndim;           // varied parameters; default 0
  const MbeDist* dists;  // distribution of each parameter (ndim); unused by DESIGN
  const double* design;  // DESIGN: row-major matrix (design_rows x ndim), e.g. from
                         // mbe_design_gather or MbeTable.data
  size_t design_rows;    // DESIGN: rows of design, >= n
  int levels;            // MORRIS: grid levels, even, >= 2; default 4 (as SALib)
  bool first_order_only;  // SALTELLI: blocks of ndim + 2 (no BA rows: SALib's
                          // calc_second_order=False); default false
  const uint64_t* morris_chosen;  // MORRIS: nullable; trajectory t is candidate trajectory
                                  // morris_chosen[t] (mbe_morris_select), else candidate t
  int cookie;            // set by mbe_sample_def_default, checked by every sampler call
} MbeSampleDef;

// Returns the defaults documented in MbeSampleDef.
MbeSampleDef mbe_sample_def_default(void);

// Checks a definition before any member is drawn: the cookie, n >= 1, the distributions, and the
// sampler's own conditions (Sobol dimensions and members; the grid's level count, e.g. "a grid of
// 2 continuous dimensions has L^2 members: 49 or 64, not 50"; the design's rows). Returns MBE_OK,
// MBE_ERR_USAGE (a user's choice cannot work) or MBE_ERR_INVALID_ARG (malformed def). Nullable:
// err.
MbeStatus mbe_sample_def_check(const MbeSampleDef* def, MbeError* err);

// Fills out[(k - first) * ndim + j] with parameter j of member k for k in [first, first + count)
// (out holds count x ndim doubles, row-major). The values of member k depend only on (def, k):
// any split of [0, n) into calls gives the same bits. No allocation. Checks def as
// mbe_sample_def_check does, and first + count <= n. Nullable: err.
MbeStatus mbe_sample_members(const MbeSampleDef* def, size_t first, size_t count, double* out,
                             MbeError* err);

//---------------------------------- Morris trajectories -----------------------------------------

// Writes to u (ndim values in [0, 1]) point s (0 .. ndim) of candidate trajectory t of def's
// Morris design, before the distributions: what member t (ndim + 1) + s is without selection.
void mbe_morris_point(const MbeSampleDef* def, uint64_t t, size_t s, double* u);

// Campolongo's selection (ensemble_morris.c): of the candidate trajectories 0 .. ncand - 1 of
// def's Morris design, the r = def->n / (ndim + 1) whose spread is largest, the root of the sum
// over their pairs of the squared distance d(m, l) = sum over the points i of m and j of l of
// |x_i - x_j| (Campolongo, Cariboni, Saltelli 2007, on the grid in [0, 1]). Every subset is
// tried when there are at most MBE_MORRIS_EXHAUSTIVE_MAX of them (as SALib's brute force);
// otherwise the best pair is grown by the trajectory adding most, then single exchanges improve
// the set until none does (a local optimum, in the manner of Ruano et al. 2012). Ties go to the
// lower indices: the same def gives the same choice. Writes the chosen indices ascending to
// chosen (r of them) and the spread to *spread (nullable). Needs 2 <= r < ncand <=
// MBE_MORRIS_CANDIDATES_MAX (MBE_ERR_USAGE otherwise, saying which). Nullable: err.
#define MBE_MORRIS_EXHAUSTIVE_MAX 100000
#define MBE_MORRIS_CANDIDATES_MAX 4096
MbeStatus mbe_morris_select(const MbeSampleDef* def, size_t ncand, uint64_t* chosen, double* spread,
                            MbeError* err);

// The spread of the r trajectories cand[0 .. r) of def's Morris design, as mbe_morris_select
// measures it.
double mbe_morris_spread(const MbeSampleDef* def, const uint64_t* cand, size_t r);

//---------------------------------- radial designs --------------------------------------------------

// Writes the base point a and the auxiliary point b (ndim coordinates each, in [0, 1) before
// the distributions) of block `block` of a RADIAL design of nblocks blocks.
void mbe_radial_points(size_t ndim, size_t nblocks, size_t block, double* a, double* b);

//---------------------------------- Sobol generator -----------------------------------------------

// Returns the number of dimensions of the built-in Joe-Kuo table (3667).
size_t mbe_sobol_max_dims(void);

// Computes the 32 direction numbers of Sobol dimension dim (0-based, < mbe_sobol_max_dims()):
// v[b] is the coordinate contributed by bit b of the Gray-coded index, as a 32-bit fraction.
void mbe_sobol_directions(size_t dim, uint32_t v[32]);

// Writes points first .. first + count - 1 of the ndim-dimensional Sobol sequence in Gray-code
// order (point 0 is the origin) to out[(i - first) * ndim + j], coordinates exact multiples of
// 2^-32. Needs ndim <= mbe_sobol_max_dims() and first + count <= 2^32 (MBE_ERR_USAGE otherwise,
// naming the limit). Nullable: err.
MbeStatus mbe_sobol_points(size_t ndim, uint64_t first, size_t count, double* out, MbeError* err);

//---------------------------------- draws (ensemble_dist.c) --------------------------------------

// Writes the Philox4x32-10 block of (seed, member, stream, counter) (kernels/rng/mbe_philox.h) to
// out.
void mbe_sample_philox(uint64_t seed, uint64_t member, uint32_t stream, uint32_t counter,
                       uint32_t out[4]);

// Returns mbe_rng_u01 of the first two words of Philox (seed, member, stream, counter 0): a
// uniform variate in (0, 1) with 52 random bits.
double mbe_sample_u01(uint64_t seed, uint64_t member, uint32_t stream);

#endif
