set -u
U=$(mktemp -d); tar -C $U -xzf .gpu-carry/hipdoctor-cli-*-linux-x86_64.tar.gz; CLI=$(echo $U/hipdoctor-cli-*/bin/hipdoctor-cli)
for lib in libcublas.so.13 libcusparse.so.12 libnppc.so.13 libcufft.so.12 libnppisu.so.13; do
f=$(readlink -f /usr/local/cuda/lib64/$lib)
echo "=== $lib"
$CLI inspect $f --json > /tmp/i.json 2>/tmp/i.err; echo "inspect exit $?"
python3 - <<'PY'
import json
d=json.load(open('/tmp/i.json')); i=d['inputs'][0]; cos=i['code_objects']
print('bundles',len(i['bundles']),'code objects',len(cos),'problems',len(i.get('problems',[])))
for p in i.get('problems',[])[:3]: print('  problem',json.dumps(p)[:300])
nok=0
for bi,b in enumerate(i['bundles']):
    ts=[e['target_id']+'/'+e['kind'] for e in b['entries']]
    has90=any(e['target_id']=='sm_90' or (e['kind']=='ptx' and e['target_id'] in ('sm_75','sm_80','sm_86','sm_89','sm_90')) for e in b['entries'])
    if not has90:
        nok+=1
        ks=[len(cos[e['code_object']].get('kernels',[])) if e['code_object']>=0 else None for e in b['entries']]
        if nok<=6: print('  bundle',bi,b['origin'],'size',b['size'],'compression',b.get('compression'),'entries',ts[:12],'kernels per entry',ks[:12])
print('bundles without sm_90 cubin or older PTX:',nok)
PY
done
