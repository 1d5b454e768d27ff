import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const app = t('app_name');
  useEffect(() => {
    document.title = title === '' ? app : `${title} — ${app}`;
  }, [title, app]);
}
