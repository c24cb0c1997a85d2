/* rtindex.c — cuts the runtime headers into their sections and indexes what each defines, for
 * the C emitter (src/c/runtime_index.h says what it writes).
 *
 *   rtindex runtime/tc_helpers.h runtime/tc_simd.h > build/runtime.c
 *
 * A section runs from a line "//@ NAME: DEP..." to the next line starting "//@" ("//@ end" closes
 * the last). What a section defines is read from its text with comments and literals blanked:
 * macros (#define), typedef names, static variables, and functions — those written out, and
 * those a function-making macro writes (a #define whose body holds "static inline" definitions,
 * invoked at the top level of the same section: its parameters are replaced by the arguments and
 * `##` pasted). A section depends on the sections defining the identifiers its text uses; the
 * DEP list of its "//@" line must name exactly those (the tool prints the right list if not), so
 * the header documents them and cannot drift. The build fails when a section uses one defined
 * later, when two sections define the same name, or when a section of declarations only (no
 * functions or variables: it goes before the kernel) uses a section of code. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSEC 64
#define MAXSYM 4096

typedef struct Sec {
  char file[64], name[64], declared[512];
  char *text; /* as written */
  char *code; /* comments and literals blanked, line continuations joined */
  int decl;
  unsigned long long deps;
} Sec;
typedef struct Sym {
  char *name, *proto;
  int sec;
} Sym;

static Sec secs[MAXSEC];
static int nsec;
static Sym syms[MAXSYM];
static int nsym;
static const char *cur_file;

static void fail(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  fprintf(stderr, "rtindex: %s: ", cur_file ? cur_file : "");
  vfprintf(stderr, f, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static char *dupn(const char *s, size_t n) {
  char *r = malloc(n + 1);
  memcpy(r, s, n);
  r[n] = 0;
  return r;
}

static int idc(int c) { return isalnum(c) || c == '_'; }

/* text with comments and string / char literal contents replaced by spaces (newlines kept),
 * and backslash-newline joined (replaced by two spaces) */
static char *blank(const char *t) {
  size_t n = strlen(t);
  char *c = dupn(t, n);
  for (size_t i = 0; i < n; i++) {
    if (c[i] == '\\' && c[i + 1] == '\n') {
      c[i] = c[i + 1] = ' ';
      i++;
    } else if (c[i] == '/' && c[i + 1] == '*') {
      for (; i < n && !(c[i] == '*' && c[i + 1] == '/'); i++)
        if (c[i] != '\n')
          c[i] = ' ';
      if (i < n)
        c[i] = c[i + 1] = ' ', i++;
    } else if (c[i] == '/' && c[i + 1] == '/') {
      for (; i < n && c[i] != '\n'; i++)
        c[i] = ' ';
    } else if (c[i] == '"' || c[i] == '\'') {
      char q = c[i];
      for (i++; i < n && c[i] != q && c[i] != '\n'; i++) {
        if (c[i] == '\\' && c[i + 1] != '\n')
          c[i++] = ' ';
        c[i] = ' ';
      }
    }
  }
  return c;
}

static int find_sym(const char *name) {
  for (int i = 0; i < nsym; i++)
    if (!strcmp(syms[i].name, name))
      return i;
  return -1;
}

static void define(int sec, const char *name, size_t n, char *proto) {
  char *nm = dupn(name, n);
  int k = find_sym(nm);
  if (k >= 0) {
    if (syms[k].sec != sec)
      fail("%s is defined in section %s and in section %s", nm, secs[syms[k].sec].name, secs[sec].name);
    if (!syms[k].proto)
      syms[k].proto = proto;
    free(nm);
    return;
  }
  if (nsym == MAXSYM)
    fail("too many symbols");
  syms[nsym++] = (Sym){nm, proto, sec};
}

/* "a  b\n c {" -> "a b c" (whitespace collapsed, trimmed) */
static char *squeeze(const char *s, size_t n) {
  char *r = malloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (isspace((unsigned char)s[i])) {
      if (k && r[k - 1] != ' ')
        r[k++] = ' ';
    } else
      r[k++] = s[i];
  }
  while (k && r[k - 1] == ' ')
    k--;
  r[k] = 0;
  return r;
}

/* the identifier right before the first '(' of s[0..n) */
static const char *name_before_paren(const char *s, size_t n, size_t *len) {
  const char *p = memchr(s, '(', n);
  if (!p)
    return NULL;
  while (p > s && isspace((unsigned char)p[-1]))
    p--;
  const char *e = p;
  while (p > s && idc((unsigned char)p[-1]))
    p--;
  *len = (size_t)(e - p);
  return *len ? p : NULL;
}

/* ---- function-making macros ---- */

typedef struct Maker {
  char name[64];
  int nparam;
  char param[8][64];
  char *body; /* blanked */
} Maker;
static Maker makers[64];
static int nmaker;

/* body with each parameter replaced by its argument and ## removed */
static char *substitute(const Maker *m, const char *s, size_t n, char args[][256]) {
  char *r = malloc(n * 4 + 1024);
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    if (idc((unsigned char)s[i]) && (i == 0 || !idc((unsigned char)s[i - 1]))) {
      size_t j = i;
      while (j < n && idc((unsigned char)s[j]))
        j++;
      const char *rep = NULL;
      for (int p = 0; p < m->nparam; p++)
        if (strlen(m->param[p]) == j - i && !strncmp(m->param[p], s + i, j - i))
          rep = args[p];
      if (rep) {
        memcpy(r + k, rep, strlen(rep));
        k += strlen(rep);
      } else {
        memcpy(r + k, s + i, j - i);
        k += j - i;
      }
      i = j;
    } else if (s[i] == '#' && i + 1 < n && s[i + 1] == '#') {
      while (k && r[k - 1] == ' ')
        k--;
      i += 2;
      while (i < n && s[i] == ' ')
        i++;
    } else
      r[k++] = s[i++];
  }
  r[k] = 0;
  return r;
}

/* defines the functions MAKER writes for one invocation's arguments */
static void invoke(int sec, const Maker *m, char args[][256]) {
  const char *b = m->body;
  for (const char *p = strstr(b, "static inline"); p; p = strstr(p + 1, "static inline")) {
    const char *brace = strchr(p, '{');
    if (!brace)
      fail("%s: a definition without a body", m->name);
    char *sig = substitute(m, p, (size_t)(brace - p), args);
    size_t len;
    const char *nm = name_before_paren(sig, strlen(sig), &len);
    if (!nm)
      fail("%s: no function name in %s", m->name, sig);
    char *sq = squeeze(sig, strlen(sig));
    char *proto = malloc(strlen(sq) + 2);
    sprintf(proto, "%s;", sq);
    define(sec, nm, len, proto);
    free(sq);
    free(sig);
  }
}

/* ---- one section ---- */

static void preprocessor_line(int sec, const char *s, size_t n) {
  const char *p = s + 1;
  while (p < s + n && *p == ' ')
    p++;
  if (strncmp(p, "define", 6) || idc((unsigned char)p[6]))
    return;
  p += 6;
  while (*p == ' ')
    p++;
  const char *nm = p;
  while (idc((unsigned char)*p))
    p++;
  define(sec, nm, (size_t)(p - nm), NULL);
  if (*p != '(')
    return;
  const char *close = memchr(p, ')', (size_t)(s + n - p));
  const char *body = close + 1;
  size_t blen = (size_t)(s + n - body);
  char *bt = dupn(body, blen);
  if (!strstr(bt, "static inline")) {
    free(bt);
    return;
  }
  if (nmaker == 64)
    fail("more than 64 function-making macros in one section");
  Maker *m = &makers[nmaker++];
  memset(m, 0, sizeof *m);
  snprintf(m->name, sizeof m->name, "%.*s", (int)(p - nm), nm);
  for (const char *q = p + 1; q < close;) {
    while (q < close && !idc((unsigned char)*q))
      q++;
    const char *e = q;
    while (e < close && idc((unsigned char)*e))
      e++;
    if (e > q && m->nparam == 8)
      fail("%s: more than 8 parameters", m->name);
    if (e > q)
      snprintf(m->param[m->nparam++], 64, "%.*s", (int)(e - q), q);
    q = e;
  }
  m->body = bt;
}

static const Maker *maker_named(const char *s, size_t n) {
  for (int i = 0; i < nmaker; i++)
    if (strlen(makers[i].name) == n && !strncmp(makers[i].name, s, n))
      return &makers[i];
  return NULL;
}

/* Top-level declarations of the blanked text: functions, typedefs, static variables and
 * invocations of function-making macros. */
static void scan_section(int sec) {
  Sec *S = &secs[sec];
  const char *c = S->code;
  size_t n = strlen(c);
  int has_code = 0;
  nmaker = 0;
  size_t start = (size_t)-1; /* where the current top-level declaration began */
  for (size_t i = 0; i < n;) {
    if ((i == 0 || c[i - 1] == '\n') && c[i] == '#') {
      size_t e = i;
      while (e < n && c[e] != '\n')
        e++;
      preprocessor_line(sec, c + i, e - i);
      i = e;
      continue;
    }
    if (isspace((unsigned char)c[i])) {
      i++;
      continue;
    }
    if (start == (size_t)-1) {
      start = i;
      size_t e = i;
      while (e < n && idc((unsigned char)c[e]))
        e++;
      const Maker *m = e > i ? maker_named(c + i, e - i) : NULL;
      if (m) { /* MAKER(arg, ...) */
        char args[8][256];
        int na = 0, depth = 0;
        size_t a = e;
        while (a < n && c[a] != '(')
          a++;
        size_t from = a + 1;
        for (a = a + 1; a < n; a++) {
          if (c[a] == '(')
            depth++;
          else if ((c[a] == ',' || c[a] == ')') && depth == 0) {
            char *t = squeeze(c + from, a - from);
            if (na < 8)
              snprintf(args[na++], 256, "%s", t);
            free(t);
            from = a + 1;
            if (c[a] == ')')
              break;
          } else if (c[a] == ')')
            depth--;
        }
        if (na != m->nparam)
          fail("section %s: %s takes %d arguments", S->name, m->name, m->nparam);
        invoke(sec, m, args);
        has_code = 1;
        start = (size_t)-1;
        i = a + 1;
        continue;
      }
    }
    if (c[i] == ';' || c[i] == '{') {
      const char *d = c + start;
      size_t dl = i - start;
      int is_typedef = !strncmp(d, "typedef", 7);
      int has_eq = memchr(d, '=', dl) != NULL;
      if (c[i] == '{' && !is_typedef && !has_eq) { /* a function definition */
        size_t len;
        const char *nm = name_before_paren(d, dl, &len);
        if (!nm)
          fail("section %s: cannot read the definition %.40s", S->name, d);
        char *sq = squeeze(d, dl);
        char *proto = malloc(strlen(sq) + 2);
        sprintf(proto, "%s;", sq);
        free(sq);
        define(sec, nm, len, proto);
        has_code = 1;
      }
      /* skip to the end of the declaration: past its braces, to the ';' (none after a function) */
      size_t k = i;
      int depth = 0;
      for (; k < n; k++) {
        if (c[k] == '{')
          depth++;
        else if (c[k] == '}') {
          if (--depth == 0 && c[i] == '{' && !is_typedef && !has_eq)
            break;
        } else if (c[k] == ';' && depth == 0)
          break;
      }
      if (is_typedef || has_eq) { /* the name: last identifier of a typedef, the first before [ or = */
        const char *e = c + k, *b;
        if (is_typedef) {
          while (e > d && !idc((unsigned char)e[-1]))
            e--;
          b = e;
          while (b > d && idc((unsigned char)b[-1]))
            b--;
        } else {
          const char *q = d;
          while (q < c + k && *q != '[' && *q != '=')
            q++;
          e = q;
          while (e > d && !idc((unsigned char)e[-1]))
            e--;
          b = e;
          while (b > d && idc((unsigned char)b[-1]))
            b--;
          has_code = 1;
        }
        define(sec, b, (size_t)(e - b), NULL);
      }
      start = (size_t)-1;
      i = k + 1;
      continue;
    }
    i++;
  }
  S->decl = !has_code;
}

/* the sections defining identifiers SEC's text uses */
static void find_deps(int sec) {
  Sec *S = &secs[sec];
  const char *c = S->code;
  for (size_t i = 0; c[i];) {
    if (!idc((unsigned char)c[i]) || isdigit((unsigned char)c[i])) {
      i++;
      continue;
    }
    size_t e = i;
    while (idc((unsigned char)c[e]))
      e++;
    char *nm = dupn(c + i, e - i);
    int k = find_sym(nm);
    if (k >= 0 && syms[k].sec != sec) {
      int t = syms[k].sec;
      if (t > sec || strcmp(secs[t].file, S->file))
        fail("section %s uses %s, defined in section %s which is not before it in %s.h", S->name,
             nm, secs[t].name, S->file);
      if (S->decl && !secs[t].decl)
        fail("section %s declares only, but uses %s of the code section %s", S->name, nm, secs[t].name);
      S->deps |= 1ULL << t;
    }
    free(nm);
    i = e;
  }
  char want[512] = "";
  for (int t = 0; t < nsec; t++)
    if (S->deps >> t & 1)
      snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", *want ? " " : "", secs[t].name);
  char *got = squeeze(S->declared, strlen(S->declared));
  if (strcmp(got, want))
    fail("the line of section %s must read \"//@ %s:%s%s\" (its text uses those sections)", S->name,
         S->name, *want ? " " : "", want);
  free(got);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fail("cannot read %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (fread(s, 1, (size_t)n, f) != (size_t)n)
    fail("cannot read %s", path);
  s[n] = 0;
  fclose(f);
  return s;
}

static void split_file(const char *path) {
  cur_file = path;
  char *t = read_file(path);
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  char file[64];
  snprintf(file, sizeof file, "%.*s", (int)strcspn(base, "."), base);
  int closed = 0;
  for (char *p = strstr(t, "\n//@ "); p; p = strstr(p + 1, "\n//@ ")) {
    char *line = p + 1, *eol = strchr(line, '\n');
    if (!eol)
      fail("no newline after the last //@ line");
    /* close the previous section of this file */
    if (nsec && !strcmp(secs[nsec - 1].file, file) && secs[nsec - 1].code == NULL) {
      Sec *prev = &secs[nsec - 1];
      const char *from = prev->text;
      size_t len = (size_t)(line - from);
      while (len >= 2 && from[len - 1] == '\n' && from[len - 2] == '\n')
        len--;
      prev->text = dupn(from, len);
      prev->code = blank(prev->text);
    }
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(line + 4, ": \n"), line + 4);
    if (!strcmp(name, "end")) {
      closed = 1;
      break;
    }
    if (nsec == MAXSEC)
      fail("more than %d sections", MAXSEC);
    Sec *S = &secs[nsec++];
    memset(S, 0, sizeof *S);
    snprintf(S->file, sizeof S->file, "%s", file);
    snprintf(S->name, sizeof S->name, "%s", name);
    for (int i = 0; i < nsec - 1; i++)
      if (!strcmp(secs[i].name, name))
        fail("two sections named %s", name);
    const char *colon = line + 4 + strlen(name);
    if (*colon == ':')
      snprintf(S->declared, sizeof S->declared, "%.*s", (int)(eol - colon - 1), colon + 1);
    S->text = eol + 1; /* start; cut when the next //@ line is found */
  }
  if (!closed)
    fail("no \"//@ end\" line");
}

static void put_string(const char *s) {
  fputs("    \"", stdout);
  for (; *s; s++) {
    if (*s == '\\' || *s == '"')
      printf("\\%c", *s);
    else if (*s == '\n')
      fputs(s[1] ? "\\n\"\n    \"" : "\\n", stdout);
    else
      putchar(*s);
  }
  putchar('"');
}

static int by_name(const void *a, const void *b) { return strcmp(((const Sym *)a)->name, ((const Sym *)b)->name); }

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    int first = nsec;
    split_file(argv[i]);
    for (int s = first; s < nsec; s++)
      scan_section(s);
    for (int s = first; s < nsec; s++)
      find_deps(s);
  }
  cur_file = NULL;
  qsort(syms, (size_t)nsym, sizeof *syms, by_name);
  printf("/* generated by tools/rtindex.c from the runtime headers; do not edit */\n"
         "#include <stddef.h>\n#include \"c/runtime_index.h\"\n\nconst RtSection tc_rt_sections[] = {\n");
  for (int s = 0; s < nsec; s++) {
    printf("  {\"%s\", \"%s\", %d, 0x%llxULL,\n", secs[s].file, secs[s].name, secs[s].decl, secs[s].deps);
    put_string(secs[s].text);
    printf("},\n");
  }
  printf("};\nconst int tc_rt_nsections = %d;\n\nconst RtSymbol tc_rt_symbols[] = {\n", nsec);
  for (int k = 0; k < nsym; k++) {
    printf("  {\"%s\", %d, ", syms[k].name, syms[k].sec);
    if (syms[k].proto)
      printf("\"%s\"},\n", syms[k].proto);
    else
      printf("NULL},\n");
  }
  printf("};\nconst int tc_rt_nsymbols = %d;\n", nsym);
  return 0;
}
