/* inductor.c — the kernels torch.compile (Inductor) generates, as their modules come:
 *
 *   @triton_heuristics.pointwise(size_hints=..., filename=__file__,
 *       triton_meta={'signature': {'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'},
 *                    'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]]}], ...},
 *       inductor_meta={...})
 *   @triton.jit
 *   def triton_poi_fused_add_0(in_ptr0, xnumel, XBLOCK: tl.constexpr): ...
 *
 * The decorator is autotuning data for the host: translation accepts it without evaluating its
 * arguments (DeviceProperties(...), __file__ are host Python). Its triton_meta is the Triton
 * signature the kernel was compiled for; with no -s, it becomes the signature (types, ':16'
 * where 'tt.divisibility' says so, the values of 'constants'), leaving the block-size constexprs
 * (XBLOCK, R0_BLOCK) to -D.
 */
#include "sema.h"

#include <string.h>

bool inductor_deco(Sema *S, Node *d) {
  if (d->kind != N_CALL)
    return false;
  SVal *f = eval_expr(S, d->a);
  return f->k == SV_BUILTIN && !strcmp(f->s, "inductor.heuristics");
}

/* dict[key] of an evaluated dict with string keys; NULL if absent */
static SVal *dict_get(SVal *d, const char *key) {
  for (int i = 0; d && d->k == SV_DICT && i + 1 < d->n; i += 2)
    if (d->items[i]->k == SV_STR && !strcmp(d->items[i]->s, key))
      return d->items[i + 1];
  return NULL;
}

/* triton_meta[key], evaluated alone: its other entries are host Python */
static SVal *meta_entry(Sema *S, Node *meta, const char *key) {
  for (int i = 0; meta && meta->kind == N_DICT && i + 1 < meta->args.n; i += 2) {
    Node *k = meta->args.v[i];
    if (k->kind == N_STR && !strcmp(k->str, key) && meta->args.v[i + 1])
      return eval_expr(S, meta->args.v[i + 1]);
  }
  return NULL;
}

/* Whether configs[0] gives argument `index` 'tt.divisibility' 16: {(0,): [['tt.divisibility', 16]]} */
static bool divisible16(SVal *configs, int index) {
  if (!configs || configs->k != SV_TUPLE || configs->n < 1)
    return false;
  SVal *c = configs->items[0];
  for (int i = 0; c->k == SV_DICT && i + 1 < c->n; i += 2) {
    SVal *key = c->items[i], *hints = c->items[i + 1];
    if (key->k != SV_TUPLE || key->n != 1 || key->items[0]->k != SV_INT ||
        key->items[0]->i != index || hints->k != SV_TUPLE)
      continue;
    for (int j = 0; j < hints->n; j++) {
      SVal *h = hints->items[j];
      if (h->k == SV_TUPLE && h->n == 2 && h->items[0]->k == SV_STR &&
          !strcmp(h->items[0]->s, "tt.divisibility") && h->items[1]->k == SV_INT &&
          h->items[1]->i == 16)
        return true;
    }
  }
  return false;
}

static const char *value_text(SVal *v) {
  switch (v->k) {
  case SV_INT: return fmt("%lld", (long long)v->i);
  case SV_BOOL: return v->i ? "True" : "False";
  case SV_FLOAT: return fmt("%.17g", v->f);
  default: return NULL;
  }
}

const char *inductor_signature(Sema *S, Node *fn) {
  Node *meta = NULL;
  for (int i = 0; i < fn->decos.n && !meta; i++)
    if (inductor_deco(S, fn->decos.v[i]))
      for (int j = 0; j < fn->decos.v[i]->kws.n; j++)
        if (!strcmp(fn->decos.v[i]->kws.v[j]->str, "triton_meta"))
          meta = fn->decos.v[i]->kws.v[j]->a;
  SVal *sig = meta_entry(S, meta, "signature");
  if (!sig || sig->k != SV_DICT)
    return NULL;
  SVal *consts = meta_entry(S, meta, "constants"), *configs = meta_entry(S, meta, "configs");
  const char *out = "";
  for (int i = 0; i < fn->params.n; i++) {
    const char *name = fn->params.v[i]->str;
    SVal *t = dict_get(sig, name), *c = dict_get(consts, name);
    const char *e = c ? value_text(c)
                    : t && t->k == SV_STR && strcmp(t->s, "constexpr")
                        ? fmt("%s%s", t->s, divisible16(configs, i) ? ":16" : "")
                        : NULL;
    if (!e)
      break; /* XBLOCK, R0_BLOCK: from -D; the signature is positional, so it stops here */
    out = fmt("%s%s%s", out, i ? ", " : "", e);
  }
  return out;
}
