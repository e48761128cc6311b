import { Redis, type Command, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { redisReady } from './redis-ready';

/**
 * How long a command of the commands connection may go unanswered before it fails, so a Redis that
 * hangs rather than closes does not hold its callers for ever: their fallbacks apply instead (the
 * outbox keeps its messages, limits count here, presence reads count the member as away).
 */
const COMMAND_TIMEOUT_MS = 5000;

/**
 * The app's commands connection (decision 0055). Two things over a plain ioredis connection:
 *
 * - **One write per turn.** The socket is corked at a turn's first command and uncorked once the
 *   turn's I/O callbacks have run (`setImmediate`, when ioredis's own auto-pipelining would send).
 *   The chat asks Redis several things per message (its limit's count, the publishes, the
 *   receiver's presence): together they wake Redis once, not once each.
 * - **Unanswered commands fail.** One timer for the connection looks five times per `timeoutMs`:
 *   - Redis answers in order, so it watches the oldest command sent. Once that one has waited
 *     `timeoutMs`, Redis is taken as hung: every command sent fails, and so does each one sent
 *     while the oldest still waits, at the next look.
 *   - A command issued while the connection is being made again waits in ioredis's offline queue;
 *     it fails once it has waited `timeoutMs` there.
 *
 *   A failed command may still reach Redis later, when it answers again or ioredis sends it again
 *   after reconnecting, as with ioredis's own `commandTimeout`: the callers (a publish the outbox
 *   retries, a count, a presence read) do not mind.
 *
 * Why not ioredis's `enableAutoPipelining` and `commandTimeout`, which do the same: their pipelines
 * and per-command timers left chains of dead objects that V8's young-generation collector copies
 * and promotes (floating garbage), and a chat instance's scavenges went from 5–7 ms to 15–32 ms.
 * Plain commands on a corked socket leave none, and each command is still its own: one's failure
 * is its own.
 */
class CommandsConnection extends Redis {
  private corkedSocket: Redis['stream'] | undefined;
  /** The oldest command waiting for its answer when the lookout last looked, and since when. */
  private oldestWaiting: { command: object; since: number } | undefined;
  /** Commands issued while the connection was not ready, oldest first, and since when. */
  private readonly issuedOffline: { command: Command; since: number }[] = [];
  private readonly lookout: ReturnType<typeof setInterval>;

  constructor(url: string, options: RedisOptions & { timeoutMs: number }) {
    const { timeoutMs, ...redisOptions } = options;
    super(url, redisOptions);
    this.lookout = setInterval(() => this.failUnanswered(Date.now(), timeoutMs), timeoutMs / 5);
    this.lookout.unref();
    this.once('end', () => clearInterval(this.lookout));
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    // `stream` is given for a pipeline's commands (none of ours).
    if (stream === undefined && this.status !== 'ready')
      this.issuedOffline.push({ command, since: Date.now() });
    else if (this.corkedSocket === undefined && stream === undefined) {
      const socket = this.stream;
      socket.cork();
      this.corkedSocket = socket;
      setImmediate(() => {
        this.corkedSocket = undefined;
        socket.uncork();
      });
    }
    return super.sendCommand(command, stream);
  }

  /**
   * Closed for good (`quit` on a connection that is not ready comes here too): the lookout stops,
   * even if ioredis never says `end`.
   */
  override disconnect(reconnect = false): void {
    if (!reconnect) clearInterval(this.lookout);
    super.disconnect(reconnect);
  }

  private failUnanswered(now: number, timeoutMs: number) {
    // Made only when a command fails: the lookout runs every second of the connection's life.
    let error: Error | undefined;
    const unanswered = () => (error ??= new Error(`Redis did not answer within ${timeoutMs} ms`));
    // A command answered meanwhile was settled then: rejecting it again does nothing.
    while ((this.issuedOffline[0]?.since ?? now) <= now - timeoutMs)
      this.issuedOffline.shift()?.command.reject(unanswered());
    const oldest = this.commandQueue.peekFront()?.command;
    if (oldest === undefined) {
      this.oldestWaiting = undefined;
      return;
    }
    if (this.oldestWaiting?.command !== oldest) {
      this.oldestWaiting = { command: oldest, since: now };
      return;
    }
    if (now - this.oldestWaiting.since < timeoutMs) return;
    // ioredis keeps them until an answer comes, and settles each command once.
    for (let index = 0; index < this.commandQueue.length; index += 1)
      this.commandQueue.peekAt(index)?.command.reject(unanswered());
  }
}

/**
 * A Redis connection for the app: reconnects by itself (ioredis), and its errors are logged
 * rather than thrown at the process, so a Redis restart delays live messages instead of
 * crashing the API. Commands wait while it reconnects (offline queue).
 */
export function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  name: string,
  /** The commands connection (CommandsConnection), its commands failing after `timeoutMs`. */
  options: { commands?: { timeoutMs: number } } = {},
): Redis {
  const redisOptions = { connectionName: name, maxRetriesPerRequest: 3 };
  const redis = options.commands
    ? new CommandsConnection(url, { ...redisOptions, timeoutMs: options.commands.timeoutMs })
    : new Redis(url, redisOptions);
  let lastError = '';
  redis.on('error', (error: Error) => {
    // One line per distinct failure, not one per reconnection attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    log.warn({ err: error, connection: name }, 'Redis connection problem');
  });
  redis.on('ready', () => {
    lastError = '';
  });
  return redis;
}

/**
 * The app's two connections (a subscriber cannot send commands) and whether both are ready
 * within `timeoutMs`.
 */
export function connectRedisPair(url: string, log: FastifyBaseLogger) {
  const commands = connectRedis(url, log, 'juntos-commands', { commands: { timeoutMs: COMMAND_TIMEOUT_MS } });
  const subscriber = connectRedis(url, log, 'juntos-subscriber');
  return {
    commands,
    subscriber,
    ready: async (timeoutMs: number) =>
      (await Promise.all([commands, subscriber].map((redis) => redisReady(redis, timeoutMs)))).every(Boolean),
  };
}
