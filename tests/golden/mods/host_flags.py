# A module whose first global comes from a host helper tritonc cannot run (mod_host_global_after).
def detect():
    return "cuda"


BACKEND = detect()
SCALE = 3.0
