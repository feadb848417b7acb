import styles from '../platform/styles/screens.module.css';
import own from './twoFactor.module.css';

/**
 * A one-time code's field, labelled `label`: the authenticator's six digits (`inputMode` numeric,
 * 7 with a space), or where a recovery code is taken too, up to 24 characters.
 */
export function TwoFactorCodeField(p: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: 7 | 24;
  inputMode?: 'numeric' | 'text';
  testId?: string;
}) {
  return (
    <label className={styles.field}>
      <span>{p.label}</span>
      <input
        name="code"
        className={own.codeInput}
        autoComplete="one-time-code"
        inputMode={p.inputMode}
        maxLength={p.maxLength}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.testId}
      />
    </label>
  );
}
