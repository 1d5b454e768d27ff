import type account from '@catalog/en/account.json';
import type admin from '@catalog/en/admin.json';
import type articles from '@catalog/en/articles.json';
import type wallet from '@catalog/en/wallet.json';
import type favourites from '@catalog/en/favourites.json';
import type common from '@catalog/en/common.json';
import type errors from '@catalog/en/errors.json';
import type help from '@catalog/en/help.json';
import type jobs from '@catalog/en/jobs.json';
import type landing from '@catalog/en/landing.json';
import type messenger from '@catalog/en/messenger.json';
import type notifications from '@catalog/en/notifications.json';
import type orders from '@catalog/en/orders.json';
import type primereact from '@catalog/en/primereact.json';
import type profiles from '@catalog/en/profiles.json';
import type shell from '@catalog/en/shell.json';
import type validation from '@catalog/en/validation.json';
import type companies from '@catalog/en/companies.json';
import type vacancies from '@catalog/en/vacancies.json';
import type resumes from '@catalog/en/resumes.json';
import type hiring from '@catalog/en/hiring.json';
import type bids from '@catalog/en/bids.json';
import type reviews from '@catalog/en/reviews.json';

// The types of the namespaces the SPA uses, from the English catalogues (TypeScript cannot import a folder): a new
// namespace (i18n/{en,ru}/<name>.json) adds its two lines here, an import and a `resources` entry. Nothing else
// lists namespaces: they load on first use from /locales/{lng}/{ns}.json.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      shell: typeof shell;
      account: typeof account;
      landing: typeof landing;
      orders: typeof orders;
      messenger: typeof messenger;
      errors: typeof errors;
      validation: typeof validation;
      primereact: typeof primereact;
      profiles: typeof profiles;
      jobs: typeof jobs;
      admin: typeof admin;
      articles: typeof articles;
      wallet: typeof wallet;
      favourites: typeof favourites;
      help: typeof help;
      notifications: typeof notifications;
      companies: typeof companies;
      vacancies: typeof vacancies;
      resumes: typeof resumes;
      hiring: typeof hiring;
      bids: typeof bids;
      reviews: typeof reviews;
    };
  }
}
