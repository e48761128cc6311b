import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { CommunityDetail } from '@juntos/domain';
import { MinorReviewNotice } from '../../components/minor-review-notice';
import { QueryState } from '../../components/ui/query-state';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import NotFoundPage from '../not-found/not-found-page';
import { communityKeys, communityQuery, diseaseCommunityQuery } from './communities-api';
import { CommunityTags, memberCountText } from './community-card';
import { CommunityFeed } from './community-feed';
import { CommunityMembers, ListingSwitch } from './community-members';
import { HostLine, RulesJoinDialog, RulesSection } from './community-rules';
import { MembershipAnnouncer, MembershipButton } from './membership';
import { MuteButton } from '../mutes/mute-button';
import { YoungPeopleNotice } from './young-people-notice';
import '../../components/ui/badge.css';
import './communities.css';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
const positiveId = (text: string | undefined) =>
  text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;

function CommunityView({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation();
  useDocumentTitle(community.name);
  const [readingRules, setReadingRules] = useState(false);
  return (
    <>
      <h1>{community.name}</h1>
      <HostLine community={community} />
      <MinorReviewNotice />
      <YoungPeopleNotice />
      <CommunityTags community={community} />
      {community.description && <p className="community-description">{community.description}</p>}
      <MembershipAnnouncer>
        <div className="community-membership">
          <p className="community-card__count">{memberCountText(t, community)}</p>
          {community.joined && <span className="badge badge--active">{t('communities.member_badge')}</span>}
          <MembershipButton community={community} onJoinWithRules={() => setReadingRules(true)} />
        </div>
        {readingRules && community.rules && !community.joined && (
          <RulesJoinDialog
            community={community}
            rules={community.rules}
            onClose={() => setReadingRules(false)}
          />
        )}
        <RulesSection community={community} />
        {community.joined && (
          <div className="community-listing">
            <ListingSwitch community={community} />
            <MuteButton kind="community" id={community.id} name={community.name} />
          </div>
        )}
        {community.joined ? (
          <CommunityMembers community={community} />
        ) : (
          <p className="community-hint">{t('communities.members_only')}</p>
        )}
      </MembershipAnnouncer>
      {community.joined ? (
        <CommunityFeed community={community} />
      ) : (
        <p className="community-hint">{t('communities.posts_members_only')}</p>
      )}
    </>
  );
}

function CommunityState({ query }: { query: UseQueryResult<CommunityDetail> }) {
  const { t } = useTranslation();
  if (isNotFound(query.error)) return <NotFoundPage />;
  return (
    <section className="page page--narrow community">
      <p className="community-back">
        <Link to="/comunidades">{t('communities.back')}</Link>
      </p>
      <QueryState query={query} errorText={t('communities.load_error')}>
        {(community) => <CommunityView community={community} />}
      </QueryState>
    </section>
  );
}

function CommunityById({ id }: { id: number }) {
  return <CommunityState query={useQuery(communityQuery(id))} />;
}

/**
 * A disease community opened by its ORPHA code (created by the server the first time): once
 * known, the address becomes the community's own, so links and the back button agree.
 */
function CommunityByDisease({ orphacode }: { orphacode: number }) {
  const queryClient = useQueryClient();
  const query = useQuery(diseaseCommunityQuery(orphacode));
  const community = query.data;
  useEffect(() => {
    if (community) queryClient.setQueryData(communityKeys.detail(community.id), community);
  }, [community, queryClient]);
  if (community) return <Navigate to={`/comunidades/${community.id}`} replace />;
  return <CommunityState query={query} />;
}

/** /comunidades/:id and /comunidades/enfermedad/:orphacode (issue 18): one community. */
export default function CommunityPage() {
  const params = useParams();
  const orphacode = positiveId(params.orphacode);
  const id = positiveId(params.id);
  if (orphacode !== undefined) return <CommunityByDisease orphacode={orphacode} />;
  if (id !== undefined) return <CommunityById id={id} />;
  return <NotFoundPage />;
}
