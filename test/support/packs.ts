/**
 * Small PromptPack packs for end-to-end tests, each with a known verdict. `clean` passes every rule;
 * the others change it in one place, so a finding's line and column can be computed from the text.
 */
export const cleanPack = `$schema: https://promptpack.org/schema/v1.9.0/promptpack.schema.json
id: order-help
name: Order help
version: 1.0.0
template_engine:
  version: v1
  syntax: "{{variable}}"
tools:
  lookup_order:
    name: lookup_order
    description: Look an order up by its number.
prompts:
  ask:
    id: ask
    name: Ask
    version: 1.0.0
    system_template: Ask for the order number.
  answer:
    id: answer
    name: Answer
    version: 1.0.0
    system_template: Answer using the order details.
    tools: [lookup_order]
workflow:
  version: 1
  entry: ask
  states:
    ask:
      prompt_task: ask
      on_event:
        Asked: answer
    answer:
      prompt_task: answer
      terminal: true
`;

/** Warnings only: 'control: agent' on the terminal state (promptpack/control-agent-on-terminal). */
export const warningPack = cleanPack.replace('      terminal: true\n', '      terminal: true\n      control: agent\n');

/** One error: the prompt names an undefined tool 'lookup_orders' (promptpack/tool-ref). */
export const errorPack = cleanPack.replace('tools: [lookup_order]', 'tools: [lookup_orders]');

/** The clean pack as JSON, which is how most packs ship. */
export const cleanPackJson =
  JSON.stringify(
    {
      $schema: 'https://promptpack.org/schema/v1.9.0/promptpack.schema.json',
      id: 'order-help',
      name: 'Order help',
      version: '1.0.0',
      template_engine: { version: 'v1', syntax: '{{variable}}' },
      tools: { lookup_order: { name: 'lookup_order', description: 'Look an order up by its number.' } },
      prompts: {
        ask: { id: 'ask', name: 'Ask', version: '1.0.0', system_template: 'Ask for the order number.' },
        answer: {
          id: 'answer',
          name: 'Answer',
          version: '1.0.0',
          system_template: 'Answer using the order details.',
          tools: ['lookup_order'],
        },
      },
      workflow: {
        version: 1,
        entry: 'ask',
        states: {
          ask: { prompt_task: 'ask', on_event: { Asked: 'answer' } },
          answer: { prompt_task: 'answer', terminal: true },
        },
      },
    },
    null,
    2,
  ) + '\n';
