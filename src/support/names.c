/* names.c — the C names a target's output has taken, and fresh ones: `base`, then `base_1`,
 * `base_2`, ... the first that is neither taken nor reserved (both emitters name values so).
 *
 * A Names keeps the taken names in order (names.v: an emitter drops the names of a scope it
 * leaves with names_drop) and an index of them: how many times each is taken, and for each base
 * the first candidate that may be free (every earlier one is taken). names_drop lowers the hints
 * of the bases that could have made a dropped name, so names_unique picks what a linear search
 * would, in constant time per name: a static_range of thousands of trips binds as many `acc`s
 * (quadratic, then cubic, in the names before). */
#include <stdlib.h>
#include <string.h>

#include "tritonc.h"

typedef struct NameSlot {
  const char *key;
  int count; /* taken: occurrences in names.v; hints: the first candidate that may be free */
} NameSlot;
typedef struct NameMap {
  NameSlot *slot;
  size_t n, cap;
} NameMap;
struct NameIndex {
  NameMap taken, hints;
};

static size_t hash_str(const char *s) { /* FNV-1a */
  size_t h = (size_t)14695981039346656037ull;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * (size_t)1099511628211ull;
  return h;
}

/* the slot of key in m (added with count 0 when absent and add) or NULL */
static NameSlot *map_at(NameMap *m, const char *key, bool add) {
  if (add && 2 * (m->n + 1) > m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 256;
    NameSlot *t = arena_alloc(cap * sizeof *t);
    memset(t, 0, cap * sizeof *t);
    for (size_t i = 0; i < m->cap; i++)
      if (m->slot[i].key) {
        size_t h = hash_str(m->slot[i].key) & (cap - 1);
        while (t[h].key)
          h = (h + 1) & (cap - 1);
        t[h] = m->slot[i];
      }
    m->slot = t;
    m->cap = cap;
  }
  if (!m->cap)
    return NULL;
  size_t h = hash_str(key) & (m->cap - 1);
  while (m->slot[h].key && strcmp(m->slot[h].key, key))
    h = (h + 1) & (m->cap - 1);
  if (!m->slot[h].key) {
    if (!add)
      return NULL;
    m->slot[h].key = key;
    m->n++;
  }
  return &m->slot[h];
}

static NameIndex *index_of(Names *ns) {
  if (!ns->ix) {
    ns->ix = arena_alloc(sizeof(NameIndex));
    memset(ns->ix, 0, sizeof(NameIndex));
  }
  return ns->ix;
}

bool names_taken(Names *ns, const char *s) {
  for (int i = 0; ns->reserved && ns->reserved[i]; i++)
    if (!strcmp(ns->reserved[i], s))
      return true;
  NameSlot *c = map_at(&index_of(ns)->taken, s, false);
  return c && c->count > 0;
}

void names_add(Names *ns, const char *s) {
  vec_push(&ns->v, (void *)s);
  map_at(&index_of(ns)->taken, s, true)->count++;
}

/* Drops the names from the n-th on. A dropped `X` or `X_k` may be names_unique's free
 * candidate for base X again: X's hint goes back to it. */
void names_drop(Names *ns, int n) {
  NameIndex *ix = index_of(ns);
  for (int i = n; i < ns->v.n; i++) {
    const char *s = ns->v.v[i];
    map_at(&ix->taken, s, true)->count--;
    NameSlot *h = map_at(&ix->hints, s, false); /* s as a base itself: candidate 1 */
    if (h && h->count > 1)
      h->count = 1;
    const char *u = strrchr(s, '_');
    if (u && u[1] >= '1' && u[1] <= '9' && strspn(u + 1, "0123456789") == strlen(u + 1) &&
        strlen(u + 1) < 9) {
      const char *base = fmt("%.*s", (int)(u - s), s);
      int k = atoi(u + 1);
      h = map_at(&ix->hints, base, false);
      if (h && h->count > k + 1) /* X_k is candidate k + 1 */
        h->count = k + 1;
    }
  }
  ns->v.n = n;
}

const char *names_unique(Names *ns, const char *base) {
  NameSlot *hint = map_at(&index_of(ns)->hints, base, true);
  int n = hint->count > 1 ? hint->count : 1; /* candidate n: base (1), base_1 (2), ... */
  const char *s = n > 1 ? fmt("%s_%d", base, n - 1) : base;
  for (; names_taken(ns, s); n++)
    s = fmt("%s_%d", base, n);
  hint->count = n + 1; /* s is candidate n: it and every earlier one are taken */
  names_add(ns, s);
  return s;
}
