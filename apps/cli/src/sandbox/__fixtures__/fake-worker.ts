import { EventEmitter } from 'node:events';
import type { SandboxMessage, SandboxRequest } from '../sandbox-protocol.js';
import type { SandboxWorker } from '../sandbox-worker.js';

/** A worker the test answers by hand. */
export class FakeWorker extends EventEmitter implements SandboxWorker {
  readonly posted: SandboxRequest[] = [];
  terminated = false;
  /** Whether it would keep the process alive. */
  referenced = true;
  postMessage(request: SandboxRequest): void {
    this.posted.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  ref(): void {
    this.referenced = true;
  }
  unref(): void {
    this.referenced = false;
  }
  send(message: SandboxMessage): void {
    this.emit('message', message);
  }
  searches(): SandboxRequest[] {
    return this.posted.filter((request) => request.op === 'search');
  }
}
