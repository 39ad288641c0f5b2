import { CancellationToken, ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { soon } from './host';

export interface Logger {
  error(message: string): void;
}

/**
 * Runs one request's work after the messages already queued have been read (so a cancellation that
 * arrived meanwhile is seen), checks the token before and after, and turns an exception into an error
 * answer for that request alone: the server keeps running. A request sent without params (or with
 * an empty array) reaches its handler with the token first and nothing second: then there is no token.
 */
export function runSafe<T>(
  logger: Logger,
  what: string,
  maybeToken: CancellationToken | undefined,
  work: () => T | ResponseError<never>,
): Promise<T | ResponseError<never>> {
  const token = CancellationToken.is(maybeToken) ? maybeToken : CancellationToken.None;
  return new Promise((resolve) => {
    soon(() => {
      if (token.isCancellationRequested) return resolve(cancelled());
      try {
        const result = work();
        resolve(token.isCancellationRequested ? cancelled() : result);
      } catch (error) {
        logger.error(`${what} failed: ${describeError(error)}`);
        resolve(
          new ResponseError<never>(
            ErrorCodes.InternalError,
            `Filer manifest language server: ${what} failed: ${(error as Error)?.message ?? String(error)}`,
          ),
        );
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
