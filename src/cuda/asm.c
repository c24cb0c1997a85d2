/* asm.c — tl.inline_asm_elementwise on the CUDA target: Triton's ElementwiseInlineAsmOp as CUDA
 * inline PTX.
 *
 *   z = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r", [x, y, s],
 *                                 dtype=tl.int32, is_pure=True, pack=1)
 *
 * Each asm instance handles `pack` elements of every operand. An operand (and a result) of B
 * bits takes min(32 / B, pack) elements per register (one when B >= 32), element k of the pack
 * in bits (k % per) * B of register k / per; the constraints list the results' registers
 * ($0...), result by result, then the arguments' registers, argument by argument. A constraint
 * letter gives the register's C type (r: 32-bit, h: 16-bit, l: 64-bit, f: float, d: double).
 * Each thread runs the asm over its own elements, pack at a time (the last pack of a thread
 * padded with zeros when its element count is not a multiple of pack); is_pure=False makes it
 * `asm volatile`, kept even when nothing reads its results. $N becomes %N and % becomes %%. */
#include "cuda.h"

#include <stdlib.h>
#include <string.h>

static int bits_of(DType t) { return t == DT_PTR ? 64 : dt_bits(t); }

/* elements of a B-bit value per register */
static int per_reg(DType t, int pack) {
  int b = bits_of(t), per = b < 32 ? 32 / b : 1;
  return per < pack ? per : pack;
}

/* The C type of a register of constraint letter c. */
static const char *reg_type(char c) {
  switch (c) {
  case 'h': return "unsigned short";
  case 'r': return "unsigned int";
  case 'l': return "unsigned long long";
  case 'f': return "float";
  case 'd': return "double";
  default: return NULL;
  }
}

/* An element's bits as an unsigned integer (x: the element in its register form). */
static const char *elem_bits(DType t, const char *x) {
  switch (t) {
  case DT_F32: return fmt("__float_as_uint(%s)", x);
  case DT_F64: return fmt("(unsigned long long)__double_as_longlong(%s)", x);
  case DT_F16: return fmt("__half_as_ushort(__float2half_rn(%s))", x);
  case DT_BF16: return fmt("__bfloat16_as_ushort(__float2bfloat16_rn(%s))", x);
  case DT_PTR: return fmt("(unsigned long long)%s", x);
  default: return fmt("(unsigned long long)(%s)%s", fmt("uint%d_t", bits_of(t)), x);
  }
}

/* The register form of a result element from its bits (an unsigned expression). */
static const char *elem_from_bits(DType t, const char *b) {
  switch (t) {
  case DT_F32: return fmt("__uint_as_float((unsigned int)(%s))", b);
  case DT_F64: return fmt("__longlong_as_double((long long)(%s))", b);
  case DT_F16: case DT_BF16: return cu_load_val(t, fmt("(uint16_t)(%s)", b));
  default: return fmt("(%s)(%s)(%s)", dtype_info[t].ctype, fmt("uint%d_t", bits_of(t)), b);
  }
}

/* The asm text as a C string literal body: $N -> %N, % -> %%, quotes, backslashes and line
 * breaks escaped. */
static const char *asm_literal(const char *s) {
  Buf b = {0};
  for (; *s; s++) {
    if (*s == '$' && s[1] >= '0' && s[1] <= '9')
      buf_puts(&b, "%");
    else if (*s == '%')
      buf_puts(&b, "%%");
    else if (*s == '"' || *s == '\\')
      buf_printf(&b, "\\%c", *s);
    else if (*s == '\n')
      buf_puts(&b, "\\n");
    else if (*s == '\t')
      buf_puts(&b, "\\t");
    else
      buf_printf(&b, "%c", *s);
  }
  const char *r = xstrdup(b.s ? b.s : "");
  buf_free(&b);
  return r;
}

/* Splits the constraints at commas, blanks trimmed; returns how many. */
static int split_constraints(const char *s, const char ***out) {
  int n = 1;
  for (const char *p = s; *p; p++)
    n += *p == ',';
  const char **v = arena_alloc(sizeof(char *) * (size_t)n);
  int k = 0;
  for (const char *p = s;;) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    while (len && (*p == ' ' || *p == '\t' || *p == '\n'))
      p++, len--;
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\n'))
      len--;
    v[k++] = xstrndup(p, len);
    if (!e)
      break;
    p = e + 1;
  }
  *out = v;
  return k;
}

/* The register letter of constraint c ("=r" for a result, "r" for an argument). */
static char reg_letter(Op *op, const char *c, bool result) {
  const char *l = c;
  if (result) {
    if (l[0] != '=')
      error_at(op->loc, "inline_asm_elementwise(): constraint '%s' should be a result ('=r', "
               "'=l', ...): the results' registers come first", c);
    l++;
  } else if (l[0] == '=') {
    error_at(op->loc, "inline_asm_elementwise(): constraint '%s' is a result's, but the results' "
             "registers are all listed already (more '=' constraints than result registers)", c);
  }
  if (!l[0] || l[1] || !reg_type(l[0]))
    error_at(op->loc, "inline_asm_elementwise(): constraint '%s' is not supported (registers: "
             "r, h, l, f, d)", c);
  return l[0];
}

/* A register's value from the pack's elements (names el[0..pack) of a value of type t). */
static const char *pack_reg(DType t, char letter, const char *const *el, int first, int per) {
  if (letter == 'f' || letter == 'd') {
    if (per != 1)
      return NULL;
    if ((letter == 'f' && t == DT_F32) || (letter == 'd' && t == DT_F64))
      return el[first];
    return fmt(letter == 'f' ? "__uint_as_float((unsigned int)%s)" : "__longlong_as_double((long long)%s)",
               elem_bits(t, el[first]));
  }
  const char *r = NULL;
  for (int k = 0; k < per; k++) {
    const char *b = elem_bits(t, el[first + k]);
    const char *term = k ? fmt("(%s << %d)", b, k * bits_of(t)) : b;
    r = r ? fmt("%s | %s", r, term) : term;
  }
  return fmt("(%s)(%s)", reg_type(letter), r);
}

void cu_emit_asm(CE *E, Op *op) {
  int P = (int)op->ival;
  const char **cons;
  int nc = split_constraints((const char *)op->aux, &cons), ci = 0;
  Value *o0 = op->out[0];
  bool scalar = o0->sh.rank == 0;
  Lay L = scalar ? (Lay){0} : lay_val(E, o0);
  Ix ix = scalar ? (Ix){0} : ix_canon(L);
  int EL = scalar ? 1 : L.E;
  bool one = EL <= P; /* the element loop has one trip */
  /* register counts, and the constraints' check */
  int nregs = 0;
  for (int i = 0; i < op->nout; i++)
    nregs += P / per_reg(op->out[i]->dt, P);
  for (int i = 0; i < op->nin; i++)
    nregs += P / per_reg(op->in[i]->dt, P);
  if (nc != nregs)
    error_at(op->loc, "inline_asm_elementwise(): %d constraints for %d registers (with pack=%d: "
             "each result and argument of B bits takes pack / min(32 / B, pack) registers)",
             nc, nregs, P);
  for (int i = 0; i < op->nout; i++) {
    Value *v = op->out[i];
    if (v->uses) /* an is_pure=False asm may run for its effects alone */
      cline(E, scalar ? "%s %s;" : "%s %s[%d];", cu_type(v->dt, v->elt), cu_name(E, v), EL);
  }
  cline(E, "{");
  E->ind++;
  /* the arguments' elements, at the results' layout */
  const char ***el = arena_alloc(sizeof(char **) * (size_t)(op->nin + 1));
  for (int i = 0; i < op->nin; i++) {
    Value *a = op->in[i];
    const char *arr = fmt("ia_in%d", i);
    if (a->dt == DT_PTR)
      cline(E, "%s%s[%d];", cu_type(DT_PTR, a->elt), arr, EL);
    else
      cline(E, "%s %s[%d];", cu_type(a->dt, DT__COUNT), arr, EL);
    if (scalar)
      cline(E, "%s[0] = %s;", arr, cu_access(E, a, NULL));
    else
      cu_loop(E, EL, fmt("%s[e] = %s;", arr, cu_operand(E, op, i, &ix)));
    el[i] = arena_alloc(sizeof(char *) * (size_t)P);
    for (int k = 0; k < P; k++)
      el[i][k] = one ? (k < EL ? fmt("%s[%d]", arr, k) : "0")
                 : k < EL && EL % P == 0 ? fmt("%s[e0 + %d]", arr, k)
                                         : fmt("(e0 + %d < %d ? %s[e0 + %d] : 0)", k, EL, arr, k);
  }
  if (!one) { /* one trip (e0 = 0): the block above holds it */
    cline(E, "#pragma unroll");
    cline(E, "for (int e0 = 0; e0 < %d; e0 += %d) {", EL, P);
    E->ind++;
  }
  /* result registers */
  Buf outs = {0}, ins = {0};
  const char ***oregs = arena_alloc(sizeof(char **) * (size_t)(op->nout + 1));
  char *oletter = arena_alloc((size_t)op->nout + 1);
  for (int i = 0; i < op->nout; i++) {
    int per = per_reg(op->out[i]->dt, P), n = P / per;
    oregs[i] = arena_alloc(sizeof(char *) * (size_t)n);
    for (int j = 0; j < n; j++) {
      char l = reg_letter(op, cons[ci++], true);
      if ((l == 'f' || l == 'd') && per != 1)
        error_at(op->loc, "inline_asm_elementwise(): a '%c' register holds one element, but "
                 "result %d packs %d", l, i, per);
      oletter[i] = l;
      oregs[i][j] = fmt("ia_r%d_%d", i, j);
      /* a result nobody reads (the asm ran for its effects) is still an operand */
      cline(E, "%s %s%s;", reg_type(l), oregs[i][j],
            op->out[i]->uses ? "" : " __attribute__((unused))");
      buf_printf(&outs, "%s\"=%c\"(%s)", outs.n ? ", " : "", l, oregs[i][j]);
    }
  }
  for (int i = 0; i < op->nin; i++) {
    Value *a = op->in[i];
    int per = per_reg(a->dt, P);
    for (int j = 0; j < P / per; j++) {
      char l = reg_letter(op, cons[ci++], false);
      const char *r = pack_reg(a->dt, l, el[i], j * per, per);
      if (!r)
        error_at(op->loc, "inline_asm_elementwise(): a '%c' register holds one element, but "
                 "argument %d packs %d", l, i, per);
      buf_printf(&ins, "%s\"%c\"(%s)", ins.n ? ", " : "", l, r);
    }
  }
  cline(E, "asm%s(\"%s\" : %s : %s);", op->flags & 1 ? "" : " volatile", asm_literal(op->str),
        outs.s ? outs.s : "", ins.s ? ins.s : "");
  buf_free(&outs);
  buf_free(&ins);
  /* unpack the results */
  for (int i = 0; i < op->nout; i++) {
    Value *v = op->out[i];
    int per = per_reg(v->dt, P), b = bits_of(v->dt);
    if (!v->uses)
      continue;
    for (int k = 0; k < P; k++) {
      const char *reg = oregs[i][k / per];
      const char *bits;
      if (oletter[i] == 'f')
        bits = fmt("__float_as_uint(%s)", reg);
      else if (oletter[i] == 'd')
        bits = fmt("(unsigned long long)__double_as_longlong(%s)", reg);
      else
        bits = per > 1 ? fmt("(%s >> %d)", reg, (k % per) * b) : reg;
      const char *val = (oletter[i] == 'f' && v->dt == DT_F32) || (oletter[i] == 'd' && v->dt == DT_F64)
                            ? reg : elem_from_bits(v->dt, bits);
      const char *dst = scalar ? cu_name(E, v) : fmt(one ? "%s[%d]" : "%s[e0 + %d]", cu_name(E, v), k);
      if (one && k >= EL)
        continue;
      if (one || (k < EL && EL % P == 0))
        cline(E, "%s = %s;", dst, val);
      else
        cline(E, "if (e0 + %d < %d) %s = %s;", k, EL, dst, val);
    }
  }
  if (!one) {
    E->ind--;
    cline(E, "}");
  }
  E->ind--;
  cline(E, "}");
}
