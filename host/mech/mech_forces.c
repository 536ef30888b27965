// SPDX-License-Identifier: Apache-2.0
// What acts on the tree: inputs followed to the signal blocks that feed them, the components'
// wrenches at their frames (each class's forces hook, classes/), and the 1-D flange sets: their
// positions and loads (the axes, load and loaded hooks) and what the joint axes receive.
#include <math.h>
#include <string.h>

#include "mech_internal.h"

/* ---- signals -------------------------------------------------------------------------------- */

// element elem of output var of block comp (its class computes it, or it cannot)
static MbeSymId block_output(MbeMech* m, int comp, int var, int elem, int depth, MbeStatus* st) {
  const MbeMechClass* k = mbe_mech_class(m->comps[comp].kind);
  if (k->block_var != NULL) {
    return k->block_var(m, comp, var, elem, depth, st);
  }
  if (k->block != NULL) {
    return k->block(m, comp, elem, depth, st);
  }
  if (*st == MBE_OK) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, comp,
                         "its output cannot drive an input yet (only signal sources and "
                         "math blocks can)");
  }
  return 0;
}

// the value of input `name`[elem] of component comp: follows connect() to a block's output
static MbeSymId input_value(MbeMech* m, int var, int elem, int depth, MbeStatus* st) {
  const MbeFlat* f = m->flat;
  if (depth > 64) {
    *st = mbe_error_set(m->err, MBE_ERR_UNSUPPORTED,
                        "%s: the signal path is too long or algebraic (a loop of blocks)",
                        f->vars[var].name);
    return 0;
  }
  // breadth-first over connections of primitive connector elements
  int qv[256], qe[256];
  int n = 0;
  qv[n] = var, qe[n] = elem, n++;
  for (int i = 0; i < n; i++) {
    for (size_t c = 0; c < f->nconns; c++) {
      const MbeConnection* cn = &f->conns[c];
      if (cn->a.var < 0 || cn->b.var < 0)
        continue;
      int ov = -1, oe = 0;
      if (cn->a.var == qv[i] && cn->a.elem == qe[i])
        ov = cn->b.var, oe = cn->b.elem;
      if (cn->b.var == qv[i] && cn->b.elem == qe[i])
        ov = cn->a.var, oe = cn->a.elem;
      if (ov < 0)
        continue;
      bool seen = false;
      for (int j = 0; j < n; j++)
        seen = seen || (qv[j] == ov && qe[j] == oe);
      if (seen || n == 256)
        continue;
      qv[n] = ov, qe[n] = oe, n++;
      const MbeVar* x = &f->vars[ov];
      int comp = m->inst_comp[x->inst];
      MbeSymId sg;
      if (x->causality == MBE_CAUS_OUTPUT && comp >= 0 && ov != var) {
        // a sensor's output, once the outputs are collected (asserts read them), else a block's
        return mbe_mech_var_signal(m, ov, oe, &sg) ? sg
                                                   : block_output(m, comp, ov, oe, depth + 1, st);
      }
      if (x->causality == MBE_CAUS_OUTPUT && comp < 0 && ov != var &&
          mbe_mech_binding_value(m, ov, oe, &sg, st)) {
        return sg;  // a library block whose output is its binding (RealExpression)
      }
    }
  }
  const MbeVar* x = &f->vars[var];
  *st = mbe_error_at(m->err, MBE_ERR_MODEL, x->loc,
                     "input %s[%d] is not connected to the output of a signal block", x->name,
                     elem + 1);
  return 0;
}

MbeSymId mbe_mech_input(MbeMech* m, int comp, const char* name, int elem) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s", m->comps[comp].name, name);
  int v = mbe_mech_var(m, buf);
  MbeStatus st = MBE_OK;
  if (v < 0) {
    m->input_error = mbe_mech_error(m, MBE_ERR_INTERNAL, comp, "no input '%s'", name);
    return 0;
  }
  MbeSymId r = input_value(m, v, elem, 0, &st);
  if (st != MBE_OK) {
    m->input_error = st;
  }
  return r;
}

// whether element elem of var is one end of a connection
static bool is_connected(const MbeFlat* f, int var, int elem) {
  for (size_t c = 0; c < f->nconns; c++) {
    const MbeConnection* cn = &f->conns[c];
    if ((cn->a.var == var && cn->a.elem == elem) || (cn->b.var == var && cn->b.elem == elem))
      return true;
  }
  return false;
}

bool mbe_mech_block_value(MbeMech* m, int var, int elem, MbeSymId* out, MbeStatus* st) {
  const MbeVar* x = &m->flat->vars[var];
  int comp = m->inst_comp[x->inst];
  if (x->causality == MBE_CAUS_INPUT && is_connected(m->flat, var, elem)) {
    *out = input_value(m, var, elem, 0, st);  // an input: what feeds it (LimPID's u_s)
    return true;
  }
  if (x->causality != MBE_CAUS_OUTPUT) {
    return false;
  }
  if (comp < 0) {  // an output of the model itself: the output connected to it
    if (!is_connected(m->flat, var, elem))
      return false;
    *out = input_value(m, var, elem, 0, st);
    return true;
  }
  *out = block_output(m, comp, var, elem, 0, st);
  return true;
}

MbeSymId mbe_mech_block_input(MbeMech* m, int comp, const char* name, int elem, int depth,
                              MbeStatus* st) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s", m->comps[comp].name, name);
  int v = mbe_mech_var(m, buf);
  if (v < 0) {
    *st = mbe_mech_error(m, MBE_ERR_INTERNAL, comp, "no input '%s'", name);
    return 0;
  }
  return input_value(m, v, elem, depth, st);
}

/* ---- force elements ------------------------------------------------------------------------- */

MbeMechPoint* mbe_mech_frame_point(MbeMech* m, int frame) {
  return &m->points[m->frames[frame].point];
}

void mbe_mech_set_wrench(MbeMech* m, int frame, MbeV3 t, MbeV3 f) {
  if (frame < 0)
    return;
  m->frames[frame].t = t;
  m->frames[frame].f = f;
  m->frames[frame].has_wrench = true;
}

MbeStatus mbe_mech_forces(MbeMech* m) {
  MbeStatus st = MBE_OK;
  m->line_f = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_f);
  m->line_len = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_len);
  m->line_e0 = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_e0);
  m->lmass = mbe_arena_alloc(m->arena, (2 * m->ncomps + 1) * sizeof *m->lmass);
  if (!m->line_f || !m->line_len || !m->line_e0 || !m->lmass) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    st = k->forces ? k->forces(m, (int)c) : MBE_OK;
    if (st == MBE_OK && m->input_error != MBE_OK)
      st = m->input_error;
  }
  return st;
}

/* ---- 1-D elements on joint axes ------------------------------------------------------------- */

int mbe_mech_set_of(MbeMech* m, int flange) {
  return flange < 0 ? -1 : m->flange_set[flange];
}

MbeStatus mbe_mech_drives(MbeMech* m) {
  MbeSym* s = m->s;
  MbeStatus st = MBE_OK;
  m->drive_f = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->drive_f);
  m->drive_w = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->drive_w);
  m->line_fa = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_fa);
  m->line_fb = mbe_arena_alloc(m->arena, (m->ncomps + 1) * sizeof *m->line_fb);
  if (!m->drive_f || !m->drive_w || !m->line_fa || !m->line_fb) {
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  }
  // positions of the sets: joint axes, supports and fixed flanges
  m->coupled_sets = false;
  for (size_t k = 0; k < m->nsets; k++) {
    m->sets[k].edge = -1;
    m->sets[k].is_ground = false;
    m->sets[k].pos = m->sets[k].vel = m->sets[k].load = 0;
    m->sets[k].inertia = 0;
    m->sets[k].scale = 0;
    m->sets[k].dof = 0;
    m->sets[k].edge2 = -1, m->sets[k].dof2 = 0, m->sets[k].scale2 = 0;
    m->sets[k].nflanges = 0;
    m->sets[k].line = -1;
  }
  for (size_t i = 0; i < m->nflanges; i++) {
    m->sets[m->flange_set[i]].nflanges++;
  }
  // shafts and rotors: their own edge's coordinate
  for (size_t k = 0; k < m->nsets; k++) {
    MbeMechFlangeSet* set = &m->sets[k];
    if (set->shaft < 0)
      continue;
    set->edge = set->shaft;
    set->pos = mbe_sym_state(s, m->edges[set->shaft].q0);
    MbeSymId off = mbe_mech_shaft_offset(m, (int)k);  // a Mass of length L: q is its centre
    set->pos = off ? mbe_sym_add(s, set->pos, off) : set->pos;
    set->vel = mbe_sym_state(s, m->edges[set->shaft].u0);
  }
  // the sets the components define (joint axes, fixed flanges, line-force flanges), then their
  // loads
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    st = k->axes ? k->axes(m, (int)c) : MBE_OK;
  }
  if (st == MBE_OK)
    st = mbe_mech_gear_sets(m);
  for (size_t c = 0; c < m->ncomps && st == MBE_OK; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    st = k->load ? k->load(m, (int)c) : MBE_OK;
  }
  if (st != MBE_OK)
    return st;
  // what a joint axis or a line-force flange receives: minus the elements' loads in its set
  for (size_t k = 0; k < m->nsets; k++) {
    MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge >= 0 || set->line >= 0)
      set->load = mbe_sym_neg(s, set->load);
  }
  for (size_t c = 0; c < m->ncomps; c++) {
    const MbeMechClass* k = mbe_mech_class(m->comps[c].kind);
    if (k->loaded)
      k->loaded(m, (int)c);
  }
  return MBE_OK;
}

// set k's load and inertia on the coordinates that move it: behind gears by virtual work
// through d pos = sc dq; a set that two coordinates move (d pos = sc dq + sc2 dq2) couples them,
// J sc sc2 off the diagonal
void mbe_mech_drive_forces(MbeMech* m, MbeSymId* tau, MbeSymId* H, MbeSymId* arm) {
  MbeSym* s = m->s;
  MbeSymId one = mbe_sym_const(s, 1.0);
  for (size_t k = 0; k < m->nsets; k++) {
    MbeMechFlangeSet* set = &m->sets[k];
    if (set->edge < 0)
      continue;
    size_t d[2] = {(size_t)(m->edges[set->edge].dof0 + set->dof), 0};
    MbeSymId sc[2] = {set->scale ? set->scale : one, set->scale2};
    int n = 1;
    if (set->edge2 >= 0)
      d[1] = (size_t)(m->edges[set->edge2].dof0 + set->dof2), n = 2;
    for (int i = 0; i < n; i++) {
      tau[d[i]] = mbe_sym_add(s, tau[d[i]], mbe_sym_mul(s, sc[i], set->load));
      for (int j = 0; j <= i && set->inertia != 0; j++) {
        size_t hi = d[i] > d[j] ? d[i] : d[j], lo = d[i] > d[j] ? d[j] : d[i];
        MbeSymId J = mbe_sym_mul(s, mbe_sym_mul(s, sc[i], sc[j]), set->inertia);
        MbeSymId* at = H ? &H[hi * m->ndof + lo] : &arm[hi];  // arm: hi == lo, n == 1
        *at = mbe_sym_add(s, *at, J);
      }
    }
  }
}
