/* util.c — arena, strings, growable arrays and buffers, and the error reporters.
 *
 * One arena for the whole run: nodes, IR and strings are never freed one by one; the arena is
 * released once at exit so sanitizer runs stay clean. Errors: error_at() for user errors
 * (position, source line, caret, exit 1), die() for internal bugs (exit 3).
 */
#include "tritonc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct Chunk {
  struct Chunk *next;
  size_t used, size;
  _Alignas(16) unsigned char data[];
} Chunk;

static Chunk *arena_head;

void *arena_alloc(size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (!arena_head || arena_head->used + n > arena_head->size) {
    size_t size = n > (1u << 20) ? n : (1u << 20);
    Chunk *c = calloc(1, sizeof(Chunk) + size);
    if (!c) {
      fprintf(stderr, "tritonc: out of memory\n");
      exit(3);
    }
    c->size = size;
    c->next = arena_head;
    arena_head = c;
  }
  void *p = arena_head->data + arena_head->used;
  arena_head->used += n;
  return p;
}

void arena_release(void) {
  while (arena_head) {
    Chunk *next = arena_head->next;
    free(arena_head);
    arena_head = next;
  }
}

char *xstrndup(const char *s, size_t n) {
  char *p = arena_alloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

/* Entry points must be ASCII: nvcc refuses a __global__ function with universal characters in
 * its name, and a program loading the library (dlsym, ctypes) wants a name it can type. The
 * spelling follows C's universal character names (\u044f -> u044f); python/tritonc/build.py
 * spells names the same way. */
const char *c_ident(const char *name) {
  const unsigned char *s = (const unsigned char *)name;
  bool ascii = true;
  for (const unsigned char *p = s; *p; p++)
    ascii &= *p < 0x80;
  if (ascii)
    return name;
  Buf b = {0};
  while (*s) {
    unsigned c = *s++;
    int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (c >= 0x80)
      c &= 0x3Fu >> more;
    for (; more > 0 && (*s & 0xC0) == 0x80; more--)
      c = (c << 6) | (*s++ & 0x3Fu);
    if (c < 0x80)
      buf_printf(&b, "%c", (int)c);
    else
      buf_printf(&b, c > 0xFFFF ? "U%08x" : "u%04x", c);
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

/* Python names that C, C++ (CUDA) or <stdbool.h> reserve: a parameter named `do` (fla's
 * gradient of o) would not compile. */
const char *c_param_name(const char *name) {
  static const char *const kw[] = {
      "auto", "bool", "case", "char", "const", "default", "do", "double", "enum", "extern",
      "false", "float", "goto", "inline", "int", "long", "register", "restrict", "short",
      "signed", "sizeof", "static", "struct", "switch", "true", "typedef", "union", "unsigned",
      "void", "volatile", "alignas", "alignof", "asm", "catch", "char16_t", "char32_t",
      "const_cast", "constexpr", "decltype", "delete", "dynamic_cast", "explicit", "export",
      "friend", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
      "protected", "public", "reinterpret_cast", "static_assert", "static_cast", "template",
      "this", "thread_local", "throw", "typeid", "typename", "using", "virtual", "wchar_t", NULL};
  for (int i = 0; kw[i]; i++)
    if (!strcmp(kw[i], name))
      return fmt("%s_", name);
  return name;
}

void each_ident(const char *s, size_t n, void (*f)(void *ctx, const char *id, size_t len), void *ctx) {
  size_t i = 0;
  while (i < n) {
    char c = s[i];
    if (c == '/' && i + 1 < n && s[i + 1] == '*') { /* by hand: ASan's strstr measures the rest */
      for (i += 2; i < n && !(s[i] == '*' && i + 1 < n && s[i + 1] == '/'); i++)
        ;
      i = i < n ? i + 2 : n;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n')
        i++;
    } else if (c == '"' || c == '\'') {
      for (i++; i < n && s[i] != c; i += s[i] == '\\' && i + 1 < n ? 2 : 1)
        ;
      i += i < n;
    } else if (isalpha((unsigned char)c) || c == '_') {
      size_t j = i;
      while (j < n && (isalnum((unsigned char)s[j]) || s[j] == '_'))
        j++;
      f(ctx, s + i, j - i);
      i = j;
    } else if (isdigit((unsigned char)c)) { /* a number's letters (0x1p-3f, 5u) are no names */
      while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
        i++;
    } else {
      i++;
    }
  }
}

const char *path_base(const char *path) {
  const char *b = strrchr(path, '/');
  return b ? b + 1 : path;
}

/* Levenshtein distance, or a number past `cap` when the names are longer than it handles. */
static int edit_distance(const char *a, const char *b, int cap) {
  enum { MAXLEN = 64 };
  int la = (int)strlen(a), lb = (int)strlen(b);
  if (la > MAXLEN || lb > MAXLEN || abs(la - lb) > cap)
    return cap + 1;
  int row[MAXLEN + 1];
  for (int j = 0; j <= lb; j++)
    row[j] = j;
  for (int i = 1; i <= la; i++) {
    int diag = row[0];
    row[0] = i;
    for (int j = 1; j <= lb; j++) {
      int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      diag = up;
      row[j] = best;
    }
  }
  return row[lb];
}

/* A third of the name's letters may differ (at least one), as a typo does; the first of the
 * nearest candidates wins, so the answer follows the file's order. */
const char *closest_name(const char *name, const char *const *cands, int n) {
  int cap = (int)strlen(name) / 3, best = -1, best_d = 0;
  if (cap < 1)
    cap = 1;
  for (int i = 0; i < n; i++) {
    int d = edit_distance(name, cands[i], cap);
    if (d <= cap && (best < 0 || d < best_d))
      best = i, best_d = d;
  }
  return best < 0 ? NULL : cands[best];
}

char *fmt(const char *f, ...) {
  va_list ap, ap2;
  va_start(ap, f);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, f, ap);
  va_end(ap);
  char *p = arena_alloc((size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, f, ap2);
  va_end(ap2);
  return p;
}

void vec_push(Vec *v, void *x) {
  if (v->n == v->cap) {
    int cap = v->cap ? v->cap * 2 : 8;
    void **nv = arena_alloc(sizeof(void *) * (size_t)cap);
    if (v->n)
      memcpy(nv, v->v, sizeof(void *) * (size_t)v->n);
    v->v = nv;
    v->cap = cap;
  }
  v->v[v->n++] = x;
}

static void buf_reserve(Buf *b, size_t extra) {
  if (b->n + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->n + extra + 1)
    cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s) {
    fprintf(stderr, "tritonc: out of memory\n");
    exit(3);
  }
  b->s = s;
  b->cap = cap;
}

void buf_puts(Buf *b, const char *s) {
  size_t n = strlen(s);
  buf_reserve(b, n);
  memcpy(b->s + b->n, s, n + 1);
  b->n += n;
}

void buf_printf(Buf *b, const char *f, ...) {
  va_list ap, ap2;
  va_start(ap, f);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, f, ap);
  va_end(ap);
  buf_reserve(b, (size_t)n);
  vsnprintf(b->s + b->n, (size_t)n + 1, f, ap2);
  va_end(ap2);
  b->n += (size_t)n;
}

void buf_vline(Buf *b, int ind, const char *f, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, f, ap);
  buf_reserve(b, (size_t)n + (size_t)ind * 2 + 1);
  for (int i = 0; i < ind * 2; i++)
    b->s[b->n++] = ' ';
  vsnprintf(b->s + b->n, (size_t)n + 1, f, ap2);
  va_end(ap2);
  b->n += (size_t)n;
  b->s[b->n++] = '\n';
  b->s[b->n] = 0;
}

void buf_free(Buf *b) {
  free(b->s);
  b->s = NULL;
  b->n = b->cap = 0;
}

/* ---- source registry and error reporting ---- */

typedef struct Source {
  const char *file, *text;
  size_t len;
} Source;
static Source *sources;
static int nsources;

/* A name registered again takes the new text (--link translates one kernel for several
 * signatures, each "<signature>" in turn). */
void source_register(const char *file, const char *text, size_t len) {
  for (int i = 0; i < nsources; i++)
    if (!strcmp(sources[i].file, file)) {
      sources[i] = (Source){file, text, len};
      return;
    }
  if (!(nsources & (nsources - 1))) /* 0, 1, 2, 4, ...: grow to twice the size */
    if (!(sources = realloc(sources, sizeof(Source) * (size_t)(2 * nsources + 1))))
      die("out of memory");
  sources[nsources++] = (Source){file, text, len};
}

void source_reset(void) { nsources = 0; }

const char *source_line(const char *file, int line, int *len) {
  if (!file)
    return NULL;
  for (int i = 0; i < nsources; i++) {
    if (strcmp(sources[i].file, file) != 0)
      continue;
    const char *p = sources[i].text, *end = p + sources[i].len;
    for (int l = 1; l < line && p < end; p++)
      if (*p == '\n')
        l++;
    if (p >= end && line > 1)
      return NULL;
    const char *e = p;
    while (e < end && *e != '\n' && *e != '\r')
      e++;
    *len = (int)(e - p);
    return p;
  }
  return NULL;
}

static void report(Loc loc, const char *kind, const char *f, va_list ap) {
  if (loc.file)
    fprintf(stderr, "%s:%d:%d: %s: ", loc.file, loc.line, loc.col, kind);
  else
    fprintf(stderr, "tritonc: %s: ", kind);
  vfprintf(stderr, f, ap);
  fputc('\n', stderr);
  int len;
  const char *line = source_line(loc.file, loc.line, &len);
  if (!line || len > 400)
    return;
  fprintf(stderr, "  %.*s\n  ", len, line);
  /* Keep tabs so the caret lines up under the column. */
  for (int i = 0; i < loc.col - 1 && i < len; i++)
    fputc(line[i] == '\t' ? '\t' : ' ', stderr);
  fputs("^\n", stderr);
}

jmp_buf *error_trap;
char error_trap_msg[512];
Loc error_trap_loc;

_Noreturn void error_at(Loc loc, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  if (error_trap) { /* host Python evaluated tentatively: the caller decides (tritonc.h) */
    vsnprintf(error_trap_msg, sizeof error_trap_msg, f, ap);
    va_end(ap);
    error_trap_loc = loc;
    longjmp(*error_trap, 1);
  }
  report(loc, "error", f, ap);
  va_end(ap);
  exit(1);
}

void warn_at(Loc loc, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  report(loc, "warning", f, ap);
  va_end(ap);
}

_Noreturn void usage_error(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  fputs("tritonc: ", stderr);
  vfprintf(stderr, f, ap);
  fputs("\nTry 'tritonc --help' for more information.\n", stderr);
  va_end(ap);
  exit(2);
}

_Noreturn void die_impl(const char *cfile, int cline, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  fprintf(stderr, "tritonc: internal error (%s:%d): ", cfile, cline);
  vfprintf(stderr, f, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(3);
}

#define MAX_SOURCE_BYTES (4u << 20)

/* The whole file, NUL-terminated, in the arena; a file that cannot be opened or read (a
 * directory) is a usage error, one past max bytes a user error that names what it is. */
const char *read_file_max(const char *path, size_t *len, size_t max, const char *what) {
  FILE *f = fopen(path, "rb");
  if (!f)
    usage_error("cannot open '%s': %s", path, strerror(errno));
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (b.n + n > max) {
      fclose(f);
      buf_free(&b);
      error_at((Loc){path, 1, 1}, "file is larger than %zu MiB; %s this large is not supported",
               max >> 20, what);
    }
    if (b.n + n + 1 > b.cap) {
      size_t cap = b.cap ? b.cap : 65536;
      while (cap < b.n + n + 1)
        cap *= 2;
      b.s = realloc(b.s, cap);
      b.cap = cap;
    }
    memcpy(b.s + b.n, chunk, n);
    b.n += n;
  }
  if (ferror(f)) {
    int e = errno;
    fclose(f);
    usage_error("cannot read '%s': %s", path, strerror(e ? e : EIO));
  }
  fclose(f);
  char *text = arena_alloc(b.n + 1);
  if (b.n)
    memcpy(text, b.s, b.n);
  text[b.n] = 0;
  /* Python reads a lone CR (old Mac line endings) as a newline; the parser and the messages'
   * line numbers count '\n' only, so it becomes one (same length: every offset stays). */
  for (size_t i = 0; i < b.n; i++)
    if (text[i] == '\r' && text[i + 1] != '\n')
      text[i] = '\n';
  *len = b.n;
  buf_free(&b);
  return text;
}

const char *read_source(const char *path, size_t *len) {
  return read_file_max(path, len, MAX_SOURCE_BYTES, "a kernel file");
}

void write_output(const char *path, const Buf *b) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(b->s, 1, b->n, f) != b->n || fclose(f) != 0)
    usage_error("cannot write '%s': %s", path, strerror(errno));
}
