#!/usr/bin/env python3
"""The field corpus's fixed split (tests/diagnosis/field/README.md, "Development and held-out").

    scripts/field-split.py URL [URL ...]     prints "development" or "heldout" for each source
    scripts/field-split.py --check           checks every report sits where the rule puts it

The rule depends on the source address alone, never on a report's text:
- the 52 reports collected before the split existed (listed in field/seen-before-split.txt)
  are development: the rules were written from them;
- a report listed in field/moved-to-development.txt was held out, failed, and was studied only
  after the fix for its class had been written from development reports;
- every other report is held out when sha256(source address) is odd, else development.
Held-out reports live in field/heldout/, development reports in field/.
"""
import glob
import hashlib
import json
import os
import sys

FIELD = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'diagnosis', 'field')


def _listed(name):
    path = os.path.join(FIELD, name)
    if not os.path.exists(path):
        return set()
    return {l.strip() for l in open(path) if l.strip() and not l.startswith('#')}


def half(source, seen=None, moved=None):
    seen = _listed('seen-before-split.txt') if seen is None else seen
    moved = _listed('moved-to-development.txt') if moved is None else moved
    if source in seen or source in moved:
        return 'development'
    digest = hashlib.sha256(source.strip().encode()).digest()
    return 'heldout' if digest[-1] & 1 else 'development'


def check():
    seen, moved, bad = _listed('seen-before-split.txt'), _listed('moved-to-development.txt'), 0
    for side in glob.glob(os.path.join(FIELD, '*.json')) + glob.glob(os.path.join(FIELD, 'heldout', '*.json')):
        # Only the sidecar's source is read here, never the report's text.
        source = json.load(open(side))['source']
        where = 'heldout' if os.path.basename(os.path.dirname(side)) == 'heldout' else 'development'
        want = half(source, seen, moved)
        if where != want:
            print(f'{os.path.relpath(side, FIELD)}: belongs in {want}')
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--check']:
        sys.exit(check())
    for url in sys.argv[1:]:
        print(half(url))
