import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { AD_SLOT_KEYS, EU_COUNTRY_CODES } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { AdminScreen } from './admin-screen';
import { AdminOnly } from './admin-only';
import { adminAdSettingsQuery, adminKeys, saveAdSettings, type AdSettings } from './admin-api';
import { Button } from '../../components/ui/button';
import '../../components/ui/field.css';
import '../../components/ui/form-message.css';

const LOCAL_PREFIX = 'adslot_local_';

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

/** Local slots as "es=1234" lines: 27 countries would make 27 fields. */
const localLines = (slots: Record<string, string>) =>
  Object.entries(slots)
    .filter(([key]) => key.startsWith(LOCAL_PREFIX))
    .map(([key, id]) => `${key.slice(LOCAL_PREFIX.length)}=${id}`)
    .join('\n');

function AdsForm({ initial }: { initial: AdSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [client, setClient] = useState(initial.client);
  const [slots, setSlots] = useState(() =>
    Object.fromEntries(AD_SLOT_KEYS.map((key) => [key, initial.slots[key] ?? ''])),
  );
  const [local, setLocal] = useState(() => localLines(initial.slots));
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: () => {
      const localSlots: Record<string, string> = {};
      for (const line of local
        .split('\n')
        .map((value) => value.trim())
        .filter(Boolean)) {
        const [country = '', id = ''] = line.split('=').map((part) => part.trim());
        if (!(EU_COUNTRY_CODES as readonly string[]).includes(country.toLowerCase()) || !id)
          throw new Error(t('admin.ads.local_invalid', { line }));
        localSlots[`${LOCAL_PREFIX}${country.toLowerCase()}`] = id;
      }
      return saveAdSettings({ client, slots: { ...slots, ...localSlots } });
    },
    onSuccess: async () => {
      toast.success(t('admin.ads.saved'));
      await queryClient.invalidateQueries({ queryKey: adminKeys.ads });
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError) setError(failure.body?.error ?? t('admin.action_error'));
      else setError(failure.message);
    },
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate();
      }}
    >
      {error && (
        <p role="alert" className="message message--error">
          {error}
        </p>
      )}
      <TextField
        label={t('admin.ads.client')}
        hint={t('admin.ads.client_hint')}
        value={client}
        onChange={(event) => setClient(event.target.value)}
      />
      {AD_SLOT_KEYS.map((key) => (
        <TextField
          key={key}
          label={t('admin.ads.slot', { key })}
          value={slots[key] ?? ''}
          onChange={(event) => setSlots((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <div className="field">
        <label htmlFor="admin-local-slots" className="field__label">
          {t('admin.ads.local')}
        </label>
        <p id="admin-local-slots-hint" className="field__hint">
          {t('admin.ads.local_hint')}
        </p>
        <textarea
          id="admin-local-slots"
          className="composer__input"
          rows={4}
          aria-describedby="admin-local-slots-hint"
          value={local}
          onChange={(event) => setLocal(event.target.value)}
        />
      </div>
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t('admin.ads.save')}
      </Button>
    </form>
  );
}
