import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  LARGEST_CITIES,
  MONETIZATION_CONSENT_VERSION,
  CONSENT_POLICY_VERSION,
  RESEARCH_CONSENT_VERSION,
} from '@juntos/domain';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createHash, randomBytes } from 'node:crypto';
import {
  associationCommunities,
  associations,
  communityRuleAcceptances,
  communityRules,
  directoryRepresentatives,
  comments,
  likes,
  adSlotEarnings,
  chatMessages,
  communities,
  communityMembers,
  consentRecords,
  friendships,
  galleryImages,
  monetizationAccounts,
  monetizationConsents,
  posts,
  profiles,
  researchCallRecipients,
  researchCalls,
  researchConsents,
  researchProjects,
  users,
  withdrawals,
} from '../db/schema';
import { translate } from '../i18n/messages';
import { createLocalMediaStore } from '../lib/media-store';
import { createS3MediaStore } from '../lib/s3-media-store';
import { hashPassword } from '../modules/auth/passwords';
import { createCommunitiesRepository, loadStarterTopics } from '../modules/communities';
import { createResourcesRepository } from '../modules/resources';
import { loadShippedDirectory, seedDirectory } from '../modules/resources/directory-seed';
import {
  DEMO_COMMUNITIES,
  DEMO_HOSTS,
  DEMO_PENDING_REPRESENTATIVE,
  DEMO_EARNERS,
  DEMO_FRIENDS,
  DEMO_GALLERY,
  DEMO_MEMBERS,
  DEMO_MESSAGES,
  DEMO_PASSWORD,
  DEMO_POSTS,
  DEMO_REQUESTS,
  DEMO_RESEARCH_CONSENTS,
  DEMO_STUDY,
  demoEmail,
} from './demo-community';

/**
 * `npm run seed:demo [-- --force]`: fills an empty database with a small community to try the
 * platform with (members of several countries and languages, minors with their guardians, posts
 * with pictures and comments, friends and pending requests, conversations, earnings). The
 * resource directory is seeded by the server itself at start. Refuses to run when members exist,
 * unless --force (then the demo members are added next to them).
 */
const force = process.argv.includes('--force');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.paths.pglite });
const s3 = config.s3 ? createS3MediaStore(config.s3) : undefined;
const mediaStore = s3 ?? createLocalMediaStore(config.paths.media);
const HOUR = 60 * 60 * 1000;
const now = Date.now();
const hoursAgo = (hours: number) => new Date(now - hours * HOUR);

/** A soft gradient with large initials: a stand-in portrait that shows who is who. */
async function picture(colours: [string, string], label: string, size = 480) {
  const escaped = label.replace(/[<>&]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="56%" font-family="DejaVu Sans, sans-serif" font-size="${size / 4}" fill="#ffffff"
      text-anchor="middle" dominant-baseline="middle">${escaped}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

try {
  await database.migrate();
  const db = database.db;
  const [existing] = await db.select({ members: count() }).from(users);
  // Demo accounts share a published password: the guard against a platform people really use is
  // that it has accounts (NODE_ENV cannot tell: production is also the quick start's default).
  if ((existing?.members ?? 0) > 0 && !force) {
    console.error(
      `The database already has ${existing?.members} accounts. The demo community is for an empty database; run "npm run seed:demo -- --force" to add it anyway.`,
    );
    process.exitCode = 1;
  } else {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const ids = new Map<string, number>();
    const id = (key: string) => {
      const found = ids.get(key);
      if (found === undefined) throw new Error(`unknown demo member ${key}`);
      return found;
    };

    for (const [index, member] of DEMO_MEMBERS.entries()) {
      const [row] = await db
        .insert(users)
        .values({
          email: demoEmail(member.key),
          passwordHash,
          telefono: `+3460000${String(index).padStart(4, '0')}`,
          tipoRegistro: member.guardian ? 'menor' : 'adulto',
          nombreTutor: member.guardian?.name ?? null,
          relacionTutor: member.guardian?.relation ?? null,
          // The demo's minors stand for accounts an administrator has already checked.
          minorReviewedAt: member.guardian ? hoursAgo(24 * 29) : null,
          language: member.language,
          isActive: true,
          activatedAt: hoursAgo(24 * 30),
          profileCompletedAt: hoursAgo(24 * 30),
          profileIntroSeenAt: hoursAgo(24 * 30),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) {
        console.error(`${demoEmail(member.key)} already exists: the demo community was added before.`);
        process.exitCode = 1;
        break;
      }
      ids.set(member.key, row.id);
      const initials = `${member.nombre[0] ?? ''}${member.apellidos[0] ?? ''}`;
      // A minor's pictures are private files, served only at signed addresses (issue 32).
      const photoKey = await mediaStore.save(
        row.id,
        await picture(member.colours, initials, 320),
        'webp',
        member.guardian ? 'private' : 'public',
      );
      await db.insert(profiles).values({
        userId: row.id,
        nombre: member.nombre,
        apellidos: member.apellidos,
        photoKey,
        country: member.country,
        ciudad: LARGEST_CITIES[member.country][member.city] ?? '',
        comunidad: member.comunidad,
        dateOfBirth: member.dateOfBirth,
        bio: member.bio,
        enfermedad: member.enfermedad,
        orphacode: member.orphacode,
        ...member.functional,
      });
      await db
        .insert(consentRecords)
        .values(
          [
            'operating_policy',
            'health_data_processing',
            ...(member.guardian ? ['guardian_responsibility'] : []),
          ].map((kind) => ({ userId: row.id, kind, policyVersion: CONSENT_POLICY_VERSION })),
        );
    }

    if (ids.size === DEMO_MEMBERS.length) {
      for (const [index, post] of DEMO_POSTS.entries()) {
        const authorId = id(post.author);
        const author = DEMO_MEMBERS.find((member) => member.key === post.author);
        const imageKey = post.picture
          ? await mediaStore.save(
              authorId,
              await picture(post.picture, '♥', 640),
              'webp',
              author?.guardian ? 'private' : 'public',
            )
          : null;
        const createdAt = hoursAgo((DEMO_POSTS.length - index) * 7);
        const [row] = await db
          .insert(posts)
          .values({
            authorId,
            title: post.title ?? null,
            text: post.text,
            imageKey,
            imageAlt: imageKey ? (post.title ?? post.text.slice(0, 80)) : '',
            country: author?.country ?? null,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: posts.id });
        if (!row) continue;
        for (const [offset, [commenter, text]] of post.comments.entries())
          await db.insert(comments).values({
            contentKind: 'post',
            contentId: row.id,
            authorId: id(commenter),
            text,
            createdAt: new Date(createdAt.getTime() + (offset + 1) * HOUR),
          });
        for (const liker of post.likes)
          await db.insert(likes).values({ contentKind: 'post', contentId: row.id, userId: id(liker) });
      }

      for (const image of DEMO_GALLERY) {
        const ownerId = id(image.owner);
        const imageKey = await mediaStore.save(
          ownerId,
          await picture(image.colours, '✿', 640),
          'webp',
          'private',
        );
        const [row] = await db
          .insert(galleryImages)
          .values({ ownerId, title: image.title, description: image.description, imageKey })
          .returning({ id: galleryImages.id });
        const friend = DEMO_FRIENDS.find((pair) => pair.includes(image.owner))?.find(
          (key) => key !== image.owner,
        );
        if (row && friend) {
          const image = { contentKind: 'gallery_image', contentId: row.id } as const;
          await db.insert(likes).values({ ...image, userId: id(friend) });
          await db.insert(comments).values({ ...image, authorId: id(friend), text: '❤️' });
        }
      }

      for (const [requester, addressee] of DEMO_FRIENDS)
        await db.insert(friendships).values({
          requesterId: id(requester),
          addresseeId: id(addressee),
          status: 'accepted',
          createdAt: hoursAgo(24 * 20),
          acceptedAt: hoursAgo(24 * 19),
        });
      for (const [requester, addressee] of DEMO_REQUESTS)
        await db
          .insert(friendships)
          .values({ requesterId: id(requester), addresseeId: id(addressee), status: 'pending' });

      for (const [index, [sender, receiver, message]] of DEMO_MESSAGES.entries())
        await db.insert(chatMessages).values({
          senderId: id(sender),
          receiverId: id(receiver),
          message,
          createdAt: hoursAgo(DEMO_MESSAGES.length - index),
          readAt: index < DEMO_MESSAGES.length - 1 ? hoursAgo(DEMO_MESSAGES.length - index - 0.5) : null,
        });

      // The starter topic communities are added by the server at start; a demo seeded before the
      // first start adds them here, the same way, so its topic community exists.
      const communitiesRepository = createCommunitiesRepository(db);
      if (!(await communitiesRepository.hasTopics()))
        for (const topic of loadStarterTopics()) await communitiesRepository.createTopic(topic);
      for (const demo of DEMO_COMMUNITIES) {
        const community =
          'orphacode' in demo.community
            ? await communitiesRepository.ensureDisease(demo.community.orphacode)
            : (
                await db.select().from(communities).where(eq(communities.slug, demo.community.slug)).limit(1)
              )[0];
        if (!community) throw new Error(`no demo community ${JSON.stringify(demo.community)}`);
        await communitiesRepository.appointModerator(community.id, id(demo.moderator));
        for (const member of demo.members)
          await db
            .insert(communityMembers)
            .values({ communityId: community.id, userId: id(member), listed: true });
        for (const [index, post] of demo.posts.entries()) {
          const author = DEMO_MEMBERS.find((member) => member.key === post.author);
          const createdAt = hoursAgo((demo.posts.length - index) * 5);
          await db.insert(posts).values({
            authorId: id(post.author),
            text: post.text,
            country: author?.country ?? null,
            communityId: community.id,
            pinnedAt: post.pinned ? createdAt : null,
            createdAt,
            updatedAt: createdAt,
          });
        }
      }

      // Hosted communities (issue 35). The directory is seeded by the server at start; a demo
      // seeded before the first start adds the shipped entries here, the same way.
      await seedDirectory(createResourcesRepository(db), loadShippedDirectory());
      const associationId = async (key: string) => {
        const [row] = await db
          .select({ id: associations.id })
          .from(associations)
          .where(eq(associations.key, key))
          .limit(1);
        if (!row) throw new Error(`no demo association ${key}`);
        return row.id;
      };
      const representative = async (key: string, memberKey: string, state: 'accepted' | 'confirmed') =>
        db.insert(directoryRepresentatives).values({
          entryKind: 'association',
          associationId: await associationId(key),
          userId: id(memberKey),
          invitedEmail: demoEmail(memberKey),
          // The link of an invitation e-mail that was never sent: nobody holds its token.
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          state,
          invitedAt: hoursAgo(24 * 10),
          acceptedAt: hoursAgo(24 * 9),
          confirmedAt: state === 'confirmed' ? hoursAgo(24 * 8) : null,
        });
      for (const host of DEMO_HOSTS) {
        const community =
          'orphacode' in host.community
            ? await communitiesRepository.ensureDisease(host.community.orphacode)
            : (
                await db.select().from(communities).where(eq(communities.slug, host.community.slug)).limit(1)
              )[0];
        if (!community) throw new Error(`no demo community ${JSON.stringify(host.community)}`);
        await db
          .insert(associationCommunities)
          .values({ communityId: community.id, associationId: await associationId(host.association) });
        await representative(host.association, host.representative, 'confirmed');
        const [rules] = await db
          .insert(communityRules)
          .values({ communityId: community.id, text: host.rules, createdAt: hoursAgo(24 * 7) })
          .returning({ id: communityRules.id });
        // Its members accepted these rules (the demo's memberships are older than them).
        const members = await db
          .select({ userId: communityMembers.userId })
          .from(communityMembers)
          .where(eq(communityMembers.communityId, community.id));
        if (rules && members.length)
          await db
            .insert(communityRuleAcceptances)
            .values(members.map((member) => ({ userId: member.userId, rulesId: rules.id })));
      }
      await representative(
        DEMO_PENDING_REPRESENTATIVE.association,
        DEMO_PENDING_REPRESENTATIVE.member,
        'accepted',
      );

      // Issue 35 point 5: a demo study with its representative and the call it sent.
      const [study] = await db
        .insert(researchProjects)
        .values({
          key: DEMO_STUDY.key,
          titulo: DEMO_STUDY.titulo,
          pais: DEMO_STUDY.pais,
          ciudad: DEMO_STUDY.ciudad,
          enlace: DEMO_STUDY.enlace,
          descripcion: { ...DEMO_STUDY.descripcion },
          orphacodes: [...DEMO_STUDY.orphacodes],
          paises: [...DEMO_STUDY.paises],
          estudioClinico: true,
          recluta: true,
        })
        .returning({ id: researchProjects.id });
      if (!study) throw new Error('no demo study');
      await db.insert(directoryRepresentatives).values({
        entryKind: 'research_project',
        researchProjectId: study.id,
        userId: id(DEMO_STUDY.representative),
        invitedEmail: demoEmail(DEMO_STUDY.representative),
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        state: 'confirmed',
        invitedAt: hoursAgo(24 * 10),
        acceptedAt: hoursAgo(24 * 9),
        confirmedAt: hoursAgo(24 * 8),
      });
      const [studyCall] = await db
        .insert(researchCalls)
        .values({
          researchProjectId: study.id,
          authorId: id(DEMO_STUDY.representative),
          text: DEMO_STUDY.call.text,
          language: DEMO_STUDY.call.language,
          postedAt: hoursAgo(24 * 2),
        })
        .returning({ id: researchCalls.id });
      if (studyCall)
        await db.insert(researchCallRecipients).values(
          DEMO_STUDY.reached.map((key) => ({
            callId: studyCall.id,
            userId: id(key),
            toldAt: hoursAgo(24 * 2),
          })),
        );

      for (const earner of DEMO_EARNERS) {
        const userId = id(earner.member);
        const member = DEMO_MEMBERS.find((candidate) => candidate.key === earner.member);
        const withdrawn = earner.withdrawals
          .filter((withdrawal) => withdrawal.status !== 'rejected')
          .reduce((sum, withdrawal) => sum + withdrawal.tokens, 0);
        await db.insert(monetizationAccounts).values({
          userId,
          activated: true,
          activatedAt: hoursAgo(24 * 25),
          tokenTenths: (earner.tokens - withdrawn) * 10,
          impressions: earner.impressions,
          lastImpressionAt: hoursAgo(2),
        });
        const language = member?.language ?? 'en';
        await db.insert(monetizationConsents).values({
          userId,
          version: MONETIZATION_CONSENT_VERSION,
          text: translate(language, 'earnings.consent.text'),
          language,
          grantedAt: hoursAgo(24 * 25),
        });
        await db.insert(adSlotEarnings).values({ userId, slotKey: 'adslot_general' });
        for (const withdrawal of earner.withdrawals)
          await db.insert(withdrawals).values({
            userId,
            method: 'paypal',
            tokenTenths: withdrawal.tokens * 10,
            status: withdrawal.status,
            payout: {
              billing_name: `${member?.nombre ?? ''} ${member?.apellidos ?? ''}`.trim(),
              billing_address: 'Demo street 1',
              billing_country: member?.country ?? '',
              billing_email: demoEmail(earner.member),
              billing_phone: '+34600000000',
              paypal_email: demoEmail(earner.member),
            },
            payoutReference: withdrawal.status === 'paid' ? 'DEMO-PAYPAL-0001' : null,
            createdAt: hoursAgo(24 * 3),
          });
      }

      // Issue 35: members who asked to hear of research about their disease. The shipped
      // directory names centres of the European Reference Networks for their diseases, so their
      // "For you" view is not empty (Ines's was given by her mother, who holds her account).
      for (const consent of DEMO_RESEARCH_CONSENTS) {
        const member = DEMO_MEMBERS.find((candidate) => candidate.key === consent.member);
        await db.insert(researchConsents).values({
          userId: id(consent.member),
          version: RESEARCH_CONSENT_VERSION,
          scope: consent.scope,
          givenBy: member?.guardian ? 'guardian' : 'member',
          language: member?.language ?? 'en',
          givenAt: hoursAgo(24 * 6),
        });
      }

      console.log(
        [
          `The demo community is ready: ${DEMO_MEMBERS.length} members, ${DEMO_POSTS.length} posts, ${DEMO_GALLERY.length} gallery pictures, ${DEMO_FRIENDS.length} friendships, ${DEMO_REQUESTS.length} pending requests, ${DEMO_MESSAGES.length} chat messages and ${DEMO_EARNERS.length} members in the earnings programme; ${DEMO_COMMUNITIES.length} communities with a moderator, ${DEMO_HOSTS.length} of them hosted by an association of the directory.`,
          `Sign in as any of them with the password ${DEMO_PASSWORD}, for example:`,
          ...DEMO_MEMBERS.slice(0, 3).map((member) => `  ${demoEmail(member.key)}`),
          `  ${demoEmail('tiago')} (a minor, registered by his father)`,
          'Make one an administrator with: npm run admin:create -- lucia@demo.juntos.example',
        ].join('\n'),
      );
    }
  }
} finally {
  s3?.close();
  await database.close();
}
