import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * The last line of defence around the whole app (providers and router included): an error that no route's
 * `errorElement` caught replaces the app with a plain message and a way back, instead of a blank page. It sits
 * outside the router, so its link is a plain <a> that reloads the app. The exception goes to the console only.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('app error', error, info.componentStack);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="app-error">
        <section className="alert alert--error" role="alert" data-testid="app-error">
          <h1 className="alert__title">Something went wrong</h1>
          <p>MedSEBA could not show this page. Reloading may help; your searches are not affected.</p>
          <p>
            <a href="/" className="button button--primary">
              Ask a question
            </a>
          </p>
        </section>
      </main>
    );
  }
}
