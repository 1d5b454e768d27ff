import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

// The server's one error shape (DESIGN.md): {"code", "message", "errors"?}.
export interface ApiErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === 'string' && typeof record.message === 'string';
}

export function errorBody(error: FetchBaseQueryError | SerializedError | undefined): ApiErrorBody | null {
  if (error === undefined || !('status' in error)) return null;
  return isApiErrorBody(error.data) ? error.data : null;
}

export function errorStatus(error: FetchBaseQueryError | SerializedError | undefined): number | null {
  if (error === undefined || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

// Field errors of a 422 answer, keyed by field name.
export function fieldErrors(
  error: FetchBaseQueryError | SerializedError | undefined,
): Record<string, string[]> {
  const body = errorBody(error);
  return body?.errors ?? {};
}

export function firstFieldError(
  error: FetchBaseQueryError | SerializedError | undefined,
  field: string,
): string | undefined {
  return fieldErrors(error)[field]?.[0];
}
