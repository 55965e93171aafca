import { useTranslation } from 'react-i18next';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { dismissToast, useToasts } from '@/components/ui/use-toast';

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <ToastProvider label={t('common.notifications')}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose label={t('common.close')} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
