type Details = Record<string, unknown>;

// The one place the SPA writes to the browser console; messages carry a component prefix.
export const logger = {
  warn(message: string, details?: Details): void {
    console.warn(`[artel] ${message}`, details ?? {});
  },
  error(message: string, details?: Details): void {
    console.error(`[artel] ${message}`, details ?? {});
  },
};
