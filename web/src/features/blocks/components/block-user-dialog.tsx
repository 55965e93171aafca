import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/forms/select-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { BLOCK_REASONS, blockSchema } from '@/lib/rules';
import { useBlockUser } from '../api/block-user';

export type BlockTarget = { id: string; username: string | null };

/**
 * 'Blocca utente': the member picks a reason (required: 'Devi selezionare un motivo per il blocco.', the schema the
 * server checks too) and confirms. Either give `children` as the trigger (a button), or control it with `open` and
 * `onOpenChange` (a menu item that opens it, as the post card's menu does). `onBlocked` runs after the success toast.
 */
export function BlockUserDialog({
  user,
  open: controlledOpen,
  onOpenChange,
  onBlocked,
  children,
}: {
  user: BlockTarget;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onBlocked?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const form = useForm({
    resolver: zodResolver(blockSchema, undefined, { raw: true }),
    defaultValues: { reason: undefined },
  });
  const block = useBlockUser({
    onSuccess: () => {
      setOpen(false);
      toast({ variant: 'success', title: t('blocks.blocked') });
      onBlocked?.();
    },
    onError: () => toast({ variant: 'destructive', title: t('common.error'), description: t('blocks.blockError') }),
  });
  const username = user.username ?? t('blocks.unknownUser');
  const formId = `block-user-${user.id}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (block.isPending) return;
        setOpen(next);
        if (next) form.reset({ reason: undefined });
      }}
    >
      {children && <DialogTrigger asChild>{children}</DialogTrigger>}
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('blocks.blockTitle', { username })}</DialogTitle>
          <DialogDescription>{t('blocks.blockDescription')}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          onSubmit={form.handleSubmit(({ reason }) => block.mutate({ userId: user.id, reason }))}
        >
          <SelectField
            control={form.control}
            name="reason"
            id={`${formId}-reason`}
            label={t('blocks.reasonLabel')}
            placeholder={t('blocks.reasonPlaceholder')}
            options={BLOCK_REASONS.map((reason) => ({ value: reason, label: t(`blocks.reasons.${reason}`) }))}
          />
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={block.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} variant="destructive" disabled={block.isPending}>
            {block.isPending && <Spinner />}
            {t('blocks.blockConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
