import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '../components/ui/button';
import { Pictogram } from '../components/ui/pictogram';
import { i18n } from '../lib/i18n';
import { ErrorScreen } from './error-screen';

type State = { failed: boolean };

/**
 * The last net under the whole app (providers and router included): routes have their own
 * `errorElement`, so this catches only what breaks outside them. It sits outside the router, so
 * the way back is a plain link that reloads the start page.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The app failed while rendering', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="main">
        <ErrorScreen
          back={
            <a href="/" className={buttonClass({ variant: 'primary' })}>
              <Pictogram name="arrow" />
              {i18n.t('error_page.back_home')}
            </a>
          }
        />
      </main>
    );
  }
}
