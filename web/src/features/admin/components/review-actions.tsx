import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RejectionDialog } from './rejection-dialog';

/**
 * 'Approva' and 'Rifiuta' on a pending post or verification: rejecting asks for the reasons first (the rejection
 * dialog of `kind`, naming the member `name` for a verification).
 */
export function ReviewActions({
  kind,
  name,
  busy,
  onApprove,
  onReject,
}: {
  kind: 'user' | 'post';
  name?: string;
  busy: boolean;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  return (
    <>
      <Button size="sm" disabled={busy} onClick={onApprove}>
        <Check aria-hidden />
        {t('admin.actions.approve')}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejecting(true)}>
        <X aria-hidden />
        {t('admin.actions.reject')}
      </Button>
      <RejectionDialog kind={kind} name={name} open={rejecting} onOpenChange={setRejecting} onConfirm={onReject} />
    </>
  );
}
