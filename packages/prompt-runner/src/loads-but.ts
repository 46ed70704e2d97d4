/**
 * How an error on a packet Prompt Runner accepts begins (README "Severity"): the runner loads it and
 * `packet lint` passes it, so the message says that first, then why the construct never works.
 */
export const LOADS_BUT = 'Prompt Runner loads this packet, but ';
