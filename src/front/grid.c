/* grid.c — the launch grid (-g): up to three C integer expressions over the kernel's integer
 * arguments (+ - * / % parentheses and cdiv(a, b)), checked against the specialised kernel and
 * rewritten with constexpr values substituted. Both targets' launchers read Kernel.grid. */
#include "tritonc.h"

#include <string.h>

typedef struct GridP {
  Kernel *k;
  const char *s;
  int pos, col0;
  Buf out;
} GridP;

static Loc grid_loc(GridP *g) { return (Loc){"<grid>", 1, g->col0 + g->pos}; }

static void gp_skip(GridP *g) {
  while (g->s[g->pos] == ' ' || g->s[g->pos] == '\t')
    g->pos++;
}

static void gp_expr(GridP *g);

/* A constexpr is pasted as its value: an integer, in parentheses when negative (so `-N` does not
 * become `--5`); a bool as Python counts it (True is 1); any other value is not a grid size. */
static void grid_constexpr(GridP *g, const KParam *kp, int start) {
  const char *t = kp->cexpr_text;
  if (!strcmp(t, "True") || !strcmp(t, "False")) {
    buf_puts(&g->out, t[0] == 'T' ? "1" : "0");
    return;
  }
  size_t digits = strspn(t + (t[0] == '-'), "0123456789");
  if (!digits || t[(t[0] == '-') + digits])
    error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression uses constexpr '%s' = %s, "
             "which is not an integer", kp->name, t);
  if (!strcmp(t, "-9223372036854775808"))
    buf_puts(&g->out, "(-9223372036854775807 - 1)");
  else
    buf_printf(&g->out, t[0] == '-' ? "(%s)" : "%s", t);
}

static void gp_primary(GridP *g) {
  gp_skip(g);
  const char *p = g->s + g->pos;
  if (*p == '(') {
    g->pos++;
    buf_puts(&g->out, "(");
    gp_expr(g);
    gp_skip(g);
    if (g->s[g->pos] != ')')
      error_at(grid_loc(g), "expected ')' in grid expression");
    g->pos++;
    buf_puts(&g->out, ")");
    return;
  }
  if (*p >= '0' && *p <= '9') {
    while (g->s[g->pos] >= '0' && g->s[g->pos] <= '9')
      buf_printf(&g->out, "%c", g->s[g->pos++]);
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
    buf_printf(&g->out, "((%s + %s - 1) / (%s))", a.out.s, b.out.s, b.out.s);
    g->pos = b.pos + 1;
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
    return;
  }
  error_at((Loc){"<grid>", 1, g->col0 + start}, "grid expression names unknown argument '%s'", id);
}

static void gp_unary(GridP *g) {
  gp_skip(g);
  if (g->s[g->pos] == '-') {
    g->pos++;
    buf_puts(&g->out, "-");
  }
  gp_primary(g);
}

static void gp_term(GridP *g) {
  gp_unary(g);
  for (gp_skip(g); strchr("*/%", g->s[g->pos]) && g->s[g->pos]; gp_skip(g)) {
    buf_printf(&g->out, " %c ", g->s[g->pos++]);
    gp_unary(g);
  }
}

static void gp_expr(GridP *g) {
  gp_term(g);
  for (gp_skip(g); (g->s[g->pos] == '+' || g->s[g->pos] == '-'); gp_skip(g)) {
    buf_printf(&g->out, " %c ", g->s[g->pos++]);
    gp_term(g);
  }
}

static const char *grid_dim(Kernel *k, const char *text, int col0) {
  GridP g = {k, text, 0, col0, {0}};
  gp_expr(&g);
  gp_skip(&g);
  if (g.s[g.pos])
    error_at(grid_loc(&g), "unexpected '%c' in grid expression", g.s[g.pos]);
  if (!g.out.s)
    error_at(grid_loc(&g), "empty grid expression");
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

