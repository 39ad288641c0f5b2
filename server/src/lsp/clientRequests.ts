import type { Logger } from './runSafe';

/**
 * The requests the server sends to the editor (registrations, refreshes, configuration). An editor
 * may answer any of them with an error, or never support it: the server then goes on without it.
 * The first failure of each request is logged; the same failure again is not, so that an editor
 * that refuses every refresh does not fill the log.
 */
export class ClientRequests {
  private readonly failed = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** The answer, or undefined when the editor answered with an error. */
  async send<T>(method: string, request: () => Promise<T>): Promise<{ value: T } | undefined> {
    try {
      return { value: await request() };
    } catch (error) {
      if (!this.failed.has(method)) {
        this.failed.add(method);
        this.logger.error(
          `The editor answered ${method} with an error (${(error as Error)?.message ?? String(error)}); going on without it. Later failures of ${method} are not logged.`,
        );
      }
      return undefined;
    }
  }
}
