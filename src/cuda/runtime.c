/* runtime.c — the sections of runtime/tc_cuda_kernel.h a generated file copies: those that
 * define the tc_ names its text uses, and the sections those use, in the header's order.
 *
 * The index is read from the header's own text (embedded in the binary as tc_cuda_runtime[1])
 * the first time it is needed: a section defines the tc_ names that first appear in it, and
 * needs the sections defining the tc_ names it uses that appeared before it. So the emitter
 * names no section: adding a helper to the header is enough, and the choice cannot drift from
 * what the text calls (the C target does the same with tools/rtindex.c at build time; its C
 * parser does not read this header's templates). Comments and string literals are not read. */
#include "cuda.h"

#include <string.h>

extern const char *const tc_cuda_runtime[];

#define MAXSEC 64
#define MAXNAME 256

typedef struct Section {
  const char *name, *text; /* text: from after its "//@ NAME" line to the next "//@" */
  int len;
  unsigned long long needs; /* the sections it uses */
} Section;

static struct {
  bool built;
  Section sec[MAXSEC];
  int nsec;
  const char *name[MAXNAME]; /* every tc_ name, and the section defining it */
  int len[MAXNAME], def[MAXNAME];
  int nname;
} ix;

/* each_ident's callback: the section being read or the set of sections used, and what to do
 * with a tc_ name */
typedef struct Scan {
  int sec;
  unsigned long long *use;
  void (*f)(struct Scan *c, const char *name, int len);
} Scan;

static void tc_name(void *ctx, const char *s, size_t n) {
  Scan *c = ctx;
  if (n > 3 && !strncmp(s, "tc_", 3))
    c->f(c, s, (int)n);
}

static int find_name(const char *s, int n) {
  for (int i = 0; i < ix.nname; i++)
    if (ix.len[i] == n && !memcmp(ix.name[i], s, (size_t)n))
      return i;
  return -1;
}

/* index: the name's first section defines it; a later one needs that section */
static void index_name(Scan *c, const char *s, int n) {
  int sec = c->sec, k = find_name(s, n);
  if (k < 0) {
    if (ix.nname == MAXNAME)
      die("runtime/tc_cuda_kernel.h: more than %d tc_ names", MAXNAME);
    ix.name[ix.nname] = s, ix.len[ix.nname] = n, ix.def[ix.nname++] = sec;
  } else if (ix.def[k] != sec) {
    ix.sec[sec].needs |= 1ULL << ix.def[k];
  }
}

static void build_index(void) {
  const char *t = tc_cuda_runtime[1];
  for (const char *p = strstr(t, "//@ "); p && strncmp(p, "//@ end", 7); p = strstr(p, "//@ ")) {
    if (ix.nsec == MAXSEC)
      die("runtime/tc_cuda_kernel.h: more than %d sections", MAXSEC);
    const char *nl = strchr(p, '\n');
    Section *s = &ix.sec[ix.nsec];
    s->name = xstrndup(p + 4, (size_t)(nl - p - 4));
    s->text = nl + 1;
    p = strstr(s->text, "//@ ");
    if (!p)
      die("runtime/tc_cuda_kernel.h: no //@ end");
    s->len = (int)(p - s->text);
    Scan c = {ix.nsec++, NULL, index_name};
    each_ident(s->text, (size_t)s->len, tc_name, &c);
  }
  ix.built = true;
}

/* mark the section defining a name the text uses */
static void use_name(Scan *c, const char *s, int n) {
  int k = find_name(s, n);
  if (k >= 0)
    *c->use |= 1ULL << ix.def[k];
}

unsigned long long cu_runtime_use(const char *text) {
  if (!ix.built)
    build_index();
  unsigned long long use = 0, before;
  Scan c = {0, &use, use_name};
  each_ident(text, strlen(text), tc_name, &c);
  do { /* and what those use (a section only uses ones before it: one pass from the end would do) */
    before = use;
    for (int i = 0; i < ix.nsec; i++)
      if (use >> i & 1)
        use |= ix.sec[i].needs;
  } while (use != before);
  return use;
}

void cu_runtime_copy(Buf *o, unsigned long long use) {
  for (int i = 0; i < ix.nsec; i++)
    if (use >> i & 1)
      buf_printf(o, "%.*s", ix.sec[i].len, ix.sec[i].text);
}
