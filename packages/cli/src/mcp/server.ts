import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { RootsListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { dialects } from '@orchlint/rules';
import { z } from 'zod';
import { version } from '../version.js';
import { Roots, ToolError } from './roots.js';
import { explainRule, listRules, Tools, type ReportDiagnostic } from './tools.js';

const dialectIds = dialects.map((d) => d.id) as [string, ...string[]];

const subject = {
  paths: z
    .array(z.string())
    .optional()
    .describe('files and folders to read, inside the roots (relative paths are read from the first root)'),
  text: z.string().optional().describe('a text to read instead of files (what you are about to write)'),
  fileName: z
    .string()
    .optional()
    .describe(
      'with text: the path it stands for, inside the roots; its name decides the format (x.pack.json, .archon/workflows/x.yaml, prompt_runner_packet.md)',
    ),
  dialect: z.enum(dialectIds).optional().describe('read the files as this dialect instead of detecting it'),
};

const range = z.object({
  start: z.object({ line: z.number(), column: z.number() }),
  end: z.object({ line: z.number(), column: z.number() }),
});
/** A diagnostic of the JSON report (JsonDiagnostic), every field named: clients check what they get against it. */
const diagnostic = z.object({
  path: z.string(),
  rule: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  range,
  related: z.array(z.object({ path: z.string(), message: z.string(), range })).optional(),
  fix: z.object({ title: z.string() }).optional(),
});
const summary = z.object({ files: z.number(), errors: z.number(), warnings: z.number(), infos: z.number() });

/**
 * `orchlint mcp`: an MCP server over stdio for coding agents. It reads only inside the roots the
 * client declares (the working directory when it declares none), makes no network call, and writes
 * only when `fix` is called with `write: true`. Resolves when the client closes the connection.
 */
export async function runMcpServer(cwd: string = process.cwd()): Promise<void> {
  const roots = new Roots(cwd);
  const tools = new Tools(roots);
  const server = new McpServer({ name: 'orchlint', version }, { capabilities: { tools: {} } });

  let closing = false;
  // Tool calls wait for the client's roots, asked for once it has initialized and again when they change.
  let rootsKnown: Promise<void> = Promise.resolve();
  const refreshRoots = () => {
    rootsKnown = (async () => {
      if (!server.server.getClientCapabilities()?.roots) return;
      const { roots: declared } = await server.server.listRoots();
      roots.set(declared.map((r) => r.uri));
    })().catch((error) => {
      if (closing) return;
      // A client that cannot list its roots leaves the server reading the working directory only.
      process.stderr.write(
        `orchlint mcp: could not list the client's roots: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    });
  };
  server.server.oninitialized = refreshRoots;
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => refreshRoots());

  const inFlight = new Set<Promise<unknown>>();
  const call =
    <A>(run: (args: A) => CallToolResult) =>
    (args: A): Promise<CallToolResult> => {
      const answer = (async (): Promise<CallToolResult> => {
        await rootsKnown;
        try {
          return run(args);
        } catch (error) {
          if (error instanceof ToolError) return { isError: true, content: [{ type: 'text', text: error.message }] };
          throw error;
        }
      })();
      inFlight.add(answer);
      void answer.finally(() => inFlight.delete(answer)).catch(() => {});
      return answer;
    };

  server.registerTool(
    'lint',
    {
      title: 'Lint',
      description:
        "Lint PromptPack packs, Archon workflows and Prompt Runner packets: files or folders inside the roots, or a text with the file name it stands for. Returns the JSON report's diagnostics (1-based lines and columns).",
      inputSchema: subject,
      outputSchema: {
        diagnostics: z.array(diagnostic),
        files: z.array(z.object({ path: z.string(), dialect: z.string() })),
        summary,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    call((args) => {
      const report = tools.lint(args);
      return {
        structuredContent: report,
        content: [{ type: 'text', text: summaryText(report.summary, report.diagnostics) }],
      };
    }),
  );

  server.registerTool(
    'fix',
    {
      title: 'Fix',
      description:
        'Apply the safe fixes orchlint --fix would apply, to files inside the roots or to a text. Returns each fixed text and a unified diff; writes the files only with write: true.',
      inputSchema: {
        ...subject,
        write: z.boolean().optional().describe('write the fixed files (default false: write nothing)'),
      },
      outputSchema: {
        diff: z.string(),
        files: z.array(z.object({ path: z.string(), fixed: z.string() })),
        written: z.boolean(),
        refused: z.array(z.object({ path: z.string(), reason: z.string() })),
        remaining: z.array(diagnostic),
      },
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    call((args) => {
      const result = tools.fix(args);
      const changed = result.diff
        ? `${result.written ? 'wrote' : 'would change'} ${result.files.length} file(s)`
        : 'nothing to fix';
      const text = [
        changed,
        result.diff,
        ...result.refused.map((r) => `not fixed: ${r.path}: ${r.reason}`),
        summaryText(null, result.remaining),
      ]
        .filter(Boolean)
        .join('\n');
      return { structuredContent: result, content: [{ type: 'text', text }] };
    }),
  );

  server.registerTool(
    'explain_rule',
    {
      title: 'Explain a rule',
      description: "A rule's documentation: what it checks, the spec sentence it enforces, a bad and a good example.",
      inputSchema: { rule: z.string().describe('the rule id, e.g. promptpack/control-agent-on-terminal') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    call(({ rule }: { rule: string }) => {
      const explained = explainRule(rule);
      return { structuredContent: explained, content: [{ type: 'text', text: explained.doc }] };
    }),
  );

  server.registerTool(
    'list_rules',
    {
      title: 'List rules',
      description:
        "Every rule: id, default severity, whether it fixes, and a one-line summary; optionally one dialect's.",
      inputSchema: { dialect: z.enum([...dialectIds, 'core']).optional() },
      outputSchema: {
        rules: z.array(
          z.object({
            id: z.string(),
            dialect: z.string(),
            severity: z.string(),
            fixable: z.boolean(),
            summary: z.string(),
          }),
        ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    call(({ dialect }: { dialect?: string | undefined }) => {
      const listed = listRules(dialect);
      const byDialect = new Map<string, string[]>();
      for (const r of listed.rules)
        byDialect.set(r.dialect, [...(byDialect.get(r.dialect) ?? []), `${r.id} (${r.severity}): ${r.summary}`]);
      const text = [...byDialect].map(([d, lines]) => `${d}: ${lines.length} rules\n${lines.join('\n')}`).join('\n\n');
      return { structuredContent: listed, content: [{ type: 'text', text }] };
    }),
  );

  server.registerTool(
    'graph',
    {
      title: 'Graph',
      description:
        "The Mermaid graph of a pack's state machine, an Archon workflow's DAG or a packet's prompts: one file inside the roots, or a text with its file name.",
      inputSchema: subject,
      outputSchema: { mermaid: z.string() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    call((args) => {
      const mermaid = tools.graph(args);
      return { structuredContent: { mermaid }, content: [{ type: 'text', text: mermaid }] };
    }),
  );

  server.registerTool(
    'trace',
    {
      title: 'Trace',
      description:
        "A static dry run of one unit, nothing executed: an Archon workflow's node states (stubbed, completed, skipped with the reason, failed, paused), outcome and missing/unused stubs as Archon 0.9's --dry-run gives them (runs = its DryRunResult, one per fixture of the package without stubs); a pack's states for a sequence of events (or each event fixture), with who holds the turn; a packet's prompt order and verify checks.",
      inputSchema: {
        ...subject,
        stubs: z
          .string()
          .optional()
          .describe('Archon: a stub file inside the roots (default: each fixture of the package)'),
        args: z.record(z.string(), z.string()).optional().describe('Archon: $INPUTS values'),
        message: z.string().optional().describe('Archon: the run message, $ARGUMENTS'),
        pauseAtGates: z.boolean().optional().describe('Archon: stop at the first approval gate'),
        reject: z.array(z.string()).optional().describe('Archon: approval nodes to reject'),
        followWorkflows: z.boolean().optional().describe("Archon: run a workflow: node's target with its own fixture"),
        events: z
          .array(z.string())
          .optional()
          .describe("PromptPack: the events, in order (default: each of the pack's fixtures/*.events.yaml in turn)"),
        only: z.array(z.string()).optional().describe('Prompt Runner: the prompt ids selected'),
        from: z.string().optional().describe('Prompt Runner: start the run order at this prompt id'),
        through: z.string().optional().describe('Prompt Runner: end the run order at this prompt id'),
      },
      outputSchema: { runs: z.array(z.record(z.string(), z.json())), failed: z.boolean() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    call((args) => {
      const {
        stubs,
        args: inputs,
        message,
        pauseAtGates,
        reject,
        followWorkflows,
        events,
        only,
        from,
        through,
        ...rest
      } = args;
      const options = {
        ...(stubs !== undefined ? { stubs } : {}),
        ...(inputs ? { arg: Object.entries(inputs).map(([k, v]) => `${k}=${v}`) } : {}),
        ...(message !== undefined ? { message } : {}),
        ...(pauseAtGates ? { pauseAtGates } : {}),
        ...(reject ? { reject } : {}),
        ...(followWorkflows ? { followWorkflows } : {}),
        ...(events ? { events } : {}),
        ...(only ? { only } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(through !== undefined ? { through } : {}),
      };
      const outcome = tools.trace({ ...rest, options });
      return {
        structuredContent: { runs: outcome.json, failed: outcome.failed },
        content: [{ type: 'text', text: outcome.text }],
      };
    }),
  );

  const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
  // The SDK's transport does not watch for the end of input: a client that closes standard input has
  // sent its last request, so answer the calls in flight and close, else Node exits 13 (a top-level
  // await that never settles) and the client logs a crash.
  process.stdin.once('end', async () => {
    do {
      // A macrotask lets the requests of the last chunk reach their handlers (and their answers go out).
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled(inFlight);
    } while (inFlight.size);
    closing = true;
    await server.close();
  });
  await server.connect(new StdioServerTransport());
  await closed;
}

/** "2 errors, 1 warning in 3 files", then the first findings one per line. */
function summaryText(counts: z.infer<typeof summary> | null, diagnostics: readonly ReportDiagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const infos = diagnostics.length - errors - warnings;
  const head = `${errors} error(s), ${warnings} warning(s), ${infos} info(s)${counts ? ` in ${counts.files} file(s)` : ' left'}`;
  const shown = diagnostics
    .slice(0, 20)
    .map((d) => `${d.path}:${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.rule}: ${d.message}`);
  const more =
    diagnostics.length > shown.length
      ? [`… and ${diagnostics.length - shown.length} more (see the structured content)`]
      : [];
  return [head, ...shown, ...more].join('\n');
}
