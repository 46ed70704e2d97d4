/** One file of the playground, by its path in the folder the playground stands for ('/'-separated). */
export interface PlaygroundFile {
  path: string;
  text: string;
}

/** Everything a link carries: what its author saw is what it reproduces. */
export interface PlaygroundState {
  /**
   * The orchlint version that made the link (a later one may find other things); '' for a link that
   * stands for no one version (a rule doc's example).
   */
  version: string;
  files: PlaygroundFile[];
  /** The text of the folder's orchlint.config.yaml: rule severities and version targets, as in a project. */
  config: string;
  /** The dialect every file is linted as (`--dialect`); '' detects each file's as the CLI does. */
  dialect: string;
  /** The file shown in the editor. */
  active: string;
}

/** Where the config text sits in the folder, as `orchlint` finds it there. */
export const CONFIG_FILE = 'orchlint.config.yaml';

/** A path a file may have: relative, '/'-separated, no empty, `.` or `..` segment. */
export function isFilePath(path: string): boolean {
  return (
    path.length > 0 &&
    path.length <= 500 &&
    !/[\u0000-\u001f\\]/.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}
