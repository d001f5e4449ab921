/**
 * package.json's `files` copied as `npm pack` takes them (cheaper than npm itself, for `npm test`; the real
 * `npm pack` runs under WARCAST_NPM_PACK=1). A leading `!` excludes: the one exclusion is the source maps, which
 * name sources the package does not hold.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXCLUDED = ['!dist/**/*.map'];

export function copyPackageFiles(root: string, dest: string): void {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] };
  const excluded = files.filter((f) => f.startsWith('!'));
  if (excluded.join() !== EXCLUDED.join())
    throw new Error(
      `package.json files excludes ${JSON.stringify(excluded)}: teach test/helpers/package-files.ts the new pattern`,
    );
  const isMap = (src: string) => src.startsWith(join(root, 'dist')) && src.endsWith('.map');
  for (const f of [...files.filter((f) => !f.startsWith('!')), 'package.json'])
    cpSync(join(root, f), join(dest, f), { recursive: true, filter: (src) => !isMap(src) });
}
