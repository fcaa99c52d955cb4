import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './Button';

function PageErrorMessage() {
  const { t } = useTranslation();
  return (
    <main
      role="alert"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{t('errors.pageFailed')}</h1>
      <p className="text-slate-700">{t('errors.pageFailedHint')}</p>
      <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}

/**
 * Catches a page that fails to load (a lazy chunk lost on a bad connection) or to render:
 * the visitor gets a message and a Reload button instead of a blank page. Logged like every
 * other failure.
 */
export class PageErrorBoundary extends Component<
  { children: ReactNode /** A new value (the next route) clears the failure. */; resetKey: string },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown) {
    console.error('Page failed', error);
  }

  override render() {
    return this.state.failed ? <PageErrorMessage /> : this.props.children;
  }
}
