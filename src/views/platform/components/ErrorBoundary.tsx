import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

interface Props {
  children: ReactNode;
  resetKey: string;
  text: string;
  reloadLabel: string;
}

/** Each route sits in one: a failing screen shows a message and keeps the shell usable. */
class Boundary extends Component<Props, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.state} role="alert">
        <p>{this.props.text}</p>
        <button type="button" className={styles.button} onClick={() => location.reload()}>
          {this.props.reloadLabel}
        </button>
      </div>
    );
  }
}

export function ErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  const { t } = useTranslation();
  return (
    <Boundary resetKey={resetKey} text={t('errors.boundary')} reloadLabel={t('errors.reload')}>
      {children}
    </Boundary>
  );
}
