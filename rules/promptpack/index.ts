import type { Rule } from '@flowlint/core';
import schema from './schema.js';
import agentCycleWithoutExit from './agent-cycle-without-exit.js';
import controlAgentOnTerminal from './control-agent-on-terminal.js';
import deadEndState from './dead-end-state.js';
import eventPascalCase from './event-pascal-case.js';
import maxVisitsChain from './max-visits-chain.js';
import onEventTarget from './on-event-target.js';
import onMaxVisitsTarget from './on-max-visits-target.js';
import onMaxVisitsWithoutMaxVisits from './on-max-visits-without-max-visits.js';
import stateComposition from './state-composition.js';
import statePromptTask from './state-prompt-task.js';
import terminalWithTransitions from './terminal-with-transitions.js';
import toolRef from './tool-ref.js';
import unreachableState from './unreachable-state.js';
import workflowEntry from './workflow-entry.js';

export const promptpackRules: readonly Rule<any>[] = [
  schema,
  agentCycleWithoutExit,
  controlAgentOnTerminal,
  deadEndState,
  eventPascalCase,
  maxVisitsChain,
  onEventTarget,
  onMaxVisitsTarget,
  onMaxVisitsWithoutMaxVisits,
  stateComposition,
  statePromptTask,
  terminalWithTransitions,
  toolRef,
  unreachableState,
  workflowEntry,
];
