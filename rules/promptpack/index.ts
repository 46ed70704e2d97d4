import type { Rule } from '@flowlint/core';
import agentCycleWithoutExit from './agent-cycle-without-exit.js';
import controlAgentOnTerminal from './control-agent-on-terminal.js';
import deadEndState from './dead-end-state.js';
import schema from './schema.js';
import toolRef from './tool-ref.js';

export const promptpackRules: readonly Rule<any>[] = [schema, controlAgentOnTerminal, agentCycleWithoutExit, deadEndState, toolRef];
