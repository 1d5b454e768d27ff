import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { useImpersonateMutation } from '@/features/identity/api/identity-api';
import { reloadStarted } from '@/features/identity/model/session-slice';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { baseApi } from '@/lib/api/base-api';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { showToast } from '@/lib/toast/toast-store';

export interface ImpersonateButtonProps {
  userId: number;
  disabled?: boolean;
}

// SPEC §6: an admin acts as another user (identity's POST /api/admin/users/{id}/impersonate). The server switches
// the session cookie, so the session reloads (pending) and the site opens at main as that user; the header's
// banner and exit button (ImpersonationExitButton) bring the admin back.
export function ImpersonateButton({ userId, disabled = false }: ImpersonateButtonProps) {
  const { t } = useTranslation(['shell', 'common']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [impersonate, { isLoading }] = useImpersonateMutation();

  const start = async () => {
    const result = await impersonate({ id: userId, emptyObject: {} });
    if (!('data' in result) || result.data === undefined) return;
    dispatch(reloadStarted());
    dispatch(baseApi.util.resetApiState());
    navigate(paths.main(lang));
    showToast({ severity: 'success', summary: t('shell:impersonation.started') });
  };

  return (
    <Button
      type="button"
      icon="pi pi-user-edit"
      outlined
      label={t('shell:impersonation.start')}
      loading={isLoading}
      disabled={disabled}
      data-testid="impersonate"
      onClick={() =>
        confirmDialog({
          header: t('shell:impersonation.start'),
          message: t('shell:impersonation.start_confirm'),
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: t('common:yes'),
          rejectLabel: t('common:no'),
          accept: () => void start(),
        })
      }
    />
  );
}
