/* emit_simd.c — placeholder until the vector path lands */
#include "emit_c.h"
bool emit_group_simd(Em *E, Op **ops, int n, Vec *pulled) { (void)E; (void)ops; (void)n; (void)pulled; return false; }
