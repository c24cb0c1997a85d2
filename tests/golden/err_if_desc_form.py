# tritonc: -n if_desc_form -s "*fp32, i32, i32"
# A runtime if may give a name tensor descriptors of different bases and shapes, not of
# different block shapes.
import triton
import triton.language as tl


@triton.jit
def if_desc_form(a_ptr, M, N):
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[8, 16])
    if M > 8:
        d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[8, 32])
    d.store([0, 0], d.load([0, 0]) + 1)
