import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, isCountryCode, type CommunityDetail, type Language } from '@juntos/domain';
import { CountryFlag } from '../../components/country-flag';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { Switch } from '../../components/ui/switch';
import { applyMembership, communityMembersQuery, setCommunityListing } from './communities-api';
import { useAnnounce } from './membership';
import '../../components/ui/avatar.css';
import '../../components/ui/badge.css';
import './communities.css';

/**
 * Whether the member appears in the member list (off until they choose). The explanation says
 * why it matters: belonging to a disease community tells others about one's health.
 */
export function ListingSwitch({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const save = useMutation({
    mutationFn: (listed: boolean) => setCommunityListing(community.id, { listed }),
    onSuccess: async (membership) => {
      announce(t(membership.listed ? 'communities.listed_now' : 'communities.unlisted_now'));
      await applyMembership(queryClient, community.id, membership);
    },
    onError: () => announce(t('communities.save_error')),
  });
  return (
    <Switch
      label={t('communities.listed_label')}
      description={t(
        community.kind === 'disease' ? 'communities.listed_hint_disease' : 'communities.listed_hint_topic',
      )}
      checked={save.isPending ? (save.variables ?? community.listed) : community.listed}
      onChange={(listed) => save.mutate(listed)}
    />
  );
}

/** The members who chose to be listed, shown to members only (and only those they may meet). */
export function CommunityMembers({ community }: { community: CommunityDetail }) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const members = useInfiniteQuery(communityMembersQuery(community.id));
  return (
    <section aria-labelledby="community-members">
      <h2 id="community-members">{t('communities.members_title')}</h2>
      <p className="community-hint">{t('communities.members_hint')}</p>
      <QueryState query={members} errorText={t('communities.members_error')}>
        {(data) => {
          const listed = data.pages.flatMap((page) => page.results);
          if (listed.length === 0) return <p>{t('communities.members_empty')}</p>;
          return (
            <>
              <ul className="community-members">
                {listed.map((member) => {
                  const country =
                    member.country && isCountryCode(member.country) ? member.country : undefined;
                  return (
                    <li key={member.id} className="community-members__item">
                      {member.photo ? (
                        <img className="avatar avatar--small" src={member.photo} alt="" />
                      ) : (
                        <span className="avatar avatar--small avatar--default" aria-hidden="true" />
                      )}
                      <Link to={`/perfil/${member.id}`}>{member.nombre || t('post.unknown_author')}</Link>
                      {country && <CountryFlag code={country} label={countryName(country, language)} />}
                      {member.is_moderator && (
                        <span className="badge badge--active">{t('communities.moderator_badge')}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {members.hasNextPage && (
                <Button disabled={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
                  {t('communities.more_members')}
                </Button>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
