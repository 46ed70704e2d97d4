// The built language server over stdio, with editor services for every dialect (see lsp-promptpack-services.mjs).
import { listen } from '@flowlint/language-server';
import { dialects, rules } from '@flowlint/rules';
import { withServices } from './lsp-promptpack-services.mjs';

listen(process.stdin, process.stdout, { dialects: dialects.map(withServices), rules });
