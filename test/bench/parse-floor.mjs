// The bare-parse floor: a Node process that only reads the files it is given (a folder, walked) and
// parses each with yaml's parseDocument, as a program that does nothing but parse them would.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';

const files = [];
const walk = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, e.name);
    if (e.isDirectory()) walk(full);
    else if (/\.ya?ml$/.test(e.name)) files.push(full);
  }
};
for (const p of process.argv.slice(2)) walk(p);
let nodes = 0;
for (const f of files) if (parseDocument(readFileSync(f, 'utf8')).contents) nodes++;
process.stdout.write(`${files.length} files, ${nodes} documents\n`);
