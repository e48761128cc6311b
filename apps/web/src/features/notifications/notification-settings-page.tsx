import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_FREQUENCIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NotificationSettingsSchema,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '@juntos/domain';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { FormMessage } from '../../components/ui/form-message';
import { QueryState } from '../../components/ui/query-state';
import { focusFirstInvalid, issuesByField, serverFieldErrors } from '../../lib/forms';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PushDevices } from './push-devices';
import {
  notificationKeys,
  notificationSettingsQuery,
  saveNotificationSettings,
  type SettingsAnswer,
} from './notifications-api';
import '../../components/ui/field.css';
import './notifications.css';

/** Every time zone the browser knows, with the member's own first when it is not stored yet. */
function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC'];
}
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

function SettingsForm({ answer }: { answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const messageId = useId();
  const [values, setValues] = useState<NotificationSettings>(() => ({
    ...answer.settings,
    // A member who never chose has UTC stored: their browser's zone is the better guess.
    time_zone: answer.settings.quiet_from === null ? browserTimeZone() : answer.settings.time_zone,
  }));
  const [quietOn, setQuietOn] = useState(answer.settings.quiet_from !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const zones = useMemo(timeZones, []);

  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      setErrors({});
      setMessage({ text: t('notification_settings.saved'), tone: 'success' });
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      setMessage({ text: t('notification_settings.save_error'), tone: 'error' });
    },
  });

  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(form.current);
  }, [errors]);

  const submitted: NotificationSettings = quietOn ? values : { ...values, quiet_from: null, quiet_to: null };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = NotificationSettingsSchema.safeParse(submitted);
    if (!check.success) {
      setErrors(
        Object.fromEntries(Object.entries(issuesByField(check)).map(([field, key]) => [field, t(key)])),
      );
      setMessage({ text: t('notification_settings.fix_errors'), tone: 'error' });
      return;
    }
    setMessage(undefined);
    save.mutate(check.data);
  };

  const setChannel = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    setValues((current) => ({
      ...current,
      channels: { ...current.channels, [kind]: { ...current.channels[kind], [channel]: on } },
    }));

  return (
    <form ref={form} className="form notification-settings" onSubmit={onSubmit} noValidate>
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
                checked={values.channels[kind][channel]}
                onChange={(event) => setChannel(kind, channel, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <fieldset className="form__fieldset radio-group">
        <legend>{t('notification_settings.frequency_title')}</legend>
        {EMAIL_FREQUENCIES.map((frequency) => (
          <label key={frequency} className="checkbox-field">
            <input
              type="radio"
              name="email_frequency"
              value={frequency}
              className="checkbox-field__control"
              checked={values.email_frequency === frequency}
              onChange={() => setValues((current) => ({ ...current, email_frequency: frequency }))}
            />
            <span className="checkbox-field__label">{t(`notification_settings.frequency.${frequency}`)}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="form__fieldset">
        <legend>{t('notification_settings.quiet_title')}</legend>
        <CheckboxField
          label={t('notification_settings.quiet_on')}
          hint={t('notification_settings.quiet_hint')}
          checked={quietOn}
          onChange={(event) => {
            setQuietOn(event.target.checked);
            if (event.target.checked && values.quiet_from === null)
              setValues((current) => ({ ...current, quiet_from: '22:00', quiet_to: '07:00' }));
          }}
        />
        {quietOn && (
          <div className="notification-settings__quiet">
            <TextField
              type="time"
              label={t('notification_settings.quiet_from')}
              value={values.quiet_from ?? ''}
              error={errors.quiet_from}
              onChange={(event) =>
                setValues((current) => ({ ...current, quiet_from: event.target.value || null }))
              }
            />
            <TextField
              type="time"
              label={t('notification_settings.quiet_to')}
              value={values.quiet_to ?? ''}
              error={errors.quiet_to}
              onChange={(event) =>
                setValues((current) => ({ ...current, quiet_to: event.target.value || null }))
              }
            />
          </div>
        )}
        <SelectField
          label={t('notification_settings.time_zone')}
          value={values.time_zone}
          error={errors.time_zone}
          onChange={(event) => setValues((current) => ({ ...current, time_zone: event.target.value }))}
        >
          {(zones.includes(values.time_zone) ? zones : [values.time_zone, ...zones]).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <FormMessage id={messageId} text={message?.text} tone={message?.tone} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('notification_settings.save')}
      </Button>
    </form>
  );
}
