#!/usr/bin/env python3
"""Fails when the build needs a Debian package that scripts/setup.sh does not install.

A machine that has been worked on keeps packages installed by hand, so a build can pass there and
fail on a fresh one (it happened: Debian 12's glslang CMake package names /usr/bin/glslangValidator,
which only glslang-tools installs, and setup.sh had dropped glslang-tools). This check looks at what
the build really touches and asks dpkg who owns it:

  - every file CMake reads while configuring (a traced configure in a scratch directory:
    find-modules, package config files) and every file a package's config requires to exist
    (imported targets check theirs with if(EXISTS)),
  - every header the compiler read (ninja's dependency log of the configured build directory),
  - every shared library the built programs load (ldd).

Each owning package must be one setup.sh installs, or one of their dependencies (Depends and
Pre-Depends, followed through the dpkg database; setup.sh installs without recommends), or part of
every Debian system (Essential: yes, Priority: required). Files no package owns (the build's own
output, /usr/local) are not judged.

Usage: check_packages.py --build-dir build/dev [--without PKG ...]
--without drops a package from setup.sh's list, to show the check catches a missing one.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def setup_packages():
    text = open(os.path.join(ROOT, 'scripts', 'setup.sh')).read()
    block = re.search(r'^packages=\((.*?)^\)', text, re.S | re.M)
    if not block:
        sys.exit('check_packages: no packages=( ... ) list in scripts/setup.sh')
    words = re.sub(r'#.*', '', block.group(1)).split()
    return set(words)


def dpkg_status():
    """Installed packages: name -> (depends alternatives, provides, essential/required)."""
    packages = {}
    providers = {}
    for stanza in open('/var/lib/dpkg/status').read().split('\n\n'):
        fields = {}
        key = None
        for line in stanza.splitlines():
            if line[:1] in (' ', '\t') and key:
                fields[key] += ' ' + line.strip()
            elif ':' in line:
                key, value = line.split(':', 1)
                fields[key] = value.strip()
        name = fields.get('Package')
        if not name or 'install ok installed' not in fields.get('Status', ''):
            continue
        depends = []
        for field in ('Pre-Depends', 'Depends'):
            for group in filter(None, (g.strip() for g in fields.get(field, '').split(','))):
                depends.append([re.split(r'[\s(:]', alt.strip())[0] for alt in group.split('|')])
        base = fields.get('Essential') == 'yes' or fields.get('Priority') == 'required'
        packages[name] = (depends, base)
        for provided in filter(None, (p.strip() for p in fields.get('Provides', '').split(','))):
            providers.setdefault(re.split(r'[\s(:]', provided)[0], []).append(name)
    return packages, providers


def closure(roots, packages, providers):
    allowed = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        candidates = [name] if name in packages else providers.get(name, [])
        for real in candidates:
            if real in allowed:
                continue
            allowed.add(real)
            for alternatives in packages[real][0]:
                # apt satisfies an "a | b" dependency with the first it can; any installed one
                # counts, since the check cannot know which one a fresh machine would pick.
                installed = [a for a in alternatives if a in packages or a in providers]
                todo.extend(installed[:1])
    return allowed


def file_owners():
    owners = {}
    info = '/var/lib/dpkg/info'
    for entry in os.listdir(info):
        if entry.endswith('.list'):
            package = entry[:-5].split(':')[0]
            for line in open(os.path.join(info, entry), errors='replace'):
                owners.setdefault(line.rstrip('\n'), package)
    return owners


def owner_of(path, owners):
    # Debian 12 merges /lib into /usr/lib: dpkg may list either spelling.
    candidates = {path, os.path.realpath(path)}
    for c in list(candidates):
        if c.startswith('/usr/'):
            candidates.add(c[4:])
        else:
            candidates.add('/usr' + c)
    for c in candidates:
        if c in owners:
            return owners[c]
    return None


def configure_files(build_dir):
    """Absolute paths a configure reads or names, from a traced configure in a scratch directory."""
    cache = open(os.path.join(build_dir, 'CMakeCache.txt')).read()
    args = []
    for var in ('CMAKE_BUILD_TYPE', 'CMAKE_C_COMPILER', 'CMAKE_CXX_COMPILER', 'CMAKE_CXX_FLAGS',
                'PICAVK_FUZZ', 'PICAVK_TESTS', 'PICAVK_BENCH', 'PICAVK_WERROR'):
        m = re.search(rf'^{var}:\w+=(.*)$', cache, re.M)
        if m:
            args.append(f'-D{var}={m.group(1)}')
    paths = set()
    with tempfile.TemporaryDirectory() as scratch:
        trace = os.path.join(scratch, 'trace.json')
        result = subprocess.run(
            ['cmake', '-S', ROOT, '-B', os.path.join(scratch, 'b'), '-G', 'Ninja', *args,
             '--trace-expand', '--trace-format=json-v1', f'--trace-redirect={trace}'],
            capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            sys.exit('check_packages: configure failed (see above)')
        for line in open(trace):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if 'file' in record:
                paths.add(record['file'])  # every CMake file read
            # Files a package's config requires to exist: imported targets check theirs with
            # if(NOT EXISTS file) (glslang's glslangValidator was one). Paths found by probes
            # (find_program of optional tools) are not needed and not counted.
            args = record.get('args', [])
            if record.get('cmd', '').lower() == 'if':
                for i, arg in enumerate(args[:-1]):
                    if arg == 'EXISTS':
                        for word in re.split(r'[;\s"]+', args[i + 1]):
                            if word.startswith('/'):
                                paths.add(word)
    return {p for p in paths if os.path.isfile(p)}


def compile_files(build_dir):
    out = subprocess.run(['ninja', '-C', build_dir, '-t', 'deps'], capture_output=True, text=True)
    return {w for w in out.stdout.split() if w.startswith('/') and os.path.isfile(w)}


def loaded_libraries(build_dir):
    paths = set()
    for folder, _, files in os.walk(build_dir):
        for name in files:
            path = os.path.join(folder, name)
            if not os.access(path, os.X_OK) or name.endswith(('.so', '.sh', '.py')) or \
                    'CMakeFiles' in folder:
                continue
            out = subprocess.run(['ldd', path], capture_output=True, text=True).stdout
            paths.update(re.findall(r'=> (/\S+)', out))
    return {p for p in paths if os.path.isfile(p)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--build-dir', required=True)
    parser.add_argument('--without', action='append', default=[])
    opts = parser.parse_args()
    build_dir = os.path.abspath(opts.build_dir)

    named = setup_packages() - set(opts.without)
    packages, providers = dpkg_status()
    roots = named | {name for name, (_, base) in packages.items() if base}
    allowed = closure(roots, packages, providers)

    used = {}
    for kind, files in (('configure reads or requires', configure_files(build_dir)),
                        ('the compiler reads', compile_files(build_dir)),
                        ('a built program loads', loaded_libraries(build_dir))):
        for f in files:
            used.setdefault(f, kind)
    owners = file_owners()
    missing = {}
    for path, kind in sorted(used.items()):
        package = owner_of(path, owners)
        if package and package not in allowed:
            missing.setdefault(package, []).append(f'{path} ({kind})')
    print(f'check_packages: {len(used)} files used by the build, {len(named)} packages named by '
          f'scripts/setup.sh, {len(allowed)} allowed with their dependencies')
    if missing:
        for package, files in sorted(missing.items()):
            print(f'check_packages: the build needs {package}, which scripts/setup.sh does not '
                  f'install: {files[0]}' + (f' and {len(files) - 1} more' if len(files) > 1 else ''))
        return 1
    print('check_packages: every package the build needs is installed by scripts/setup.sh')
    return 0


if __name__ == '__main__':
    sys.exit(main())
