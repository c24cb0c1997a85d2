/* main.c — the tritonc command line; the pipeline is the list of calls in translate().
 *
 *   kernel.py --front/--> AST --sema/--> tile IR --ir/ passes--> tile IR + facts
 *             --c/ or cuda/ (the Target of --target)--> NAME.c or NAME.cu, + NAME.h
 *
 * Exit status: 0 success, 1 user error (bad kernel), 2 usage error, 3 internal error.
 */
#include "tritonc.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: tritonc KERNEL.py -n NAME -s SIGNATURE [-g GRID] [-o OUT] [options]\n"
    "\n"
    "Translates one @triton.jit kernel into standalone C (OUT.c + OUT.h).\n"
    "\n"
    "  -n, --kernel-name NAME   the @triton.jit function to translate\n"
    "  -s, --signature SIG      parameter types and constexpr values, in order, as in\n"
    "                           Triton's AOT compiler: \"*fp32:16, *fp32:16, i32, 1024\"\n"
    "                           (left out for a torch.compile kernel: its triton_meta's)\n"
    "  -g, --grid GRID          grid as C expressions of the arguments: \"cdiv(n, 1024), 1, 1\"\n"
    "  -o, --out-name OUT       output base name (default: the kernel name)\n"
    "  -w, --num-warps N        num_warps (recorded; used by the CUDA backend)\n"
    "  -ns, --num-stages N      num_stages: the CUDA tl.dot's operand buffers in a K loop\n"
    "                           (default 3, as Triton's; 1: no pipelining)\n"
    "  -D NAME=VALUE            value of a constexpr left out of the signature\n"
    "  -I DIR                   search DIR for the modules the kernel file imports (after\n"
    "                           the file's own folder, like Python's sys.path)\n"
    "      --target c|cuda      backend (default c)\n"
    "      --emit STAGE         print one stage to stdout instead of writing files: ast,\n"
    "                           ir, plan (the IR with the --target's decisions), c, cuda\n"
    "      --list-configs       print the kernel's @triton.autotune configs and heuristics\n"
    "      --all-configs        every @triton.autotune config (OUT_c0, OUT_c1, ...) and a\n"
    "                           dispatcher OUT keyed on the autotune key arguments\n"
    "      --tuning FILE        the dispatcher's table: key values -> config (written by\n"
    "                           the dispatcher's KERNEL_tune)\n"
    "      --link               one translation per -s (OUT_s0, OUT_s1, ...) and a function\n"
    "                           OUT that checks its arguments and runs the first that fits\n"
    "      --templates DIR      read DIR/NAME.tmpl instead of the built-in templates\n"
    "      --include-runtime    #include tritonc's runtime/ headers instead of copying them\n"
    "      --plain              (C target) no tuning without a Python line: no prefetches,\n"
    "                           streaming stores, kept or in-place tl.dot operands, or\n"
    "                           rotated accumulators; still vectorised\n"
    "  -h, --help               this text\n"
    "      --version            print the version\n";

static const Target *const targets[] = {&target_c, &target_cuda};

static const Target *find_target(const char *name) {
  for (size_t i = 0; i < sizeof targets / sizeof *targets; i++)
    if (!strcmp(targets[i]->name, name))
      return targets[i];
  return NULL;
}

/* Everything printed to standard output reached it: a full disk or a closed pipe is an error
 * (exit 2, as a -o file that cannot be written), not a success with the output lost. */
static void finish_stdout(void) {
  if (fflush(stdout) != 0 || ferror(stdout))
    usage_error("cannot write <standard output>: %s", strerror(errno ? errno : EIO));
}

/* A -n NAME is a Python identifier: ASCII letters, digits and _ (not first), or the bytes of
 * non-ASCII letters, which Python allows; control characters would be printed raw in messages. */
static bool is_identifier(const char *s) {
  if (!*s || (*s >= '0' && *s <= '9'))
    return false;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (!(*p >= 0x80 || *p == '_' || (*p >= '0' && *p <= '9') || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z')))
      return false;
  return true;
}

/* A command-line value as it is quoted in messages: control characters escaped. */
static const char *shown(const char *s) {
  Buf b = {0};
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      buf_printf(&b, *p == '\n' ? "\\n" : *p == '\t' ? "\\t" : "\\x%02x", *p);
    else
      buf_printf(&b, "%c", *p);
  const char *r = xstrndup(b.s ? b.s : "", b.n);
  buf_free(&b);
  return r;
}

static const char *need_arg(int argc, char **argv, int *i) {
  if (*i + 1 >= argc)
    usage_error("option '%s' needs a value", argv[*i]);
  return argv[++*i];
}

static void parse_args(int argc, char **argv, Options *o) {
  o->target = "c";
  o->num_warps = 4;
  o->num_stages = 3;
  o->defs = arena_alloc(sizeof(char *) * (size_t)argc);
  o->incdirs = arena_alloc(sizeof(char *) * (size_t)argc);
  o->signatures = arena_alloc(sizeof(char *) * (size_t)argc);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage_text, stdout);
      finish_stdout();
      exit(0);
    } else if (!strcmp(a, "--version")) {
      printf("tritonc %s\n", TRITONC_VERSION);
      finish_stdout();
      exit(0);
    } else if (!strcmp(a, "-n") || !strcmp(a, "--kernel-name")) {
      o->kernel = need_arg(argc, argv, &i);
    } else if (!strcmp(a, "-s") || !strcmp(a, "--signature")) {
      o->signatures[o->nsignatures++] = need_arg(argc, argv, &i);
      o->signature = o->signatures[0];
    } else if (!strcmp(a, "-g") || !strcmp(a, "--grid")) {
      o->grid = need_arg(argc, argv, &i);
    } else if (!strcmp(a, "-o") || !strcmp(a, "--out-name")) {
      o->out = need_arg(argc, argv, &i);
    } else if (!strcmp(a, "-w") || !strcmp(a, "--num-warps")) {
      /* Triton's bound: a CUDA block of num_warps * 32 threads, at most 1024 */
      const char *v = need_arg(argc, argv, &i);
      char *end;
      long n = strtol(v, &end, 10);
      if (*end || end == v || n < 1 || n > 32 || (n & (n - 1)))
        usage_error("num_warps must be a power of two from 1 to 32, got '%s'", shown(v));
      o->num_warps = (int)n;
    } else if (!strcmp(a, "-ns") || !strcmp(a, "--num-stages")) {
      const char *v = need_arg(argc, argv, &i);
      char *end;
      long n = strtol(v, &end, 10);
      if (*end || n < 1 || n > 8)
        usage_error("num_stages must be 1 to 8, got '%s'", shown(v));
      o->num_stages = (int)n;
    } else if (!strcmp(a, "-I")) {
      o->incdirs[o->nincdirs++] = need_arg(argc, argv, &i);
    } else if (!strncmp(a, "-I", 2)) {
      o->incdirs[o->nincdirs++] = a + 2;
    } else if (!strcmp(a, "-D")) {
      o->defs[o->ndefs++] = need_arg(argc, argv, &i);
    } else if (!strncmp(a, "-D", 2)) {
      o->defs[o->ndefs++] = a + 2;
    } else if (!strcmp(a, "--target")) {
      o->target = need_arg(argc, argv, &i);
    } else if (!strcmp(a, "--emit")) {
      o->emit = need_arg(argc, argv, &i);
    } else if (!strcmp(a, "--templates")) {
      o->templates = need_arg(argc, argv, &i);
    } else if (!strcmp(a, "--include-runtime")) {
      o->include_runtime = true;
    } else if (!strcmp(a, "--plain")) {
      o->plain = true;
    } else if (!strcmp(a, "--list-configs")) {
      o->list_configs = true;
    } else if (!strcmp(a, "--all-configs")) {
      o->all_configs = true;
    } else if (!strcmp(a, "--link")) {
      o->link = true;
    } else if (!strcmp(a, "--tuning")) {
      o->tuning = need_arg(argc, argv, &i);
    } else if (a[0] == '-' && a[1]) {
      usage_error("unknown option '%s'", shown(a));
    } else if (o->file) {
      usage_error("more than one input file ('%s' and '%s')", shown(o->file), shown(a));
    } else {
      o->file = a;
    }
  }
  if (!o->file)
    usage_error("no input file");
  if (!o->kernel)
    usage_error("no kernel name (-n NAME)");
  if (!is_identifier(o->kernel))
    usage_error("kernel name '%s' is not a Python name (-n NAME)", shown(o->kernel));
  if (!find_target(o->target))
    usage_error("unsupported target '%s' (--target c or cuda)", shown(o->target));
  if (o->emit && strcmp(o->emit, "ast") && strcmp(o->emit, "ir") && strcmp(o->emit, "plan") &&
      !find_target(o->emit))
    usage_error("--emit takes ast, ir, plan, c or cuda");
  if (o->emit && find_target(o->emit))
    o->target = o->emit; /* --emit cuda prints what --target cuda writes */
  if (o->plain && strcmp(o->target, "c"))
    usage_error("--plain is for the C target (--target c)");
  if (o->tuning && !o->all_configs)
    usage_error("--tuning FILE goes with --all-configs");
  if (o->all_configs && (o->emit || o->list_configs))
    usage_error("--all-configs writes files: it does not go with --emit or --list-configs");
  if (o->nsignatures > 1 && !o->link)
    usage_error("-s is given %d times: several signatures go with --link", o->nsignatures);
  if (o->link && (o->emit || o->list_configs || o->all_configs))
    usage_error("--link writes files: it does not go with --emit, --list-configs or --all-configs");
  if (o->link && !o->nsignatures)
    usage_error("--link needs a signature (-s) per specialization");
  for (int i = 0; i < o->ndefs; i++)
    if (!strchr(o->defs[i], '='))
      usage_error("-D needs NAME=VALUE, got '%s'", shown(o->defs[i]));
}

/* Stages 2-5 on a parsed module; writes OUT.EXT and OUT.h (or prints the --emit stage). With
 * --all-configs and --link each translation is named after its variant (KERNEL_cI, KERNEL_sI). */
static Kernel *translate_module(Module *m, const Options *o) {
  const Target *t = find_target(o->target);
  Kernel *k = sema_kernel(m, o);                          /* 2. specialise + check */
  if (o->suffix)
    k->name = fmt("%s_%s", k->name, o->suffix);     /*    a variant: KERNEL_c1, KERNEL_s0 */
  if (o->grid)
    grid_parse(k, o->grid);                               /*    the launch grid */
  pass_fold(k);                                           /* 3. passes: dead code, */
  if (t->passes & PASS_ACCUM)
    pass_accum(k);                                        /*    accumulator tiles, */
  pass_contract(k);                                       /*    multiply-adds, */
  if (t->passes & PASS_PTRINC)
    pass_ptrinc(k);                                       /*    pointer increments, */
  pass_axis(k);                                           /*    axis facts */
  if (o->emit && !strcmp(o->emit, "ir")) {
    ir_dump(stdout, k);
    return k;
  }
  if (t->prepare)
    t->prepare(k, o);                                     /* 4. plan for the target */
  if (o->emit && !strcmp(o->emit, "plan")) {
    ir_dump_plan(stdout, k, t->plan_note);
    return k;
  }
  Buf c = {0}, h = {0};
  t->emit(&c, &h, k, o);                                  /* 5. emit for the target */
  if (o->emit) {
    fputs(c.s, stdout);
  } else {
    const char *base = o->out ? o->out : k->name;
    write_output(fmt("%s.%s", base, t->ext), &c);
    write_output(fmt("%s.h", base), &h);
  }
  buf_free(&c);
  buf_free(&h);
  return k;
}

/* The pipeline on a kernel file's text (tests/fuzz/fuzz_translate.c calls it on a buffer). */
int translate_text(const Options *o, const char *text, size_t len) {
  if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) { /* a UTF-8 byte-order mark, as Python allows */
    text += 3;
    len -= 3;
  }
  source_register(o->file, text, len);
  if (o->signature)
    source_register("<signature>", o->signature, strlen(o->signature));
  if (o->grid)
    source_register("<grid>", o->grid, strlen(o->grid));
  template_set_dir(o->templates);

  Module *m = parse_module(o->file, text, len);          /* 1. parse */
  m = parse_wrapped(m, text, len, o->kernel);             /*    (a kernel in a string) */
  if (o->emit && !strcmp(o->emit, "ast")) {
    dump_ast(stdout, m);
    return 0;
  }
  if (o->list_configs) {
    sema_list_configs(stdout, m, o);
    return 0;
  }
  const Target *t = find_target(o->target);
  if (o->all_configs) {
    tune_all_configs(m, o, t, translate_module);
    return 0;
  }
  if (o->link) {
    link_specializations(m, o, t, translate_module);
    return 0;
  }
  translate_module(m, o);
  return 0;
}

static int translate(const Options *o) {
  size_t len;
  const char *text = read_source(o->file, &len);
  return translate_text(o, text, len);
}

int main(int argc, char **argv) {
  Options o = {0};
  parse_args(argc, argv, &o);
  int rc = translate(&o);
  finish_stdout();
  arena_release();
  return rc;
}
