/* emit_c_file.c — the generated file around the program: helpers copied from runtime/, the
 * program function, the OpenMP launcher and the header. */
#include "emit_c.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "runtime_index.h"

/* ---- the runtime the kernel uses, copied from runtime/ ---- */

/* What of runtime/ the generated text uses: the sections (bit i: tc_rt_sections[i]) and, for
 * prototypes, the functions it calls (fn[k]: tc_rt_symbols[k]). */
typedef struct RtUse {
  unsigned long long secs;
  bool *fn;
} RtUse;

static int by_symbol_name(const void *key, const void *sym) {
  return strcmp((const char *)key, ((const RtSymbol *)sym)->name);
}

/* the wrapping helper of that name the kernel's expressions call, or NULL */
static Wrap *wrap_named(Em *E, const char *name) {
  for (int i = 0; i < E->wraps.n; i++)
    if (!strcmp(((Wrap *)E->wraps.v[i])->name, name))
      return E->wraps.v[i];
  return NULL;
}

/* One identifier of generated C text: a runtime symbol marks its section (and its prototype), a
 * wrapping helper itself (Wrap.used). */
typedef struct RtScan {
  Em *E;
  RtUse *u;
} RtScan;

static void rt_ident(void *ctx, const char *s, size_t n) {
  RtScan *c = ctx;
  char id[128];
  if (n >= sizeof id)
    return;
  memcpy(id, s, n);
  id[n] = 0;
  const RtSymbol *sym = bsearch(id, tc_rt_symbols, (size_t)tc_rt_nsymbols, sizeof *tc_rt_symbols,
                                by_symbol_name);
  Wrap *w = wrap_named(c->E, id);
  if (w)
    w->used = true;
  else if (sym) {
    c->u->secs |= 1ULL << sym->section;
    c->u->fn[sym - tc_rt_symbols] = sym->proto != NULL;
  }
}

/* Records the runtime identifiers of generated C text (comments and literals skipped). The
 * wrapping helpers are written into the file by emit_wraps, not copied. */
static void rt_scan(Em *E, RtUse *u, const char *s) {
  RtScan c = {E, u};
  if (s)
    each_ident(s, strlen(s), rt_ident, &c);
}

/* Adds what the used sections use; each section's dependencies come before it. */
static void rt_close(RtUse *u) {
  for (int i = tc_rt_nsections - 1; i >= 0; i--)
    if (u->secs >> i & 1)
      u->secs |= tc_rt_sections[i].deps;
}

static bool rt_uses_file(const RtUse *u, const char *file) {
  for (int i = 0; i < tc_rt_nsections; i++)
    if ((u->secs >> i & 1) && !strcmp(tc_rt_sections[i].file, file))
      return true;
  return false;
}

/* the sections of declarations only (decl 1), or those with functions (decl 0) */
static unsigned long long sections_where(int decl) {
  unsigned long long m = 0;
  for (int i = 0; i < tc_rt_nsections; i++)
    if (tc_rt_sections[i].decl == decl)
      m |= 1ULL << i;
  return m;
}

static void copy_sections(Buf *o, const RtUse *u, int decl) {
  for (int i = 0; i < tc_rt_nsections; i++) {
    const RtSection *s = &tc_rt_sections[i];
    if ((u->secs >> i & 1) && s->decl == decl)
      buf_printf(o, "\n/* runtime/%s.h, section %s */\n%s", s->file, s->name, s->text);
  }
}

/* Wrapping signed arithmetic and shifts, one function per (operation, type) the kernel uses;
 * the same definitions as TC_WRAP_OPS and TC_SHIFT_OPS in runtime/tc_helpers.h. */
static void emit_wraps(Em *E, Buf *o) {
  for (int i = 0; i < E->wraps.n; i++) {
    const Wrap *x = E->wraps.v[i];
    if (!x->used)
      continue;
    DType t = x->t;
    const char *fn = x->name, *T = dtype_info[t].ctype;
    const char *U = dt_bits(t) == 64 ? "uint64_t" : "uint32_t";
    int w = dt_bits(t);
    if (x->k == O_SHL)
      buf_printf(o, "static inline %s %s(%s a, %s b) { return (%s)b >= %d ? 0 : (%s)((%s)a << b); }\n",
                 T, fn, T, T, U, w, T, U);
    else if (x->k == O_SHR && dt_is_signed(t))
      buf_printf(o, "static inline %s %s(%s a, %s b) { return (%s)b >= %d ? (%s)(a < 0 ? -1 : 0) : "
                 "(%s)(a >> b); }\n", T, fn, T, T, U, w, T, T);
    else if (x->k == O_SHR)
      buf_printf(o, "static inline %s %s(%s a, %s b) { return (%s)b >= %d ? 0 : (%s)(a >> b); }\n",
                 T, fn, T, T, U, w, T);
    else
      buf_printf(o, "static inline %s %s(%s a, %s b) { return (%s)((%s)a %s (%s)b); }\n", T, fn, T,
                 T, T, U, x->k == O_ADD ? "+" : x->k == O_SUB ? "-" : "*", U);
  }
}

/* Does the kernel call a wrapping helper? */
static bool wraps_used(Em *E) {
  for (int i = 0; i < E->wraps.n; i++)
    if (((Wrap *)E->wraps.v[i])->used)
      return true;
  return false;
}

/* Before the kernel: with --include-runtime the headers it uses; otherwise the sections of
 * declarations it uses (vector types, lane counts, tuning constants, math macros) and
 * prototypes of the runtime functions it calls, whose sections follow the launcher
 * (emit_runtime_defs), so the kernel comes first in the file. */
static void emit_runtime_decls(Em *E, Buf *o, const RtUse *u, bool include) {
  bool helpers = rt_uses_file(u, "tc_helpers"), simd = rt_uses_file(u, "tc_simd");
  if (include) {
    helpers |= wraps_used(E);
    if (helpers || simd)
      buf_puts(o, "\n/* tritonc's runtime/ (compile with -I pointing at it) */\n");
    if (helpers)
      buf_puts(o, "#include \"tc_helpers.h\"\n");
    if (simd)
      buf_puts(o, "#include \"tc_simd.h\"\n");
    return;
  }
  if (u->secs & sections_where(1))
    buf_puts(o, "\n/* ---- the declarations this kernel uses of tritonc's runtime/ ---- */\n");
  copy_sections(o, u, 1);
  bool any = false;
  for (int i = 0; i < tc_rt_nsections; i++)
    for (int k = 0; k < tc_rt_nsymbols; k++)
      if (u->fn[k] && tc_rt_symbols[k].section == i) {
        if (!any)
          buf_puts(o, "\n/* runtime functions the kernel calls (defined after the launcher) */\n");
        any = true;
        buf_printf(o, "%s\n", tc_rt_symbols[k].proto);
      }
  if (wraps_used(E))
    buf_puts(o, "\n/* wrapping signed arithmetic (runtime/tc_helpers.h, section wrap) */\n");
  emit_wraps(E, o);
}

/* After the launcher: the sections defining the functions (clang would warn about the ones
 * this kernel leaves unused; gcc does not for static inline functions). */
static void emit_runtime_defs(Buf *o, const RtUse *u, bool include) {
  if (include || !(u->secs & sections_where(0)))
    return;
  buf_puts(o, "\n/* ---- the functions this kernel uses of tritonc's runtime/ ---- */\n"
              "#if defined(__clang__)\n"
              "#pragma clang diagnostic push\n"
              "#pragma clang diagnostic ignored \"-Wunused-function\"\n"
              "#endif\n");
  copy_sections(o, u, 0);
  buf_puts(o, "#if defined(__clang__)\n#pragma clang diagnostic pop\n#endif\n");
}

static void emit_bitcasts(Em *E, Buf *o) {
  for (int i = 0; i < E->bitcasts.n; i++) {
    const BitCast *c = E->bitcasts.v[i];
    DType from = c->from, to = c->to;
    const char *fin = from == DT_F16 ? "uint16_t b = tc_f32_to_f16(x);"
                      : from == DT_BF16 ? "uint16_t b = tc_f32_to_bf16(x);"
                                        : fmt("%s b; memcpy(&b, &x, sizeof b);", bits_type(from));
    const char *fout = to == DT_F16 ? "return tc_f16_to_f32(b);"
                       : to == DT_BF16 ? "return tc_bf16_to_f32(b);"
                                       : fmt("%s r; memcpy(&r, &b, sizeof r); return r;", ctype(to, DT__COUNT));
    buf_printf(o, "static inline %s %s(%s x) { %s %s }\n", ctype(to, DT__COUNT), c->name,
               ctype(from, DT__COUNT), fin, fout);
  }
}

/* ---- parameters, program function, launcher, header ---- */

/* An fp16 / bf16 scalar argument (cexpr_half_scalar) crosses the C interface as its bits
 * (uint16_t) and is a float inside the program, as every fp16 / bf16 value is (the launcher
 * converts it). */

/* a parameter's declaration: of the public functions, or (program != NULL) of KERNEL_program */
static const char *param_decl(void *program, const KParam *p) {
  const char *t = p->dt == DT_PTR ? fmt("%s *", dtype_info[p->elt].ctype) : fmt("%s ", dtype_info[p->dt].ctype);
  if (p->dt == DT_I1)
    t = "bool ";
  if (program && cexpr_half_scalar(p))
    t = "float ";
  return fmt("%s%s", t, p->name);
}

/* The parameters of the public functions, or (program) of KERNEL_program. */
static const char *params_of(Kernel *k, bool leading_comma, bool program) {
  return cexpr_params(k, leading_comma, param_decl, program ? (void *)k : NULL);
}

static const char *param_list(Kernel *k, bool leading_comma) { return params_of(k, leading_comma, false); }

/* The launcher's arguments to KERNEL_program: fp16 / bf16 scalars converted to float. */
static const char *program_args(Em *E, Kernel *k) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < k->nparams; i++) {
    KParam *p = &k->params[i];
    if (p->constexpr_)
      continue;
    if (cexpr_half_scalar(p)) {
      E->need |= p->dt == DT_F16 ? H_F16 : H_BF16;
      buf_printf(&b, "tc_%s_to_f32(%s), ", p->dt == DT_F16 ? "f16" : "bf16", p->name);
    } else {
      buf_printf(&b, "%s, ", p->name);
    }
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static const char *arg_list(Kernel *k, const char *sep_after, bool leading) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < k->nparams; i++) {
    if (k->params[i].constexpr_)
      continue;
    buf_printf(&b, "%s%s%s", leading ? ", " : "", k->params[i].name, sep_after);
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static void scan_pids(Block *b, bool *used) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_PROGRAM_ID)
      used[op->axis] = true;
    else if (op->k == O_NUM_PROGRAMS)
      used[3 + op->axis] = true;
    else if (op->k == O_PRINT || op->k == O_ASSERT)
      used[0] = used[1] = used[2] = true;
    for (int r = 0; r < op->nreg; r++)
      scan_pids(op->reg[r], used);
  }
}

/* "grid_x * grid_y * grid_z * PER + SHARED" (terms that are 0 left out) */
static const char *launch_bytes(Em *E, long long per) {
  const char *g = fmt("(long long)grid_x * grid_y * grid_z * %lld", per);
  long long shared = E->plan->shared_bytes;
  if (!shared)
    return g;
  return per ? fmt("%s + %lld", g, shared) : fmt("%lldLL", shared);
}

/* Does C text name the identifier outside its comments? A parameter the IR uses may still go
 * unread: an `or` whose other operand is decided true never reads it. */
static bool names_ident(const char *s, const char *id) {
  /* scanned by hand, one pass: ASan's strstr / strncmp measure the rest of s at every call */
  for (const char *p = s; p && *p; p++) {
    if (p[0] == '/' && p[1] == '*') {
      for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
        ;
      if (!*p)
        return false;
      p++;
      continue;
    }
    if (*p != id[0] || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
      continue;
    size_t i = 0;
    while (id[i] && p[i] == id[i])
      i++;
    if (!id[i] && !(isalnum((unsigned char)p[i]) || p[i] == '_'))
      return true;
  }
  return false;
}

static void emit_program(Em *E, Kernel *k) {
  const char *params = params_of(k, false, true);
  line(E, "/* One program (a CTA on the GPU) of %s. */", k->name);
  line(E, "static void %s_program(%s%sint pid_x, int pid_y, int pid_z, int grid_x, int grid_y, "
          "int grid_z)",
       k->name, strcmp(params, "void") ? params : "", strcmp(params, "void") ? ", " : "");
  line(E, "{");
  E->ind++;
  Buf *out = E->o, rest = {0};
  E->o = &rest; /* the body first: whether it tests tc_pf_on is known after */
  emit_block(E, k->body);
  E->o = out;
  bool used[6] = {0};
  scan_pids(k->body, used);
  /* the launch's traffic: per program times the grid, plus what all programs share */
  long long bytes = E->plan->bytes, pf_bytes = E->plan->bytes_exact ? bytes : -1;
  const char *nt_expr = launch_bytes(E, bytes), *pf_expr = launch_bytes(E, pf_bytes);
  if ((E->pf_gated && pf_bytes) || (E->nt_used && bytes))
    used[3] = used[4] = used[5] = true;
  if (E->nkeep) /* tc_keep_lookup tells programs apart */
    used[0] = used[1] = used[2] = true;
  const char *pn[6] = {"pid_x", "pid_y", "pid_z", "grid_x", "grid_y", "grid_z"};
  for (int i = 0; i < 6; i++)
    if (!used[i])
      line(E, "(void)%s;", pn[i]);
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_ &&
        (k->params[i].val->uses == 0 || !names_ident(rest.s, k->params[i].name)))
      line(E, "(void)%s;", k->params[i].name);
  if (E->nt_used)
    line(E, "const int tc_nt_on = %s >= TC_STREAM_MIN_BYTES; /* a launch larger than the "
            "caches: streaming stores */", nt_expr);
  if (E->pf_gated) {
    line(E, "const int tc_pf_on = %s >= TC_PREFETCH_MIN_BYTES; /* a smaller launch finds its "
            "data in cache: no prefetches */", pf_expr);
  }
  buf_puts(out, rest.s ? rest.s : "");
  buf_free(&rest);
  E->ind--;
  line(E, "} /* %s_program */", k->name);
}

static void expand(Buf *o, const char *tmpl, const char *const *kv) { template_expand(o, tmpl, kv); }

static void emit_c(Buf *c_out, Buf *h_out, Kernel *k, const Options *opts) {
  Em E = {0};
  Buf body = {0};
  E.o = &body;
  E.k = k;
  E.plan = k->cplan;
  bind_plan(k);
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_) {
      names_push(&E, k->params[i].name);
      vi(k->params[i].val)->cname = k->params[i].name;
    }
  emit_program(&E, k);
  const char *const *grid = k->grid;
  const char *base = path_base(opts->out ? opts->out : k->name);
  const char *file = fmt("%s.c", base);
  const char *src = path_base(k->file);
  const char *grid_text = opts->grid ? fmt("(%s, %s, %s)", grid[0], grid[1], grid[2]) : "given at launch";
  const char *kv_banner[] = {"FILE", file, "CFILE", file, "VERSION", TRITONC_VERSION, "SOURCE", src, "KERNEL",
                             kernel_title(k), "SIGNATURE", k->signature ? k->signature : "", "GRID",
                             grid_text, "NUM_WARPS", fmt("%d", k->num_warps), NULL};
  const char *kv_l[] = {"KERNEL", k->name, "PARAMS", param_list(k, true), "ARGS",
                        program_args(&E, k), "LAUNCH_PARAMS", param_list(k, false),
                        "GRID_X", grid[0] ? grid[0] : "1", "GRID_Y", grid[1] ? grid[1] : "1",
                        "GRID_Z", grid[2] ? grid[2] : "1", "ARGS_TAIL", arg_list(k, "", true),
                        "BEFORE", E.nkeep ? "\n  tc_keep_new_launch(); /* no tile kept by an earlier launch is "
                                            "read */" : "",
                        "AFTER", E.nt_used ? "\n    tc_stream_fence(); /* this thread's streaming stores are "
                                             "in memory before the launch returns */" : "",
                        NULL};
  Buf casts = {0}, launch = {0};
  emit_bitcasts(&E, &casts);
  expand(&launch, "c_launcher", kv_l);
  if (opts->grid)
    expand(&launch, "c_launch", kv_l);
  /* the runtime this text uses */
  RtUse use = {0, arena_alloc((size_t)tc_rt_nsymbols * sizeof(bool))};
  rt_scan(&E, &use, casts.s);
  rt_scan(&E, &use, body.s);
  rt_scan(&E, &use, launch.s);
  rt_close(&use);

  expand(c_out, "c_banner", kv_banner);
  const char *none[] = {NULL};
  expand(c_out, "c_prelude", none);
  emit_runtime_decls(&E, c_out, &use, opts->include_runtime);
  buf_puts(c_out, casts.s ? casts.s : "");
  buf_puts(c_out, "\n");
  buf_puts(c_out, body.s);
  buf_puts(c_out, "\n");
  buf_puts(c_out, launch.s);
  emit_runtime_defs(c_out, &use, opts->include_runtime);
  buf_free(&casts);
  buf_free(&launch);
  buf_free(&body);

  /* header */
  Buf decls = {0}, ban = {0};
  const char *hfile = fmt("%s.h", base);
  kv_banner[1] = hfile;
  expand(&ban, "c_banner", kv_banner);
  buf_printf(&decls, "/* Runs %s on a grid of grid_x * grid_y * grid_z programs. */\n", k->name);
  buf_printf(&decls, "void %s_grid(int grid_x, int grid_y, int grid_z%s);\n", k->name,
             param_list(k, true));
  if (opts->grid)
    buf_printf(&decls, "\n/* Runs %s on the grid %s. */\nvoid %s(%s);\n", k->name, grid_text,
               k->name, param_list(k, false));
  char guard[256];
  snprintf(guard, sizeof guard, "TRITONC_%s_H", base);
  for (char *g = guard; *g; g++)
    *g = (*g >= 'a' && *g <= 'z') ? (char)(*g - 32) : ((*g >= 'A' && *g <= 'Z') || (*g >= '0' && *g <= '9')) ? *g : '_';
  const char *kv_h[] = {"GUARD", guard, "KERNEL", k->name, "BANNER", ban.s, "DECLS", decls.s, NULL};
  expand(h_out, "c_header", kv_h);
  buf_free(&decls);
  buf_free(&ban);
}

static const char *c_launch_params(Kernel *k) { return param_list(k, false); }

const Target target_c = {"c", "c", PASS_ACCUM | PASS_PTRINC, c_prepare, c_plan_note, emit_c,
                         c_launch_params};
