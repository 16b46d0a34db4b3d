#!/usr/bin/env python3
"""Size limits of the library and command line (docs/architecture.md, "House rules"):
lines per folder as a share of the library, files over 500 lines, functions over 80 lines.
A function is a definition that opens at column 0 ('...) {' or a line of its own) and
closes with '}' at column 0, so lambdas and inline members count within their enclosing
definition. Prints the offenders; exits 1 when any limit is broken and --check is given."""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = ['sim', 'nand', 'ftl', 'firmware', 'power', 'host_if', 'config', 'workload', 'model', 'report', 'lab']
ALL = LIB + ['apps']
FILE_MAX, FUNC_MAX, FOLDER_MAX = 500, 80, 0.25
# Declarative tables, one entry per key or statistic and no control flow (docs/architecture.md).
TABLES = {('config/config_keys.cpp', 'build'), ('workload/fio_keys.cpp', 'fio_keys'),
          ('model/run_statistics.cpp', 'run_statistics')}

def sources(folder):
    for d, _, fs in os.walk(os.path.join(ROOT, folder)):
        for f in sorted(fs):
            if f.endswith(('.h', '.cpp', '.def')):
                yield os.path.join(d, f)

KEYWORDS = r'(namespace|struct|class|enum|union|extern|using|template|typedef|if|for|while|switch|return|else|do|case|public|private|protected)\b'

def functions(path):
    """Definitions at namespace level (column 0) and members defined in a class body
    (column 2): from the signature to the closing brace at the same indentation."""
    lines = open(path).read().split('\n')
    i = 0
    while i < len(lines):
        l = lines[i]
        m = re.match(r'^( {0}| {2})([A-Za-z~].*)$', l)
        if m and not re.match(KEYWORDS, m.group(2)):
            pad = m.group(1)
            j = i  # a signature may continue on more-indented lines until '{' or ';'
            while j < len(lines) and not lines[j].rstrip().endswith(('{', ';', '}', ',')) and j - i < 6:
                j += 1
            head = ' '.join(x.strip() for x in lines[i:j + 1])
            if j < len(lines) and lines[j].rstrip().endswith('{') and '(' in head and '=' not in head.split('(')[0]:
                k = j + 1
                while k < len(lines) and not (lines[k].startswith(pad + '}') and not lines[k].startswith(pad + ' ')):
                    k += 1
                yield head, i + 1, k - i + 1
                if pad == '':
                    i = j  # look inside for members of local classes
                else:
                    i = k
        i += 1

def main():
    check = '--check' in sys.argv
    per_folder = {f: sum(len(open(p).read().split('\n')) - 1 for p in sources(f)) for f in ALL}
    lib_total = sum(per_folder[f] for f in LIB)
    bad = 0
    print(f'library: {lib_total} lines')
    for f in ALL:
        share = per_folder[f] / lib_total
        flag = '  OVER' if f in LIB and share > FOLDER_MAX else ''
        bad += bool(flag)
        print(f'  {f + "/":10} {per_folder[f]:6} lines {share:6.1%}{flag}')
    for f in ALL:
        for p in sources(f):
            rel = os.path.relpath(p, ROOT)
            n = len(open(p).read().split('\n')) - 1
            if n > FILE_MAX:
                bad += 1
                print(f'file over {FILE_MAX} lines: {rel} ({n})')
            for sig, line, length in functions(p):
                m = re.search(r'([A-Za-z_~][A-Za-z_0-9:]*)\s*\(', sig)
                name = m.group(1).split('::')[-1] if m else ''
                if length > FUNC_MAX and (rel, name) in TABLES:
                    print(f'table (allowed): {rel}:{line} ({length}) {name}')
                elif length > FUNC_MAX:
                    bad += 1
                    print(f'function over {FUNC_MAX} lines: {rel}:{line} ({length}) {sig[:90]}')
    return 1 if check and bad else 0

sys.exit(main())
