import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FunctionalEstado } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { Switch } from '../../components/ui/switch';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  functionalProfileQuery,
  functionalProfileKey,
  needsHelpCount,
  saveCharacteristic,
  type FunctionalProfile,
} from './functional-profile-api';
import './functional-profile.css';

/**
 * /perfil-funcional (spec §2): three levels — areas of life, topics, activities — kept in the
 * address (?perfil=…&ambito=…), so the browser's Back button goes up a level. Each switch is
 * saved at once; a failed save is reported and the page reloads, as spec §4 says.
 */
export default function FunctionalProfilePage() {
  const { t, i18n } = useTranslation(['perfil_funcional', 'translation']);
  useDocumentTitle(t('translation:titles.functional_profile'));
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [announcement, setAnnouncement] = useState('');
  const profile = useQuery(functionalProfileQuery(language));

  const toggle = useMutation({
    mutationFn: ({ id, estado }: { id: string; estado: FunctionalEstado }) => saveCharacteristic(id, estado),
    onMutate: ({ id, estado }) => {
      // The switch moves at once; the answer is saved behind it.
      queryClient.setQueryData<FunctionalProfile>(functionalProfileKey(language), (current) =>
        current
          ? {
              perfiles: current.perfiles.map((perfil) => ({
                ...perfil,
                ambitos: perfil.ambitos.map((ambito) => ({
                  ...ambito,
                  caracteristicas: ambito.caracteristicas.map((c) => (c.id === id ? { ...c, estado } : c)),
                })),
              })),
            }
          : current,
      );
      setAnnouncement('');
    },
    onSuccess: () => setAnnouncement(t('saved')),
    onError: () => {
      window.alert(t('save_error'));
      window.location.reload();
    },
  });

  const perfil = profile.data?.perfiles.find((candidate) => candidate.id === params.get('perfil'));
  const ambito = perfil?.ambitos.find((candidate) => candidate.id === params.get('ambito'));
  // Named by the page's own texts (the API's names are their ordinary versions, kept as the
  // fallback), so easy-read mode can write them in plain words (issue 34).
  const perfilName = (item: { id: string; nombre: string }) =>
    t(`perfiles.${item.id}`, { defaultValue: item.nombre });
  const ambitoName = (item: { id: string; nombre: string }) =>
    t(`ambitos.${item.id}`, { defaultValue: item.nombre });
  const heading = ambito ? ambitoName(ambito) : perfil ? perfilName(perfil) : t('title');

  return (
    <section className="page page--narrow functional-profile">
      <h1>{heading}</h1>
      {!perfil && <p>{t('intro')}</p>}
      {(perfil || ambito) && (
        <p>
          <Link to={ambito ? `?perfil=${perfil?.id ?? ''}` : '?'} className="back-link">
            {t('back')}
          </Link>
        </p>
      )}
      <QueryState query={profile} errorText={t('load_error')}>
        {(loaded) =>
          ambito ? (
            <ul className="characteristic-list" aria-label={t('levels.caracteristicas')}>
              {ambito.caracteristicas.map((characteristic) => (
                <li key={characteristic.id}>
                  <Switch
                    label={t(`caracteristicas.${characteristic.id}`, {
                      defaultValue: characteristic.descripcion,
                    })}
                    description={t('toggle_hint')}
                    checked={characteristic.estado === 'necesita ayuda'}
                    onChange={(needsHelp) =>
                      toggle.mutate({
                        id: characteristic.id,
                        estado: needsHelp ? 'necesita ayuda' : 'no necesita ayuda',
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          ) : perfil ? (
            <ul className="level-list" aria-label={t('levels.ambitos')}>
              {perfil.ambitos.map((candidate) => (
                <li key={candidate.id}>
                  <Link to={`?perfil=${perfil.id}&ambito=${candidate.id}`} className="level-list__link">
                    <span>{ambitoName(candidate)}</span>
                    <span className="level-list__count">
                      {t('count_needs_help', { count: needsHelpCount(candidate.caracteristicas) })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="level-list" aria-label={t('levels.perfiles')}>
              {loaded.perfiles.map((candidate) => (
                <li key={candidate.id}>
                  <Link to={`?perfil=${candidate.id}`} className="level-list__link">
                    <span>{perfilName(candidate)}</span>
                    <span className="level-list__count">
                      {t('count_needs_help', {
                        count: needsHelpCount(candidate.ambitos.flatMap((a) => a.caracteristicas)),
                      })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
