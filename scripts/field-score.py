#!/usr/bin/env python3
"""Scores a hipdoctor-cli build on the field corpus (tests/diagnosis/field/README.md).

    scripts/field-score.py path/to/hipdoctor-cli [more CLIs to compare ...]
    scripts/field-score.py --half development|heldout|both CLI ...   (default: both)
    scripts/field-score.py --batch NAME CLI ...   only sidecars whose "batch" is NAME (both halves
                                                  unless --half; held-out still ids only)
    scripts/field-score.py --table                                   the README's report table

For every report: `diagnose FILE.txt --json` with the sidecar's --target / --env, then the
sidecar's expect (known gaps aside) and forbid ids. The development and held-out halves are
scored separately. For development reports it prints the reports each CLI gets wrong; for
held-out reports it prints only the score and, per report, the expected and reported ids: never
a report's text, so that no rule is written from them.
"""
import glob
import json
import os
import subprocess
import sys

FIELD = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'diagnosis', 'field')
HALVES = {'development': FIELD, 'heldout': os.path.join(FIELD, 'heldout')}
# Layers a finding of the run layer contradicts (tst_field_corpus's contradiction()).
FAILED_LAYERS = ('compile', 'build', 'load')


BATCH = None  # --batch: score only the sidecars of one collection batch


def sidecars(half):
    found = sorted(glob.glob(os.path.join(HALVES[half], '*.json')))
    if BATCH is None:
        return found
    return [side for side in found if json.load(open(side)).get('batch') == BATCH]


def run(cli, side):
    s = json.load(open(side))
    args = [cli, 'diagnose', side[:-5] + '.txt', '--json']
    for t in s.get('targets', []):
        args += ['--target', t]
    for k, v in s.get('env', {}).items():
        args += ['--env', f'{k}={v}']
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    try:
        findings = json.loads(p.stdout)['findings']
    except ValueError:
        findings = [{'id': '<no JSON: exit %d>' % p.returncode, 'layer': '', 'severity': ''}]
    return s, findings


def contradiction(findings):
    ran = [f['id'] for f in findings if f.get('layer') == 'run']
    failed = [f['id'] for f in findings
              if f.get('severity') == 'error' and f.get('layer') in FAILED_LAYERS]
    if ran and failed:
        return f'{ran[0]} beside {failed[0]}'
    if len(findings) > 1 and any(f['id'] == 'layer.unknown' for f in findings):
        return 'layer.unknown beside other findings'
    return ''


def score(cli, half):
    right, false_compile, rows = 0, 0, []
    for side in sidecars(half):
        s, findings = run(cli, side)
        ids = list(dict.fromkeys(f['id'] for f in findings))
        gaps = s.get('known_gap', {}).get('ids', [])
        missing = [e for e in s['expect'] if e not in ids and e not in gaps]
        reported_gaps = s.get('known_gap', {}).get('reported', [])
        forbidden = [f for f in s['forbid'] if f in ids and f not in reported_gaps]
        contra = contradiction(findings)
        if contra and contra == s.get('known_gap', {}).get('contradiction'):
            contra = ''  # a known gap, like the ids above
        ok = not missing and not forbidden and not contra
        right += ok
        false_compile += 'layer.compile-failed' in forbidden
        rows.append((os.path.basename(side)[:-5], ok, s['expect'], ids, missing, forbidden, contra,
                     s.get('category', '')))
    return right, false_compile, rows


def table():
    """The README's table: every report with its category and half (sidecar fields only)."""
    print('| report | half | platform | os | layer | expect | source |')
    print('|---|---|---|---|---|---|---|')
    for half in ('development', 'heldout'):
        for side in sidecars(half):
            s = json.load(open(side))
            gaps = s.get('known_gap', {}).get('ids', [])
            expect = ', '.join(f'`{e}`' for e in s['expect'])
            if gaps:
                expect += ' (gap: %s)' % ', '.join(gaps)
            src = s['source']
            label = '%s#%s' % (s.get('repo', ''), s.get('issue', '')) if s.get('repo') else src
            print(f"| `{os.path.basename(side)[:-5]}` | {half} | {s.get('platform', '')} | "
                  f"{s.get('os', '')} | {s.get('layer', '')} | {expect} | [{label}]({src}) |")


def main():
    global BATCH
    argv = sys.argv[1:]
    if argv == ['--table']:
        table()
        return
    halves = ['development', 'heldout']
    while argv[:1] in (['--half'], ['--batch']):
        if argv[0] == '--half':
            halves = halves if argv[1] == 'both' else [argv[1]]
        else:
            BATCH = argv[1]
        argv = argv[2:]
    for cli in argv:
        by_category = {}
        for half in halves:
            total = len(sidecars(half))
            right, false_compile, rows = score(cli, half)
            for name, ok, expect, ids, missing, forbidden, contra, category in rows:
                tally = by_category.setdefault(category or '-', [0, 0])
                tally[0] += ok
                tally[1] += 1
                if half == 'heldout':
                    # ids only: the held-out text is never shown
                    print(f"  heldout {'pass' if ok else 'FAIL'} {name}: expected {expect}, "
                          f"reported {ids}")
                elif not ok:
                    print(f'  {name}: missing {missing}, forbidden but reported {forbidden}'
                          + (f', contradiction: {contra}' if contra else ''))
            pct = 100.0 * right / total if total else 0.0
            print(f'{cli} [{half}{" " + BATCH if BATCH else ""}]: {right} of {total} right '
                  f'({pct:.0f} %, known gaps aside); '
                  f'"the build failed" where it is not: {false_compile}')
        if BATCH:
            print(f'{cli} [{BATCH}, by category]: '
                  + ', '.join(f'{c} {r}/{t}' for c, (r, t) in sorted(by_category.items())))


if __name__ == '__main__':
    main()
