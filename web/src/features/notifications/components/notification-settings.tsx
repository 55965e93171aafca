import { Bell } from 'lucide-react';
import { Controller, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { SwitchRow } from '@/components/forms/switch-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '@/lib/rules';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences';
import type { NotificationPreferences } from '../api/types';
import { usePushDevice } from '../hooks/use-push-device';

type Switches = Record<NotificationGroup, boolean>;

interface FormValues {
  inApp: Switches;
  /** This device's switches. */
  push: Switches;
  previews: boolean;
  quietHours: boolean;
  from: string;
  to: string;
}

const QUIET_HOURS = { from: '22:00', to: '07:00' };
const ALL_OFF = Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, false])) as Switches;

/** Quiet hours are kept in the time zone the member's browser is in. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formValues = (saved: NotificationPreferences, subscribed: boolean): FormValues => ({
  inApp: saved.inApp,
  // A device that is not subscribed gets nothing, whatever the member's other devices get.
  push: subscribed ? saved.push : ALL_OFF,
  previews: saved.previews,
  quietHours: saved.quietHours !== null,
  from: saved.quietHours?.from ?? QUIET_HOURS.from,
  to: saved.quietHours?.to ?? QUIET_HOURS.to,
});

/** The push switches are the member's, for all their devices: one that is not subscribed leaves them as they are. */
const toPreferences = (values: FormValues, saved: NotificationPreferences, subscribed: boolean) => ({
  inApp: values.inApp,
  push: subscribed ? values.push : saved.push,
  previews: values.previews,
  quietHours: values.quietHours ? { from: values.from, to: values.to, timeZone: browserTimeZone() } : null,
});

/**
 * The settings' notifications section: per group, a switch for the app and one for this device (which asks the
 * browser's permission and subscribes it the first time); message previews on the lock screen; quiet hours. Saved
 * with its button, as the profile's information is; saving with every device switch off unsubscribes the device.
 */
export default function NotificationSettings() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const device = usePushDevice();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden />
          {t('notifications.settings.title')}
        </CardTitle>
        <CardDescription>{t('notifications.settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('notifications.settings.loadError')}
          </p>
        ) : preferences.data && device.subscribed !== undefined ? (
          <PreferencesForm saved={preferences.data} device={device} subscribed={device.subscribed} />
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({
  saved,
  device,
  subscribed,
}: {
  saved: NotificationPreferences;
  device: ReturnType<typeof usePushDevice>;
  /** Whether this device is, once the browser has said. */
  subscribed: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const form = useForm<FormValues>({ defaultValues: formValues(saved, subscribed) });
  const { isDirty } = form.formState;
  const groups = NOTIFICATION_GROUPS.filter((group) => group !== 'queues' || user?.isAdmin);
  const deviceSwitches = device.availability === 'default' || device.availability === 'granted';

  const save = useSaveNotificationPreferences({
    onSuccess: async (kept) => {
      const stillSubscribed = subscribed && Object.values(kept.push).some(Boolean);
      if (subscribed && !stillSubscribed) await device.unsubscribe();
      form.reset(formValues(kept, stillSubscribed));
      toast({ variant: 'success', title: t('notifications.settings.saved') });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('notifications.settings.saveError'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });

  /** The first device switch turned on subscribes the device; it then gets what the member's devices get, and this. */
  const switchDeviceOn = async (group: NotificationGroup) => {
    try {
      if (!(await device.subscribe())) return;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('notifications.settings.subscribeError'),
        description: serverMessageOr(error, t('common.genericError')),
      });
      return;
    }
    form.setValue('push', { ...saved.push, [group]: true }, { shouldDirty: true });
  };

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={form.handleSubmit((values) => save.mutate(toPreferences(values, saved, subscribed)))}
    >
      {!deviceSwitches && (
        <p role="note" className="rounded-lg border bg-muted px-3 py-2 text-sm">
          {t(
            device.availability === 'denied'
              ? 'notifications.settings.deviceDenied'
              : 'notifications.settings.deviceUnsupported',
          )}
        </p>
      )}
      <div className="grid gap-4">
        {groups.map((group) => (
          <div
            key={group}
            role="group"
            aria-labelledby={`notifications-${group}`}
            className="grid gap-3 rounded-xl border p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-8"
          >
            <div className="grid gap-1">
              <h3 id={`notifications-${group}`} className="text-sm font-semibold">
                {t(`notifications.settings.groups.${group}.title`)}
              </h3>
              <p className="text-xs text-muted-foreground">{t(`notifications.settings.groups.${group}.hint`)}</p>
            </div>
            <div className="grid gap-3 sm:min-w-56">
              <Controller
                control={form.control}
                name={`inApp.${group}`}
                render={({ field }) => (
                  <SwitchRow
                    id={`notifications-${group}-in-app`}
                    label={t('notifications.settings.inApp')}
                    checked={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
              {deviceSwitches && (
                <Controller
                  control={form.control}
                  name={`push.${group}`}
                  render={({ field }) => (
                    <SwitchRow
                      id={`notifications-${group}-device`}
                      label={t('notifications.settings.device')}
                      checked={field.value}
                      onChange={(on) => (on && !subscribed ? void switchDeviceOn(group) : field.onChange(on))}
                    />
                  )}
                />
              )}
            </div>
          </div>
        ))}
      </div>
      <Controller
        control={form.control}
        name="previews"
        render={({ field }) => (
          <SwitchRow
            id="notifications-previews"
            label={t('notifications.settings.previews')}
            hint={t('notifications.settings.previewsHint')}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <QuietHours control={form.control} register={form.register} />
      <div className="flex sm:justify-end">
        <Button type="submit" disabled={save.isPending || !isDirty} className="w-full sm:w-auto">
          {save.isPending && <Spinner />}
          {t('notifications.settings.save')}
        </Button>
      </div>
    </form>
  );
}

function QuietHours({ control, register }: { control: Control<FormValues>; register: UseFormRegister<FormValues> }) {
  const { t } = useTranslation();
  const on = useWatch({ control, name: 'quietHours' });
  return (
    <div className="grid gap-3">
      <Controller
        control={control}
        name="quietHours"
        render={({ field }) => (
          <SwitchRow
            id="notifications-quiet-hours"
            label={t('notifications.settings.quietHours')}
            hint={t('notifications.settings.quietHoursHint', { timeZone: browserTimeZone() })}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {on && (
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="grid gap-2">
              <Label htmlFor={`notifications-quiet-${end}`}>{t(`notifications.settings.${end}`)}</Label>
              <Input id={`notifications-quiet-${end}`} type="time" required {...register(end)} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
