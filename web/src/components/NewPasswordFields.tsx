import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { prepareCommonPasswords } from '../lib/common-passwords';
import { TextField } from './TextField';

/** One field of the block: what react-hook-form's register returns, its label and its error. */
type Field = UseFormRegisterReturn & { label: string; error?: string };

/**
 * A new password and its confirmation, wherever a password is chosen (sign-up, reset, My
 * Account): the rules the form enforces are shown before anything is typed, and the list of
 * the most common passwords, which the form refuses, starts downloading when the field is
 * focused. The form's resolver applies the rules (shared/schemas/auth.ts).
 */
export function NewPasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        type="password"
        autoComplete="new-password"
        hint={t('common.passwordRules', { min: PASSWORD_MIN_LENGTH })}
        onFocus={prepareCommonPasswords}
        {...password}
      />
      <TextField type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
