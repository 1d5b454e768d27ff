import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, type HTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  maxLength?: number;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  // A multi-line text (a textarea of this many rows, growing with its text).
  rows?: number;
  // A fixed id instead of a generated one (for a label elsewhere, or for tests that address the input).
  id?: string;
}

// A labelled input (or textarea) with its hint and its error (the form's own check or the server's 422) below.
export function TextField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required = false,
  error,
  hint,
  disabled = false,
  maxLength,
  placeholder,
  inputMode,
  rows,
  id: fixedId,
}: TextFieldProps) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error !== undefined ? errorId : null, hint !== undefined ? hintId : null]
    .filter((value) => value !== null)
    .join(' ');
  const common = {
    id,
    name,
    value,
    required,
    disabled,
    maxLength,
    placeholder,
    invalid: error !== undefined,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {rows === undefined ? (
        <InputText
          {...common}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <InputTextarea
          {...common}
          rows={rows}
          autoResize
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint !== undefined && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error !== undefined && (
        <small id={errorId} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
