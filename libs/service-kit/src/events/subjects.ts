import { streamForSubject, type EventStream } from '@printpool/contracts';
import type { EventEnvelope, SubscribeOptions } from './bus.js';

/**
 * Answers of subjectMatches by filter and subject. The in-process bus asks for every event of
 * its log and every durable (a full sync: hundreds of thousands of times), while a service has
 * a few dozen filters and event types: splitting both each time cost more than the delivery.
 */
const answers = new Map<string, Map<string, boolean>>();

/** NATS subject matching: `*` stands for exactly one token, a final `>` for one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  let known = answers.get(filter);
  if (!known) answers.set(filter, (known = new Map()));
  let answer = known.get(subject);
  if (answer === undefined) known.set(subject, (answer = matchTokens(filter, subject)));
  return answer;
}

function matchTokens(filter: string, subject: string): boolean {
  const wanted = filter.split('.');
  const actual = subject.split('.');
  for (let i = 0; i < wanted.length; i++) {
    const token = wanted[i];
    if (token === '>') return actual.length > i;
    if (i >= actual.length) return false;
    if (token !== '*' && token !== actual[i]) return false;
  }
  return wanted.length === actual.length;
}

/** The stream a subscription filter reads; both buses refuse what JetStream could not serve. */
export function streamForFilter(filter: string): EventStream {
  const tokens = filter.split('.');
  const valid = tokens.every((t, i) => t.length > 0 && (t !== '>' || i === tokens.length - 1));
  const stream = valid ? streamForSubject(filter) : undefined;
  if (!stream) throw new Error(`Cannot subscribe to '${filter}': filters start with a known domain (accounting, inventory, documents, identity)`);
  return stream;
}

export function assertPublishable(event: EventEnvelope): EventStream {
  const tokens = event.type.split('.');
  const stream = streamForSubject(event.type);
  if (!stream || tokens.some((t) => t === '' || t === '*' || t === '>')) {
    throw new Error(`Cannot publish event type '${event.type}': not a subject of a known domain`);
  }
  return stream;
}

/** Checks a subscription both buses can serve and answers the stream of each of its subjects. */
export function subscriptionStreams({ consumer, subjects, maxInFlight = 1, formerly = [] }: Omit<SubscribeOptions, 'handler'>): EventStream[] {
  // JetStream durable names allow no dots, wildcards or separators.
  for (const name of [consumer, ...formerly]) {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Invalid consumer name '${name}': use letters, digits, '-' and '_'`);
  }
  if (subjects.length === 0) throw new Error(`Consumer '${consumer}' subscribes to no subject`);
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new Error(`Consumer '${consumer}': maxInFlight must be a positive integer, not ${maxInFlight}`);
  return subjects.map(streamForFilter);
}
