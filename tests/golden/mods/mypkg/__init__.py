from .activations import gelu_tanh
