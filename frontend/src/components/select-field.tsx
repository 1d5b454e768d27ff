import type { ReactNode } from 'react';

import { FieldError } from '@/components/field-error';

// A labelled dropdown (or any widget) with its error; `id` names the input, so the label (and the tests) find it.
export function SelectField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldError message={error} />
    </div>
  );
}
