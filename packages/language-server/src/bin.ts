#!/usr/bin/env node
import { dialects, rules } from '@orchlint/rules';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server.js';

// The transport (--stdio, --node-ipc, --socket=N, --pipe=NAME) comes from the command line.
startServer(createConnection(ProposedFeatures.all), { dialects, rules });
