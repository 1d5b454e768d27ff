import { useNavigate } from 'react-router-dom';

import { useLogoutMutation } from '@/features/identity/api/identity-api';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { baseApi } from '@/lib/api/base-api';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// Signs out, drops every cached answer and opens the main page (the user menu and the phone menu share it).
export function useLogout(): () => Promise<void> {
  const lang = useLanguage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  return async () => {
    const result = await logout();
    if ('error' in result) return;
    dispatch(baseApi.util.resetApiState());
    navigate(paths.main(lang));
  };
}
