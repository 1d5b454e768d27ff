import { confirmDialog } from 'primereact/confirmdialog';
import type { TFunction } from 'i18next';

// "Delete …?" with yes/no (the shell hosts the dialog).
export function confirmDelete(t: TFunction<['profiles', 'common']>, message: string, accept: () => void) {
  confirmDialog({
    header: t('portfolio.delete_title'),
    message,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('common:yes'),
    rejectLabel: t('common:no'),
    acceptClassName: 'p-button-danger',
    accept,
  });
}
