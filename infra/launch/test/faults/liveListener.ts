import { setTimeout as sleep } from 'node:timers/promises';

/** Where an SSE id says the browser stands: stream name → sequence (svc-gateway/src/live/eventIds.ts). */
export type Positions = Record<string, number>;

const parsePositions = (id: string): Positions =>
  Object.fromEntries(
    id.split(',').map((part) => {
      const [stream, seq] = part.split(':');
      return [stream!, Number(seq)];
    }),
  );

/**
 * One open browser tab's live-update stream, as EventSource keeps it: when the stream ends or
 * breaks it connects again after a moment, sending the last id it was given as Last-Event-ID.
 */
export class LiveListener {
  /** Event ids received, with how often each came. */
  readonly received = new Map<string, number>();
  /** Where the streams stood when this browser first connected: it is owed every event after it. */
  startedAt: Positions | undefined;
  reconnects = 0;
  resyncs = 0;
  /** The Last-Event-ID of each reconnection, to tell where a missed event fell. */
  readonly resumedFrom: string[] = [];
  private lastId: string | undefined;
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly origin: string,
    private readonly cookie: string,
  ) {}

  /** Connects, and resolves once the first connection is open. */
  async start(): Promise<void> {
    let opened!: () => void;
    const first = new Promise<void>((resolve) => (opened = resolve));
    this.running = this.run(opened);
    await first;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async run(opened: () => void): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        await this.follow(opened);
      } catch {
        // A broken stream, as when its gateway is killed: EventSource connects again.
      }
      if (this.stopping.signal.aborted) return;
      this.reconnects += 1;
      await sleep(250);
    }
  }

  private async follow(opened: () => void): Promise<void> {
    const headers: Record<string, string> = { cookie: this.cookie, accept: 'text/event-stream' };
    if (this.lastId) {
      headers['last-event-id'] = this.lastId;
      this.resumedFrom.push(this.lastId);
    }
    const response = await fetch(`${this.origin}/api/live`, { headers, signal: this.stopping.signal });
    if (response.status !== 200 || !response.body) throw new Error(`live answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.take(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        opened();
      }
    }
  }

  private take(message: string): void {
    let type: string | undefined;
    let data: string | undefined;
    for (const line of message.split('\n')) {
      if (line.startsWith('id: ')) {
        this.lastId = line.slice(4);
        this.startedAt ??= parsePositions(this.lastId);
      } else if (line.startsWith('event: ')) type = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (type === 'resync') this.resyncs += 1;
    else if (type && data) {
      const { id } = JSON.parse(data) as { id: string };
      this.received.set(id, (this.received.get(id) ?? 0) + 1);
    }
  }
}
