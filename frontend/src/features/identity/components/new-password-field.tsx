import { TextField } from '@/components/text-field';
import { PasswordHints } from '@/features/identity/components/password-hints';

export interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  // Shown as plain text (the form's "show passwords" toggle).
  visible?: boolean;
}

// A new password (registration, reset, change) with the SPEC §5 rules checked live below it.
export function NewPasswordField({ label, value, onChange, error, visible = false }: NewPasswordFieldProps) {
  return (
    <TextField
      label={label}
      name="password"
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      required
      maxLength={128}
      value={value}
      onChange={onChange}
      error={error}
      hint={<PasswordHints password={value} />}
    />
  );
}
