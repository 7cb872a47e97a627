import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  /** The page's path: another page is tried anew. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/**
 * Shows RouteError instead of the pages when one fails to render, until the user goes elsewhere
 * (React reports the error in the console).
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Last resort when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
function RouteError() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-card">
        <h1 className="text-xl font-bold text-slate-900">
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="mt-2 text-slate-700">
          <Trans>The page could not be shown. Reloading usually helps.</Trans>
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-5 inline-flex h-10 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Reload the page</Trans>
        </button>
      </div>
    </main>
  );
}
