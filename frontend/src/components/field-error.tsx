export interface FieldErrorProps {
  message: string | undefined;
}

export function FieldError({ message }: FieldErrorProps) {
  if (message === undefined) return null;
  return (
    <small className="field-error" role="alert">
      {message}
    </small>
  );
}

// The first server message for a field or any of its parts (`budget` also covers `budget.amount`).
export function serverError(errors: Record<string, string[]>, field: string): string | undefined {
  const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`));
  return key === undefined ? undefined : errors[key]?.[0];
}
