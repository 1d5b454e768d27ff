import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

// A public list with nothing for its filters: says so and offers to start over (the filters and the search
// cleared), so a person is never left at a dead end (orders, freelancers, vacancies, resumes).
export function EmptyResults({
  text,
  onReset,
  testId,
}: {
  text: string;
  onReset: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid={testId}>
      <p>{text}</p>
      <Button
        type="button"
        text
        label={t('empty_results.reset')}
        onClick={onReset}
        data-testid="empty-reset"
      />
    </div>
  );
}
