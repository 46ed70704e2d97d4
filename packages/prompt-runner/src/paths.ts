/** '/'-separated path arithmetic for host paths (no fs, so it runs wherever core runs). */

export function basename(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function dirname(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const i = trimmed.lastIndexOf('/');
  if (i < 0) return '.';
  return i === 0 ? '/' : trimmed.slice(0, i);
}

/** Joins and normalizes `.` and `..` segments; '.' stands for the current folder. */
export function join(...parts: string[]): string {
  const absolute = parts[0]?.startsWith('/') ?? false;
  const out: string[] = [];
  for (const segment of parts.join('/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}
