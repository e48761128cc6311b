import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { Passkey } from '@juntos/domain';
import { RemovableList } from '../../components/removable-list';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { listPasskeys, passkeyKeys, removePasskey } from './passkeys-api';
import './passkeys.css';
import { dateTimeFormat } from '../../lib/intl-formats';

/**
 * The member's passkeys on their profile (issue 21): a way to sign in that asks for no password
 * to remember or type, and no code to copy (WCAG 2.2, 3.3.8 accessible authentication).
 */
export function PasskeysSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const passkeys = useQuery({ queryKey: passkeyKeys.list, queryFn: listPasskeys });
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' }>();
  const supported = browserSupportsWebAuthn();

  const remove = useMutation({
    mutationFn: (passkey: Passkey) => removePasskey(passkey.id),
    onSuccess: async (_, passkey) => {
      setMessage({ text: t('passkeys.removed', { name: passkey.label }), tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
    },
    onError: () => setMessage({ text: t('passkeys.remove_failed'), tone: 'error' }),
  });

  const date = dateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  const list = passkeys.data?.results ?? [];

  return (
    <section aria-labelledby={headingId} className="passkeys">
      <h2 id={headingId}>{t('passkeys.title')}</h2>
      <p>{t('passkeys.intro')}</p>
      {supported ? (
        <Button onClick={() => setAdding(true)}>
          <span aria-hidden="true" className="icon icon--key" />
          {t('passkeys.add')}
        </Button>
      ) : (
        <p>{t('passkeys.unsupported')}</p>
      )}
      <FormMessage text={message?.text} tone={message?.tone} />
      {passkeys.isError ? (
        <p>{t('passkeys.load_failed')}</p>
      ) : passkeys.isPending ? null : list.length === 0 ? (
        <p>{t('passkeys.none')}</p>
      ) : (
        <RemovableList
          items={list}
          details={(passkey) => (
            <>
              <strong>{passkey.label}</strong>
              {' · '}
              {t('passkeys.added_on', { date: date.format(new Date(passkey.created_at)) })}
              {' · '}
              {passkey.last_used_at
                ? t('passkeys.last_used', { date: date.format(new Date(passkey.last_used_at)) })
                : t('passkeys.never_used')}
            </>
          )}
          nameOf={(passkey) => passkey.label}
          removeLabel={t('passkeys.remove')}
          removing={remove.isPending}
          onRemove={(passkey) => remove.mutate(passkey)}
        />
      )}
      <AddPasskeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={async (passkey) => {
          setAdding(false);
          setMessage({ text: t('passkeys.added', { name: passkey.label }), tone: 'success' });
          await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
        }}
      />
    </section>
  );
}
