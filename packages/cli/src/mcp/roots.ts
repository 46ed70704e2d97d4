import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A tool call the user can cause to fail (a path outside the roots, a missing file): the client sees it as a tool error. */
export class ToolError extends Error {}

/**
 * The folders the server may read: the roots the client declares (file: URIs), else the working
 * directory. Every path a tool is given is resolved through its real path (links followed), so a
 * link inside a root that points out of it is refused like the path it points to.
 */
export class Roots {
  private folders: string[];

  constructor(private readonly cwd: string) {
    this.folders = [realpathSync(cwd)];
  }

  /** Replaces the roots with the client's; none (or none on disk) means the working directory. */
  set(uris: readonly string[]): void {
    const folders = uris
      .filter((u) => u.startsWith('file:'))
      .map((u) => fileURLToPath(u))
      .filter((f) => existsSync(f))
      .map((f) => realpathSync(f));
    this.folders = folders.length ? folders : [realpathSync(this.cwd)];
  }

  list(): readonly string[] {
    return this.folders;
  }

  /** The real absolute path of an existing file or folder inside a root. Relative paths are read from the first root. */
  existing(p: string): string {
    const abs = path.resolve(this.folders[0]!, p);
    if (!existsSync(abs)) throw new ToolError(`no such file or directory: ${p}`);
    return this.inside(realpathSync(abs), p);
  }

  /** Where a file named for a text would be (it need not exist): its nearest existing folder must be inside a root. */
  named(p: string): string {
    const abs = path.resolve(this.folders[0]!, p);
    let dir = path.dirname(abs);
    while (!existsSync(dir)) dir = path.dirname(dir);
    const real = path.join(realpathSync(dir), path.relative(dir, abs));
    return this.inside(existsSync(abs) ? realpathSync(abs) : real, p);
  }

  /** The root that holds an absolute real path. */
  rootOf(real: string): string | undefined {
    return this.folders.find(
      (root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep),
    );
  }

  private inside(real: string, asGiven: string): string {
    if (!this.rootOf(real))
      throw new ToolError(`${asGiven} is outside the roots this server may read (${this.folders.join(', ')})`);
    return real;
  }
}
