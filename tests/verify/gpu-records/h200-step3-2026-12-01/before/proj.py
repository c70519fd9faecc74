import subprocess,sys
r=subprocess.run(sys.argv[1:],capture_output=True,text=True)
sys.stderr.write(r.stderr)
if r.returncode: raise RuntimeError("vector_add failed: "+r.stderr.strip().splitlines()[-1])
print(r.stdout.strip())
