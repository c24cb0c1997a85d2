"""examples/flash_attention.py: attention forward (online softmax), causal and not, against a
numpy softmax(q k^T * scale) v."""
import numpy as np
from arrays import randn, empty_like, numpy, assert_close, stride, USE_NUMPY

import triton
import flash_attention as example

ZH, N, D = 2, 70, 64
q, k, v = randn(ZH, N, D), randn(ZH, N, D), randn(ZH, N, D)
out = empty_like(q)
qd, kd, vd = (numpy(t).astype(np.float64) for t in (q, k, v))
for causal in (False, True):
    example.attn_fwd_kernel[(triton.cdiv(N, 64), ZH)](q, k, v, out, N, stride(q, 0), stride(q, 1),
                                                    D ** -0.5, HEAD_DIM=D, BLOCK_M=64, BLOCK_N=32,
                                                    CAUSAL=causal)
    s = qd @ kd.transpose(0, 2, 1) * D ** -0.5
    if causal:
        s = np.where(np.tril(np.ones((N, N), bool)), s, -np.inf)
    p = np.exp(s - s.max(-1, keepdims=True))
    ref = (p / p.sum(-1, keepdims=True)) @ vd
    assert_close(out, ref, atol=1e-4, rtol=1e-4, what="causal" if causal else "full")
print("flash_attention ok", "numpy" if USE_NUMPY else "torch")
