#!/usr/bin/env node
import { main } from './main.js';

// A reader that stops early (`orchlint rules | head`) closes the pipe: stop quietly, as other
// command-line tools do, instead of dying on the write error with a stack trace. Standard output
// that cannot be written otherwise (a full disk) is said in one line with exit 2, as an --output
// file that cannot be written is.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream === process.stdout)
      process.stderr.write(`orchlint: cannot write to standard output: ${error.message}\n`);
    process.exit(2);
  });

process.exitCode = await main(process.argv.slice(2));
