"""triton.tools for programs run through tritonc without Triton installed."""
