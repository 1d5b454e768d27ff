import type account from '../../../../i18n/en/account.json';
import type common from '../../../../i18n/en/common.json';
import type errors from '../../../../i18n/en/errors.json';
import type landing from '../../../../i18n/en/landing.json';
import type shell from '../../../../i18n/en/shell.json';
import type validation from '../../../../i18n/en/validation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      shell: typeof shell;
      account: typeof account;
      landing: typeof landing;
      errors: typeof errors;
      validation: typeof validation;
    };
  }
}
