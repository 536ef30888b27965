// SPDX-License-Identifier: Apache-2.0
// Users' force laws in equations (mech_internal.h, mbe_mech_user_*): a model that extends
// MultiBody.Interfaces.PartialLineForce, PartialForce, PartialTwoFrames, PartialOneFrame_a/_b, or
// the Rotational/Translational PartialCompliant, PartialCompliantWithRelativeStates,
// PartialTwoFlanges or the 1-D sources' PartialTorque/PartialForce (the table KINDS), and states
// its law in its equation section. The partial's kinematics (a line force's length, s, der(s),
// r_rel_0, e_rel_0, r_rel_a, e_a; a 1-D element's phi_rel/s_rel, w_rel/v_rel; flange positions;
// the frames' r_0, R.T, R.w), parameters and time are known; the unknowns are the force (f or
// tau) or the connector variables the law states (frame_b.f, flange_a.tau, ...), the component's
// own variables and the derivatives of its states (a variable under der() is a state, unless an
// equation gives it from the kinematics: then der() of it is that equation differentiated in
// time). The equations (and the own variables' binding equations) are matched to the unknowns,
// sorted into blocks (Tarjan: BLT), and each block is solved for its unknowns (mech_user_solve.c):
// exactly where it is linear in them, by unrolled Newton steps (like the junctions, mech_eom.c)
// where not; a block of several equations (an algebraic loop, up to 8) by elimination on the DAG.
// Larger blocks are refused naming them.
//
// While compiling, each unknown is a placeholder leaf: a PARAM whose index lies far beyond any
// real parameter (differentiable with mbe_sym_diff). Solved values replace the placeholders by
// rebuilding the nodes above them (`subst`); at the end the placeholder leaves, which nothing
// the system uses reaches any more, are turned into constants so that no evaluation over all
// nodes reads a parameter that does not exist.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mech_user.h"

enum { MAX_EXTENDS_DEPTH = 32 };

// what mech knows of each partial a user's component may extend: the partial (below Modelica.),
// the unknown force it applies (f or tau, an own variable), the variables its kinematics give
// (their values, and der() where the derivative is known before the accelerations are), the
// connector variables the law must state (unknowns that are not the component's own), and
// whether the partial is also a base of composites (models made of components that only
// connect them): those are the user's law only where they state equations of their own
typedef struct UserKind {
  MbeMechKind kind;
  const char* base;
  const char* force;
  const char* known[MAX_KNOWN];
  const char* stated[4];
  bool needs_equations;
} UserKind;

// in the order they are tried: a partial before the partials it extends (PartialForce and
// LineForceBase extend PartialTwoFrames; in the MSL, PartialCompliant extends PartialTwoFlanges)
static const UserKind KINDS[] = {
    {MBE_MC_USER_LINE_FORCE,
     "Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce",
     "f",
     {"length", "s", "r_rel_0", "e_rel_0", "r_rel_a", "e_a"},
     {NULL},
     false},
    {MBE_MC_USER_FORCE,
     "Modelica.Mechanics.MultiBody.Interfaces.PartialForce",
     NULL,
     {"r_rel_b"},
     {"frame_b.f", "frame_b.t"},
     false},
    {MBE_MC_USER_TRANS_RELATIVE,
     "Modelica.Mechanics.Translational.Interfaces.PartialCompliantWithRelativeStates",
     "f",
     {"s_rel", "v_rel"},
     {NULL},
     false},
    {MBE_MC_USER_TRANS_COMPLIANT,
     "Modelica.Mechanics.Translational.Interfaces.PartialCompliant",
     "f",
     {"s_rel"},
     {NULL},
     false},
    {MBE_MC_USER_ROT_RELATIVE,
     "Modelica.Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates",
     "tau",
     {"phi_rel", "w_rel", "a_rel"},
     {NULL},
     false},
    {MBE_MC_USER_ROT_COMPLIANT,
     "Modelica.Mechanics.Rotational.Interfaces.PartialCompliant",
     "tau",
     {"phi_rel"},
     {NULL},
     false},
    {MBE_MC_USER_TWO_FRAMES,
     "Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames",
     NULL,
     {NULL},
     {"frame_a.f", "frame_a.t", "frame_b.f", "frame_b.t"},
     true},
    {MBE_MC_USER_ONE_FRAME_A,
     "Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a",
     NULL,
     {NULL},
     {"frame_a.f", "frame_a.t"},
     true},
    {MBE_MC_USER_ONE_FRAME_B,
     "Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_b",
     NULL,
     {NULL},
     {"frame_b.f", "frame_b.t"},
     true},
    {MBE_MC_USER_ROT_TWO_FLANGES,
     "Modelica.Mechanics.Rotational.Interfaces.PartialTwoFlanges",
     NULL,
     {"flange_a.phi", "flange_b.phi"},
     {"flange_a.tau", "flange_b.tau"},
     true},
    {MBE_MC_USER_TRANS_TWO_FLANGES,
     "Modelica.Mechanics.Translational.Interfaces.PartialTwoFlanges",
     NULL,
     {"flange_a.s", "flange_b.s"},
     {"flange_a.f", "flange_b.f"},
     true},
    {MBE_MC_USER_ROT_TORQUE,
     "Modelica.Mechanics.Rotational.Interfaces.PartialTorque",
     NULL,
     {"phi", "flange.phi", "phi_support"},
     {"flange.tau"},
     false},
    {MBE_MC_USER_TRANS_FORCE,
     "Modelica.Mechanics.Translational.Interfaces.PartialForce",
     "f",  // the MSL's f = flange.f (the force on the element: f > 0 loads a flange moving ahead)
     {"s", "flange.s", "s_support"},
     {NULL},
     false},
    // signal blocks written in equations (the MSL's PI, Limiter): their inputs are known
    {MBE_MC_USER_BLOCK_SISO, "Modelica.Blocks.Interfaces.SISO", NULL, {"u"}, {NULL}, true},
    {MBE_MC_USER_BLOCK_SI2SO, "Modelica.Blocks.Interfaces.SI2SO", NULL, {"u1", "u2"}, {NULL}, true},
    {MBE_MC_USER_BLOCK_SO, "Modelica.Blocks.Interfaces.SO", NULL, {NULL}, {NULL}, true},
};
enum { NKINDS = sizeof KINDS / sizeof KINDS[0] };

static MbeStatus side_size(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex, int* n);

static const UserKind* user_kind(MbeMechKind k) {
  for (int i = 0; i < NKINDS; i++) {
    if (KINDS[i].kind == k) {
      return &KINDS[i];
    }
  }
  return NULL;
}

bool mbe_mech_is_user(MbeMechKind k) {
  return user_kind(k) != NULL;
}

static bool extends_class(MbeMech* m, const MbeClass* cls, const char* name, int depth) {
  for (size_t i = 0; depth < MAX_EXTENDS_DEPTH && i < cls->nextends; i++) {
    const MbeClass* base = NULL;
    MbeError scratch;
    memset(&scratch, 0, sizeof scratch);
    if (mbe_lookup_extends(m->flat->spec, cls, i, &base, &scratch) != MBE_OK || !base) {
      continue;  // the flattener resolved these already; a failure here only means "not it"
    }
    const char* full = mbe_class_full_name(m->arena, base);
    if ((full && strcmp(full, name) == 0) || extends_class(m, base, name, depth + 1)) {
      return true;
    }
  }
  return false;
}

// whether flat instance inst has equations of its own (connect() is not among them)
static bool has_equations(const MbeFlat* f, int inst) {
  for (size_t i = 0; i < f->neqs; i++) {
    if (f->eqs[i].scope == inst && !f->eqs[i].is_initial) {
      return true;
    }
  }
  return false;
}

// whether inst holds components and its equations only give its own variables (v = e, v one of
// its own names): Joints.GearConstraint's phi_b, w_b, totalPower
static bool defines_outputs(const MbeFlat* f, int inst) {
  bool parts = false;
  for (size_t i = 0; i < f->ninsts && !parts; i++) {
    const MbeInst* in = &f->insts[i];
    parts = in->parent == inst && in->is_present &&
            (in->kind == MBE_INST_MODEL || in->kind == MBE_INST_BUILTIN);
  }
  for (size_t i = 0; i < f->neqs && parts; i++) {
    const MbeExpr* l = f->eqs[i].lhs;
    if (f->eqs[i].scope == inst &&
        (l == NULL || l->kind != MBE_EX_NAME || l->name.nparts != 1 || l->name.is_global))
      return false;
  }
  return parts;
}

int mbe_mech_user_kind(MbeMech* m, int inst) {
  const MbeInst* in = &m->flat->insts[inst];
  for (int i = 0; in->kind == MBE_INST_MODEL && in->cls && i < NKINDS; i++) {
    if (extends_class(m, in->cls, KINDS[i].base, 0)) {
      // a composite that only connects its parts is flattened, not a law; so is one of frames
      // (no force variable of the partial's own) whose equations give its own variables only
      MbeMechKind k = KINDS[i].kind;
      bool frames = k == MBE_MC_USER_TWO_FRAMES || k == MBE_MC_USER_ONE_FRAME_A ||
                    k == MBE_MC_USER_ONE_FRAME_B;
      if ((KINDS[i].needs_equations && !has_equations(m->flat, inst)) ||
          (frames && defines_outputs(m->flat, inst)))
        return -1;
      return (int)k;
    }
  }
  return -1;
}

// the part of a flat var's name below the component, NULL when it is not the component's own
static const char* own_name(const MbeMech* m, int c, int var) {
  const MbeMechComp* comp = &m->comps[c];
  const MbeVar* v = &m->flat->vars[var];
  size_t n = strlen(comp->name);
  if (v->inst != comp->inst || strncmp(v->name, comp->name, n) != 0 || v->name[n] != '.') {
    return NULL;
  }
  return v->name + n + 1;
}

// the part of a flat var's name below the component, its connectors' included ("frame_a.r_0")
static const char* local_name(const MbeMech* m, int c, int var) {
  const char* cn = m->comps[c].name;
  const char* vn = m->flat->vars[var].name;
  size_t n = strlen(cn);
  return strncmp(vn, cn, n) == 0 && vn[n] == '.' ? vn + n + 1 : NULL;
}

static int known_index(const MbeMech* m, int c, const char* own) {
  const UserKind* uk = user_kind(m->comps[c].kind);
  for (int k = 0; own && uk && k < MAX_KNOWN && uk->known[k]; k++) {
    if (strcmp(own, uk->known[k]) == 0) {
      return k;
    }
  }
  return -1;
}

static size_t var_size(const MbeVar* v) {
  size_t n = 1;
  for (int d = 0; d < v->ndims; d++) {
    n *= (size_t)v->dims[d];
  }
  return n;
}

static bool user_state(const MbeMechUser* u, int var, int elem, int* k) {
  for (size_t i = 0; i < u->nstates; i++) {
    if (u->svar[i] == var && u->selem[i] == elem) {
      *k = (int)i;
      return true;
    }
  }
  return false;
}

// der(name) anywhere in e: the component's own variables under der() become states, a vector's
// (der(x), der(x[i])) every element
static MbeStatus find_states(MbeMech* m, int c, MbeMechUser* u, const MbeExpr* e) {
  if (!e) {
    return MBE_OK;
  }
  if (e->kind == MBE_EX_CALL && e->name.nparts == 1 && strcmp(e->name.parts[0].ident, "der") == 0 &&
      e->nargs == 1 && e->args[0]->kind == MBE_EX_NAME) {
    const MbeName* nm = &e->args[0]->name;
    char buf[512];
    int len = snprintf(buf, sizeof buf, "%s", m->comps[c].name);
    bool plain = !nm->is_global;
    for (size_t i = 0; i < nm->nparts && len > 0 && (size_t)len < sizeof buf; i++) {
      plain = plain && (nm->parts[i].nsubs == 0 || i + 1 == nm->nparts);
      len += snprintf(buf + len, sizeof buf - (size_t)len, ".%s", nm->parts[i].ident);
    }
    int v = plain ? mbe_mech_var(m, buf) : -1;
    const MbeVar* x = v >= 0 ? &m->flat->vars[v] : NULL;
    bool subs = nm->nparts && nm->parts[nm->nparts - 1].nsubs > 0;
    const char* own = x && (x->ndims == 1 || (x->ndims == 0 && !subs)) ? own_name(m, c, v) : NULL;
    int k;
    if (own && known_index(m, c, own) < 0 && x->variability < MBE_VAR_PARAMETER &&
        !user_state(u, v, 0, &k)) {
      for (size_t i = 0; i < var_size(x); i++) {
        u->svar[u->nstates] = v;
        u->selem[u->nstates++] = (int)i;
      }
    }
    return MBE_OK;
  }
  if (e->kind == MBE_EX_NAME) {
    return MBE_OK;
  }
  for (size_t i = 0; i < e->nargs; i++) {
    MbeStatus st = find_states(m, c, u, e->args[i]);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}


// whether the name below component c (the parts of nm) is one of the frame kinematics
// frame_known gives
static bool frame_kinematics(const char* loc) {
  return loc && strncmp(loc, "frame_", 6) == 0 && (loc[6] == 'a' || loc[6] == 'b') &&
         loc[7] == '.' &&
         (strcmp(loc + 8, "r_0") == 0 || strcmp(loc + 8, "R.T") == 0 ||
          strcmp(loc + 8, "R.w") == 0);
}

// the flat var that the plain name nm means inside component c, -1 when it is none of its
static int comp_name_var(MbeMech* m, int c, const MbeName* nm) {
  char buf[512];
  int len = snprintf(buf, sizeof buf, "%s", m->comps[c].name);
  for (size_t i = 0; !nm->is_global && i < nm->nparts && len > 0 && (size_t)len < sizeof buf; i++) {
    len += snprintf(buf + len, sizeof buf - (size_t)len, ".%s", nm->parts[i].ident);
  }
  return nm->is_global || len <= 0 || (size_t)len >= sizeof buf ? -1 : mbe_mech_var(m, buf);
}

// whether e reads only parameters, constants, time and the kinematics of the partial (no der(),
// no unknown of the law): v = e then gives v, and der(v) is the time derivative of e
static bool known_expr(MbeMech* m, int c, const MbeExpr* e) {
  if (!e) {
    return true;
  }
  if (e->kind == MBE_EX_CALL && e->name.nparts == 1 && strcmp(e->name.parts[0].ident, "der") == 0) {
    return false;
  }
  if (e->kind == MBE_EX_NAME) {
    int v = comp_name_var(m, c, &e->name);
    if (v < 0 || m->flat->vars[v].variability >= MBE_VAR_PARAMETER) {
      return true;  // a parameter, a constant of a class, time
    }
    const char* loc = local_name(m, c, v);
    return known_index(m, c, loc) >= 0 || frame_kinematics(loc);
  }
  for (size_t i = 0; i < e->nargs; i++) {
    if (!known_expr(m, c, e->args[i])) {
      return false;
    }
  }
  return true;
}

// whether expression e is the plain scalar name of flat var v inside component c
static bool is_var(MbeMech* m, int c, const MbeExpr* e, int v) {
  return e->kind == MBE_EX_NAME && e->name.nparts && !e->name.parts[e->name.nparts - 1].nsubs &&
         comp_name_var(m, c, &e->name) == v;
}

// A variable under der() that an equation v = (kinematics) also gives is no state of its own
// (phi_rel = flange_b.phi - flange_a.phi; w_rel = der(phi_rel)): it stays an unknown of the law,
// and der(v) becomes one too, given by that equation differentiated in time (an index
// reduction, as a Modelica tool does it; a fixed start value on it would over-determine it)
static MbeStatus demote_states(MbeMech* m, int c, MbeMechUser* u) {
  const MbeFlat* f = m->flat;
  size_t neq = u->neqs;
  for (size_t k = 0; k < u->nstates;) {
    int v = u->svar[k], def = f->vars[v].ndims > 0 ? 0 : -1;  // a vector's elements stay states
    if (def == 0) {
      k++;
      continue;
    }
    for (size_t e = 0; e < neq && def < 0; e++) {
      int i = u->eqs[e];
      const MbeExpr* lhs = i < 0 ? NULL : f->eqs[i].lhs;
      const MbeExpr* rhs = i < 0 ? f->vars[-1 - i].binding.expr : f->eqs[i].rhs;
      bool by_binding = i < 0 && -1 - i == v && known_expr(m, c, rhs);
      bool by_eq = i >= 0 && u->eqsel[e] < 0 &&
                   ((is_var(m, c, lhs, v) && known_expr(m, c, rhs)) ||
                    (is_var(m, c, rhs, v) && known_expr(m, c, lhs)));
      def = by_binding || by_eq ? (int)e : -1;
    }
    if (def < 0) {
      k++;
      continue;
    }
    if (mbe_mech_start_fixed(m, f->vars[v].name, 0)) {
      int i = u->eqs[def];
      return mbe_error_at(m->err, MBE_ERR_MODEL, f->vars[v].loc,
                          "%s has fixed=true, but the equation at %d:%d gives it from the "
                          "kinematics: it is no state, and its start value cannot be imposed",
                          f->vars[v].name,
                          i < 0 ? f->vars[-1 - i].binding.loc.line : f->eqs[i].loc.line,
                          i < 0 ? f->vars[-1 - i].binding.loc.col : f->eqs[i].loc.col);
    }
    u->avar[u->nalg++] = v;
    u->eqs[u->neqs] = u->eqs[def], u->eqsel[u->neqs] = -1, u->eqder[u->neqs++] = true;
    for (size_t j = k; j + 1 < u->nstates; j++) {
      u->svar[j] = u->svar[j + 1];  // the other states keep their order
      u->selem[j] = u->selem[j + 1];
    }
    u->nstates--;
  }
  return MBE_OK;
}

// whether flat instance inst is a signal block's (a component of role BLOCK)
static bool is_signal_block(const MbeMech* m, int inst) {
  for (size_t k = 0; k < m->ncomps; k++) {
    if (m->comps[k].inst == inst)
      return mbe_mech_class(m->comps[k].kind)->role == MBE_ROLE_BLOCK;
  }
  return false;
}

// a law in equations that also holds components: their connections to its connectors would
// add to the cut forces the law states, which mech does not combine (yet). A signal block may
// hold signal blocks (SineVariableFrequencyAndAmplitude's Constant behind a conditional input):
// they only feed its inputs.
static MbeStatus no_parts(MbeMech* m, int c) {
  const MbeFlat* f = m->flat;
  const MbeMechComp* comp = &m->comps[c];
  bool block = comp->kind == MBE_MC_USER_BLOCK_SISO || comp->kind == MBE_MC_USER_BLOCK_SI2SO ||
               comp->kind == MBE_MC_USER_BLOCK_SO;
  for (size_t i = 0; i < f->ninsts; i++) {
    const MbeInst* in = &f->insts[i];
    if (in->parent == comp->inst && in->is_present &&
        (in->kind == MBE_INST_MODEL || in->kind == MBE_INST_BUILTIN) &&
        !(block && is_signal_block(m, (int)i))) {
      return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, in->loc,
                          "%s: a component that states its connectors' forces in equations "
                          "cannot also contain components (here %s) yet",
                          comp->name, in->name);
    }
  }
  return MBE_OK;
}

// the unknowns: the own variables (element by element) and the connector variables the law
// states (the first nvals), then der() of each state and of each demoted state
static MbeStatus collect_unknowns(MbeMech* m, int c, MbeMechUser* u) {
  const MbeFlat* f = m->flat;
  const MbeMechComp* comp = &m->comps[c];
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    const char* own = own_name(m, c, (int)i);
    int k;
    if (!own || known_index(m, c, own) >= 0 || v->variability >= MBE_VAR_PARAMETER ||
        v->causality == MBE_CAUS_INPUT || user_state(u, (int)i, 0, &k)) {
      continue;  // an input is known: what feeds it (name_node)
    }
    for (size_t e = 0; e < var_size(v); e++) {
      u->uvar[u->nunk] = (int)i;
      u->uelem[u->nunk++] = (int)e;
    }
  }
  const UserKind* uk = user_kind(comp->kind);
  for (int k = 0; k < 4 && uk->stated[k]; k++) {
    // the connector variables the law states: frame_b.f and .t of PartialForce (resolved in
    // frame_b), flange_a.tau of PartialTwoFlanges ...
    char buf[512];
    snprintf(buf, sizeof buf, "%s.%s", comp->name, uk->stated[k]);
    int v = mbe_mech_var(m, buf);
    if (v < 0) {
      return mbe_mech_error(m, MBE_ERR_INTERNAL, c, "no %s", buf);
    }
    for (size_t e = 0; e < var_size(&f->vars[v]); e++) {
      u->uvar[u->nunk] = v;
      u->uelem[u->nunk++] = (int)e;
    }
  }
  u->nvals = u->nunk;
  for (size_t k = 0; k < u->nstates; k++) {
    u->uvar[u->nunk] = u->svar[k];
    u->uelem[u->nunk++] = -1;  // der(state)
  }
  for (size_t k = 0; k < u->nalg; k++) {
    u->uvar[u->nunk] = u->avar[k];
    u->uelem[u->nunk++] = -1;  // der(demoted state)
  }
  return MBE_OK;
}

// the equations, states and unknowns of user component c
static MbeStatus user_setup(MbeMech* m, int c, MbeMechUser* u) {
  const MbeFlat* f = m->flat;
  const MbeMechComp* comp = &m->comps[c];
  if (user_kind(comp->kind)->needs_equations) {
    MbeStatus st = no_parts(m, c);
    if (st != MBE_OK) {
      return st;
    }
  }
  size_t nun = 0;
  for (size_t i = 0; i < f->nvars; i++) {
    nun += (size_t)(f->vars[i].inst == comp->inst) * var_size(&f->vars[i]);
  }
  size_t maxn = 1;  // equations after vector ones are taken element by element
  for (size_t i = 0; i < f->nvars; i++) {
    maxn = var_size(&f->vars[i]) > maxn ? var_size(&f->vars[i]) : maxn;
  }
  size_t cap = (f->neqs + 1) * maxn + 2 * nun + 1;  // nun: the derivatives of demoted states
  u->eqs = mbe_arena_alloc(m->arena, cap * sizeof *u->eqs);
  u->eqsel = mbe_arena_alloc(m->arena, cap * sizeof *u->eqsel);
  u->eqder = mbe_arena_alloc(m->arena, cap * sizeof *u->eqder);
  u->avar = mbe_arena_alloc(m->arena, (nun + 1) * sizeof *u->avar);
  u->svar = mbe_arena_alloc(m->arena, (nun + 1) * sizeof *u->svar);
  u->selem = mbe_arena_alloc(m->arena, (nun + 1) * sizeof *u->selem);
  u->uvar = mbe_arena_alloc(m->arena, (2 * nun + 13) * sizeof *u->uvar);  // 12: frames' f, t
  u->uelem = mbe_arena_alloc(m->arena, (2 * nun + 13) * sizeof *u->uelem);
  if (!u->eqs || !u->eqsel || !u->eqder || !u->avar || !u->svar || !u->selem || !u->uvar ||
      !u->uelem) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < f->neqs; i++) {
    const MbeFlatEq* q = &f->eqs[i];
    if (q->scope != comp->inst || q->is_initial) {
      continue;
    }
    // a vector equation (frame_b.f = c*r_rel_b) is one equation per element
    int nl = 0, nr = 0;
    MbeStatus st = side_size(m, q->lhs, q->scope, q->lex, &nl);
    if (st == MBE_OK) {
      st = side_size(m, q->rhs, q->scope, q->lex, &nr);
    }
    if (st == MBE_OK && nl && nr && nl != nr) {
      st = mbe_error_at(m->err, MBE_ERR_MODEL, q->loc,
                        "the sides of this equation are vectors of %d and %d elements", nl, nr);
    }
    if (st != MBE_OK) {
      return st;
    }
    int n = nl > nr ? nl : nr;
    for (int k = 0; k < (n ? n : 1); k++) {
      u->eqsel[u->neqs] = n ? k : -1;
      u->eqder[u->neqs] = false;
      u->eqs[u->neqs++] = (int)i;
    }
    st = find_states(m, c, u, q->lhs);
    if (st == MBE_OK) {
      st = find_states(m, c, u, q->rhs);
    }
    if (st != MBE_OK) {
      return st;
    }
  }
  // binding equations of the own variables (Real v = der(s)): equations v = expr
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    const char* own = own_name(m, c, (int)i);
    if (!own || !v->binding.expr || known_index(m, c, own) >= 0 ||
        v->variability >= MBE_VAR_PARAMETER) {
      continue;
    }
    if (v->ndims) {
      return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, v->binding.loc,
                          "%s: a binding equation of an array variable is not supported in a "
                          "user's force law yet (write its elements' equations)",
                          v->name);
    }
    u->eqsel[u->neqs] = -1;
    u->eqder[u->neqs] = false;
    u->eqs[u->neqs++] = -1 - (int)i;
    MbeStatus st = find_states(m, c, u, v->binding.expr);
    if (st != MBE_OK) {
      return st;
    }
  }
  MbeStatus st = demote_states(m, c, u);
  if (st != MBE_OK) {
    return st;
  }
  return collect_unknowns(m, c, u);
}

MbeStatus mbe_mech_user_layout(MbeMech* m) {
  m->user = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->user);
  if (!m->user) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  memset(m->user, 0, (m->ncomps + 1) * sizeof *m->user);
  for (size_t c = 0; c < m->ncomps; c++) {
    if (!mbe_mech_is_user(m->comps[c].kind)) {
      continue;
    }
    MbeStatus st = user_setup(m, (int)c, &m->user[c]);
    if (st != MBE_OK) {
      return st;
    }
    if (m->user[c].nstates) {
      m->comps[c].state = (int)m->nx;
      m->comps[c].nstates = (int)m->user[c].nstates;
      m->nx += m->user[c].nstates;
    }
  }
  return MBE_OK;
}

bool mbe_mech_user_owns_equation(const MbeMech* m, size_t eq) {
  const MbeFlatEq* q = &m->flat->eqs[eq];
  if (q->is_initial || q->scope < 0 || !m->user) {
    return false;
  }
  int c = m->inst_comp[q->scope];
  return c >= 0 && mbe_mech_is_user(m->comps[c].kind);
}

// ---- compiling the equations ------------------------------------------------------------------

// frame_a's or frame_b's kinematics (loc: "frame_a.r_0" ...) where q knows that frame: r_0
// (der: the origin's velocity, world), R.T (der: -skew(w) T) and R.w (the angular velocity in
// the frame; its der is an acceleration); false where loc is none of them
static bool frame_known(Solve* q, const char* loc, int elem, bool der, const MbeExpr* at,
                        MbeStatus* st, MbeSymId* out) {
  if (!loc || strncmp(loc, "frame_", 6) != 0 || (loc[6] != 'a' && loc[6] != 'b') || loc[7] != '.' ||
      !q->P[loc[6] - 'a']) {
    return false;
  }
  MbeSym* s = q->m->s;
  const MbeMechPoint* P = q->P[loc[6] - 'a'];
  const char* sub = loc + 8;
  if (strcmp(sub, "r_0") == 0) {
    *out = der ? mbe_m3_tmulv(s, P->R, P->v).e[elem] : P->r0.e[elem];
    return true;
  }
  if (strcmp(sub, "R.T") == 0) {
    // column j of -skew(w) T is T's column j crossed with w
    MbeV3 col = mbe_m3_col(P->R, elem % 3);
    *out = der ? mbe_v3_cross(s, col, P->w).e[elem / 3] : P->R.e[elem];
    return true;
  }
  if (strcmp(sub, "R.w") == 0) {
    *out = der ? 0 : P->w.e[elem];
    if (der) {
      *st = mbe_error_at(q->m->err, MBE_ERR_UNSUPPORTED, at->loc,
                         "der(%s) is an angular acceleration, which a force law cannot read "
                         "(the accelerations follow from the forces)",
                         loc);
    }
    return true;
  }
  return false;
}

static MbeSymId name_node(MbeMech* m, void* ctx, int var, int elem, bool der, const MbeExpr* at,
                          MbeStatus* st) {
  Solve* q = ctx;
  const char* own = own_name(m, q->c, var);
  MbeSymId fk;
  if (frame_known(q, local_name(m, q->c, var), elem, der, at, st, &fk)) {
    return fk;
  }
  const char* loc = local_name(m, q->c, var);
  int k = known_index(m, q->c, loc);
  if (k >= 0 && (q->unavailable[k] || (der && !q->has_der[k]))) {
    *st = mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, at->loc,
                       q->unavailable[k]
                           ? "%s is an acceleration, which a force law cannot read (the "
                             "accelerations follow from the forces)"
                           : "der(%s) is not supported in a user's force law (der() of the "
                             "positions and distances is)",
                       loc);
    return 0;
  }
  if (k >= 0) {
    return der ? q->dknown[k][elem] : q->known[k][elem];
  }
  int s;
  if (own && user_state(q->u, var, elem, &s)) {
    return der ? q->ph[q->u->nvals + (size_t)s] : mbe_sym_state(m->s, q->m->comps[q->c].state + s);
  }
  if (own && !der && m->flat->vars[var].causality == MBE_CAUS_INPUT) {
    return mbe_mech_block_input(m, q->c, own, elem, 0, st);  // Torque2's tau
  }
  for (size_t a = 0; own && der && a < q->u->nalg; a++) {
    if (q->u->avar[a] == var) {
      return q->ph[q->u->nvals + q->u->nstates + a];  // der() of a demoted state
    }
  }
  for (size_t j = 0; j < q->u->nvals; j++) {
    if (q->u->uvar[j] == var && q->u->uelem[j] == elem) {
      if (!der) {
        return q->ph[j];
      }
      break;
    }
  }
  *st = mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, at->loc,
                     own ? "der(%s): only der() of a whole scalar variable makes a state"
                         : "%s: the equations of a user's force law may read its own variables, "
                           "the kinematics of the partial it extends, parameters and time; not "
                           "this",
                     m->flat->vars[var].name);
  return 0;
}

// ---- vector functions: Frames.resolve1/resolve2/resolveRelative, cross, Vectors.norm ----------
// mech_expr compiles scalars and vectors element by element; an orientation record is no value
// there, and a function of whole vectors has no element-by-element form. Sides of equations
// that call these functions are taken apart here down to the calls: sums, differences,
// negation and products or quotients with scalars, elementwise; a Frames call's element is a
// row (resolve2) or a column (resolve1) of the frame's T times its vector, cross() and norm()
// are written out over their arguments' elements.

typedef enum { VF_NONE, VF_RESOLVE1, VF_RESOLVE2, VF_RELATIVE, VF_CROSS, VF_NORM } VecFn;

static VecFn vec_fn(const MbeExpr* e) {
  size_t n = e->kind == MBE_EX_CALL ? e->name.nparts : 0;
  const char* f = n ? e->name.parts[n - 1].ident : "";
  const char* pkg = n >= 2 ? e->name.parts[n - 2].ident : "";
  if (n == 1 && strcmp(f, "cross") == 0) {
    return VF_CROSS;
  }
  if (strcmp(pkg, "Vectors") == 0 && (strcmp(f, "norm") == 0 || strcmp(f, "length") == 0)) {
    return VF_NORM;
  }
  if (strcmp(pkg, "Frames") != 0) {
    return VF_NONE;
  }
  return strcmp(f, "resolve1") == 0          ? VF_RESOLVE1
         : strcmp(f, "resolve2") == 0        ? VF_RESOLVE2
         : strcmp(f, "resolveRelative") == 0 ? VF_RELATIVE
                                             : VF_NONE;
}

static bool has_vec_fn(const MbeExpr* e) {
  if (!e || vec_fn(e) != VF_NONE) {
    return e != NULL;
  }
  for (size_t i = 0; i < e->nargs; i++) {
    if (has_vec_fn(e->args[i])) {
      return true;
    }
  }
  return false;
}

// the length of side e (0: a scalar), as mbe_mech_expr_size; a vector function gives 3, norm 0
static MbeStatus side_size(MbeMech* m, const MbeExpr* e, int scope, const MbeClass* lex, int* n) {
  if (!has_vec_fn(e)) {
    return mbe_mech_expr_size(m, e, scope, lex, n);
  }
  if (vec_fn(e) != VF_NONE) {
    *n = vec_fn(e) == VF_NORM ? 0 : 3;
    return MBE_OK;
  }
  *n = 0;
  for (size_t i = 0; i < e->nargs; i++) {
    int k;
    MbeStatus st = side_size(m, e->args[i], scope, lex, &k);
    if (st != MBE_OK) {
      return st;
    }
    if (k && *n && k != *n) {
      return mbe_error_at(m->err, MBE_ERR_MODEL, e->args[i]->loc,
                          "a vector of %d elements where the others have %d", k, *n);
    }
    *n = k ? k : *n;
  }
  return MBE_OK;
}

// T of the frame whose R the name e is (frame_a.R or frame_b.R of a frame q knows), or of
// PartialForce's R_rel (frame_a to frame_b: T_b T_a^T)
static MbeStatus frame_T(Solve* q, const MbeExpr* e, MbeM3* T) {
  const MbeName* nm = &e->name;
  if (e->kind == MBE_EX_NAME && !nm->is_global && nm->nparts == 1 && !nm->parts[0].nsubs &&
      strcmp(nm->parts[0].ident, "R_rel") == 0 && q->m->comps[q->c].kind == MBE_MC_USER_FORCE) {
    *T = mbe_m3_mul(q->m->s, q->P[1]->R, mbe_m3_transpose(q->P[0]->R));
    return MBE_OK;
  }
  bool ok =
      e->kind == MBE_EX_NAME && !nm->is_global && nm->nparts == 2 && !nm->parts[0].nsubs &&
      !nm->parts[1].nsubs && strcmp(nm->parts[1].ident, "R") == 0 &&
      (strcmp(nm->parts[0].ident, "frame_a") == 0 || strcmp(nm->parts[0].ident, "frame_b") == 0);
  const MbeMechPoint* P = ok ? q->P[nm->parts[0].ident[6] - 'a'] : NULL;
  if (!P) {
    return mbe_error_at(q->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                        "%s: the orientation here must be frame_a.R or frame_b.R of the "
                        "component's own frames (whose kinematics mbens knows), or a "
                        "PartialForce's R_rel",
                        q->m->comps[q->c].name);
  }
  *T = P->R;
  return MBE_OK;
}

static MbeStatus side_elem(Solve* q, const MbeExpr* e, const MbeFlatEq* fq, int sel, MbeSymId* out);

// the three elements of vector argument e
static MbeStatus arg_v3(Solve* q, const MbeExpr* e, const MbeFlatEq* fq, MbeV3* v) {
  MbeStatus st = MBE_OK;
  for (int j = 0; j < 3 && st == MBE_OK; j++) {
    st = side_elem(q, e, fq, j, &v->e[j]);
  }
  return st;
}

// element sel of Frames.resolve1(R, v), resolve2(R, v), resolveRelative(v, R1, R2), cross(a, b);
// norm(v) (a scalar: sel does not matter)
static MbeStatus vec_fn_elem(Solve* q, const MbeExpr* e, const MbeFlatEq* fq, int sel,
                             MbeSymId* out) {
  MbeSym* s = q->m->s;
  VecFn fn = vec_fn(e);
  size_t need = fn == VF_RELATIVE ? 3 : fn == VF_NORM ? 1 : 2;
  if (e->nargs != need || e->nnamed || (sel < 0 && fn != VF_NORM)) {
    return mbe_error_at(q->m->err, MBE_ERR_UNSUPPORTED, e->loc,
                        sel < 0 && fn != VF_NORM
                            ? "a vector function's value where a scalar is needed"
                            : "this call of a vector function (its arguments)");
  }
  MbeM3 T1, T2;
  MbeV3 v, w;
  bool frames = fn == VF_RESOLVE1 || fn == VF_RESOLVE2 || fn == VF_RELATIVE;
  MbeStatus st = frames ? frame_T(q, e->args[fn == VF_RELATIVE ? 1 : 0], &T1) : MBE_OK;
  if (st == MBE_OK && fn == VF_RELATIVE) {
    st = frame_T(q, e->args[2], &T2);
  }
  if (st == MBE_OK) {
    st = arg_v3(q, e->args[fn == VF_RESOLVE1 || fn == VF_RESOLVE2 ? 1 : 0], fq, &v);
  }
  if (st == MBE_OK && fn == VF_CROSS) {
    st = arg_v3(q, e->args[1], fq, &w);
  }
  if (st != MBE_OK) {
    return st;
  }
  if (fn == VF_NORM) {
    *out = mbe_v3_norm(s, v);
    return MBE_OK;
  }
  // resolve1: T^T v; resolve2: T v; resolveRelative: T2 T1^T v
  MbeV3 r = fn == VF_CROSS      ? mbe_v3_cross(s, v, w)
            : fn == VF_RESOLVE2 ? mbe_m3_mulv(s, T1, v)
                                : mbe_m3_tmulv(s, T1, v);
  if (fn == VF_RELATIVE) {
    r = mbe_m3_mulv(s, T2, r);
  }
  *out = r.e[sel];
  return MBE_OK;
}

// element sel of an equation's side (sel < 0: a scalar side) through the vector functions
static MbeStatus side_elem(Solve* q, const MbeExpr* e, const MbeFlatEq* fq, int sel,
                           MbeSymId* out) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  if (!has_vec_fn(e)) {
    return mbe_mech_expr_elem(m, e, fq->scope, fq->lex, name_node, q, sel, out);
  }
  if (vec_fn(e) != VF_NONE) {
    return vec_fn_elem(q, e, fq, sel, out);
  }
  MbeSymId a, b;
  MbeStatus st;
  if (e->kind == MBE_EX_PAREN) {
    return side_elem(q, e->args[0], fq, sel, out);
  }
  if (e->kind == MBE_EX_UNARY && e->op == MBE_OP_NEG) {
    st = side_elem(q, e->args[0], fq, sel, &a);
    *out = st == MBE_OK ? mbe_sym_neg(s, a) : 0;
    return st;
  }
  bool sum = e->kind == MBE_EX_BINARY && (e->op == MBE_OP_ADD || e->op == MBE_OP_SUB ||
                                          e->op == MBE_OP_EADD || e->op == MBE_OP_ESUB);
  bool prod = e->kind == MBE_EX_BINARY && (e->op == MBE_OP_MUL || e->op == MBE_OP_EMUL ||
                                           e->op == MBE_OP_DIV || e->op == MBE_OP_EDIV);
  int na = 0, nb = 0;
  if (prod && ((st = side_size(m, e->args[0], fq->scope, fq->lex, &na)) != MBE_OK ||
               (st = side_size(m, e->args[1], fq->scope, fq->lex, &nb)) != MBE_OK)) {
    return st;
  }
  bool div = e->op == MBE_OP_DIV || e->op == MBE_OP_EDIV;
  if (!sum && (!prod || (na && nb) || (div && nb))) {
    return mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, e->loc,
                        "a vector function (Frames.resolve1/resolve2/resolveRelative, cross, "
                        "Vectors.norm) inside this expression is not supported by mbens yet "
                        "(sums, differences and products with scalars are)");
  }
  if ((st = side_elem(q, e->args[0], fq, prod && !na ? -1 : sel, &a)) != MBE_OK ||
      (st = side_elem(q, e->args[1], fq, prod && !nb ? -1 : sel, &b)) != MBE_OK) {
    return st;
  }
  bool minus = e->op == MBE_OP_SUB || e->op == MBE_OP_ESUB;
  *out = sum ? (minus ? mbe_sym_sub(s, a, b) : mbe_sym_add(s, a, b))
             : (div ? mbe_sym_div(s, a, b) : mbe_sym_mul(s, a, b));
  return MBE_OK;
}

// the residual lhs - rhs of flat equation i (its element sel when >= 0), or v - binding for
// i = -1 - v
static MbeStatus residual(Solve* q, int i, int sel, MbeSymId* out) {
  MbeSymId a, b;
  MbeStatus st = MBE_OK;
  if (i < 0) {
    const MbeBinding* bd = &q->m->flat->vars[-1 - i].binding;
    a = name_node(q->m, q, -1 - i, 0, false, bd->expr, &st);
    MbeFlatEq fq = {.scope = bd->scope, .lex = bd->lex};
    if (st == MBE_OK) {
      st = side_elem(q, bd->expr, &fq, -1, &b);  // Real speed = Vectors.norm(v)
    }
  } else {
    const MbeFlatEq* e = &q->m->flat->eqs[i];
    st = side_elem(q, e->lhs, e, sel, &a);
    if (st == MBE_OK) {
      st = side_elem(q, e->rhs, e, sel, &b);
    }
  }
  if (st == MBE_OK) {
    *out = mbe_sym_sub(q->m->s, a, b);
  }
  return st;
}

// the kinematics a user's line force knows (as the MSL's LineForceBase and PartialLineForce)
static MbeStatus kinematics(Solve* q, MbeMechPoint* A, MbeMechPoint* B, MbeV3* e0) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  MbeV3 r = mbe_v3_sub(s, B->r0, A->r0);
  MbeSymId L = mbe_v3_norm(s, r);
  MbeSymId small = mbe_mech_psym(m, q->c, "s_small", 0, &st);
  MbeSymId len = mbe_sym_op(s, MBE_SYM_MAX, L, small, 0);
  *e0 = mbe_v3_scale(s, mbe_sym_div(s, mbe_sym_const(s, 1.0), len), r);
  MbeV3 ra = mbe_m3_mulv(s, A->R, r);
  MbeV3 ea = mbe_m3_mulv(s, A->R, *e0);
  for (int i = 0; i < 3; i++) {
    q->known[0][i] = L, q->known[1][i] = len;            // length, s
    q->known[2][i] = r.e[i], q->known[3][i] = e0->e[i];  // r_rel_0, e_rel_0
    q->known[4][i] = ra.e[i], q->known[5][i] = ea.e[i];  // r_rel_a, e_a
  }
  MbeV3 va = mbe_m3_tmulv(s, A->R, A->v);
  MbeV3 vb = mbe_m3_tmulv(s, B->R, B->v);
  MbeV3 dv = mbe_v3_sub(s, vb, va);
  MbeSymId dlen = mbe_v3_dot(s, *e0, dv);
  MbeSymId gap = mbe_sym_sub(s, L, small);
  MbeSymId ds = mbe_sym_op(s, MBE_SYM_SELECT, gap, dlen, 0);  // s' = 0 while guarded
  for (int i = 0; i < 3; i++) {
    q->dknown[0][i] = dlen, q->dknown[1][i] = ds;
  }
  q->has_der[0] = q->has_der[1] = true;
  return st;
}

static MbeStatus user_frames(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  if (comp->frame_a < 0 || comp->frame_b < 0) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_a and frame_b must both be connected");
  }
  if (mbe_mech_bool(m, c, "fixedRotationAtFrame_a") ||
      mbe_mech_bool(m, c, "fixedRotationAtFrame_b")) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "fixedRotationAtFrame_a/_b is not supported for a user's line force "
                          "yet");
  }
  return MBE_OK;
}

// the rate of leaf node id of a residual: 1 for time, a joint position's rate (the tree's
// kinematics know them before the accelerations), the der() unknown of this law's states and
// demoted states, 0 for a parameter; 0 with *ok false where the rate is not known here
static MbeSymId leaf_rate(Solve* q, MbeSymId id, bool* ok) {
  MbeMech* m = q->m;
  const MbeSymNode* n = &m->s->nodes[id];
  const MbeMechUser* u = q->u;
  *ok = true;
  if (n->op == MBE_SYM_TIME) {
    return mbe_sym_const(m->s, 1);
  }
  if (n->op == MBE_SYM_STATE) {
    int x = n->index, own = m->comps[q->c].state;
    if (own >= 0 && x >= own && x < own + (int)u->nstates) {
      return q->ph[u->nvals + (size_t)(x - own)];
    }
    for (size_t k = 0; k < m->nedges; k++) {
      const MbeMechEdge* e = &m->edges[k];
      if (e->in_tree && x >= e->q0 && x < e->q0 + e->nq) {
        return e->qdot[x - e->q0];
      }
    }
    *ok = false;  // a speed: its rate is an acceleration
    return 0;
  }
  int j = mbe_user_placeholder(q, id);
  for (size_t a = 0; j >= 0 && a < u->nalg; a++) {
    if (u->uvar[j] == u->avar[a] && (size_t)j < u->nvals) {
      return q->ph[u->nvals + u->nstates + a];
    }
  }
  *ok = j < 0;  // a parameter: rate 0; another unknown: its der() is none of the unknowns
  return 0;
}

// d/dt of residual r of equation e (the chain rule over r's leaves)
static MbeStatus ddt(Solve* q, size_t e, MbeSymId r, MbeSymId* out) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  size_t n = (size_t)r + 1;
  unsigned char* seen = mbe_calloc(n, 1);
  if (!seen) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  seen[r] = 1;
  MbeStatus st = MBE_OK;
  *out = mbe_sym_const(s, 0);
  for (size_t i = n; i-- > 0 && st == MBE_OK;) {
    if (!seen[i]) {
      continue;
    }
    const MbeSymNode nd = s->nodes[i];  // a copy: new nodes may move the array
    int ar = mbe_sym_op_arity((MbeSymOp)nd.op);
    for (int k = 0; k < ar; k++) {
      seen[nd.arg[k]] = 1;
    }
    if (ar > 0 || nd.op == MBE_SYM_CONST) {
      continue;
    }
    bool ok;
    MbeSymId rate = leaf_rate(q, (MbeSymId)i, &ok), d;
    if ((st = mbe_sym_diff(s, r, (MbeSymId)i, &d, m->err)) != MBE_OK) {
      break;
    }
    if (d != 0 && !ok) {
      // the derivative equations come last, in the order of the demoted states
      const MbeVar* v = &m->flat->vars[q->u->avar[e - (q->u->neqs - q->u->nalg)]];
      st = mbe_error_at(m->err, MBE_ERR_UNSUPPORTED, mbe_user_eq_loc(q, e),
                        "%s: der(%s) would come from this equation differentiated in time, "
                        "which reads an acceleration or the derivative of an unknown; a force "
                        "law can read neither",
                        m->comps[q->c].name, v->name);
    } else if (d != 0 && rate != 0) {
      MbeSymId t = mbe_sym_mul(s, d, rate);
      *out = mbe_sym_add(s, *out, t);
    }
  }
  mbe_free(seen);
  return st;
}

// compiles, sorts and solves the equations of component c with the knowns q holds: u->sol, the
// states' derivatives, and *force (f or tau)
static MbeStatus solve_user(Solve* q, MbeSymId* force) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  MbeMechUser* u = q->u;
  MbeStatus st = MBE_OK;
  q->ph = mbe_arena_alloc(m->arena, (u->nunk + 1) * sizeof *q->ph);
  q->val = mbe_arena_alloc(m->arena, (u->nunk + 1) * sizeof *q->val);
  MbeSymId* res = mbe_malloc((u->neqs + 1) * sizeof *res);
  if (!q->ph || !q->val || !res) {
    mbe_free(res);
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t j = 0; j < u->nunk; j++) {
    q->ph[j] = mbe_sym_param(s, PH_BASE + m->nplaceholders++);
    q->val[j] = 0;
  }
  q->first = u->nunk ? q->ph[0] : (MbeSymId)s->nnodes;
  for (size_t e = 0; e < u->neqs && st == MBE_OK; e++) {
    st = residual(q, u->eqs[e], u->eqsel[e], &res[e]);
    if (st == MBE_OK && u->eqder[e]) {
      st = ddt(q, e, res[e], &res[e]);  // it gives der() of a demoted state
    }
  }
  if (st == MBE_OK) {
    st = mbe_user_sort_and_solve(q, res);
  }
  mbe_free(res);
  for (size_t j = 0; j < u->nunk; j++) {
    // retired: nothing the system computes reaches them now (see the top of this file)
    MbeSymNode* n = &s->nodes[q->ph[j]];
    n->op = MBE_SYM_CONST, n->value = 0, n->index = 0;
  }
  if (st != MBE_OK) {
    return st;
  }
  u->sol = q->val;
  const char* fname = user_kind(m->comps[q->c].kind)->force;
  *force = 0;
  for (size_t j = 0; j < u->nvals; j++) {
    const char* own = own_name(m, q->c, u->uvar[j]);
    *force = own && fname && strcmp(own, fname) == 0 ? q->val[j] : *force;
  }
  for (size_t k = 0; k < u->nstates; k++) {
    m->xdot[m->comps[q->c].state + (int)k] = q->val[u->nvals + k];
  }
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// element e of the kind's k-th stated connector variable (KINDS' stated), as solved
static MbeSymId stated_elem(const Solve* q, int k, int e) {
  const MbeMechUser* u = q->u;
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s", q->m->comps[q->c].name,
           user_kind(q->m->comps[q->c].kind)->stated[k]);
  int v = mbe_mech_var(q->m, buf);
  for (size_t j = 0; j < u->nvals; j++) {
    if (u->uvar[j] == v && u->uelem[j] == e) {
      return q->val[j];
    }
  }
  return 0;
}

static MbeV3 stated_v3(const Solve* q, int k) {
  MbeV3 r;
  for (int i = 0; i < 3; i++) {
    r.e[i] = stated_elem(q, k, i);
  }
  return r;
}

// whether frame f is connected to another frame (a frame on its own is a point of its own)
static bool frame_connected(const MbeMech* m, int f) {
  for (size_t k = 0; k < m->nframes; k++) {
    if ((int)k != f && m->frames[k].point == m->frames[f].point) {
      return true;
    }
  }
  return false;
}

// PartialTwoFrames, PartialOneFrame_a/_b: the law states the cut force and torque of each of
// its frames (resolved in that frame) from the frames' kinematics (r_0, R.T, R.w and der(r_0),
// der(R.T)); unlike PartialForce, nothing carries one frame's wrench over to the other, the
// law's equations are its whole balance
static MbeStatus user_free_frames(MbeMech* m, int c) {
  const MbeMechComp* comp = &m->comps[c];
  const UserKind* uk = user_kind(comp->kind);
  Solve q = {.m = m, .c = c, .u = &m->user[c]};
  int fr[2] = {comp->frame_a, comp->frame_b};
  for (int k = 0; k < 4 && uk->stated[k]; k += 2) {
    int w = uk->stated[k][6] - 'a';  // "frame_a.f": 0, "frame_b.f": 1
    if (fr[w] < 0 || !frame_connected(m, fr[w])) {
      return mbe_mech_error(m, MBE_ERR_MODEL, c, "frame_%c must be connected", 'a' + w);
    }
    q.P[w] = &m->points[m->frames[fr[w]].point];
  }
  MbeSymId unused;
  MbeStatus st = solve_user(&q, &unused);
  for (int k = 0; st == MBE_OK && k < 4 && uk->stated[k]; k += 2) {
    MbeMechFrame* F = &m->frames[fr[uk->stated[k][6] - 'a']];
    F->f = stated_v3(&q, k), F->t = stated_v3(&q, k + 1), F->has_wrench = true;
  }
  return st != MBE_OK || !m->s->is_oom ? st : mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
}

// PartialForce: the law sets frame_b.f and frame_b.t (on the element, resolved in frame_b) from
// r_rel_b and der(r_rel_b); frame_a takes the opposite wrench carried over (the MSL's
// frame_a.f = -resolve1(R_rel, frame_b.f), frame_a.t = -resolve1(R_rel, frame_b.t +
// cross(r_rel_b, frame_b.f)))
static MbeStatus user_frame_force(MbeMech* m, int c, MbeMechPoint* A, MbeMechPoint* B) {
  MbeSym* s = m->s;
  Solve q = {.m = m, .c = c, .u = &m->user[c], .P = {A, B}};
  MbeV3 d = mbe_v3_sub(s, B->r0, A->r0);
  MbeV3 r = mbe_m3_mulv(s, B->R, d);  // r_rel_b
  // d/dt r_rel_b = v_b - R_b R_a^T v_a - w_b x r_rel_b (all in frame_b)
  MbeV3 vaw = mbe_m3_tmulv(s, A->R, A->v);
  MbeV3 vab = mbe_m3_mulv(s, B->R, vaw);
  MbeV3 wr = mbe_v3_cross(s, B->w, r);
  MbeV3 dr = mbe_v3_sub(s, B->v, vab);
  dr = mbe_v3_sub(s, dr, wr);
  for (int i = 0; i < 3; i++) {
    q.known[0][i] = r.e[i], q.dknown[0][i] = dr.e[i];
  }
  q.has_der[0] = true;
  MbeSymId unused;
  MbeStatus st = solve_user(&q, &unused);
  if (st != MBE_OK) {
    return st;
  }
  MbeV3 f = stated_v3(&q, 0), t = stated_v3(&q, 1);
  MbeV3 rxf = mbe_v3_cross(s, r, f);
  MbeV3 tb = mbe_v3_add(s, t, rxf);
  MbeV3 fw = mbe_m3_tmulv(s, B->R, f);
  MbeV3 tw = mbe_m3_tmulv(s, B->R, tb);
  MbeV3 fa = mbe_m3_mulv(s, A->R, fw);
  MbeV3 ta = mbe_m3_mulv(s, A->R, tw);
  MbeMechFrame* Fa = &m->frames[m->comps[c].frame_a];
  MbeMechFrame* Fb = &m->frames[m->comps[c].frame_b];
  Fb->f = f, Fb->t = t, Fb->has_wrench = true;
  Fa->f = mbe_v3_neg(s, fa), Fa->t = mbe_v3_neg(s, ta), Fa->has_wrench = true;
  m->user[c].rel_b = r;
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

MbeStatus mbe_mech_user_force(MbeMech* m, int c) {
  MbeSym* s = m->s;
  MbeMechKind kind = m->comps[c].kind;
  if (kind == MBE_MC_USER_TWO_FRAMES || kind == MBE_MC_USER_ONE_FRAME_A ||
      kind == MBE_MC_USER_ONE_FRAME_B) {
    return user_free_frames(m, c);
  }
  MbeStatus st = user_frames(m, c);
  if (st != MBE_OK) {
    return st;
  }
  MbeMechPoint* A = &m->points[m->frames[m->comps[c].frame_a].point];
  MbeMechPoint* B = &m->points[m->frames[m->comps[c].frame_b].point];
  if (m->comps[c].kind == MBE_MC_USER_FORCE) {
    return user_frame_force(m, c, A, B);
  }
  Solve q = {.m = m, .c = c, .u = &m->user[c], .P = {A, B}};
  MbeV3 e0;
  MbeSymId f;
  if ((st = kinematics(&q, A, B, &e0)) != MBE_OK || (st = solve_user(&q, &f)) != MBE_OK) {
    return st;
  }
  m->line_len[c] = q.known[0][0];
  m->line_e0[c] = e0;
  m->line_f[c] = f;
  MbeV3 fb_w = mbe_v3_scale(s, f, e0);  // tension f pulls frame_b's owner towards frame_a
  MbeV3 fa_w = mbe_v3_neg(s, fb_w);
  MbeMechFrame* fa = &m->frames[m->comps[c].frame_a];
  MbeMechFrame* fb = &m->frames[m->comps[c].frame_b];
  fb->f = mbe_m3_mulv(s, B->R, fb_w), fb->t = mbe_v3_zero(), fb->has_wrench = true;
  fa->f = mbe_m3_mulv(s, A->R, fa_w), fa->t = mbe_v3_zero(), fa->has_wrench = true;
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

MbeStatus mbe_mech_user_force_1d(MbeMech* m, int c, MbeSymId rel, MbeSymId relv, MbeSymId* force) {
  Solve q = {.m = m, .c = c, .u = &m->user[c]};
  // phi_rel / s_rel (der: the relative speed), w_rel / v_rel (der: unknown here), a_rel
  for (int i = 0; i < 3; i++) {
    q.known[0][i] = rel, q.known[1][i] = relv;
  }
  for (int i = 0; i < 3; i++) {
    q.dknown[0][i] = relv;
  }
  q.has_der[0] = true;
  q.unavailable[2] = true;
  MbeStatus st = solve_user(&q, force);
  if (st == MBE_OK) {
    m->user[c].rel = rel, m->user[c].relv = relv;
  }
  return st;
}

MbeStatus mbe_mech_user_flanges(MbeMech* m, int c, const MbeMechFlangeSet* A,
                                const MbeMechFlangeSet* B, MbeSymId* fa, MbeSymId* fb) {
  Solve q = {.m = m, .c = c, .u = &m->user[c]};
  // flange_a.phi / .s (der: its speed), flange_b's
  for (int i = 0; i < 3; i++) {
    q.known[0][i] = A->pos, q.dknown[0][i] = A->vel;
    q.known[1][i] = B->pos, q.dknown[1][i] = B->vel;
  }
  q.has_der[0] = q.has_der[1] = true;
  MbeSymId unused;
  MbeStatus st = solve_user(&q, &unused);
  if (st == MBE_OK) {
    *fa = m->user[c].flange_load[0] = stated_elem(&q, 0, 0);
    *fb = m->user[c].flange_load[1] = stated_elem(&q, 1, 0);
    m->user[c].flange_pos[0] = A->pos, m->user[c].flange_pos[1] = B->pos;
  }
  return st;
}

MbeStatus mbe_mech_user_source(MbeMech* m, int c, const MbeMechFlangeSet* F,
                               const MbeMechFlangeSet* S, MbeSymId* fl) {
  MbeSym* s = m->s;
  Solve q = {.m = m, .c = c, .u = &m->user[c]};
  // phi / s relative to the support, the flange's and the support's positions, with their rates
  MbeSymId sp = S ? S->pos : 0, sv = S ? S->vel : 0;
  MbeSymId rel = mbe_sym_sub(s, F->pos, sp), relv = mbe_sym_sub(s, F->vel, sv);
  for (int i = 0; i < 3; i++) {
    q.known[0][i] = rel, q.dknown[0][i] = relv;
    q.known[1][i] = F->pos, q.dknown[1][i] = F->vel;
    q.known[2][i] = sp, q.dknown[2][i] = sv;
  }
  q.has_der[0] = q.has_der[1] = q.has_der[2] = true;
  MbeSymId f;
  MbeStatus st = solve_user(&q, &f);
  if (st == MBE_OK) {
    *fl = m->comps[c].kind == MBE_MC_USER_TRANS_FORCE ? f : stated_elem(&q, 0, 0);
    m->user[c].flange_load[0] = *fl, m->user[c].flange_pos[0] = F->pos, m->user[c].rel = rel;
  }
  return st != MBE_OK || !s->is_oom ? st : mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
}

// the component's own variables as outputs, under their names, and its kinematics
void mbe_mech_user_signals(MbeMech* m, int c) {
  const MbeMechUser* u = &m->user[c];
  const UserKind* uk = user_kind(m->comps[c].kind);
  for (size_t j = 0; u->sol && j < u->nvals; j++) {
    const MbeVar* v = &m->flat->vars[u->uvar[j]];
    const char* own = own_name(m, c, u->uvar[j]);
    if (!own || (uk->force && strcmp(own, uk->force) == 0)) {
      continue;  // the force outputs have it (PartialForce: the frame outputs)
    }
    const char* name =
        v->ndims ? mbe_arena_printf(m->arena, "%s[%d]", v->name, u->uelem[j] + 1) : v->name;
    mbe_mech_signal(m, name, u->sol[j]);
  }
  const char* cn = m->comps[c].name;
  if (m->comps[c].kind == MBE_MC_USER_LINE_FORCE) {
    MbeStatus st = MBE_OK;
    MbeSymId small = mbe_mech_psym(m, c, "s_small", 0, &st);
    MbeSymId len = mbe_sym_op(m->s, MBE_SYM_MAX, m->line_len[c], small, 0);
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.s", cn), len);
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.f", cn), m->line_f[c]);
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.length", cn), m->line_len[c]);
    return;
  }
  if (m->comps[c].kind == MBE_MC_USER_ROT_TWO_FLANGES ||
      m->comps[c].kind == MBE_MC_USER_TRANS_TWO_FLANGES) {
    // its flanges: positions (the known[] names) and the torques/forces it stated
    for (int k = 0; k < 2; k++) {
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->known[k]), u->flange_pos[k]);
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->stated[k]), u->flange_load[k]);
    }
    return;
  }
  if (m->comps[c].kind == MBE_MC_USER_ROT_TORQUE || m->comps[c].kind == MBE_MC_USER_TRANS_FORCE) {
    // phi / s, flange.phi / .s and the flange's tau / f
    bool rot = m->comps[c].kind == MBE_MC_USER_ROT_TORQUE;
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->known[0]), u->rel);
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->known[1]), u->flange_pos[0]);
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.flange.%s", cn, rot ? "tau" : "f"),
                    u->flange_load[0]);
    if (!rot)  // the MSL's f = flange.f
      mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.f", cn), u->flange_load[0]);
    return;
  }
  if (m->comps[c].kind == MBE_MC_USER_FORCE) {
    for (int i = 0; i < 3; i++) {
      const char* nm = mbe_arena_printf(m->arena, "%s.r_rel_b[%d]", cn, i + 1);
      mbe_mech_signal(m, nm, u->rel_b.e[i]);
    }
    return;
  }
  if (uk->force == NULL) {
    return;  // PartialTwoFrames, PartialOneFrame_a/_b: the frames' outputs have the rest
  }
  mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->force), m->drive_f[c]);
  mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->known[0]), u->rel);
  if (uk->known[1]) {
    mbe_mech_signal(m, mbe_arena_printf(m->arena, "%s.%s", cn, uk->known[1]), u->relv);
  }
}

// ---- signal blocks in equations -------------------------------------------------------------

// A user's block (extending Blocks.Interfaces.SISO, SI2SO or SO): its equations solved once,
// when its output is first needed, with its inputs known (they may read sensors: feedback); its
// states' rates are set then. An input that leads back to the block is an algebraic loop.
static MbeStatus user_block_solve(MbeMech* m, int c, int depth) {
  MbeMechUser* u = &m->user[c];
  if (u->sol) {
    return MBE_OK;
  }
  if (u->solving) {
    return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                          "its output feeds its own input without a state between them (an "
                          "algebraic loop of blocks), which mbens does not solve yet");
  }
  u->solving = true;
  Solve q = {.m = m, .c = c, .u = u};
  const UserKind* uk = user_kind(m->comps[c].kind);
  MbeStatus st = MBE_OK;
  for (int k = 0; k < MAX_KNOWN && uk->known[k] && st == MBE_OK; k++) {
    MbeSymId v = mbe_mech_block_input(m, c, uk->known[k], 0, depth + 1, &st);
    for (int i = 0; i < 3; i++) {
      q.known[k][i] = v;
    }
  }
  MbeSymId unused;
  if (st == MBE_OK) {
    st = solve_user(&q, &unused);
  }
  u->solving = false;
  return st;
}

MbeSymId mbe_mech_user_block(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem;
  *st = user_block_solve(m, c, depth);
  const MbeMechUser* u = &m->user[c];
  for (size_t j = 0; *st == MBE_OK && j < u->nvals; j++) {
    const char* own = own_name(m, c, u->uvar[j]);
    if (own && strcmp(own, "y") == 0) {
      return u->sol[j];
    }
  }
  if (*st == MBE_OK) {
    *st = mbe_mech_error(m, MBE_ERR_MODEL, c, "its equations do not give its output y");
  }
  return 0;
}

MbeStatus mbe_mech_user_block_outputs(MbeMech* m, int c) {
  MbeStatus st = user_block_solve(m, c, 0);
  if (st == MBE_OK) {
    mbe_mech_user_signals(m, c);
  }
  return st;
}
