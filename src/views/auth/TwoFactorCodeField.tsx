import styles from '../platform/styles/screens.module.css';
import own from './twoFactor.module.css';

/**
 * A one-time code's field, labelled `label`: the authenticator's six digits (7 with a space, the
 * digit keyboard), or with `recovery` a recovery code too (up to 24 characters, the full keyboard).
 */
export function TwoFactorCodeField(p: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
  testId?: string;
}) {
  return (
    <label className={styles.field}>
      <span>{p.label}</span>
      <input
        name="code"
        className={own.codeInput}
        autoComplete="one-time-code"
        inputMode={p.recovery ? 'text' : 'numeric'}
        maxLength={p.recovery ? 24 : 7}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
      />
    </label>
  );
}
