# tritonc: -n mix_rows_kernel -s "*fp32, *fp32, *fp32, i32, 2048, 32" -g "1, 1, 1"
# file: tests/golden/dead_carried.py
# tl.static_range(2048) over 2048-wide tiles: some 40,000 ops in one block. The C emitter
# searched a base's names linearly for a free suffix, scanned the whole block again for every
# fusion group (and allocated as much), and skipped comments with strstr (quadratic under ASan):
# 1024 trips took 46 s, 4096 did not finish. Now the names and groups are indexed (emit_c.c):
# 4096 trips take 0.8 s.
