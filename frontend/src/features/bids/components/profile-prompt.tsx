import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface ProfilePromptProps {
  visible: boolean;
  onHide: () => void;
  // Where the performer completes the profile: their profile's about page, whose completeness card links each
  // missing part to its form.
  profilePath: string;
}

// After the performer's first bid: complete the profile (portfolio, skills, specialization), SPEC §1.
export function ProfilePrompt({ visible, onHide, profilePath }: ProfilePromptProps) {
  const { t } = useTranslation('orders');
  return (
    <Dialog
      header={t('bids.profile_prompt_title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(480px, 95vw)' }}
      footer={
        <div className="card-actions">
          <Link className="p-button" to={profilePath} onClick={onHide} data-testid="profile-prompt-link">
            {t('bids.profile_prompt_go')}
          </Link>
          <Button label={t('bids.profile_prompt_later')} text onClick={onHide} />
        </div>
      }
    >
      <p data-testid="profile-prompt">{t('bids.profile_prompt_text')}</p>
    </Dialog>
  );
}
