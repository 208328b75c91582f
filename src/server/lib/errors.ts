export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'OUT_OF_CREDITS'
  | 'UNAVAILABLE';

const statusByCode: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  OUT_OF_CREDITS: 429,
  UNAVAILABLE: 503,
};

/** An error a use case throws on purpose: its message is safe to show to the user. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  /** Extra fields merged into the JSON body (e.g. `{ redirectToHoldingPage: true }`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.status = statusByCode[code];
    this.details = details;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const unauthorized = (message = 'Unauthorized') => new AppError('UNAUTHORIZED', message);
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('BAD_REQUEST', message, details);
