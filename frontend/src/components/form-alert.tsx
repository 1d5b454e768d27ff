import type { ReactNode } from 'react';

export interface FormAlertProps {
  severity: 'error' | 'success' | 'info';
  children: ReactNode;
}

export function FormAlert({ severity, children }: FormAlertProps) {
  return (
    <div className={`form-alert form-alert-${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
      <span
        className={
          severity === 'error'
            ? 'pi pi-exclamation-circle'
            : severity === 'success'
              ? 'pi pi-check-circle'
              : 'pi pi-info-circle'
        }
        aria-hidden="true"
      />
      <div>{children}</div>
    </div>
  );
}
