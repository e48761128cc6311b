import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_FREQUENCIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NotificationSettingsFormSchema,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { CheckboxField, RadioField, SelectField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { QueryState } from '../../components/ui/query-state';
import { errorText, useSchemaForm } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PushDevices } from './push-devices';
import {
  notificationKeys,
  notificationSettingsQuery,
  saveNotificationSettings,
  type SettingsAnswer,
} from './notifications-api';
import { useMeQuery } from '../../lib/session';
import { timeZoneOptions } from './time-zone-options';
import '../../components/ui/field.css';
import './notifications.css';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * /ajustes/notificaciones (issue 20): for each kind of event, in the app, by e-mail and by push;
 * how often e-mails come; quiet hours. Plain checkboxes, radio buttons and time fields in
 * fieldsets, so every choice is reached and changed with the keyboard alone and announced with
 * its group. For a minor, it says in plain words that e-mails go to the guardian.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.notification_settings'));
  const settings = useQuery(notificationSettingsQuery());
  return (
    <section className="page page--narrow">
      <h1>{t('notification_settings.title')}</h1>
      {/* The devices come with the settings, so they do not move down when the form arrives. */}
      <QueryState query={settings} errorText={t('notification_settings.load_error')}>
        {(answer) => (
          <>
            <SettingsForm answer={answer} />
            <PushDevices />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The server names the settings' own fields. */
const SERVER_FIELDS = { quiet_from: 'quiet_from', quiet_to: 'quiet_to', time_zone: 'time_zone' } as const;

function SettingsForm({ answer }: { answer: SettingsAnswer }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const messageId = useId();
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const country = useMeQuery().data?.profile.country ?? undefined;
  const [everyZone, setEveryZone] = useState(false);

  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      setMessage({ text: t('notification_settings.saved'), tone: 'success' });
    },
    onError: () => setMessage({ text: t('notification_settings.save_error'), tone: 'error' }),
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useSchemaForm(NotificationSettingsFormSchema, {
    defaultValues: {
      ...answer.settings,
      // A member who never chose has UTC stored: their browser's zone is the better guess.
      time_zone: answer.settings.quiet_from === null ? browserTimeZone() : answer.settings.time_zone,
      quiet_on: answer.settings.quiet_from !== null,
    },
    failure: save.error,
    serverFields: SERVER_FIELDS,
  });
  const [quietOn, timeZone] = watch(['quiet_on', 'time_zone']);
  const zones = useMemo(
    () =>
      timeZoneOptions({
        language: i18n.resolvedLanguage ?? 'en',
        country,
        current: timeZone,
        deviceZone: browserTimeZone(),
        everyZone,
      }),
    [i18n.resolvedLanguage, country, timeZone, everyZone],
  );
  // An emptied time field is "no time", as the API spells it.
  const time = (name: 'quiet_from' | 'quiet_to') =>
    register(name, { setValueAs: (value: string | null) => value || null });

  const onSubmit = handleSubmit(
    (settings) => {
      setMessage(undefined);
      save.mutate(settings);
    },
    () => setMessage({ text: t('notification_settings.fix_errors'), tone: 'error' }),
  );

  return (
    <form className="form notification-settings" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="notification-settings__address">
        {answer.minor
          ? t('notification_settings.minor_email', { email: answer.email })
          : t('notification_settings.email_address', { email: answer.email })}
      </p>

      <h2>{t('notification_settings.kinds_title')}</h2>
      <p>{t('notification_settings.kinds_hint')}</p>
      {NOTIFICATION_KINDS.map((kind) => (
        <fieldset key={kind} className="form__fieldset notification-settings__kind">
          <legend>{t(`notification_settings.kinds.${kind}`)}</legend>
          <div className="notification-settings__channels">
            {NOTIFICATION_CHANNELS.map((channel) => (
              <CheckboxField
                key={channel}
                label={t(`notification_settings.channels.${channel}`)}
                {...register(`channels.${kind}.${channel}`)}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <fieldset className="form__fieldset radio-group">
        <legend>{t('notification_settings.frequency_title')}</legend>
        {EMAIL_FREQUENCIES.map((frequency) => (
          <RadioField
            key={frequency}
            label={t(`notification_settings.frequency.${frequency}`)}
            value={frequency}
            {...register('email_frequency')}
          />
        ))}
      </fieldset>

      <fieldset className="form__fieldset">
        <legend>{t('notification_settings.quiet_title')}</legend>
        <CheckboxField
          label={t('notification_settings.quiet_on')}
          hint={t('notification_settings.quiet_hint')}
          {...register('quiet_on', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked && getValues('quiet_from') === null) {
                setValue('quiet_from', '22:00');
                setValue('quiet_to', '07:00');
              }
            },
          })}
        />
        {quietOn && (
          <div className="notification-settings__quiet">
            <TextField
              type="time"
              label={t('notification_settings.quiet_from')}
              {...time('quiet_from')}
              error={errorText(t, errors.quiet_from)}
            />
            <TextField
              type="time"
              label={t('notification_settings.quiet_to')}
              {...time('quiet_to')}
              error={errorText(t, errors.quiet_to)}
            />
          </div>
        )}
        <SelectField
          label={t('notification_settings.time_zone')}
          {...register('time_zone')}
          error={errorText(t, errors.time_zone)}
        >
          <optgroup label={t('notification_settings.time_zone_near')}>
            {zones.near.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
          {everyZone && (
            <optgroup label={t('notification_settings.time_zone_others')}>
              {zones.others.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <CheckboxField
          label={t('notification_settings.time_zone_every')}
          checked={everyZone}
          onChange={(event) => setEveryZone(event.target.checked)}
        />
      </fieldset>

      <FormMessage id={messageId} text={message?.text} tone={message?.tone} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('notification_settings.save')}
      </Button>
    </form>
  );
}
