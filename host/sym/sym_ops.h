// SPDX-License-Identifier: Apache-2.0
// The operations of the expression DAG: name, arity, the text codegen writes.
#ifndef MBE_SYM_OPS_H
#define MBE_SYM_OPS_H

#define MBE_SYM_OP_LIST(X)                                                                         \
  X(CONST, 0, "const")                                                                             \
  X(TIME, 0, "t") X(STATE, 0, "x") X(PARAM, 0, "p") X(ADD, 2, "+") X(SUB, 2, "-") X(MUL, 2, "*")   \
      X(DIV, 2, "/") X(NEG, 1, "neg") X(FMA, 3, "fma") X(SQRT, 1, "sqrt") X(ABS, 1, "fabs")        \
          X(SIN, 1, "sin") X(COS, 1, "cos") X(TAN, 1, "tan") X(ASIN, 1, "asin") X(ACOS, 1, "acos") \
              X(ATAN, 1, "atan") X(ATAN2, 2, "atan2") X(EXP, 1, "exp") X(LOG, 1, "log")            \
                  X(MIN, 2, "fmin") X(MAX, 2, "fmax") X(SELECT, 3, "select") /* a > 0 ? b : c */ \
                      X(EVENT, 1, "event") /* a > 0 ? 1 : 0, held between events */        \
                          X(FLOOR, 1, "floor") /* floor(a), held between events: a change  \
                                                  of it is an event (Modelica's floor) */ \
                              X(SINH, 1, "sinh") X(COSH, 1, "cosh") X(TANH, 1, "tanh")     \
                                  X(POW, 2, "pow") /* a^b of a non-whole b */

#define MBE_SYM_ENUM_(name, arity, text) MBE_SYM_##name,
typedef enum MbeSymOp { MBE_SYM_OP_LIST(MBE_SYM_ENUM_) MBE_SYM_OP_COUNT } MbeSymOp;
#undef MBE_SYM_ENUM_

#endif
