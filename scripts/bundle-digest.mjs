// The digest of a bundle's content: every file under the folder (its path and bytes, in path order)
// but the digest file itself. bundle-cli.mjs writes it into bundle/build-digest, where the cache's
// build id (packages/node-cache/src/stamp.ts) reads it: the same sources bundled again, as each CI job's
// `npm install` of the GitHub Action does, give the same id.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const BUILD_DIGEST_FILE = 'build-digest';

export function bundleDigest(dir) {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      path
        .relative(dir, path.join(e.parentPath ?? e.path, e.name))
        .split(path.sep)
        .join('/'),
    )
    .filter((f) => f !== BUILD_DIGEST_FILE)
    .sort();
  for (const f of files) {
    const bytes = readFileSync(path.join(dir, f));
    hash.update(`${f}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}
