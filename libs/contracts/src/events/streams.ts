/** The domains that publish events; each owns one JetStream stream holding `<domain>.>`. */
export const EVENT_DOMAINS = ['accounting', 'inventory', 'documents', 'identity'] as const;

export type EventDomain = (typeof EVENT_DOMAINS)[number];

export interface EventStream {
  name: string;
  domain: EventDomain;
  subjects: string[];
}

export const EVENT_STREAMS: readonly EventStream[] = EVENT_DOMAINS.map((domain) => ({
  name: domain.toUpperCase(),
  domain,
  subjects: [`${domain}.>`],
}));

/**
 * The stream holding a subject or a subscription filter (`inventory.item-level.changed`,
 * `inventory.>`). Undefined when the first token is a wildcard or not a known domain: such a
 * filter would span streams, and a JetStream consumer reads exactly one.
 */
export function streamForSubject(subject: string): EventStream | undefined {
  const domain = subject.split('.', 1)[0];
  return EVENT_STREAMS.find((stream) => stream.domain === domain);
}
