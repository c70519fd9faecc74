# A plain Triton kernel (tests/capture/gpu, docs/gpu-validation.md): compiled or taken from the
# cache in TRITON_CACHE_DIR, loaded (cuModuleLoadData), looked up (cuModuleGetFunction), launched.
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


x = torch.arange(4096, device="cuda", dtype=torch.float32)
y = torch.ones_like(x)
out = torch.empty_like(x)
add_kernel[(4,)](x, y, out, 4096, BLOCK=1024)
torch.cuda.synchronize()
print("triton add:", bool(torch.equal(out, x + y)))
