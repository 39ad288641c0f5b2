import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

export interface Logger {
  error(message: string): void;
}

/**
 * Runs one request's work after the messages already queued have been read (so a cancellation that
 * arrived meanwhile is seen), checks the token before and after, and turns an exception into an error
 * answer for that request alone: the server keeps running.
 */
export function runSafe<T>(logger: Logger, what: string, token: CancellationToken, work: () => T | ResponseError<never>): Promise<T | ResponseError<never>> {
  return new Promise((resolve) => {
    setImmediate(() => {
      if (token.isCancellationRequested) return resolve(cancelled());
      try {
        const result = work();
        resolve(token.isCancellationRequested ? cancelled() : result);
      } catch (error) {
        logger.error(`${what} failed: ${describeError(error)}`);
        resolve(new ResponseError<never>(ErrorCodes.InternalError, `Filer manifest language server: ${what} failed: ${(error as Error)?.message ?? String(error)}`));
      }
    });
  });
}

/** Like runSafe for work with no answer (a notification, a timer): an exception is logged, never thrown. */
export function runQuietly(logger: Logger, what: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    logger.error(`${what} failed: ${describeError(error)}`);
  }
}

function cancelled(): ResponseError<never> {
  return new ResponseError<never>(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
