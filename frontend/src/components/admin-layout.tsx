import type { ReactNode } from 'react';

// PROVISIONAL (helpui) until the lead's admin frame lands on main: the same interface, without the navigation.
export function AdminLayout({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page admin-layout">
      <div className="admin-main">
        <header className="admin-row">
          <h1>{title}</h1>
          {actions !== undefined && <div className="admin-row">{actions}</div>}
        </header>
        {children}
      </div>
    </div>
  );
}
