import { TextField } from '#web/components/text-field.tsx';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#web/features/auth/password-rules.ts';
import type { Role } from '#contract/common.ts';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

/**
 * The fields of an account, the same in every form that asks for them (Register, Log in, Reset
 * password, Settings): their names, autofill hints and the password rules.
 */

export function FullNameField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const { t } = useTranslator();
  return <TextField label={t('account.fullName')} name="name" autoComplete="name" required maxLength={100} defaultValue={defaultValue} error={error} />;
}

export function EmailField() {
  const { t } = useTranslator();
  return <TextField label={t('account.email')} name="email" type="email" autoComplete="email" required />;
}

type PasswordFieldProps = {
  label: string;
  name: string;
  /** A password being chosen (the rules and their hint, new-password autofill) or the one in use. */
  kind: 'new' | 'current';
  error?: string;
};

export function PasswordField({ label, name, kind, error }: PasswordFieldProps) {
  const { t } = useTranslator();
  return kind === 'new' ? (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={t('account.passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      error={error}
    />
  ) : (
    <TextField label={label} name={name} type="password" autoComplete="current-password" required error={error} />
  );
}

/** A role as people read it ("Student"). */
export function roleName(t: Translator['t'], role: Role): string {
  if (role === 'student') return t('account.roleStudent');
  if (role === 'tutor') return t('account.roleTutor');
  return t('account.roleAdmin');
}
