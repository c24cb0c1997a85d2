/* tune.c — --all-configs: every config of a @triton.autotune kernel, and a dispatcher.
 *
 *   @triton.autotune(configs=[triton.Config({'BLOCK': 128}, num_warps=4), ...], key=['n'])
 *
 * Config I is translated like any kernel, with the config's constexprs and num_warps, as
 * KERNEL_cI into OUT_cI.EXT / OUT_cI.h. The dispatcher OUT.EXT / OUT.h is a plain function with
 * the kernel's launch signature, KERNEL(...), which runs the config KERNEL_config(key values)
 * picks from a table (--tuning FILE), and KERNEL_tune(path, ...) which times every config on the
 * arguments it is given (as Triton's autotuner does on the first launch of a key) and appends
 * the fastest to path: the file --tuning reads back.
 *
 * Triton's semantics a C dispatcher keeps: the key arguments' values choose the config (the
 * dtypes Triton adds to the key are fixed by the signature); reset_to_zero arguments are zeroed
 * before every timed run and restore_value arguments put back after each (KERNEL_tune takes
 * their sizes in bytes: a C pointer does not carry one). What it cannot keep: pre_hook /
 * post_hook (of autotune or of a Config) are Python functions: an error here, not silently
 * dropped; prune_configs_by (perf_model, top_k, early_config_prune) is Python too: every config
 * is timed; warmup/rep/do_bench/use_cuda_graph: KERNEL_tune's own timing (median of >= 5 runs
 * and >= 20 ms) is used.
 *
 * A key missing from the table: the entry nearest to it, by the sum over the keys of
 * |v - t| / (|v| + |t| + 1) (0 for an exact match; the first entry on a tie); no table: config 0,
 * the config tritonc takes without --all-configs. */
#include "tritonc.h"

#include <errno.h>
#include <limits.h>

#include <stdlib.h>
#include <string.h>

typedef struct Entry {
  long long *key;
  int config;
} Entry;

typedef struct Tune {
  const Options *o;
  const Target *t;
  Autotune *a;
  Kernel *k;           /* config 0's kernel: parameter names and types */
  const char *base;    /* OUT */
  const char *name;    /* KERNEL */
  int *key_param;      /* the parameter index of each key */
  Entry *table;
  int ntable;
  bool cuda;
} Tune;

static int param_index(Kernel *k, const char *name) {
  for (int i = 0; i < k->nparams; i++)
    if (!strcmp(k->params[i].name, c_param_name(name))) /* key= names the Python parameter */
      return i;
  return -1;
}

/* the number of entries of a signature (top-level commas + 1; none: 0) */
static int signature_entries(const char *sig) {
  if (!sig)
    return 0;
  int n = 1;
  for (const char *c = sig; *c; c++)
    n += *c == ',';
  return n;
}

static void check_decorator(Tune *T) {
  Autotune *a = T->a;
  const Options *o = T->o;
  if (a->nconfigs == 0)
    error_at(a->loc, "--all-configs: '%s' has no @triton.autotune configs", o->kernel);
  if (a->hook)
    error_at(a->loc, "--all-configs: autotune's %s is a Python function, which the C dispatcher "
             "cannot run; drop it or translate one config at a time", a->hook);
  if (a->spread)
    error_at(a->loc, "--all-configs: the dispatcher needs every autotune option, and these cannot "
             "be evaluated: %s", a->spread);
}

/* configs set their constexprs: the signature and -D must leave them out */
static void check_config_names(Tune *T) {
  Autotune *a = T->a;
  int nsig = signature_entries(T->o->signature);
  for (int c = 0; c < a->nconfigs; c++)
    for (int j = 0; a->names[c][j]; j++) {
      const char *n = a->names[c][j];
      int p = param_index(T->k, n);
      if (p >= 0 && p < nsig)
        error_at(a->loc, "--all-configs: '%s' is set by the autotune configs; leave it out of the "
                 "signature", n);
      for (int d = 0; d < T->o->ndefs; d++)
        if (!strncmp(T->o->defs[d], n, strlen(n)) && T->o->defs[d][strlen(n)] == '=')
          error_at(a->loc, "--all-configs: '%s' is set by the autotune configs; -D %s cannot "
                   "set it too", n, T->o->defs[d]);
    }
}

static void check_names(Tune *T) {
  Autotune *a = T->a;
  Kernel *k = T->k;
  T->key_param = arena_alloc(sizeof(int) * (size_t)(a->nkeys + 1));
  for (int i = 0; i < a->nkeys; i++) {
    int p = param_index(k, a->keys[i]);
    if (p < 0)
      error_at(a->loc, "autotune key '%s' is not a parameter of %s", a->keys[i], T->name);
    KParam *kp = &k->params[p];
    if (kp->constexpr_)
      error_at(a->loc, "autotune key '%s' is a constexpr in this translation; the dispatcher "
               "keys on runtime integer arguments", a->keys[i]);
    if (kp->dt == DT_PTR || !dt_is_int(kp->dt) || kp->dt == DT_I1)
      error_at(a->loc, "autotune key '%s' is %s; the dispatcher keys on integer arguments",
               a->keys[i], kp->dt == DT_PTR ? "a pointer" : dt_name(kp->dt, kp->elt));
    T->key_param[i] = p;
  }
  const char **lists[2] = {a->reset, a->restore};
  int counts[2] = {a->nreset, a->nrestore};
  const char *what[2] = {"reset_to_zero", "restore_value"};
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < counts[l]; i++) {
      int p = param_index(k, lists[l][i]);
      if (p < 0 || k->params[p].dt != DT_PTR || k->params[p].constexpr_)
        error_at(a->loc, "autotune %s names '%s', which is not a pointer parameter of %s",
                 what[l], lists[l][i], T->name);
    }
}

/* ---- the tuning file: lines "KEY=VALUE ... config=I", '#' starts a comment ---- */

/* *ok: digits were read and their value fits int64 (strtoll saturates past it). */
static long long parse_int(const char **s, bool *ok) {
  char *end;
  errno = 0;
  long long v = strtoll(*s, &end, 10);
  *ok = end != *s && errno != ERANGE;
  *s = end;
  return v;
}

static void parse_line(Tune *T, const char *path, int line, const char *s, const char *start) {
  Autotune *a = T->a;
  Entry e = {arena_alloc(sizeof(long long) * (size_t)(a->nkeys + 1)), -1};
  int nk = 0;
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\r')
      s++;
    if (!*s || *s == '\n' || *s == '#')
      break;
    Loc at = {path, line, (int)(s - start) + 1};
    const char *eq = strchr(s, '=');
    const char *nl = strchr(s, '\n');
    if (!eq || (nl && eq > nl))
      error_at(at, "tuning entry: expected NAME=VALUE");
    const char *name = xstrdup(fmt("%.*s", (int)(eq - s), s));
    const char *v = eq + 1;
    bool ok;
    long long val = parse_int(&v, &ok);
    if (!ok || (*v && *v != ' ' && *v != '\t' && *v != '\n' && *v != '\r' && *v != '#'))
      error_at((Loc){path, line, (int)(eq + 1 - start) + 1}, "tuning entry: '%s' needs an integer "
               "from -2**63 to 2**63-1", name);
    if (!strcmp(name, "config")) {
      if (val < 0 || val >= a->nconfigs)
        error_at(at, "tuning entry: config %lld, but %s has %d configs", val, T->name, a->nconfigs);
      e.config = (int)val;
    } else {
      if (nk >= a->nkeys || strcmp(name, a->keys[nk]))
        error_at(at, "tuning entry: expected %s, the autotune key is (%s)",
                 nk < a->nkeys ? fmt("'%s='", a->keys[nk]) : "'config='",
                 a->nkeys ? a->keys[0] : "");
      e.key[nk++] = val;
    }
    s = v;
  }
  if (nk == 0 && e.config < 0)
    return; /* a blank or comment line */
  if (nk < a->nkeys || e.config < 0)
    error_at((Loc){path, line, 1}, "tuning entry: needs %s",
             nk < a->nkeys ? fmt("'%s=VALUE'", a->keys[nk]) : "'config=I'");
  for (int i = 0; i < T->ntable; i++)
    if (!memcmp(T->table[i].key, e.key, sizeof(long long) * (size_t)a->nkeys)) {
      T->table[i].config = e.config; /* a later measurement of the same key wins */
      return;
    }
  T->table[T->ntable++] = e;
}

static int entry_cmp_n; /* keys compared by entry_cmp */
static int entry_cmp(const void *x, const void *y) {
  const Entry *a = x, *b = y;
  for (int i = 0; i < entry_cmp_n; i++)
    if (a->key[i] != b->key[i])
      return a->key[i] < b->key[i] ? -1 : 1;
  return 0;
}

static void read_table(Tune *T) {
  const char *path = T->o->tuning;
  if (!path)
    return;
  size_t len;
  const char *text = read_file_max(path, &len, (size_t)64 << 20, "a tuning file");
  source_register(path, text, len);
  int lines = 1;
  for (size_t i = 0; i < len; i++)
    lines += text[i] == '\n';
  T->table = arena_alloc(sizeof(Entry) * (size_t)(lines + 1));
  const char *s = text;
  for (int line = 1; s && *s; line++) {
    parse_line(T, path, line, s, s);
    s = strchr(s, '\n');
    s = s ? s + 1 : NULL;
  }
  /* sorted by key: the same measurements in any order give the same file */
  entry_cmp_n = T->a->nkeys;
  qsort(T->table, (size_t)T->ntable, sizeof(Entry), entry_cmp);
}

/* ---- the dispatcher ---- */

/* the launcher's arguments, names only: "x_ptr, n" ("" when none) */
const char *launch_args(Kernel *k) {
  Buf b = {0};
  buf_puts(&b, "");
  int n = 0;
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_)
      buf_printf(&b, "%s%s", n++ ? ", " : "", k->params[i].name);
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static void emit_table(Tune *T, Buf *o) {
  Autotune *a = T->a;
  const char *n = T->name;
  int nk = a->nkeys;
  buf_printf(o, "/* The tuning table (%s): key values -> the config that ran fastest there. */\n",
             T->o->tuning ? path_base(T->o->tuning) : "none given: every key runs config 0");
  if (T->ntable && nk) {
    buf_printf(o, "static const struct { int64_t key[%d]; int config; } %s_table[%d] = {\n", nk, n,
               T->ntable);
    for (int e = 0; e < T->ntable; e++) {
      buf_puts(o, "    {{");
      for (int j = 0; j < nk; j++)
        if (T->table[e].key[j] == LLONG_MIN) /* 9223372036854775808LL does not fit: no literal */
          buf_printf(o, "%s(-9223372036854775807LL - 1)", j ? ", " : "");
        else
          buf_printf(o, "%s%lldLL", j ? ", " : "", T->table[e].key[j]);
      buf_printf(o, "}, %d},\n", T->table[e].config);
    }
    buf_puts(o, "};\n\n");
  }
  Buf params = {0};
  buf_puts(&params, "");
  for (int j = 0; j < nk; j++)
    buf_printf(&params, "%sint64_t %s", j ? ", " : "", a->keys[j]);
  buf_printf(o, "int %s_config(%s)\n{\n", n, nk ? params.s : "void");
  if (!T->ntable) {
    for (int j = 0; j < nk; j++)
      buf_printf(o, "  (void)%s;\n", a->keys[j]);
    buf_puts(o, "  return 0;\n");
  } else if (!nk) {
    buf_printf(o, "  return %d; /* key=[]: one config for every launch */\n", T->table[0].config);
  } else {
    buf_printf(o, "  const double tc_key[%d] = {", nk);
    for (int j = 0; j < nk; j++)
      buf_printf(o, "%s(double)%s", j ? ", " : "", a->keys[j]);
    buf_puts(o, "};\n");
    buf_puts(o, "  int tc_best = 0;\n  double tc_best_d = -1;\n");
    buf_printf(o, "  for (int tc_e = 0; tc_e < %d; tc_e++) {\n", T->ntable);
    buf_puts(o, "    double tc_d = 0;\n");
    buf_printf(o, "    for (int tc_j = 0; tc_j < %d; tc_j++) {\n", nk);
    buf_printf(o, "      double tc_v = tc_key[tc_j], tc_t = (double)%s_table[tc_e].key[tc_j];\n", n);
    buf_puts(o, "      double tc_av = tc_v < 0 ? -tc_v : tc_v, tc_at = tc_t < 0 ? -tc_t : tc_t;\n");
    buf_puts(o, "      tc_d += (tc_v > tc_t ? tc_v - tc_t : tc_t - tc_v) / (tc_av + tc_at + 1);\n    }\n");
    buf_printf(o, "    if (tc_best_d < 0 || tc_d < tc_best_d) { /* the first entry on a tie */\n"
                  "      tc_best_d = tc_d;\n      tc_best = %s_table[tc_e].config;\n    }\n  }\n", n);
    buf_puts(o, "  return tc_best;\n");
  }
  buf_printf(o, "} /* %s_config */\n\n", n);
  buf_free(&params);
}

/* KERNEL_run(c, ...): config c; KERNEL(...): the config of the key values */
static void emit_launch(Tune *T, Buf *o) {
  Kernel *k = T->k;
  const char *n = T->name, *params = T->t->launch_params(k), *args = launch_args(k);
  const char *ret = T->cuda ? "cudaError_t" : "void", *sargs = T->cuda ? fmt("stream, %s", args) : args;
  if (T->cuda && !*args)
    sargs = "stream";
  buf_printf(o, "/* Runs config c of %s. */\nstatic %s %s_run(int c, %s)\n{\n  switch (c) {\n", n,
             ret, n, params);
  for (int c = T->a->nconfigs - 1; c >= 0; c--)
    buf_printf(o, "  %s: %s%s_c%d(%s);%s\n", c ? fmt("case %d", c) : "default",
               T->cuda ? "return " : "", n, c, sargs, T->cuda ? "" : " break;");
  buf_printf(o, "  }\n} /* %s_run */\n\n", n);
  buf_printf(o, "%s %s(%s)\n{\n  %s%s_run(%s_config(", ret, n, params, T->cuda ? "return " : "", n, n);
  for (int j = 0; j < T->a->nkeys; j++)
    buf_printf(o, "%s(int64_t)%s", j ? ", " : "", T->a->keys[j]);
  buf_printf(o, "), %s);\n} /* %s */\n\n", sargs, n);
}

/* the extra size parameters of KERNEL_tune: one per reset_to_zero / restore_value argument */
static const char *tune_params(Tune *T) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < T->a->nreset; i++)
    buf_printf(&b, ", size_t %s_bytes", T->a->reset[i]);
  for (int i = 0; i < T->a->nrestore; i++)
    if (!strstr(b.s, fmt(" %s_bytes", T->a->restore[i])))
      buf_printf(&b, ", size_t %s_bytes", T->a->restore[i]);
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static void emit_tune(Tune *T, Buf *o) {
  Autotune *a = T->a;
  Kernel *k = T->k;
  const char *n = T->name, *params = T->t->launch_params(k), *args = launch_args(k);
  const char *sargs = T->cuda ? (*args ? fmt("stream, %s", args) : "stream") : args;
  bool cu = T->cuda;
  if (!cu) {
    buf_puts(o, "static double tc_now_ms(void)\n{\n  struct timespec ts;\n"
                "  timespec_get(&ts, TIME_UTC);\n  return (double)ts.tv_sec * 1e3 + "
                "(double)ts.tv_nsec * 1e-6;\n}\n\n");
  }
  buf_printf(o, "int %s_tune(const char *tc_path, %s%s)\n{\n", n, params, tune_params(T));
  for (int i = 0; i < a->nrestore; i++) {
    const char *r = a->restore[i];
    if (cu)
      buf_printf(o, "  void *%s_saved = NULL;\n  if (cudaMalloc(&%s_saved, %s_bytes) != cudaSuccess "
                    "||\n      cudaMemcpyAsync(%s_saved, %s, %s_bytes, cudaMemcpyDeviceToDevice, "
                    "stream) != cudaSuccess)\n    return -1;\n", r, r, r, r, r, r);
    else
      buf_printf(o, "  void *%s_saved = malloc(%s_bytes ? %s_bytes : 1);\n  if (!%s_saved)\n"
                    "    return -1;\n  memcpy(%s_saved, %s, %s_bytes);\n", r, r, r, r, r, r, r);
  }
  if (cu)
    buf_puts(o, "  cudaEvent_t tc_e0, tc_e1;\n  if (cudaEventCreate(&tc_e0) != cudaSuccess || "
                "cudaEventCreate(&tc_e1) != cudaSuccess)\n    return -1;\n");
  buf_printf(o, "  double tc_ms[%d];\n  int tc_best = 0;\n", a->nconfigs);
  buf_printf(o, "  for (int tc_c = 0; tc_c < %d; tc_c++) {\n", a->nconfigs);
  buf_puts(o, "    double tc_t[100], tc_total = 0;\n    int tc_nt = 0;\n");
  buf_puts(o, "    /* one warm-up run, then the median of at least 5 runs and 20 ms */\n");
  buf_puts(o, "    for (int tc_r = -1; tc_nt < 5 || (tc_total < 20.0 && tc_nt < 100); tc_r++) {\n");
  for (int i = 0; i < a->nreset; i++)
    buf_printf(o, cu ? "      cudaMemsetAsync(%s, 0, %s_bytes, stream);\n"
                     : "      memset(%s, 0, %s_bytes);\n", a->reset[i], a->reset[i]);
  if (cu) {
    buf_puts(o, "      float tc_f = 0;\n      cudaEventRecord(tc_e0, stream);\n");
    buf_printf(o, "      if (%s_run(tc_c, %s) != cudaSuccess)\n        return -1;\n", n, sargs);
    buf_puts(o, "      cudaEventRecord(tc_e1, stream);\n      if (cudaEventSynchronize(tc_e1) != "
                "cudaSuccess || cudaEventElapsedTime(&tc_f, tc_e0, tc_e1) != cudaSuccess)\n"
                "        return -1;\n      double tc_dt = tc_f;\n");
  } else {
    buf_printf(o, "      double tc_t0 = tc_now_ms();\n      %s_run(tc_c, %s);\n"
                  "      double tc_dt = tc_now_ms() - tc_t0;\n", n, sargs);
  }
  for (int i = 0; i < a->nrestore; i++)
    buf_printf(o, cu ? "      cudaMemcpyAsync(%s, %s_saved, %s_bytes, cudaMemcpyDeviceToDevice, "
                       "stream);\n" : "      memcpy(%s, %s_saved, %s_bytes);\n",
               a->restore[i], a->restore[i], a->restore[i]);
  buf_puts(o, "      if (tc_r >= 0) {\n        tc_t[tc_nt++] = tc_dt;\n        tc_total += tc_dt;\n      }\n    }\n");
  buf_puts(o, "    for (int tc_i = 1; tc_i < tc_nt; tc_i++) /* insertion sort: at most 100 */\n"
              "      for (int tc_j = tc_i; tc_j > 0 && tc_t[tc_j - 1] > tc_t[tc_j]; tc_j--) {\n"
              "        double tc_s = tc_t[tc_j];\n        tc_t[tc_j] = tc_t[tc_j - 1];\n        tc_t[tc_j - 1] = tc_s;\n      }\n");
  buf_puts(o, "    tc_ms[tc_c] = tc_t[tc_nt / 2];\n    if (tc_ms[tc_c] < tc_ms[tc_best])\n      tc_best = tc_c;\n  }\n");
  for (int i = 0; i < a->nrestore; i++)
    buf_printf(o, cu ? "  cudaFree(%s_saved);\n" : "  free(%s_saved);\n", a->restore[i]);
  if (cu)
    buf_puts(o, "  cudaEventDestroy(tc_e0);\n  cudaEventDestroy(tc_e1);\n");
  buf_puts(o, "  FILE *tc_f = fopen(tc_path, \"a\");\n  if (!tc_f)\n    return -1;\n  fprintf(tc_f, \"");
  for (int j = 0; j < a->nkeys; j++)
    buf_printf(o, "%s=%%lld ", a->keys[j]);
  buf_puts(o, "config=%d  # median ms:\"");
  for (int j = 0; j < a->nkeys; j++)
    buf_printf(o, ", (long long)%s", a->keys[j]);
  buf_printf(o, ", tc_best);\n  for (int tc_c = 0; tc_c < %d; tc_c++)\n"
                "    fprintf(tc_f, \" c%%d %%.4f\", tc_c, tc_ms[tc_c]);\n  fputs(\"\\n\", tc_f);\n"
                "  return fclose(tc_f) == 0 ? tc_best : -1;\n} /* %s_tune */\n", a->nconfigs, n);
}

static const char *guard_of(const char *base) {
  char *g = fmt("TRITONC_%s_H", base);
  for (char *c = g; *c; c++)
    *c = (*c >= 'a' && *c <= 'z') ? (char)(*c - 32)
         : ((*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')) ? *c : '_';
  return g;
}

/* A dispatcher header's guard, includes and extern "C" (header_close ends them). */
void header_open(Buf *h, const char *base, bool cuda) {
  const char *g = guard_of(base);
  buf_printf(h, "#ifndef %s\n#define %s\n\n#include <stddef.h>\n#include <stdint.h>\n%s\n"
                "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", g, g,
             cuda ? "#include <cuda_runtime_api.h>\n" : "");
}

void header_close(Buf *h, const char *base) {
  buf_printf(h, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", guard_of(base));
}

static void emit_banner(Tune *T, Buf *o, const char *file) {
  Autotune *a = T->a;
  buf_printf(o, "/* %s — generated by tritonc %s from %s; do not edit.\n *\n", file,
             TRITONC_VERSION, path_base(T->o->file));
  buf_printf(o, " * The @triton.autotune dispatcher of %s: %d configs, key (", T->name, a->nconfigs);
  for (int j = 0; j < a->nkeys; j++)
    buf_printf(o, "%s%s", j ? ", " : "", a->keys[j]);
  buf_puts(o, ").\n");
  for (int c = 0; c < a->nconfigs; c++)
    buf_printf(o, " *   config %d: %s  (%s_c%d.%s)\n", c, a->text[c], path_base(T->base), c,
               T->t->ext);
  buf_printf(o, " * A key missing from the table runs the nearest entry's config (sum over the keys "
                "of\n * |v - t| / (|v| + |t| + 1); the first on a tie); no table: config 0.\n */\n");
}

static void emit_dispatcher(Tune *T, Buf *c, Buf *h) {
  const char *base = path_base(T->base), *n = T->name;
  emit_banner(T, c, fmt("%s.%s", base, T->t->ext));
  buf_puts(c, "#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
              "#include <string.h>\n#include <time.h>\n\n");
  for (int i = 0; i < T->a->nconfigs; i++)
    buf_printf(c, "#include \"%s_c%d.h\"\n", base, i);
  buf_printf(c, "#include \"%s.h\"\n\n", base);
  emit_table(T, c);
  emit_launch(T, c);
  emit_tune(T, c);

  emit_banner(T, h, fmt("%s.h", base));
  header_open(h, base, T->cuda);
  Buf keys = {0};
  buf_puts(&keys, "");
  for (int j = 0; j < T->a->nkeys; j++)
    buf_printf(&keys, "%sint64_t %s", j ? ", " : "", T->a->keys[j]);
  buf_printf(h, "/* The config the table gives for these key values. */\nint %s_config(%s);\n\n", n,
             T->a->nkeys ? keys.s : "void");
  buf_free(&keys);
  const char *params = T->t->launch_params(T->k);
  buf_printf(h, "/* Runs %s with the config of its key values (the grid of -g). */\n%s %s(%s);\n\n",
             n, T->cuda ? "cudaError_t" : "void", n, params);
  buf_printf(h, "/* Times every config on these arguments, appends \"KEY=V ... config=I\" (the fastest) "
                "to\n * tc_path and returns I; -1 when it cannot. reset_to_zero arguments are zeroed "
                "before each run,\n * restore_value arguments put back after each: their sizes in "
                "bytes follow. */\nint %s_tune(const char *tc_path, %s%s);\n\n", n, params,
             tune_params(T));
  header_close(h, base);
}

void tune_all_configs(Module *m, const Options *o, const Target *t,
                      Kernel *(*translate)(Module *m, const Options *o)) {
  Tune T = {o, t, sema_autotune(m, o), NULL, o->out ? o->out : c_ident(o->kernel), c_ident(o->kernel), NULL, NULL, 0,
            !strcmp(t->name, "cuda")};
  check_decorator(&T);
  if (!o->grid)
    usage_error("--all-configs needs the launch grid (-g); it may use the configs' constexprs");
  /* everything checked before a file is written */
  T.k = sema_kernel(m, o);
  check_config_names(&T);
  check_names(&T);
  read_table(&T);
  for (int c = 0; c < T.a->nconfigs; c++) {
    Options oc = *o;
    oc.config = c;
    oc.suffix = fmt("c%d", c);
    oc.num_warps = T.a->num_warps[c];
    oc.num_stages = T.a->num_stages[c];
    oc.out = fmt("%s_c%d", T.base, c);
    translate(m, &oc);
  }
  Buf c = {0}, h = {0};
  emit_dispatcher(&T, &c, &h);
  write_output(fmt("%s.%s", T.base, t->ext), &c);
  write_output(fmt("%s.h", T.base), &h);
  buf_free(&c);
  buf_free(&h);
}
