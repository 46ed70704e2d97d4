import { stringify } from 'yaml';

/** A deterministic pseudo-random sequence, so every run lints the same packs. */
export function randomFrom(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A PromptPack pack with a workflow of `states` states: a main line of transitions, agent loops
 * (RFC 0014) that exit to the user, a few jumps ahead, shared prompts and tools, and the odd
 * mistake a real pack has (an undefined tool), so rules report.
 */
export function generatePack(index, states, random = randomFrom(index + 1)) {
  const promptCount = Math.max(4, Math.min(40, Math.ceil(states / 2)));
  const toolCount = Math.max(2, Math.ceil(promptCount / 2));
  const tools = {};
  for (let t = 0; t < toolCount; t++) {
    tools[`tool_${t}`] = { name: `tool_${t}`, description: `Tool ${t} looks something up for the agent.` };
  }
  const prompts = {};
  for (let p = 0; p < promptCount; p++) {
    const prompt = {
      id: `prompt-${p}`,
      name: `Prompt ${p}`,
      version: '1.0.0',
      system_template: `You handle step ${p} of the {{topic}} workflow. Be brief and check your facts.`,
    };
    if (p % 2 === 0) prompt.tools = [`tool_${p % toolCount}`];
    if (p % 7 === 3) prompt.tools = [`tool_${p % toolCount}`, 'missing_tool'];
    prompts[`prompt_${p}`] = prompt;
  }
  const workflowStates = {};
  for (let s = 0; s < states; s++) {
    const state = { prompt_task: `prompt_${s % promptCount}` };
    if (s === states - 1) {
      state.terminal = true;
    } else {
      const onEvent = { Next: `s${s + 1}` };
      // Every fifth pair of states is an agent loop (draft ↔ critique) that hands the turn back to
      // the user when it moves on; every other such loop is also bounded by max_visits.
      if (s % 5 === 3) state.control = 'agent';
      if (s % 5 === 4) {
        onEvent.Retry = `s${s - 1}`;
        state.control = 'agent';
        if (s % 10 === 4) {
          state.max_visits = 3;
          state.on_max_visits = `s${s + 1}`;
        }
      }
      if (s % 11 === 10) onEvent.Escalate = `s${s + 1 + Math.floor(random() * (states - s - 1))}`;
      state.on_event = onEvent;
    }
    workflowStates[`s${s}`] = state;
  }
  return {
    $schema: 'https://promptpack.org/schema/v1.9.0/promptpack.schema.json',
    id: `pack-${index}`,
    name: `Generated pack ${index}`,
    version: '1.0.0',
    description: 'A generated pack for the benchmark.',
    template_engine: { version: 'v1', syntax: '{{variable}}' },
    tools,
    prompts,
    workflow: { version: 2, entry: 's0', states: workflowStates },
  };
}

/** The pack as a file: even indexes as block YAML, odd ones as pretty JSON. */
export function packFile(index, states) {
  const pack = generatePack(index, states);
  return index % 2 === 0
    ? { name: `pack-${index}.promptpack.yaml`, text: stringify(pack, { lineWidth: 0 }) }
    : { name: `pack-${index}.pack.json`, text: JSON.stringify(pack, null, 2) + '\n' };
}
