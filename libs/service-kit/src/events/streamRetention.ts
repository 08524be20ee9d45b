import { DiscardPolicy, JetStreamApiCodes, JetStreamApiError, StorageType, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { EVENT_STREAMS } from '@printpool/contracts';
import { defineSettings } from '../config/settings.js';
import type { Logger } from '../logger.js';
import { DEAD_LETTER_STREAM } from './deadLetter.js';

/** How much each JetStream stream keeps (docs/architecture.md §4). 0 stands for no limit. */
export interface StreamLimits {
  /** How long an event stream keeps an event, read or not. */
  maxAgeMs: number;
  /** How many bytes an event stream holds at most; a publish beyond is refused, not an older event dropped. */
  maxBytes: number;
  /** How long a dead letter is kept unless replayed. */
  deadLetterMaxAgeMs: number;
  /** How many bytes the dead letters hold at most; one beyond stays with its consumer, delivered again. */
  deadLetterMaxBytes: number;
  /** Copies of each stream in a NATS cluster (1 on a single server). */
  replicas: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Event streams are bounded by age alone unless EVENT_STREAM_MAX_BYTES is set: a byte limit
 * refuses events once reached, and JetStream reserves it on the server's disk when the stream
 * is created, so its size is the operator's to choose. Dead letters are bounded by bytes: they
 * are kept until replayed.
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxAgeMs: 7 * DAY_MS,
  maxBytes: 0,
  deadLetterMaxAgeMs: 0,
  deadLetterMaxBytes: 256 * 1024 ** 2,
  replicas: 1,
};

/** Every process creates the streams it uses with these limits, so all must be given the same values. */
export const STREAM_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'services, gateway' },
  {
    EVENT_STREAM_MAX_AGE_MS: {
      default: DEFAULT_STREAM_LIMITS.maxAgeMs,
      description: 'how long each JetStream event stream keeps an event, read or not; give every process the same value',
    },
    EVENT_STREAM_MAX_BYTES: {
      default: DEFAULT_STREAM_LIMITS.maxBytes,
      description:
        'the bytes each event stream holds at most (0: no limit); JetStream reserves them on disk, and a full stream refuses new events, which wait in the outbox; give every process the same value',
    },
    EVENT_STREAM_REPLICAS: {
      default: DEFAULT_STREAM_LIMITS.replicas,
      description: 'on how many servers of a NATS cluster each stream is kept; give every process the same value',
    },
    DEAD_LETTER_MAX_AGE_MS: {
      default: DEFAULT_STREAM_LIMITS.deadLetterMaxAgeMs,
      description: 'how long the DEADLETTER stream keeps a dead letter (0: until replayed); give every process the same value',
    },
    DEAD_LETTER_MAX_BYTES: {
      default: DEFAULT_STREAM_LIMITS.deadLetterMaxBytes,
      description: 'the bytes the DEADLETTER stream holds at most; give every process the same value',
    },
  },
);

export function streamLimitsFromEnv(env: NodeJS.ProcessEnv): StreamLimits {
  return {
    maxAgeMs: STREAM_SETTINGS.number(env, 'EVENT_STREAM_MAX_AGE_MS'),
    maxBytes: STREAM_SETTINGS.number(env, 'EVENT_STREAM_MAX_BYTES'),
    deadLetterMaxAgeMs: STREAM_SETTINGS.number(env, 'DEAD_LETTER_MAX_AGE_MS'),
    deadLetterMaxBytes: STREAM_SETTINGS.number(env, 'DEAD_LETTER_MAX_BYTES'),
    replicas: STREAM_SETTINGS.number(env, 'EVENT_STREAM_REPLICAS'),
  };
}

type Limited = Pick<StreamConfig, 'max_age' | 'max_bytes' | 'discard' | 'num_replicas'>;

function limitsOf(limits: StreamLimits, deadLetters: boolean): Limited {
  const [age, bytes] = deadLetters ? [limits.deadLetterMaxAgeMs, limits.deadLetterMaxBytes] : [limits.maxAgeMs, limits.maxBytes];
  return {
    max_age: nanos(age),
    max_bytes: bytes > 0 ? bytes : -1,
    // A full stream refuses the publish: the outbox keeps the event and tries again, and a dead
    // letter stays with its consumer, so a limit never silently drops an event nobody read.
    discard: DiscardPolicy.New,
    num_replicas: limits.replicas,
  };
}

const streamConfig = (jsm: JetStreamManager, name: string) =>
  jsm.streams.info(name).then(
    (info): StreamConfig | undefined => info.config,
    (err: unknown) => {
      if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return undefined;
      throw err;
    },
  );

const differs = (config: StreamConfig, wanted: Limited) => (Object.keys(wanted) as (keyof Limited)[]).some((key) => config[key] !== wanted[key]);

/**
 * Creates the event streams and the dead-letter stream that do not exist yet, with `limits`,
 * and brings existing ones to `limits`. Without `limits` (a tool such as the replay command)
 * an existing stream is left as the services configured it, and a missing one is created with
 * the defaults.
 */
export async function ensureStreams(jsm: JetStreamManager, limits: StreamLimits | undefined, logger: Logger): Promise<void> {
  for (const stream of [...EVENT_STREAMS, DEAD_LETTER_STREAM]) {
    const wanted = limitsOf(limits ?? DEFAULT_STREAM_LIMITS, stream.name === DEAD_LETTER_STREAM.name);
    const existing = await streamConfig(jsm, stream.name);
    if (!existing) {
      try {
        await jsm.streams.add({ name: stream.name, subjects: [...stream.subjects], storage: StorageType.File, ...wanted });
        continue;
      } catch (err) {
        // A replica starting beside this one may have created it first, with other limits.
        if (!(await streamConfig(jsm, stream.name))) throw err;
        continue;
      }
    }
    if (!limits || !differs(existing, wanted)) continue;
    await jsm.streams.update(stream.name, { ...existing, ...wanted });
    logger.info(
      { stream: stream.name, maxAgeMs: Number(wanted.max_age) / 1e6, maxBytes: wanted.max_bytes, replicas: wanted.num_replicas },
      'stream limits changed',
    );
  }
}
