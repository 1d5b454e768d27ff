import { Tooltip } from 'primereact/tooltip';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { useStopImpersonatingMutation } from '@/features/identity/api/identity-api';
import { reloadStarted } from '@/features/identity/model/session-slice';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { errorBody } from '@/lib/api/api-error';
import { baseApi } from '@/lib/api/base-api';
import { useLanguage } from '@/lib/i18n/use-language';
import { identityPaths } from '@/features/identity/paths';
import { showToast } from '@/lib/toast/toast-store';

// SPEC §4/§8: leaving impersonation reloads the session (pending), then opens the admin's personal data.
// The server switches the session cookie back to the admin, so the returned api_token needs no storing.
export function ImpersonationExitButton() {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [exit, { isLoading }] = useStopImpersonatingMutation();

  const onExit = async () => {
    const result = await exit({ emptyObject: {} });
    if ('error' in result) {
      const message = errorBody(result.error)?.message;
      showToast({ severity: 'error', summary: message ?? t('impersonation.failed') });
      return;
    }
    if (!result.data.api_token) {
      showToast({ severity: 'error', summary: t('impersonation.failed') });
      return;
    }
    dispatch(reloadStarted());
    dispatch(baseApi.util.resetApiState());
    navigate(identityPaths.settingsPage(lang, result.data.user_id, 'personal-data'));
    showToast({ severity: 'success', summary: t('impersonation.done') });
  };

  return (
    <>
      <Tooltip target=".impersonation-exit" showDelay={200} position="bottom" />
      <button
        type="button"
        className="icon-button impersonation-exit"
        aria-label={t('impersonation.exit')}
        data-pr-tooltip={t('impersonation.exit')}
        disabled={isLoading}
        onClick={() => void onExit()}
      >
        <span className="pi pi-sign-out" aria-hidden="true" />
      </button>
    </>
  );
}
