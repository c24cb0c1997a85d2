# torch._inductor.runtime.hints as tritonc carries it: the names Inductor's kernel modules
# import for their decorators' arguments, which translation never evaluates.
class ReductionHint:
    pass


class TileHint:
    pass


class AutotuneHint:
    pass


class DeviceProperties:
    pass
