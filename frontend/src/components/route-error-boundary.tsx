import { Component, type ErrorInfo, type ReactNode } from 'react';

import { logger } from '@/lib/logger';

export interface RouteErrorBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
}

// A route chunk that fails to load (time-out, missing file) shows a reload prompt instead of a blank page.
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RouteErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error('route failed to render', { error: String(error), stack: info.componentStack ?? '' });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
