/* grid.c — the launch grid (-g): up to three C integer expressions over the kernel's integer
 * arguments (+ - * / % parentheses and cdiv(a, b)), checked against the specialised kernel and
 * rewritten with constexpr values substituted. Both targets' launchers read Kernel.grid. */
#include "tritonc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct GridP {
  Kernel *k;
  const char *s;
  int pos, col0;
  Buf out;
  bool cst;      /* the expression just parsed is a constant, */
  long long val; /* of this value (kept in int's range, as C evaluates the grid in int) */
  int depth;     /* parentheses and cdiv( open around the position */
} GridP;

/* Kernel expressions nest at most this deep (the front end's cap); clang refuses brackets
 * nested past 256. */
#define GRID_MAX_DEPTH 200
/* cdiv(a, b) pastes b twice, so b's own cdivs double the text at each level: past this many
 * bytes a grid dimension is refused rather than grown without end. */
#define GRID_MAX_TEXT 65536

static Loc grid_loc(GridP *g) { return (Loc){"<grid>", 1, g->col0 + g->pos}; }

static void gp_skip(GridP *g) {
  while (g->s[g->pos] == ' ' || g->s[g->pos] == '\t')
    g->pos++;
}

static void gp_expr(GridP *g);

static void gp_enter(GridP *g, int at) {
  if (++g->depth > GRID_MAX_DEPTH)
    error_at((Loc){"<grid>", 1, g->col0 + at}, "grid expression nested too deeply (more than %d "
             "levels)", GRID_MAX_DEPTH);
}

/* A constant part of the grid is checked as the C compiler would: a division by zero or a value
 * outside int (`-Werror` rejects both) is a user error here, at the operator. */
static void gp_fold(GridP *g, bool lcst, long long l, char op, int at) {
  long long r = g->val;
  Loc loc = {"<grid>", 1, g->col0 + at};
  if ((op == '/' || op == '%') && g->cst && r == 0)
    error_at(loc, "division by zero in grid expression");
  if (!lcst || !g->cst) {
    g->cst = false;
    return;
  }
  long long v = op == '+' ? l + r : op == '-' ? l - r : op == '*' ? l * r : op == '/' ? l / r : l % r;
  if (v < INT32_MIN || v > INT32_MAX)
    error_at(loc, "grid expression overflows int (%lld)", v);
  g->val = v;
}

/* A constexpr is pasted as its value: an integer, in parentheses when negative (so `-N` does not
 * become `--5`); a bool as Python counts it (True is 1); any other value is not a grid size. */
static void grid_constexpr(GridP *g, const KParam *kp, int start) {
  const char *t = kp->cexpr_text;
  g->cst = true;
  if (!strcmp(t, "True") || !strcmp(t, "False")) {
    buf_puts(&g->out, t[0] == 'T' ? "1" : "0");
    g->val = t[0] == 'T';
    return;
  }
  size_t digits = strspn(t + (t[0] == '-'), "0123456789");
  if (!digits || t[(t[0] == '-') + digits])
    error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression uses constexpr '%s' = %s, "
             "which is not an integer", kp->name, t);
  g->val = strtoll(t, NULL, 10);
  if (g->val < INT32_MIN || g->val > INT32_MAX)
    error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression uses constexpr '%s' = %s, "
             "which is outside int", kp->name, t);
  buf_printf(&g->out, t[0] == '-' ? "(%s)" : "%s", t);
}

static void gp_primary(GridP *g) {
  gp_skip(g);
  const char *p = g->s + g->pos;
  if (*p == '(') {
    gp_enter(g, g->pos);
    g->pos++;
    buf_puts(&g->out, "(");
    gp_expr(g);
    gp_skip(g);
    if (g->s[g->pos] != ')')
      error_at(grid_loc(g), "expected ')' in grid expression");
    g->pos++;
    buf_puts(&g->out, ")");
    g->depth--;
    return;
  }
  if (*p >= '0' && *p <= '9') { /* decimal, leading zeros dropped (C would read octal) */
    int start = g->pos;
    g->cst = true;
    g->val = 0;
    while (g->s[g->pos] >= '0' && g->s[g->pos] <= '9') {
      g->val = g->val * 10 + (g->s[g->pos++] - '0');
      if (g->val > INT32_MAX)
        error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression overflows int");
    }
    buf_printf(&g->out, "%lld", g->val);
    return;
  }
  if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_'))
    error_at(grid_loc(g), "unexpected '%c' in grid expression", *p ? *p : ' ');
  int start = g->pos;
  while (g->s[g->pos] == '_' || (g->s[g->pos] >= 'a' && g->s[g->pos] <= 'z') ||
         (g->s[g->pos] >= 'A' && g->s[g->pos] <= 'Z') || (g->s[g->pos] >= '0' && g->s[g->pos] <= '9'))
    g->pos++;
  const char *id = xstrndup(p, (size_t)(g->pos - start));
  gp_skip(g);
  if (!strcmp(id, "cdiv") && g->s[g->pos] == '(') {
    gp_enter(g, start);
    g->pos++;
    GridP a = *g;
    a.out = (Buf){0};
    gp_expr(&a);
    gp_skip(&a);
    if (a.s[a.pos] != ',')
      error_at(grid_loc(&a), "cdiv needs two arguments");
    a.pos++;
    GridP b = a;
    b.out = (Buf){0};
    gp_expr(&b);
    gp_skip(&b);
    if (b.s[b.pos] != ')')
      error_at(grid_loc(&b), "expected ')' after cdiv arguments");
    if (a.out.n + 2 * b.out.n > GRID_MAX_TEXT)
      error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression too large once cdiv is "
               "expanded (more than %d characters)", GRID_MAX_TEXT);
    buf_printf(&g->out, "((%s + %s - 1) / (%s))", a.out.s, b.out.s, b.out.s);
    g->cst = a.cst, g->val = a.val; /* (a + b - 1) / b */
    GridP one = {.cst = true, .val = 1, .col0 = g->col0};
    one.cst = b.cst, one.val = b.val;
    gp_fold(&one, a.cst, a.val, '+', start);
    bool sum_cst = one.cst;
    long long sum = one.val;
    one.cst = true, one.val = 1;
    gp_fold(&one, sum_cst, sum, '-', start);
    sum_cst = one.cst, sum = one.val;
    one.cst = b.cst, one.val = b.val;
    gp_fold(&one, sum_cst, sum, '/', start);
    g->cst = one.cst, g->val = one.val;
    g->pos = b.pos + 1;
    g->depth--;
    buf_free(&a.out);
    buf_free(&b.out);
    return;
  }
  for (int i = 0; i < g->k->nparams; i++) {
    KParam *kp = &g->k->params[i];
    if (strcmp(kp->name, id) != 0)
      continue;
    if (kp->constexpr_) {
      grid_constexpr(g, kp, start);
      return;
    }
    if (kp->dt == DT_PTR || dt_is_float(kp->dt))
      error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression uses '%s', which is not an "
               "integer argument", id);
    buf_printf(&g->out, "%s", id);
    g->cst = false;
    return;
  }
  error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression names unknown argument '%s'", id);
}

static void gp_unary(GridP *g) {
  gp_skip(g);
  int at = g->pos;
  bool neg = g->s[g->pos] == '-';
  if (neg) {
    g->pos++;
    buf_puts(&g->out, "-");
  }
  gp_primary(g);
  if (neg)
    gp_fold(g, true, 0, '-', at);
}

static void gp_term(GridP *g) {
  gp_unary(g);
  for (gp_skip(g); strchr("*/%", g->s[g->pos]) && g->s[g->pos]; gp_skip(g)) {
    int at = g->pos;
    char op = g->s[g->pos++];
    bool lcst = g->cst;
    long long l = g->val;
    buf_printf(&g->out, " %c ", op);
    gp_unary(g);
    gp_fold(g, lcst, l, op, at);
  }
}

static void gp_expr(GridP *g) {
  gp_term(g);
  for (gp_skip(g); (g->s[g->pos] == '+' || g->s[g->pos] == '-'); gp_skip(g)) {
    int at = g->pos;
    char op = g->s[g->pos++];
    bool lcst = g->cst;
    long long l = g->val;
    buf_printf(&g->out, " %c ", op);
    gp_term(g);
    gp_fold(g, lcst, l, op, at);
  }
}

static const char *grid_dim(Kernel *k, const char *text, int col0) {
  GridP g = {.k = k, .s = text, .col0 = col0};
  gp_expr(&g);
  gp_skip(&g);
  if (g.s[g.pos])
    error_at(grid_loc(&g), "unexpected '%c' in grid expression", g.s[g.pos]);
  if (!g.out.s)
    error_at(grid_loc(&g), "empty grid expression");
  if (g.cst && g.val < 0) /* 0 programs is a launch that runs nothing; fewer is no grid */
    error_at((Loc){"<grid>", 1, col0 + (int)strspn(text, " \t")}, "grid dimension is negative "
             "(%lld)", g.val);
  const char *r = xstrdup(g.out.s);
  buf_free(&g.out);
  return r;
}

void grid_parse(Kernel *k, const char *grid) {
  const char *p = grid;
  const char **out = k->grid;
  int n = 0;
  out[0] = out[1] = out[2] = "1";
  for (;;) {
    const char *comma = NULL;
    for (int depth = 0, i = 0; p[i] && !comma; i++) {
      depth += p[i] == '(' ? 1 : p[i] == ')' ? -1 : 0;
      if (p[i] == ',' && depth == 0)
        comma = p + i;
    }
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (n == 3)
      error_at((Loc){"<grid>", 1, (int)(p - grid) + 1}, "a grid has at most 3 dimensions");
    out[n++] = grid_dim(k, xstrndup(p, len), (int)(p - grid) + 1);
    if (!comma)
      break;
    p = comma + 1;
  }
}

