/**
 * Change capture by logical replication: wal2json (format 2) on a TEMPORARY slot of our own.
 * A temporary slot disappears with its connection, so a restart never replays old changes to new
 * subscribers and a crashed gateway never leaves a slot holding WAL back. Every message is
 * acknowledged as it arrives, so the slot's WAL is released continuously.
 */
import type pg from 'pg';
import { LogicalReplicationService, Wal2JsonPlugin } from 'pg-logical-replication';
import { config, DB_PASSWORD } from '../config.ts';

export interface Wal2JsonColumn {
  name: string;
  type: string;
  typeoid?: number;
  value?: unknown;
}

export interface Wal2JsonChange {
  action: 'I' | 'U' | 'D';
  timestamp?: string;
  schema: string;
  table: string;
  columns?: Wal2JsonColumn[];
  identity?: Wal2JsonColumn[];
  pk?: Wal2JsonColumn[];
}

interface Wal2JsonMessage {
  action: string;
  timestamp?: string;
  schema?: string;
  table?: string;
}

export const SLOT_PREFIX = 'stack_realtime_';

/** wal2json started on a temporary slot that is created on the streaming connection itself. */
class TemporarySlotWal2Json extends Wal2JsonPlugin {
  override async start(client: pg.Client, slotName: string, lastLsn: string): Promise<unknown> {
    await client.query(`CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL wal2json`);
    return super.start(client, slotName, lastLsn);
  }
}

export interface ChangeStreamHandlers {
  onChange(change: Wal2JsonChange): void;
  /** End of a transaction: everything before it may be dispatched. */
  onCommit(): void;
  onState?(state: 'streaming' | 'down', error?: Error): void;
}

/**
 * pg-logical-replication reports `lsn + 1` as flushed. A walsender that is shutting down waits
 * until the reported flush position *equals* what it sent, so with `+1` it pings forever and
 * `pg_ctl stop` hangs. Report exactly the LSN we processed.
 */
class ExactAckReplicationService extends LogicalReplicationService {
  override acknowledge(lsn: string, ping = false): Promise<boolean> {
    const [high = '0', low = '0'] = lsn.split('/');
    let upper = parseInt(high, 16);
    let lower = parseInt(low, 16);
    if (upper === 0 && lower === 0) return super.acknowledge(lsn, ping);
    if (lower === 0) {
      upper -= 1;
      lower = 0xffffffff;
    } else {
      lower -= 1;
    }
    return super.acknowledge(`${upper.toString(16).toUpperCase()}/${lower.toString(16).toUpperCase()}`, ping);
  }
}

export class ChangeStream {
  private service: LogicalReplicationService | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private generation = 0;

  constructor(private readonly handlers: ChangeStreamHandlers) {}

  /** Resolves once the slot exists and streaming started (or after the first failure). */
  start(): Promise<void> {
    return this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    const slot = `${SLOT_PREFIX}${process.pid}_${Date.now().toString(36)}`;
    const service = new ExactAckReplicationService(
      {
        host: config.host,
        port: config.dbPort,
        user: 'postgres',
        password: DB_PASSWORD,
        database: 'postgres',
        application_name: 'stack-realtime-replication',
      },
      { acknowledge: { auto: true, timeoutSeconds: 5 } },
    );
    this.service = service;
    const plugin = new TemporarySlotWal2Json({
      formatVersion: '2',
      includeTransaction: true,
      includeTimestamp: true,
      includePk: true,
      includeTypeOids: true,
      includeTypmod: false,
      actions: 'insert,update,delete',
    });
    service.on('data', (_lsn: string, message: Wal2JsonMessage) => {
      if (generation !== this.generation) return;
      if (message.action === 'I' || message.action === 'U' || message.action === 'D') {
        this.handlers.onChange(message as Wal2JsonChange);
      } else if (message.action === 'C') {
        this.handlers.onCommit();
      }
    });
    service.on('heartbeat', (lsn: string, _timestamp: number, shouldRespond: boolean) => {
      if (shouldRespond) void service.acknowledge(lsn);
    });
    service.on('error', (error: Error) => this.fail(generation, error));

    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    service.on('start', () => {
      this.handlers.onState?.('streaming');
      started();
    });
    service
      .subscribe(plugin, slot)
      .then(() => this.fail(generation, new Error('replication stream ended')))
      .catch((error: unknown) => {
        this.fail(generation, error instanceof Error ? error : new Error(String(error)));
        started();
      });
    // Do not hold the gateway's start-up hostage to a database that is still booting.
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  }

  private fail(generation: number, error: Error): void {
    if (generation !== this.generation || this.stopped) return;
    this.generation++;
    this.handlers.onState?.('down', error);
    const service = this.service;
    this.service = null;
    void service?.destroy().catch(() => undefined);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), 1000);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.service?.destroy().catch(() => undefined);
    this.service = null;
  }
}
