import { useTranslation } from 'react-i18next';

import { isCommonPassword, useCommonPasswords } from '@/features/identity/model/common-passwords';
import { checkPassword, kPasswordRules, type PasswordRule } from '@/features/identity/model/password-rules';

export interface PasswordHintsProps {
  password: string;
}

type Hint = PasswordRule | 'not_common';

export function PasswordHints({ password }: PasswordHintsProps) {
  const { t } = useTranslation('account');
  const common = useCommonPasswords();
  const checked = checkPassword(password);
  // Green only once the server's list is here and the password is not on it.
  const result: Record<Hint, boolean> = {
    ...checked,
    not_common: common !== null && password !== '' && !isCommonPassword(common, password),
  };
  const hints: readonly Hint[] = [...kPasswordRules, 'not_common'];
  return (
    <div className="password-hints">
      <span>{t('password_rules.title')}</span>
      <ul>
        {hints.map((rule) => (
          <li key={rule} className={result[rule] ? 'met' : 'unmet'} data-rule={rule} data-met={result[rule]}>
            <span className={result[rule] ? 'pi pi-check' : 'pi pi-circle'} aria-hidden="true" />
            {t(`password_rules.${rule}`)}
            <span className="visually-hidden">
              {' '}
              ({result[rule] ? t('password_rules.met') : t('password_rules.unmet')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
