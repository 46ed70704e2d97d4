/** Where the CLI writes and reads: the process's streams, or a test's buffers. Its own module so the
 * subcommands can take it without importing main.ts, which imports them. */
export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  color: boolean;
  /** Standard input, read whole (for --stdin); default: the process's. */
  stdin?: () => Promise<string>;
}
