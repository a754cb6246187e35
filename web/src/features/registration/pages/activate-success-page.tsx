/** Overseas /site/activate_success: where an opened activation link ends. */
import { ResultCard } from '@/components/result-card';
import { ActivateSuccess } from '../components/activate-success';

export function ActivateSuccessPage() {
  return (
    <ResultCard>
      <ActivateSuccess />
    </ResultCard>
  );
}
