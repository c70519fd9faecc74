#!/usr/bin/env python3
"""Scores a hipdoctor-cli build on the field corpus (tests/diagnosis/field/README.md).

    scripts/field-score.py path/to/hipdoctor-cli [more CLIs to compare ...]

For every report: `diagnose FILE.txt --json` with the sidecar's --target / --env, then the
sidecar's expect (known gaps aside) and forbid ids. Prints the reports each CLI gets wrong and,
per CLI, how many are right and how many wrongly say "the build failed".
"""
import glob
import json
import os
import subprocess
import sys

FIELD = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'diagnosis', 'field')


def score(cli):
    right, false_compile, rows = 0, 0, []
    for side in sorted(glob.glob(os.path.join(FIELD, '*.json'))):
        s = json.load(open(side))
        args = [cli, 'diagnose', side[:-5] + '.txt', '--json']
        for t in s.get('targets', []):
            args += ['--target', t]
        for k, v in s.get('env', {}).items():
            args += ['--env', f'{k}={v}']
        p = subprocess.run(args, capture_output=True, text=True, timeout=120)
        try:
            ids = [f['id'] for f in json.loads(p.stdout)['findings']]
        except ValueError:
            ids = ['<no JSON: exit %d>' % p.returncode]
        gaps = s.get('known_gap', {}).get('ids', [])
        missing = [e for e in s['expect'] if e not in ids and e not in gaps]
        forbidden = [f for f in s['forbid'] if f in ids]
        right += not missing and not forbidden
        false_compile += 'layer.compile-failed' in forbidden
        if missing or forbidden:
            rows.append((os.path.basename(side)[:-5], missing, forbidden))
    return right, false_compile, rows


def main():
    total = len(glob.glob(os.path.join(FIELD, '*.json')))
    for cli in sys.argv[1:]:
        right, false_compile, rows = score(cli)
        for name, missing, forbidden in rows:
            print(f'  {name}: missing {missing}, forbidden but reported {forbidden}')
        print(f'{cli}: {right} of {total} right (known gaps aside); '
              f'"the build failed" where it is not: {false_compile}')


if __name__ == '__main__':
    main()
