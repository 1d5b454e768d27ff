import { useTranslation } from 'react-i18next';

import { checkPassword, kPasswordRules } from '@/features/identity/model/password-rules';

export interface PasswordHintsProps {
  password: string;
}

export function PasswordHints({ password }: PasswordHintsProps) {
  const { t } = useTranslation('account');
  const result = checkPassword(password);
  return (
    <div className="password-hints">
      <span>{t('password_rules.title')}</span>
      <ul>
        {kPasswordRules.map((rule) => (
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
