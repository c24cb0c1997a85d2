/* pass_ptrinc.c — a pointer tile that a for loop advances by one scalar per trip becomes its
 * value before the loop plus a carried scalar offset:
 *
 *     for k0 in ...: a = tl.load(a_tile); a_tile += BLOCK_K
 *  -> for k0 in ...: a = tl.load(a_tile0 + off); off += BLOCK_K      (off: int64, from 0)
 *
 * Triton programs walk their operands this way (the pointer increments of a matmul's K loop). A
 * carried tile of pointers costs the C target an array of addresses rewritten every trip and
 * loads through it one element at a time; `a_tile0 + off` is index math again, recomputed where
 * it is used, which the vector emitter turns into contiguous vector loads under the same axis
 * facts. Exact: after n trips the pointer is the initial one plus the sum of the n increments,
 * which the int64 offset holds. Only `for` loops, only increments that are one scalar for the
 * whole tile (a splat or broadcast of it).
 */
#include "tritonc.h"

#include <string.h>

/* the scalar every element of v equals, or NULL */
static Value *uniform_scalar(Value *v) {
  while (v->sh.rank && v->def && (v->def->k == O_BROADCAST || v->def->k == O_RESHAPE))
    v = v->def->in[0];
  if (v->sh.rank == 0)
    return v;
  return v->def && v->def->k == O_SPLAT ? v->def->in[0] : NULL;
}

/* base + off at position *pos of b (off an int64 scalar); *pos moves past the new ops */
static Value *offset_tile(Kernel *k, Block *b, int *pos, Loc loc, Value *base, Value *off,
                          const char *name) {
  Op *sp = ir_op_at(b, (*pos)++, O_SPLAT, loc, 1, &off);
  Value *s = ir_result(k, sp, DT_I64, base->sh);
  Value *in[2] = {base, s};
  Op *add = ir_op_at(b, (*pos)++, O_PTRADD, loc, 2, in);
  Value *p = ir_result(k, add, DT_PTR, base->sh);
  p->elt = base->elt;
  p->name = name;
  return p;
}

static Value *to_i64(Kernel *k, Block *b, int *pos, Loc loc, Value *s) {
  if (s->dt == DT_I64)
    return s;
  Op *c = ir_op_at(b, (*pos)++, O_CAST, loc, 1, &s);
  return ir_result(k, c, DT_I64, s->sh);
}

static void remove_at(Value **v, int *n, int i) {
  memmove(v + i, v + i + 1, sizeof(Value *) * (size_t)(*n - 1 - i));
  (*n)--;
}

/* Rewrites carried value j of loop (position at in parent) if it is such a pointer tile. */
static bool rewrite_carried(Kernel *k, Block *parent, int at, Op *loop, int j) {
  Block *b = loop->reg[0];
  Op *y = b->ops[b->nops - 1];
  Value *a = b->args[1 + j], *init = loop->in[3 + j], *nx = y->in[j];
  if (a->dt != DT_PTR || a->sh.rank == 0 || !nx->def || nx->def->k != O_PTRADD ||
      nx->def->parent != b || nx->def->in[0] != a || !dt_is_int(nx->def->in[1]->dt))
    return false;
  Value *inc = uniform_scalar(nx->def->in[1]);
  if (!inc || !dt_is_signed(inc->dt))
    return false;
  Loc loc = nx->def->loc;
  /* the offset: 0 before the loop, a new carried scalar */
  Op *zero = ir_op_at(parent, at, O_CONST, loc, 0, NULL);
  Value *z = ir_result(k, zero, DT_I64, (Shape){0, {0}});
  at++;
  Value *off = ir_value(k, DT_I64, (Shape){0, {0}});
  off->name = a->name ? fmt("%s_off", a->name) : NULL;
  /* inside: a -> init + off at the top, nx -> init + (off + inc) where nx was computed */
  int pos = 0;
  Value *pa = offset_tile(k, b, &pos, loc, init, off, a->name);
  ir_replace_uses(b, pos, a, pa);
  pos = ir_find_op(b, nx->def, 0, b->nops);
  Value *inc64 = to_i64(k, b, &pos, loc, inc);
  Value *sum_in[2] = {off, inc64};
  Op *add = ir_op_at(b, pos++, O_ADD, loc, 2, sum_in);
  Value *next = ir_result(k, add, DT_I64, off->sh);
  Value *pn = offset_tile(k, b, &pos, loc, init, next, nx->name);
  ir_replace_uses(b, pos, nx, pn);
  /* the carried slot of the tile goes; the offset's slot comes last */
  Value *final = ir_value(k, DT_I64, off->sh);
  final->def = loop;
  final->name = off->name;
  Value *old_out = loop->out[j];
  remove_at(loop->in, &loop->nin, 3 + j);
  remove_at(b->args, &b->nargs, 1 + j);
  remove_at(y->in, &y->nin, j);
  remove_at(loop->out, &loop->nout, j);
  Value **in = arena_alloc(sizeof(Value *) * (size_t)(loop->nin + 1));
  memcpy(in, loop->in, sizeof(Value *) * (size_t)loop->nin);
  in[loop->nin++] = z;
  loop->in = in;
  Value **args = arena_alloc(sizeof(Value *) * (size_t)(b->nargs + 1));
  memcpy(args, b->args, sizeof(Value *) * (size_t)b->nargs);
  args[b->nargs++] = off;
  b->args = args;
  Value **yin = arena_alloc(sizeof(Value *) * (size_t)(y->nin + 1));
  memcpy(yin, y->in, sizeof(Value *) * (size_t)y->nin);
  yin[y->nin++] = next;
  y->in = yin;
  Value **out = arena_alloc(sizeof(Value *) * (size_t)(loop->nout + 1));
  memcpy(out, loop->out, sizeof(Value *) * (size_t)loop->nout);
  out[loop->nout++] = final;
  loop->out = out;
  /* after the loop: its result -> init + the final offset */
  int after = at + 1;
  Value *pf = offset_tile(k, parent, &after, loc, init, final, old_out->name);
  ir_replace_uses(parent, after, old_out, pf);
  return true;
}

static void visit_block(Kernel *k, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int r = 0; r < op->nreg; r++)
      visit_block(k, op->reg[r]);
    if (op->k != O_FOR)
      continue;
    for (int j = 0; j < op->nout;) {
      if (rewrite_carried(k, b, i, op, j))
        i = ir_find_op(b, op, 0, b->nops); /* ops were inserted before it */
      else
        j++;
    }
  }
}

void pass_ptrinc(Kernel *k) {
  visit_block(k, k->body);
  pass_fold(k); /* the old increments are dead now */
}
