/** The package version, read once from package.json (the one place it is written). */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  // src/version.ts runs from src/ (tests) and from dist/src/ (the installed command): look upwards.
  let dir = new URL('.', import.meta.url);
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'warcast' && pkg.version) return pkg.version;
    } catch {
      // not here: one folder up
    }
    dir = new URL('..', dir);
  }
  return '0.0.0';
}

export const warcastVersion: string = readVersion();
