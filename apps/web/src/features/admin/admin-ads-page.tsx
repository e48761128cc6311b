import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  AD_SLOT_KEYS,
  AdSettingsFormSchema,
  badLocalSlotLine,
  localAdSlotKey,
  type AdSettingsForm,
} from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/forms';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { adminAdSettingsQuery, adminKeys, saveAdSettings, type AdSettings } from './admin-api';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

const LOCAL_PREFIX = localAdSlotKey('');

/** /admin/anuncios: the ad network's client id and the slot id of each slot key. */
export default function AdminAdsPage() {
  return (
    <AdminOnly>
      <Ads />
    </AdminOnly>
  );
}

function Ads() {
  const { t } = useTranslation();
  const settings = useQuery(adminAdSettingsQuery());
  return (
    <AdminScreen title={t('admin.ads.title')} narrow>
      <p>{t('admin.ads.intro')}</p>
      <QueryState query={settings} errorText={t('admin.load_error')}>
        {(loaded) => <AdsForm initial={loaded} />}
      </QueryState>
    </AdminScreen>
  );
}

/** The form's values from the settings in force: local slots as "es=1234" lines. */
const formValues = (settings: AdSettings): AdSettingsForm => ({
  client: settings.client,
  slots: Object.fromEntries(AD_SLOT_KEYS.map((key) => [key, settings.slots[key] ?? ''])),
  local: Object.entries(settings.slots)
    .filter(([key]) => key.startsWith(LOCAL_PREFIX))
    .map(([key, id]) => `${key.slice(LOCAL_PREFIX.length)}=${id}`)
    .join('\n'),
});

function AdsForm({ initial }: { initial: AdSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const messageId = useId();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useSchemaForm(AdSettingsFormSchema, { defaultValues: formValues(initial), reValidateMode: 'onSubmit' });
  const save = useMutation({
    mutationFn: saveAdSettings,
    onSuccess: async () => {
      toast.success(t('admin.ads.saved'));
      await queryClient.invalidateQueries({ queryKey: adminKeys.ads });
    },
  });
  // The server's refusal (a malformed id) and a local line that is not "code=id" are told above
  // the fields, naming what is wrong; the local slots' box is marked and described by it.
  const localError = errors.local
    ? t('admin.ads.local_invalid', { line: badLocalSlotLine(getValues('local')) })
    : undefined;
  const saveError =
    save.error && (save.error instanceof ApiRequestError ? save.error.body?.error : undefined);
  const error = localError ?? (save.error ? (saveError ?? t('admin.action_error')) : undefined);
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        save.reset();
        void handleSubmit((settings) => save.mutate(settings))(event);
      }}
    >
      {error && (
        <p id={messageId} role="alert" className="message message--error">
          {error}
        </p>
      )}
      <TextField label={t('admin.ads.client')} hint={t('admin.ads.client_hint')} {...register('client')} />
      {AD_SLOT_KEYS.map((key) => (
        <TextField key={key} label={t('admin.ads.slot', { key })} {...register(`slots.${key}`)} />
      ))}
      <TextAreaField
        label={t('admin.ads.local')}
        hint={t('admin.ads.local_hint')}
        rows={4}
        describedBy={localError ? messageId : undefined}
        invalid={Boolean(localError)}
        {...register('local')}
      />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('admin.ads.save')}
      </Button>
    </form>
  );
}
