/**
 * The package version, read once from package.json (the one place it is written). The what-if page has no
 * package.json to read: its bundler defines `__WARCAST_VERSION__` from this same module (src/app/build.ts), so
 * this module imports nothing from Node at its top level.
 */
declare const __WARCAST_VERSION__: string | undefined;

function readVersion(): string {
  // Node ≥ 20.16 hands out built-ins without an import; src/version.ts runs from src/ (tests) and from dist/src/
  // (the installed command): look upwards.
  const fs = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'node:fs',
  ) as typeof import('node:fs') | undefined;
  if (!fs) return '0.0.0';
  let dir = new URL('.', import.meta.url);
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'warcast' && pkg.version) return pkg.version;
    } catch {
      // not here: one folder up
    }
    dir = new URL('..', dir);
  }
  return '0.0.0';
}

export const warcastVersion: string = typeof __WARCAST_VERSION__ === 'string' ? __WARCAST_VERSION__ : readVersion();
