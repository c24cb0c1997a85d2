"""triton.testing: the assert and timing helpers programs use, on CPU tensors and arrays."""
import time


def _to_numpy(x):
    import numpy as np
    if hasattr(x, "detach"):
        x = x.detach().cpu()
        import torch
        if x.dtype == torch.bfloat16:
            x = x.float()
        return x.numpy()
    return np.asarray(x)


def assert_close(x, y, atol=None, rtol=None, err_msg=""):
    """Triton's assert_close: elementwise |x - y| <= atol + rtol * |y| (defaults 1e-2, 0)."""
    import numpy as np
    if callable(atol):
        atol = atol(getattr(x, "dtype", None))
    if callable(rtol):
        rtol = rtol(getattr(x, "dtype", None))
    atol = 1e-2 if atol is None else atol
    rtol = 0 if rtol is None else rtol
    xn, yn = _to_numpy(x), _to_numpy(y)
    if xn.dtype == bool or yn.dtype == bool:
        np.testing.assert_array_equal(xn, yn, err_msg=err_msg)
        return
    np.testing.assert_allclose(xn, yn, atol=atol, rtol=rtol, equal_nan=True, err_msg=err_msg)


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None, return_mode="mean"):
    """Milliseconds per call of fn, by wall clock (CPU kernels are synchronous)."""
    fn()
    t0 = time.perf_counter()
    n = 0
    while n < 3 or (time.perf_counter() - t0) * 1e3 < warmup:
        fn()
        n += 1
    times = []
    t_end = time.perf_counter() + rep / 1e3
    while len(times) < 5 or time.perf_counter() < t_end:
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    times.sort()
    if quantiles is not None:
        return [times[min(int(q * len(times)), len(times) - 1)] for q in quantiles]
    return {"min": times[0], "max": times[-1], "median": times[len(times) // 2]}.get(
        return_mode, sum(times) / len(times))


class Benchmark:
    def __init__(self, x_names, x_vals, line_arg, line_vals, line_names, plot_name, args,
                 xlabel="", ylabel="", x_log=False, y_log=False, styles=None, **_):
        self.__dict__.update(locals())


def perf_report(benchmarks):
    """Runs the benchmark function over x_vals x line_vals and prints a table (no plots)."""
    def wrap(fn):
        class _Report:
            def run(self, show_plots=False, print_data=True, **kw):
                for b in (benchmarks if isinstance(benchmarks, list) else [benchmarks]):
                    print(b.plot_name)
                    for x in b.x_vals:
                        xs = dict(zip(b.x_names, x if isinstance(x, (list, tuple)) else [x]))
                        row = [fn(**xs, **{b.line_arg: lv}, **b.args) for lv in b.line_vals]
                        print(xs, row)
        return _Report()
    return wrap
