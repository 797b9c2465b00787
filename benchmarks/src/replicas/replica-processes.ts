// The processes of the replicas bench: `loadout serve --http` replicas (the
// built CLI, as a deployment runs it), HAProxy from Debian's package with
// docs/deploy/haproxy.cfg (the file the replica test uses), and a throwaway
// PostgreSQL cluster (tooling/postgres/throwaway-postgres.sh). Every process
// runs at the bench's niceness and is stopped by whoever started it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { renice } from '../gateway/bench-processes.js';
import { REPO_ROOT } from '../paths.js';

/** The built CLI. */
export const CLI_MAIN = join(REPO_ROOT, 'apps', 'cli', 'dist', 'main.js');
const POSTGRES_SCRIPT = join(REPO_ROOT, 'tooling', 'postgres', 'throwaway-postgres.sh');
const HAPROXY_CONFIG = join(REPO_ROOT, 'docs', 'deploy', 'haproxy.cfg');

/** A free loopback port (bound and released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether `command` is on PATH. */
export function installed(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from the state (field 3) after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A running child process that is stopped with SIGTERM (SIGKILL after 5 s) and awaited. */
export interface Running {
  readonly pid: number;
  stop(): Promise<void>;
}

function running(child: ChildProcess): Running {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  if (child.pid !== undefined) renice(child.pid);
  return {
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitForHealth(url: string, what: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode}): ${output().slice(-500)}`);
    const status = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within 120 s: ${output().slice(-500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Options of {@link startReplica}. */
export interface ReplicaOptions {
  /** Folder holding `mcp.json` (the replica's working directory). */
  readonly folder: string;
  /** The `Host` clients use besides the replica's own address (the load balancer's). */
  readonly allowedHost?: string;
  /** `--record --feedback STORE`: a `postgres://` URL or a file path. */
  readonly record?: string;
}

/** A `loadout serve --http` replica, served once its /healthz answers 200. */
export interface Replica extends Running {
  readonly address: string;
  readonly url: string;
}

/** Starts `loadout serve --config mcp.json --http 127.0.0.1:PORT` and waits until it serves. */
export async function startReplica(options: ReplicaOptions): Promise<Replica> {
  const address = `127.0.0.1:${await freePort()}`;
  const args = [CLI_MAIN, 'serve', '--config', 'mcp.json', '--http', address, '--max-sessions', '1000', '--max-sessions-per-address', '1000'];
  if (options.allowedHost !== undefined) args.push('--allowed-host', options.allowedHost);
  if (options.record !== undefined) args.push('--record', '--feedback', options.record);
  const child = spawn(process.execPath, args, { cwd: options.folder, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const process_ = running(child);
  try {
    await waitForHealth(`http://${address}/healthz`, `replica ${address}`, child, () => stderr);
  } catch (error) {
    await process_.stop();
    throw error;
  }
  return { ...process_, address, url: `http://${address}/mcp` };
}

/** HAProxy with docs/deploy/haproxy.cfg in front of `replicas`, in the foreground (`-db`), once it forwards /healthz. */
export async function startHaproxy(folder: string, frontend: string, replicas: readonly Replica[]): Promise<Running & { readonly url: string }> {
  const config = readFileSync(HAPROXY_CONFIG, 'utf8')
    .replace('LOADOUT_FRONTEND', frontend)
    .replace('LOADOUT_SERVERS', replicas.map((replica, index) => `    server replica${index} ${replica.address} check`).join('\n'));
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const proxy = running(child);
  try {
    await waitForHealth(`http://${frontend}/healthz`, 'HAProxy', child, () => stderr);
  } catch (error) {
    await proxy.stop();
    throw error;
  }
  return { ...proxy, url: `http://${frontend}/mcp` };
}

/** A throwaway PostgreSQL cluster: its URL, and stop (which removes its folder), pause and resume. */
export interface ThrowawayPostgres {
  readonly url: string;
  /** Stops the server, keeping the cluster (a database that is down). */
  pause(): void;
  resume(): void;
  stop(): void;
  /** Rows of `table` (through psql), or undefined when psql is missing or the query fails. */
  count(table: string): number | undefined;
}

/** Starts a throwaway cluster with tooling/postgres/throwaway-postgres.sh (`initdb` in a temporary folder). */
export function startPostgres(): ThrowawayPostgres {
  const started = execFileSync(POSTGRES_SCRIPT, ['start'], { encoding: 'utf8' });
  const values = Object.fromEntries([...started.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]));
  const url = values['LOADOUT_TEST_POSTGRES_URL'];
  const dir = values['LOADOUT_TEST_POSTGRES_DIR'];
  if (url === undefined || dir === undefined) throw new Error(`throwaway-postgres.sh start printed no URL: ${started}`);
  const pgCtl = (action: 'stop' | 'start'): void => {
    const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    const port = new URL(url).port;
    const args = [...asOwner, 'pg_ctl', '-D', join(dir, 'data'), '-m', 'fast', '-w', action];
    if (action === 'start') args.push('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'log'));
    execFileSync(args[0]!, args.slice(1), { stdio: 'ignore' });
  };
  return {
    url,
    pause: () => pgCtl('stop'),
    resume: () => pgCtl('start'),
    stop: () => void execFileSync(POSTGRES_SCRIPT, ['stop', dir], { stdio: 'ignore' }),
    count(table) {
      const run = spawnSync('psql', [url, '-tAc', `select count(*) from ${table}`], { encoding: 'utf8' });
      return run.status === 0 ? Number(run.stdout.trim()) : undefined;
    },
  };
}
