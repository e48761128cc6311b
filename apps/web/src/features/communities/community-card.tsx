import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MEMBER_COUNT_STEPS, type CommunitySummary } from '@juntos/domain';
import { MembershipButton } from './membership';
import '../../components/ui/badge.css';
import '../../components/ui/list-card.css';
import './communities.css';

/** A disease community nobody opened yet has no id: its address is its ORPHA code. */
export function communityAddress(community: Pick<CommunitySummary, 'id' | 'orphacode'>): string {
  if (community.id !== null) return `/comunidades/${community.id}`;
  return `/comunidades/enfermedad/${community.orphacode ?? ''}`;
}

/**
 * The size in steps, never a number (issue 32): "fewer than 10 members" below the first step,
 * else the largest step reached ("at least 50 members"), counted by the server among the members
 * the reader may reach.
 */
export function memberCountText(t: TFunction, community: Pick<CommunitySummary, 'members_at_least'>) {
  if (community.members_at_least === null)
    return t('communities.members_fewer_than', { limit: MEMBER_COUNT_STEPS[0] });
  return t('communities.members_at_least', { count: community.members_at_least });
}

/** The kind, and the ORPHA code's status when Orphanet no longer uses it or does not count it rare. */
export function CommunityTags({ community }: { community: CommunitySummary }) {
  const { t } = useTranslation();
  const status =
    community.estado === 'obsoleto' || community.estado === 'no_raro' ? community.estado : undefined;
  return (
    <p className="community-tags">
      <span className="badge badge--inactive">{t(`communities.kind.${community.kind}`)}</span>
      {community.orphacode !== null && (
        <span className="community-tags__code">
          {t('communities.orpha_code', { code: community.orphacode })}
        </span>
      )}
      {status && <span className="badge community-tags__warning">{t(`communities.status.${status}`)}</span>}
    </p>
  );
}

/** One community in a list: name (its link), kind, description, size, and join or leave. */
export function CommunityCard({ community }: { community: CommunitySummary }) {
  const { t } = useTranslation();
  return (
    <article className="list-card community-card">
      <h3 className="list-card__name community-card__name">
        <Link to={communityAddress(community)}>{community.name}</Link>
      </h3>
      <CommunityTags community={community} />
      {community.description && <p className="community-card__description">{community.description}</p>}
      <p className="community-card__count">{memberCountText(t, community)}</p>
      <div className="community-card__actions">
        {community.joined && <span className="badge badge--active">{t('communities.member_badge')}</span>}
        <MembershipButton community={community} />
      </div>
    </article>
  );
}

/** A titled list of community cards, or what an empty one means. */
export function CommunityList({
  communities,
  emptyText,
}: {
  communities: CommunitySummary[];
  emptyText: string;
}) {
  if (communities.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="community-list">
      {communities.map((community) => (
        <li key={community.id ?? `disease-${community.orphacode ?? ''}`}>
          <CommunityCard community={community} />
        </li>
      ))}
    </ul>
  );
}
