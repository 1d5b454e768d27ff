import { InputText } from 'primereact/inputtext';
import { useId, type ReactNode } from 'react';

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
}

// A labelled input with its server-side (422) error right below it.
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
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error !== undefined ? errorId : null, hint !== undefined ? hintId : null]
    .filter((value) => value !== null)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <InputText
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        maxLength={maxLength}
        invalid={error !== undefined}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
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
