# tritonc: -n pick_kernel -s "*fp32, *fp32, *fp32" -g "4, 1, 1"
# A conditional expression whose branches have no value (stores) with a runtime condition is an
# if: only the taken branch's store runs (test_core's test_if[if_exp_dynamic_void]).
import triton
import triton.language as tl


@triton.jit
def pick_kernel(XTrue, XFalse, Ret):
    pid = tl.program_id(0)
    tl.store(Ret + pid, tl.load(XTrue + pid)) if pid % 2 == 0 else tl.store(Ret + pid, tl.load(XFalse + pid))
