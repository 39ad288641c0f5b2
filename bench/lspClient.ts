/**
 * A small JSON-RPC client for language servers over stdio: Content-Length framing, requests with
 * timeouts, notifications, and answers to the server's own requests. Both servers in the bench are
 * driven by this one client, so whatever it costs is the same for both.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Waiter {
  method: string;
  accept(params: unknown): boolean;
  resolve(params: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export interface ServerRequestLog {
  method: string;
  params: unknown;
}

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private waiters: Waiter[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  private stderrTail = '';
  private exited: string | undefined;
  /** Requests the server sent us (client/registerCapability, workspace/configuration, …). */
  readonly serverRequests: ServerRequestLog[] = [];

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    cwd: string,
  ) {
    this.child = spawn(command, args, {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4000);
    });
    this.child.stdin.on('error', () => undefined); // a dead server shows up as a failed request instead
    this.child.on('exit', (code, signal) => {
      this.exited = `${name} exited (${signal ?? `code ${code}`})`;
      const error = new Error(`${this.exited}${this.stderrTail ? `; its stderr ends with:\n${this.stderrTail}` : ''}`);
      for (const pending of this.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(error);
      }
      this.pending.clear();
      for (const waiter of this.waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(error);
      }
      this.waiters = [];
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get alive(): boolean {
    return this.exited === undefined;
  }

  request<T = unknown>(method: string, params: unknown, timeoutMs: number): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`${this.exited}: cannot send ${method}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.name}: no answer to ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject, timer });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    if (this.exited) throw new Error(`${this.exited}: cannot send ${method}`);
    this.write({ jsonrpc: '2.0', method, params });
  }

  /** Resolves with the next notification of `method` that `accept` takes. Call it before sending what triggers it. */
  waitForNotification<T = unknown>(method: string, accept: (params: T) => boolean, timeoutMs: number): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`${this.exited}: no ${method} will come`));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        method,
        accept: accept as (params: unknown) => boolean,
        resolve: resolve as (params: unknown) => void,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(`${this.name}: no ${method} within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** shutdown + exit, then SIGKILL if the process is still there after `graceMs`. */
  async stop(graceMs = 2000): Promise<void> {
    if (this.exited) return;
    try {
      await this.request('shutdown', null, graceMs);
      this.notify('exit', null);
    } catch {
      // killed below
    }
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    const timer = setTimeout(() => this.kill(), graceMs);
    await exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private write(message: unknown): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      const data = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
      this.chunks = [data];
      const headerEnd = data.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const match = /Content-Length: *(\d+)/i.exec(data.subarray(0, headerEnd).toString('ascii'));
      if (!match) {
        // Not LSP framing: nothing after it can be trusted. The exit handler fails what is pending.
        this.stderrTail += `\n(the bench client received a message without Content-Length)`;
        this.kill();
        return;
      }
      const start = headerEnd + 4;
      const end = start + Number(match[1]);
      if (data.length < end) return;
      const message = JSON.parse(data.subarray(start, end).toString('utf8'));
      this.chunks = data.length > end ? [data.subarray(end)] : [];
      this.buffered = data.length - end;
      this.dispatch(message);
      if (this.buffered === 0) return;
    }
  }

  private dispatch(message: {
    id?: number | string;
    method?: string;
    params?: unknown;
    result?: unknown;
    error?: { message: string };
  }): void {
    if (message.method !== undefined && message.id !== undefined) {
      this.serverRequests.push({ method: message.method, params: message.params });
      this.write({ jsonrpc: '2.0', id: message.id, result: answerTo(message.method, message.params) });
      return;
    }
    if (message.method !== undefined) {
      for (const waiter of this.waiters) {
        if (waiter.method === message.method && waiter.accept(message.params)) {
          clearTimeout(waiter.timer);
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(message.params);
          break;
        }
      }
      return;
    }
    const pending = this.pending.get(Number(message.id));
    if (!pending) return;
    this.pending.delete(Number(message.id));
    clearTimeout(pending.timer);
    if (message.error) pending.reject(new Error(`${this.name}: ${pending.method} failed: ${message.error.message}`));
    else pending.resolve(message.result);
  }
}

/** What an editor answers to the server's requests; settings come back empty, so servers use their defaults. */
function answerTo(method: string, params: unknown): unknown {
  if (method === 'workspace/configuration') {
    const items = (params as { items?: unknown[] } | undefined)?.items ?? [];
    return items.map(() => null);
  }
  return null;
}
