"""In one process the second launch with the same specialisation is a memory hit (no
translation, no disk lookup); a new specialisation (another BLOCK_SIZE) translates again."""
import torch
import tritonc
from add import add_kernel

x = torch.randn(1000)
out = torch.empty(1000)
add_kernel[(1, )](x, x, out, 1000, BLOCK_SIZE=1024)
before = dict(tritonc.stats)
add_kernel[(1, )](x, x, out, 1000, BLOCK_SIZE=1024)
after = dict(tritonc.stats)
assert after["memory_hits"] == before["memory_hits"] + 1, (before, after)
assert after["translations"] == before["translations"], (before, after)
assert after["disk_hits"] == before["disk_hits"], (before, after)
add_kernel[(1, )](x, x, out, 1000, BLOCK_SIZE=512)
last = dict(tritonc.stats)
assert last["translations"] + last["disk_hits"] == after["translations"] + after["disk_hits"] + 1
torch.testing.assert_close(out, 2 * x)
print("cache ok")
